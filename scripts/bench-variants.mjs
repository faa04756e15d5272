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
 *              plain; the ratio column divides the plain rate by the variant's (the target is ≤ 1.5); the same for
 *              VariantCounter9, the TypeScript twin of the WebAssembly variant search (what ran before the core)
 *   full counts  every completion of whole top bands (27 givens) of 9x9 variant grids (Disjoint Groups: the top
 *              band and row 4, 36 givens), by the router's engine (the WebAssembly core), VariantCounter9 and
 *              HouseCounter (components and count cache): milliseconds, one run each, the counts must agree
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
import { HouseCounter } from '../dist/solve/houseCounter.js';
import { VariantCounter9 } from '../dist/solve/variantCounter9.js';

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
console.log('| rules | puzzles | puzzles/s | plain ÷ variant | TS twin puzzles/s | plain ÷ TS twin |');
console.log('|---|---|---|---|---|---|');
let plainRate = 0;
const fullCountGrids = new Map();
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
  const solution = new Uint8Array(81);
  const rateOf = (counter) => {
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
    return median(rates);
  };
  const rate = rateOf(puzzleCounter(rules));
  if (!variant) plainRate = rate;
  const twin = variant ? rateOf(new VariantCounter9(rules)) : null;
  console.log(
    `| ${rules.name} | ${puzzles.length} | ${rate.toFixed(0)} | ${variant ? (plainRate / rate).toFixed(2) : '1'} | ` +
      `${twin === null ? '' : twin.toFixed(0)} | ${twin === null ? '' : (plainRate / twin).toFixed(2)} |`,
  );
  if (variant) {
    // three grids of the rules (the first puzzles' solutions), cut to their top band (DG: and row 4)
    const keep = variant === 'disjoint-groups' ? 36 : 27;
    fullCountGrids.set(
      variant,
      puzzles.slice(0, variant === 'disjoint-groups' ? 1 : 3).map((p) => {
        const g = new Uint8Array(81);
        puzzleCounter(rules).count(p, 1, g);
        return g.fill(0, keep);
      }),
    );
  }
}

console.log('\n## full counts: every completion of top bands, milliseconds (one run each)\n');
console.log('| rules | grids (givens) | completions | router (core) ms | VariantCounter9 ms | HouseCounter ms |');
console.log('|---|---|---|---|---|---|');
for (const [variant, grids] of fullCountGrids) {
  const rules = parseRules(SHAPE_3X3, variant);
  const time = (counter) => {
    const t0 = performance.now();
    let total = 0;
    for (const g of grids) total += counter.count(g).count;
    return [total, performance.now() - t0];
  };
  const [a, ta] = time(puzzleCounter(rules));
  const [b, tb] = time(new VariantCounter9(rules));
  const [c, tc] = time(new HouseCounter(rules));
  if (a !== b || a !== c) throw new Error(`${rules.name}: counts differ (${a}, ${b}, ${c})`);
  const givens = grids[0].filter((d) => d !== 0).length;
  console.log(
    `| ${rules.name} | ${grids.length} (${givens}) | ${a} | ${ta.toFixed(0)} | ${tb.toFixed(0)} | ${tc.toFixed(0)} |`,
  );
}
