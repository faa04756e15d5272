#!/usr/bin/env node
// npm run bench -- web [--runs K]: the site (src/web/) in headless Chromium (the Debian package `chromium`;
// CHROMIUM overrides the path). Builds dist/web/ first (npm run build, which bench runs, empties dist/).
//   size      gzipped bytes of every file the Count page loads: on opening, and to count 9x9 (its workers)
//   usable    navigation start → the page's controls filled in by its script (cold cache, fresh context)
//   play      the Puzzles page after a puzzle session (4 puzzles made, one played with a digit, a pencil mark and
//             a hint, its steps shown) and the Play page after a typed puzzle: gzipped bytes of every file loaded
//   hint      the Play page's hint (the rater's next step, in the job worker) from the givens of hard 9x9 puzzles
//             (every 15th of test/fixtures/puzzles/forum-hardest-375.txt and top1465.txt, `--hint-step K`), the
//             page's own time (Hint pressed → step back from the worker): median and max
//   count     9x9: the Count page's chainTable in its worker, the page's own wall (Count pressed → N drawn) and
//             playwright's click → N seen (adds its own click and polling); against the same call in Node in
//             process (chainTable, default workers), alternated run by run (the machine drifts)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 9;
const onlyAt = args.indexOf('--only');
/** `--only size,usable,play,hint,count`: the parts to run (default all). */
const only = onlyAt >= 0 ? args[onlyAt + 1].split(',') : ['size', 'usable', 'play', 'hint', 'count'];
const hintStepAt = args.indexOf('--hint-step');
const hintStep = hintStepAt >= 0 ? Number(args[hintStepAt + 1]) : 15;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const configFile = join(root, 'src', 'web', 'vite.config.ts');
await build({ configFile, logLevel: 'warn' });
const server = await preview({ configFile, logLevel: 'silent', preview: { port: 0, open: false } });
const url = server.resolvedUrls.local[0];
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}: apt-get install chromium`);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
const { chainTable } = await import(join(root, 'dist', 'count', 'chainTable.js'));
/** A hard 9x9 puzzle (the first of the forum's hardest list) for the Play page. */
const HARD = readFileSync(join(root, 'test', 'fixtures', 'puzzles', 'forum-hardest-375.txt'), 'utf8').split('\n');
console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);

/** Files a page asks the server for (workers included), from the moment it opens until `until` resolves. */
async function loaded(path, until) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set();
  context.on('request', (r) => files.add(new URL(r.url()).pathname));
  await page.goto(url.replace(/\/$/, '') + path);
  await until(page);
  await context.close();
  return [...files];
}
function gz(files) {
  let raw = 0,
    zipped = 0;
  for (const f of files) {
    const p = join(root, 'dist', 'web', f.endsWith('/') ? `${f}index.html` : f);
    if (!existsSync(p)) continue;
    const bytes = readFileSync(p);
    raw += bytes.length;
    zipped += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, zipped };
}
const kB = (x) => (x / 1024).toFixed(1);
if (only.includes('size')) {
  const opened = gz(await loaded('/count/', (p) => p.locator('#box option').first().waitFor({ state: 'attached' })));
  const counted = gz(await loaded('/count/?box=3x3&run=1', (p) => p.locator('#total').waitFor({ timeout: 120_000 })));
  console.log('| Count page | files | raw kB | gzipped kB |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| opened (page, style, script) | ${opened.files} | ${kB(opened.raw)} | ${kB(opened.zipped)} |`);
  console.log(
    `| after a 9x9 count (+ job and pool workers) | ${counted.files} | ${kB(counted.raw)} | ${kB(counted.zipped)} |`,
  );
}
const site = (path) => url.replace(/\/$/, '') + path;

if (only.includes('play')) {
  const session = gz(
    await loaded('/puzzles/?box=3x3&count=4&seed=5&run=1&play=1&solve=1', async (p) => {
      await p.locator('#solver').waitFor({ state: 'visible', timeout: 120_000 });
      const open = p.locator('#play .cell:not(.given)').first();
      await open.click();
      await p.keyboard.press('5');
      await p.keyboard.press('Shift+Digit3');
      await p.getByRole('button', { name: 'hint: the next logical step' }).click();
      await p.locator('#play .play[data-hint-ms]').waitFor();
      await p.getByRole('button', { name: 'All steps' }).click();
    }),
  );
  const typed = gz(
    await loaded(`/play/?p=${HARD[0]}`, async (p) => {
      await p.locator('#play .board').waitFor({ timeout: 120_000 });
      await p.getByRole('button', { name: 'hint: the next logical step' }).click();
      await p.locator('#play .play[data-hint-ms]').waitFor();
    }),
  );
  console.log('\n| a puzzle session | files | raw kB | gzipped kB |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(
    `| Puzzles page: 4 made, one played (digit, mark, hint), its steps | ${session.files} | ${kB(session.raw)} | ` +
      `${kB(session.zipped)} |`,
  );
  console.log(`| Play page: a typed puzzle, a hint | ${typed.files} | ${kB(typed.raw)} | ${kB(typed.zipped)} |`);
}

