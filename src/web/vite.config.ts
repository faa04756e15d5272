/**
 * The browser site (`npm run web`): the same src/ as the command line, bundled by Vite into dist/web/ and
 * served on localhost. Three things differ from Node, all here and in src/web/pool/:
 *
 *   the worker pool    imports of src/parallel/taskPool.ts and threads.ts resolve to src/web/pool/ (Web Workers
 *                      behind the same interface)
 *   task modules       the pool knows a task module by its file's name (`completionsTask`), which its worker
 *                      (src/web/pool/taskWorker.ts) maps to a lazily loaded chunk; `new URL('./xTask.js',
 *                      import.meta.url)` in src/ becomes `new URL('task:xTask')`, so no asset is made of it
 *   process.pid        (names a run's tables in a thread's cache) is 0: a page's workers are its own
 *   node:os            is pool/os.ts: the cores from navigator.hardwareConcurrency
 *
 * Shared memory (the count hands its column-set table to the threads in a SharedArrayBuffer) needs a
 * cross-origin-isolated page: both servers send COOP/COEP headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const SRC = here('..');
const POOL = {
  [here('../parallel/taskPool.ts')]: here('pool/taskPool.ts'),
  [here('../parallel/threads.ts')]: here('pool/threads.ts'),
};
const TASK_URL = /new URL\('(\.{1,2}\/[\w./]+?)\.js', import\.meta\.url\)/g;

function browserPool(): Plugin {
  return {
    name: 'sudoku-count-browser-pool',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.includes('parallel/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const web = resolved && POOL[resolved.id];
      return web ?? null;
    },
    transform(code, id) {
      if (!id.startsWith(SRC) || id.startsWith(here('.'))) return null;
      if (!code.includes('import.meta.url')) return null;
      return code.replace(
        TASK_URL,
        (_m, rel: string) => `new URL(${JSON.stringify(`task:${rel.replace(/^.*\//, '')}`)})`,
      );
    },
  };
}

/** The pages, one folder each, and their titles. */
const TITLES: Record<string, string> = {
  count: 'Count Sudoku grids',
  number: 'Every grid by its number',
  puzzles: 'Puzzles',
  play: 'Play',
  audit: 'Audit a grid generator',
  estimate: 'Estimators',
};
const PAGES = Object.keys(TITLES);

/** The box-shape select every page's form opens with (`<box-shape></box-shape>` in the page; startPage finds it). */
const BOX_SHAPE = ['<label', '  >Box shape', '  <select id="box" name="box"></select', '></label>'];

/**
 * What every page shares, written once: a page's `<name>/index.html` holds its `<main>` alone, and this wraps it in
 * the document (charset, viewport, title, stylesheet; the <nav> that src/web/ui/page.ts fills) and loads its script,
 * `pages/<name>Page.ts`; `<box-shape></box-shape>` in the page stands for BOX_SHAPE. It runs before Vite reads the
 * HTML, so the stylesheet and the script are bundled as if written in the file.
 */
function pageShell(): Plugin {
  return {
    name: 'sudoku-count-page-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        const page = /[\\/](\w+)[\\/]index\.html$/.exec(ctx.filename)?.[1];
        if (page === undefined || !(page in TITLES)) return html;
        const main = html
          .trimEnd()
          .split('\n')
          .flatMap((line) => {
            const at = /^( *)<box-shape><\/box-shape>$/.exec(line)?.[1];
            return at === undefined ? [line] : BOX_SHAPE.map((part) => at + part);
          })
          .map((line) => (line === '' ? line : `    ${line}`));
        return [
          '<!doctype html>',
          '<html lang="en">',
          '  <head>',
          '    <meta charset="utf-8" />',
          '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
          `    <title>${TITLES[page]} · sudoku-count</title>`,
          '    <link rel="icon" href="data:," />',
          '    <link rel="stylesheet" href="../style.css" />',
          '  </head>',
          '  <body>',
          '    <nav aria-label="Pages"></nav>',
          ...main,
          `    <script type="module" src="../pages/${page}Page.ts"></script>`,
          '  </body>',
          '</html>',
          '',
        ].join('\n');
      },
    },
  };
}

/** `/count?box=3x3` → `/count/?box=3x3`, as a static host does for a folder, on both servers. */
function folderPages(): Plugin {
  const redirect = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const page = url.pathname.replace(/^\//, '');
    if (!PAGES.includes(page)) return next();
    res.statusCode = 301;
    res.setHeader('Location', `/${page}/${url.search}`);
    res.end();
  };
  return {
    name: 'sudoku-count-folder-pages',
    configureServer: (server) => void server.middlewares.use(redirect),
    configurePreviewServer: (server) => void server.middlewares.use(redirect),
  };
}

const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  root: here('.'),
  base: './',
  // one page per folder (count/index.html …, its <main> alone: pageShell): /count and /count/ both open the Count page
  appType: 'mpa',
  plugins: [browserPool(), folderPages(), pageShell()],
  resolve: {
    // the WebAssembly core's binary is generated by `npm run build` into dist/ (scripts/build-wasm.mjs)
    alias: [
      { find: /^\.\/fast9Binary\.js$/, replacement: here('../../dist/solve/fast9/fast9Binary.js') },
      { find: /^\.\/bandsBinary\.js$/, replacement: here('../../dist/bands/bandsBinary.js') },
      { find: /^\.\/bandSumBinary\.js$/, replacement: here('../../dist/count/bandSumBinary.js') },
      { find: /^\.\/columnSetBinary\.js$/, replacement: here('../../dist/count/columnSetBinary.js') },
      { find: /^\.\/classifyBinary\.js$/, replacement: here('../../dist/symmetry/classifyBinary.js') },
      {
        find: /^\.\/columnTransferBinary\.js$/,
        replacement: here('../../dist/colsets/columnTransferBinary.js'),
      },
      // the cores, for the modules that ask node:os (the column-set count)
      { find: /^node:os$/, replacement: here('pool/os.ts') },
    ],
  },
  define: { 'process.pid': '0' },
  worker: { format: 'es', plugins: () => [browserPool()] },
  build: {
    outDir: here('../../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: Object.fromEntries<string>([
        ['index', here('index.html')],
        ...PAGES.map((p): [string, string] => [p, here(`${p}/index.html`)]),
      ]),
    },
  },
  server: { headers: isolated },
  preview: { headers: isolated, host: '127.0.0.1', port: 4173 },
});
