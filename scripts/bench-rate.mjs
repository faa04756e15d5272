#!/usr/bin/env node
// npm run bench -- rate-se   (or: node scripts/bench-rate.mjs [--runs K])
// In-process speed of the rater (ratePuzzle: solutions counted, then rated) on the SE sample's buckets
// (test/fixtures/puzzles/sudoku-exchange-se.txt: "hard" is the bank's hard bucket, SE < 5.0; "diabolical" SE ≥ 7.0),
// and on royle17 (the first 5,000), one thread. Prints medians of puzzles per second over the runs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ratePuzzle } = await import(join(root, 'dist', 'index.js'));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
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
  ['SE sample, hard bucket (SE < 5.0)', se.filter((x) => x.r < 5).map((x) => x.p)],
  ['SE sample, SE 5.0–6.9', se.filter((x) => x.r >= 5 && x.r < 7).map((x) => x.p)],
  ['SE sample, diabolical (SE ≥ 7.0)', se.filter((x) => x.r >= 7).map((x) => x.p)],
  ['royle17, first 5,000', royle],
];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`| set | puzzles | puzzles/s (median of ${runs}) | slowest ms |`);
console.log('|---|---:|---:|---:|');
for (const [name, puzzles] of sets) {
  const rates = [];
  let slowest = 0;
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    for (const p of puzzles) {
      const t = performance.now();
      ratePuzzle(p);
      slowest = Math.max(slowest, performance.now() - t);
    }
    rates.push(puzzles.length / ((performance.now() - t0) / 1000));
  }
  console.log(`| ${name} | ${puzzles.length} | ${median(rates).toFixed(0)} | ${slowest.toFixed(0)} |`);
}
