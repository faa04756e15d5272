#!/usr/bin/env node
// npm run bench -- rate-se   (or: node scripts/bench-rate.mjs [--runs K])
// In-process speed of the rater (ratePuzzle: solutions counted, then rated) on the SE sample's buckets
// (test/fixtures/puzzles/sudoku-exchange-se.txt: "hard" is the bank's hard bucket, SE < 5.0; "diabolical" SE ≥ 7.0),
// and on royle17 (the first 5,000), one thread; then the same sets through the worker pool (ratePuzzles, 2 workers,
// the hard bucket repeated 12 times and the middle one twice, so that the pool's start-up, about 0.3 s, is not the
// whole run; the figure includes it). Prints medians of puzzles per second over the runs, by wall time and (one
// thread) by this process's CPU time, which the other jobs on a shared machine move less.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ratePuzzle, ratePuzzles } = await import(join(root, 'dist', 'index.js'));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const workersAt = args.indexOf('--workers');
const workers = workersAt >= 0 ? Number(args[workersAt + 1]) : 2;
const se = readFileSync(join(root, 'test', 'fixtures', 'puzzles', 'sudoku-exchange-se.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.trim().split(/\s+/))
  .map(([, p, r]) => ({ p, r: Number(r) }));
const royle = readFileSync(join(root, 'test', 'fixtures', 'puzzles', 'royle17.txt'), 'utf8')
  .trim()
  .split('\n')
  .slice(0, 5000);
const sets = [
  ['SE sample, hard bucket (SE < 5.0)', se.filter((x) => x.r < 5).map((x) => x.p), 12],
  ['SE sample, SE 5.0–6.9', se.filter((x) => x.r >= 5 && x.r < 7).map((x) => x.p), 2],
  ['SE sample, diabolical (SE ≥ 7.0)', se.filter((x) => x.r >= 7).map((x) => x.p), 1],
  ['royle17, first 5,000', royle, 1],
];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`| set | puzzles | puzzles/s (median of ${runs}) | per CPU s | slowest ms |`);
console.log('|---|---:|---:|---:|---:|');
for (const [name, puzzles] of sets) {
  const rates = [];
  const cpuRates = [];
  let slowest = 0;
  for (let run = 0; run < runs; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const p of puzzles) {
      const t = performance.now();
      ratePuzzle(p);
      slowest = Math.max(slowest, performance.now() - t);
    }
    rates.push(puzzles.length / ((performance.now() - t0) / 1000));
    const c = process.cpuUsage(c0);
    cpuRates.push(puzzles.length / ((c.user + c.system) / 1e6));
  }
  console.log(
    `| ${name} | ${puzzles.length} | ${median(rates).toFixed(0)} | ${median(cpuRates).toFixed(0)} | ` +
      `${slowest.toFixed(0)} |`,
  );
}

console.log(`\n| set (pool, ${workers} workers) | puzzles | puzzles/s (median of ${runs}) |`);
console.log('|---|---:|---:|');
const digits = (p) => Uint8Array.from(p.replace(/\./g, '0'), (ch) => Number(ch));
for (const [name, puzzles, copies] of sets) {
  const all = new Uint8Array(copies * puzzles.length * 81);
  for (let k = 0; k < copies; k++) puzzles.forEach((p, i) => all.set(digits(p), (k * puzzles.length + i) * 81));
  const rates = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    let rated = 0;
    for await (const block of ratePuzzles({ puzzles: all, workers })) rated += block.length;
    rates.push(rated / ((performance.now() - t0) / 1000));
  }
  console.log(
    `| ${name}${copies > 1 ? ` ×${copies}` : ''} | ${copies * puzzles.length} | ${median(rates).toFixed(0)} |`,
  );
}
