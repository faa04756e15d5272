#!/usr/bin/env node
/**
 * Benchmark of the DLX route (`count --counter dlx`, docs/dlx-route.md): how many middle bands per second one core
 * enumerates (each finished by one F lookup), and the whole runs it predicts.
 *
 *   npm run bench -- dlx                      quick (~1 min): the kernel on 6 representative 3×3 classes, one thread,
 *                                             in this process; medians of --reps runs; the 44- and 416-class runs
 *                                             extrapolated from them
 *   npm run bench -- dlx --column-sets        and `count --counter dlx --level column-sets --workers 2` once (44
 *                                             classes, ~30 s on a quiet 2-core machine)
 *   npm run bench -- dlx --full               and `count --counter dlx --workers 2` once (all 416 classes, minutes)
 *   npm run bench -- dlx --small              and the small shapes (2x2, 2x3, 3x2, 4x2) by `count --counter dlx`
 *   options: --reps K (or --runs K; default 3), --classes 0,207,415 (3×3 class ids for the quick part),
 *            --workers K (default 2)
 *
 * Rates are given per CPU second of this thread (process.cpuUsage) and per wall second: on a shared machine the CPU
 * rate is the steadier one, the wall rate says what a user waits. The load average is printed before and after.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enumerateBands } from '../dist/bands/enumerateBands.js';
import { buildColumnSetTable } from '../dist/count/columnSetTable.js';
import { middleBandCounter } from '../dist/count/middleBandCounter.js';
import { formatBand } from '../dist/grid/digits.js';
import { boxShape } from '../dist/grid/shape.js';
import { fromJson } from '../dist/io/json.js';
import { classifyBands } from '../dist/symmetry/classifyBands.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const reps = Math.max(1, Number(option('--reps', option('--runs', '3'))));
const workers = Math.max(1, Number(option('--workers', '2')));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const M = (x) => (x / 1e6).toFixed(1);
const minutes = (s) => (s < 120 ? `${s.toFixed(0)} s` : `${(s / 60).toFixed(1)} min`);

console.log(
  `# DLX route: ${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores, node ${process.version}; ` +
    `load average (1, 5, 15 min) at the start: ${load()}`,
);

// --- quick: the kernel alone, one thread ---
const shape = boxShape(3, 3);
const bands = enumerateBands(shape);
const { partitions, table } = buildColumnSetTable(bands);
const classes = classifyBands(bands);
const counter = middleBandCounter(shape, partitions, table);
const size = shape.rows * shape.n;
const ids = option('--classes', `0,1,103,207,311,${classes.count - 1}`)
  .split(',')
  .map(Number);
counter.count(classes.reps, { parts: 8 }, 0); // warm the JIT up on an eighth of class 0

console.log(`\n## the kernel on ${ids.length} classes, one thread, median of ${reps} runs`);
console.log('| class | band | n_C | middle bands | search steps | CPU s | wall s | M middle bands/s (CPU) | (wall) |');
console.log('|---|---|---|---|---|---|---|---|---|');
const rates = [];
const perClass = [];
for (const id of ids) {
  const cpu = [];
  const wall = [];
  let r;
  for (let i = 0; i < reps; i++) {
    const u = process.cpuUsage();
    const t = performance.now();
    r = counter.count(classes.reps, {}, id * size);
    wall.push((performance.now() - t) / 1000);
    const used = process.cpuUsage(u);
    cpu.push((used.user + used.system) / 1e6);
  }
  const c = median(cpu);
  const w = median(wall);
  rates.push(r.middleBands / c);
  perClass.push(r.middleBands);
  console.log(
    `| ${id} | ${formatBand(shape, classes.reps, id * size)} | ${r.completions} | ${r.middleBands} | ${r.nodes} | ` +
      `${c.toFixed(3)} | ${w.toFixed(3)} | ${M(r.middleBands / c)} | ${M(r.middleBands / w)} |`,
  );
}
const rate = median(rates);
const meanBands = perClass.reduce((a, b) => a + b, 0) / perClass.length;
console.log(
  `\nmedian ${M(rate)} M middle bands per CPU second (target ≥ 20). Extrapolated at ${M(meanBands)} M middle ` +
    `bands per class on ${workers} threads: 44 column-set classes ≈ ${minutes((44 * meanBands) / rate / workers)}` +
    ` (target ≤ 90 s), all 416 classes ≈ ${minutes((416 * meanBands) / rate / workers)} (target ≤ 10 min), ` +
    `plus about 1 s of stages before. Load average now: ${load()}.`,
);

// --- whole runs through the command line ---
function countRun(extra, label) {
  const before = load();
  const t0 = process.hrtime.bigint();
  const out = execFileSync(
    process.execPath,
    [cli, 'count', '--counter', 'dlx', '--json', '--workers', String(workers), ...extra],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 1 << 26 },
  );
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const o = fromJson(out);
  const d = o.dlx;
  const searched = d.classes.reduce((a, c) => a + c.seconds, 0);
  const slow = [...d.classes].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
  console.log(
    `| ${label} | ${o.box} | ${d.classes.length} | ${d.middleBands} | ${wall.toFixed(1)} | ` +
      `${o.seconds.dlx.toFixed(1)} | ` +
      `${M(d.middleBands / searched)} | ${d.firstMismatch === null ? '✓' : `class ${d.firstMismatch.id} ✗`} | ` +
      `${slow.map((c) => `${c.id}: ${c.seconds.toFixed(2)} s`).join(', ')} | ${before} → ${load()} |`,
  );
  return o;
}
const runs = [];
if (args.includes('--small')) for (const box of ['2x2', '2x3', '3x2', '4x2']) runs.push([['--box', box], box]);
if (args.includes('--column-sets')) runs.push([['--level', 'column-sets'], '3x3 column-sets']);
if (args.includes('--full')) runs.push([[], '3x3 all classes']);
if (runs.length > 0) {
  console.log(`\n## \`sudoku-count count --counter dlx --workers ${workers} --json\`, once each`);
  console.log(
    '| run | box | classes | middle bands | wall s (process) | DLX stage s | M/s per thread (thread wall) | ' +
      'n_C = column-set sum | slowest classes | load average before → after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [extra, label] of runs) countRun(extra, label);
}
