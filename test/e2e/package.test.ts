import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_URL } from '../../src/io/fileProblem.js';
import { ROOT, tempDir } from '../helpers/cli.js';

/**
 * The package as a user gets it: `npm pack` of the built dist/ into a temp folder, installed into an empty project
 * with `npm install --offline` (no network). The install needs the package's dependencies from somewhere, and a
 * clean machine's npm cache does not hold them: they are linked in from the repository's node_modules first, so
 * npm finds them satisfied and installs the tarball alone. Then the README's library example is compiled against
 * the installed package's types (tsc, strict) and run, and what it prints is
 * compared with the `// →` comments of the README. About 10 s (5 s of CPU).
 */
interface Pack {
  readonly filename: string;
  readonly size: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string }[];
}

function npm(args: readonly string[], cwd: string): SpawnSyncReturns<string> {
  // under `npm test`, the npm that runs us; else the one on the PATH
  const cli = process.env['npm_execpath'];
  const [cmd, pre] = cli?.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
  return spawnSync(cmd, [...pre, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false' },
  });
}

const MB = 1_000_000;

describe('the npm package: packed, installed offline into an empty project, its README example run', () => {
  const dir = tempDir('sudoku-count-pack-');
  const app = join(dir, 'app');
  let pack: Pack;

  beforeAll(() => {
    const packed = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    pack = (JSON.parse(packed.stdout) as Pack[])[0];
    mkdirSync(join(app, 'node_modules'), { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: object };
    for (const dep of Object.keys(pkg.dependencies)) {
      mkdirSync(dirname(join(app, 'node_modules', dep)), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', dep), join(app, 'node_modules', dep));
    }
    const installed = npm(
      ['install', '--offline', '--no-fund', '--no-package-lock', '--ignore-scripts', join(dir, pack.filename)],
      app,
    );
    expect(installed.status, installed.stderr).toBe(0);
  }, 60_000);

  it('holds dist/, the LICENSE, README and package.json, and no research data: at most 1 MB packed', () => {
    const paths = pack.files.map((f) => f.path);
    expect(
      paths.filter((p) => !p.startsWith('dist/') && !['LICENSE', 'README.md', 'package.json'].includes(p)),
    ).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'dist/index.d.ts', 'dist/cli/main.js']));
    expect(pack.size).toBeLessThanOrEqual(MB);
    // installed as a folder of its own (the tarball's contents), not a link back to the repository
    expect(lstatSync(join(app, 'node_modules', 'sudoku-count')).isDirectory()).toBe(true);
    expect(readFileSync(join(app, 'node_modules', 'sudoku-count', 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it("runs the README's library example, its types checked against the installed declarations", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /\n## As a library\n+```ts\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(example).toContain("from 'sudoku-count'");
    writeFileSync(join(app, 'example.ts'), example!);
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2022',
          strict: true,
          // the example's types are checked against the installed declarations; the declarations themselves with
          // skipLibCheck false in test/e2e/declarations.test.ts (here that would triple the time)
          skipLibCheck: true,
          outDir: 'out',
          typeRoots: [join(ROOT, 'node_modules', '@types')],
          types: ['node'],
        },
        files: ['example.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const run = spawnSync(process.execPath, [join(app, 'out', 'example.js')], { cwd: app, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const promised = [...example!.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1]);
    expect(promised.length).toBeGreaterThan(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual(promised);
  });

  it('the installed command runs, and a research file it does not ship is one line naming the repository', () => {
    const bin = join(app, 'node_modules', '.bin', 'sudoku-count');
    const solved = spawnSync(bin, ['solve', '--count', '--box', '2x2', '.'.repeat(16)], { cwd: app, encoding: 'utf8' });
    expect([solved.status, solved.stdout]).toEqual([0, '288\n']);
    const missing = spawnSync(bin, ['classes', '--verify', 'data/variant-table-3x3+x.bin'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      `sudoku-count: error: variant table data/variant-table-3x3+x.bin: no such file or folder (data/ comes with a ` +
        `clone of ${REPOSITORY_URL}, not with the npm package)\n`,
    );
  });
});