if (only.includes('hint')) {
  const page = await browser.newPage();
  await page.goto(site('/play/'));
  const times = [];
  const sets = { forum: 0, top: 0 };
  for (const [name, file] of [
    ['forum', 'forum-hardest-375.txt'],
    ['top', 'top1465.txt'],
  ]) {
    const lines = readFileSync(join(root, 'test', 'fixtures', 'puzzles', file), 'utf8')
      .trim()
      .split('\n');
    for (let i = 0; i < lines.length; i += hintStep) {
      await page.getByLabel('Puzzle', { exact: true }).fill(lines[i].trim());
      await page.evaluate('document.getElementById("verdict").hidden = true');
      await page.getByRole('button', { name: 'Check this puzzle' }).click();
      await page.locator('#verdict').waitFor({ state: 'visible', timeout: 120_000 });
      await page.getByRole('button', { name: 'hint: the next logical step' }).click();
      await page.locator('#play .play[data-hint-ms]').waitFor();
      times.push(Number(await page.locator('#play .play').getAttribute('data-hint-ms')));
      sets[name]++;
    }
  }
  await page.close();
  console.log(
    `\nhint (Hint pressed → the rater's next step back from the job worker), from the givens of ` +
      `${sets.forum} forum-hardest and ${sets.top} top1465 puzzles, ms: median ${median(times).toFixed(1)}, ` +
      `max ${Math.max(...times).toFixed(1)}`,
  );
}

// first page usable: cold context each time
if (only.includes('usable')) {
  const usable = { index: [], count: [], puzzles: [], play: [] };
  for (let i = 0; i < runs; i++) {
    for (const [name, path, ready] of [
      ['index', '/', 'nav a'],
      ['count', '/count/', '#box option'],
      ['puzzles', '/puzzles/', '#box option'],
      ['play', `/play/?p=${HARD[0]}`, '#play .board'],
    ]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const t0 = Date.now();
      await page.goto(url.replace(/\/$/, '') + path, { waitUntil: 'commit' });
      await page.locator(ready).first().waitFor({ state: 'attached' });
      usable[name].push((Date.now() - t0) / 1000);
      await context.close();
    }
  }
  console.log(`\nfirst page usable (navigation → controls ready), ${runs} cold loads, median s:`);
  console.log(`  landing page ${median(usable.index).toFixed(3)}, Count page ${median(usable.count).toFixed(3)}`);
  console.log(
    `  Puzzles page ${median(usable.puzzles).toFixed(3)}, Play page with a hard puzzle in its address (solutions ` +
      `counted, rated, board drawn) ${median(usable.play).toFixed(3)}`,
  );
}

// 9x9: in the browser (worker time and click → N) against Node in process, alternated
if (only.includes('count')) {
  const web = [],
    wall = [],
    click = [],
    node = [];
  const page = await browser.newPage();
  await page.goto(url.replace(/\/$/, '') + '/count/?box=3x3');
  for (let i = 0; i < runs; i++) {
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Count', exact: true }).click();
    await page.locator('#total').waitFor({ timeout: 120_000 });
    await page.locator('#status[data-seconds]').waitFor();
    click.push((Date.now() - t0) / 1000);
    web.push(Number(await page.locator('#status').getAttribute('data-seconds')));
    wall.push(Number(await page.locator('#status').getAttribute('data-wall')));
    await page.evaluate('document.getElementById("status").removeAttribute("data-seconds")');
    const t1 = performance.now();
    const t = await chainTable({ box: '3x3' });
    node.push((performance.now() - t1) / 1000);
    if (t.total !== 6670903752021072936960n) throw new Error('node: wrong total');
  }
  console.log(`\n9x9 count with the chain (chainTable, 2 threads), ${runs} alternated runs, median s:`);
  console.log('| where | median | min |');
  console.log('| --- | ---: | ---: |');
  console.log(`| Node, in process | ${median(node).toFixed(3)} | ${Math.min(...node).toFixed(3)} |`);
  console.log(`| browser, in the job worker | ${median(web).toFixed(3)} | ${Math.min(...web).toFixed(3)} |`);
  const pageRow = `| browser, the page's own wall (Count pressed → N drawn) | ${median(wall).toFixed(3)} |`;
  console.log(`${pageRow} ${Math.min(...wall).toFixed(3)} |`);
  console.log(
    `| browser, click → N seen by playwright | ${median(click).toFixed(3)} | ${Math.min(...click).toFixed(3)} |`,
  );
  console.log(
    `ratio browser worker / Node: ${(median(web) / median(node)).toFixed(2)}×; page wall / Node: ` +
      `${(median(wall) / median(node)).toFixed(2)}×; click → N / Node: ${(median(click) / median(node)).toFixed(2)}×`,
  );
}
console.log(
  `load average at end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
await browser.close();
await server.close();
