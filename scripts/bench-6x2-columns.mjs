#!/usr/bin/env node
// npm run bench -- 6x2-columns [--runs K] [--all] [--engine wasm|js]
// F of 6x2 band configurations by the route by columns (src/colsets/columnTransfer.ts), one thread, in this process:
// by default five of the configurations sampled in data/6x2/columns-sample.jsonl (seed 11: 0, 4, 7, 13, 16; ~5 CPU s a
// run), with --all the 48 of columns-sample.jsonl and columns-sample-12.jsonl (seeds 11 and 12; ~4 CPU minutes a
// run, the benchmark of docs/benchmarks.md "6×2: F of one class by columns"). Every F is checked against the file
// (a wrong one stops the benchmark); per configuration the median CPU seconds over K runs (default 3; 1 with --all)
// and the microseconds a transition; last, the mean over the configurations with ±2 standard errors and, with
// --all, what it projects for the 63,199 classes. --engine: where the layers are advanced (default wasm, the
// WebAssembly core; js, the TypeScript).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { columnTransfer } from '../dist/colsets/columnTransfer.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const all = args.includes('--all');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : all ? 1 : 3;
const CLASSES = 63199;
const engineAt = args.indexOf('--engine');
const engine = engineAt >= 0 ? args[engineAt + 1] : 'wasm';
if (engine !== 'wasm' && engine !== 'js') {
  console.error(`6x2-columns: --engine ${engine}: not wasm or js`);
  process.exit(2);
}

const read = (file) =>
  readFileSync(join(root, 'data', '6x2', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ file, ...JSON.parse(line) }));
const sample = all
  ? [...read('columns-sample.jsonl'), ...read('columns-sample-12.jsonl')]
  : read('columns-sample.jsonl').filter((c) => [0, 4, 7, 13, 16].includes(c.configuration));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

console.log(
  `engine ${engine}; runs ${runs}; load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('| file | configuration | CPU s (median) | transitions | µs a transition | largest table | rss (MB) |');
console.log('|---|---|---|---|---|---|---|');
const seconds = [];
for (const c of sample) {
  const times = [];
  let res = null;
  for (let k = 0; k < runs; k++) {
    const t0 = process.cpuUsage();
    res = columnTransfer(6, c.words, 0, { engine });
    const t = process.cpuUsage(t0);
    times.push((t.user + t.system) / 1e6);
    if (String(res.F) !== c.F) {
      console.error(`6x2-columns: ${c.file} configuration ${c.configuration}: F = ${res.F}, the file says ${c.F}`);
      process.exit(1);
    }
  }
  const s = median(times);
  seconds.push(s);
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  const perTransition = ((s * 1e6) / res.transitions).toFixed(3);
  const row = [c.file, c.configuration, s.toFixed(2), res.transitions, perTransition, res.peakStates, rss];
  console.log(`| ${row.join(' | ')} |`);
}
const n = seconds.length;
const mean = seconds.reduce((a, b) => a + b, 0) / n;
const se = n > 1 ? Math.sqrt(seconds.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) / n) : 0;
const hours = (x) => ((x * CLASSES) / 3600).toFixed(0);
const [lo, hi] = [mean - 2 * se, mean + 2 * se];
// the projection only from the whole sample: the five of the default run are among the cheap ones
const projection = all ? `: ${hours(mean)} CPU-hours for ${CLASSES} classes (${hours(lo)}–${hours(hi)})` : '';
console.log(
  `mean ${mean.toFixed(2)} CPU s (±2 s.e. ${lo.toFixed(2)}–${hi.toFixed(2)}) over ${n} configurations${projection}`,
);
