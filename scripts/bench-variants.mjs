#!/usr/bin/env node
/**
 * Benchmark of the variants (src/grid/rules.ts):
 *
 *   npm run build && node scripts/bench-variants.mjs [--runs K] [--count K]
 *
 *   generate   `sudoku-count generate --variant V --count K --seed 1 --workers 2` through the CLI: minimal puzzles
 *              per second (wall clock of the process, median of the runs), for x, windoku, disjoint-groups,
 *              anti-knight, and plain 9x9 with random-fill grids for comparison
 *   solve      solve throughput (limit 2: solved and checked unique, as `solve` does) in one process on puzzles
 *              of the same clue count: 26-clue puzzles made with `generate --clues 26` under each variant and
 *              plain; the ratio column divides the plain rate by the variant's (the target is ≤ 1.5)
 * Medians of the runs; the machine is shared and noisy: compare ratios.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGrid } from '../dist/grid/parseGrid.js';
import { parseRules } from '../dist/grid/rules.js';
import { SHAPE_3X3 } from '../dist/grid/shape.js';
import { puzzleCounter } from '../dist/solve/countSolutions.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.indexOf(name) >= 0 ? Number(args[args.indexOf(name) + 1]) : dflt);
const RUNS = opt('--runs', 3);
const COUNT = opt('--count', 2000);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const run = (argv) =>
  execFileSync(process.execPath, [cli, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    maxBuffer: 1 << 28,
  });

console.log(
  `machine: ${cpus().length} cores (${cpus()[0].model}), load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(
  `\n## generate: minimal 9x9 puzzles per second, --count ${COUNT} --seed 1 --workers 2 (median of ${RUNS})\n`,
);
console.log('| variant | puzzles/s | seconds | median clues |');
console.log('|---|---|---|---|');
for (const variant of ['', 'x', 'windoku', 'disjoint-groups', 'anti-knight']) {
  const count = variant === 'anti-knight' ? Math.min(COUNT, 500) : COUNT;
  const secs = [];
  let clues = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const out = run([
      'generate',
      ...(variant ? ['--variant', variant] : ['--grids', 'random-fill']),
      '--count',
      String(count),
      '--seed',
      '1',
      '--workers',
      '2',
      '--json',
    ]);
    secs.push((performance.now() - t0) / 1000);
    clues = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).clues);
  }
  const s = median(secs);
  const name = variant || 'plain (random fill)';
  console.log(`| ${name} | ${(count / s).toFixed(0)} | ${s.toFixed(2)} (${count}) | ${median(clues)} |`);
}

console.log(`\n## solve: 26-clue puzzles, limit 2, puzzles per second in one process (median of ${RUNS})\n`);
console.log('| rules | puzzles | puzzles/s | plain ÷ variant |');
console.log('|---|---|---|---|');
let plainRate = 0;
for (const variant of ['', 'x', 'windoku', 'disjoint-groups', 'anti-knight']) {
  const n = variant === 'anti-knight' ? 200 : 1000;
  const out = run([
    'generate',
    ...(variant ? ['--variant', variant] : ['--grids', 'random-fill']),
    '--clues',
    '26',
    '--count',
    String(n),
    '--seed',
    '2',
    '--workers',
    '2',
    '--json',
  ]);
  const puzzles = out
    .trim()
    .split('\n')
    .map((l) => parseGrid(SHAPE_3X3, JSON.parse(l).puzzle));
  const rules = parseRules(SHAPE_3X3, variant);
  const counter = puzzleCounter(rules);
  const solution = new Uint8Array(81);
  const rates = [];
  for (let r = 0; r < 2 * RUNS + 1; r++) {
    // each measurement solves the set over and over for at least half a second
    const t0 = performance.now();
    let solved = 0;
    while (performance.now() - t0 < 500) {
      for (const p of puzzles) if (counter.count(p, 2, solution).count !== 1) throw new Error('not unique');
      solved += puzzles.length;
    }
    if (r > 0) rates.push(solved / ((performance.now() - t0) / 1000)); // the first run warms up
  }
  const rate = median(rates);
  if (!variant) plainRate = rate;
  console.log(
    `| ${rules.name} | ${puzzles.length} | ${rate.toFixed(0)} | ${variant ? (plainRate / rate).toFixed(2) : '1'} |`,
  );
}
