#!/usr/bin/env node
/**
 * Benchmark of `rate` and `generate` (npm run bench -- generate):
 *
 *   npm run bench -- generate                   (~10 min on a quiet 2-core machine; the 25x25 rows dominate)
 *   node scripts/bench-generate.mjs --quick     (9x9 and 16x16 only, ~1 min)
 *   node scripts/bench-generate.mjs --runs 5 --big 5
 *
 *   rate      the 49,151 puzzles of royle17.txt through the CLI (`rate --file`), 1 and 2 workers: wall seconds
 *             from process start to exit (parse, uniqueness check, rating, output), median of --runs
 *   9x9       minimal puzzles from uniform grids: `generate --count 10000` through the CLI, 1 and 2 workers
 *             (wall, median of --runs; every worker builds the 3x3 grid index first, about 1 s); then the
 *             clue-count and grade distributions of those 10,000 puzzles (seed 1)
 *   16x16     minimal puzzles (random fill): seconds per puzzle, median of 20, and their clue counts
 *   25x25     minimal puzzles: seconds per puzzle and clues, --big of them (default 3)
 *   36x36     unique puzzles with at most 55 % of the cells given (--clues 712): seconds, --big of them
 * Big shapes run in this process, one puzzle at a time (generatePuzzles), each from its own seed: 16x16 on one
 * worker; 25x25 and 36x36 on two, which share one puzzle's removal questions (PuzzleMaker.makeAhead).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const RUNS = opt('runs', 3);
const BIG = opt('big', 3);
const quick = args.includes('--quick');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, d = 2) => x.toFixed(d);
const grouped = (x) => Math.round(x).toLocaleString('en-US');

const { boxShape } = await import(join(root, 'dist', 'grid', 'shape.js'));
const { generatePuzzles } = await import(join(root, 'dist', 'puzzle', 'generatePuzzles.js'));

/** Wall seconds of a CLI run (stdout discarded), and its stdout. */
function timed(argv) {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [cli, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    maxBuffer: 1 << 30,
  });
  return { seconds: (performance.now() - t0) / 1000, out };
}

console.log(
  `# rate and generate: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ` +
    `${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the start; medians of ${RUNS} runs\n`,
);

// ---- rate: royle17 ------------------------------------------------------------------------------------------
const royle = join(root, 'test', 'fixtures', 'puzzles', 'royle17.txt');
const royleCount = readFileSync(royle, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '').length;
console.log('## rate: all of royle17.txt through the CLI');
console.log('| workers | wall s (median) | puzzles/s | grades |');
console.log('|---|---|---|---|');
for (const workers of [1, 2]) {
  const runs = [];
  let out = '';
  for (let r = 0; r < RUNS; r++) {
    const x = timed(['rate', '--file', royle, '--workers', String(workers)]);
    runs.push(x.seconds);
    out = x.out;
  }
  const grades = new Map();
  for (const line of out.trimEnd().split('\n')) {
    const g = line.startsWith('expert: needs search') ? 'needs search' : line.split(' ')[0];
    grades.set(g, (grades.get(g) ?? 0) + 1);
  }
  const w = median(runs);
  const gradeText = ['easy', 'medium', 'hard', 'expert', 'needs search']
    .map((g) => `${g} ${grouped(grades.get(g) ?? 0)}`)
    .join(', ');
  console.log(`| ${workers} | ${fmt(w)} | ${grouped(royleCount / w)} | ${gradeText} |`);
}
console.log(
  `\n\`sudoku-count rate --file test/fixtures/puzzles/royle17.txt --workers W\` (${grouped(royleCount)} puzzles)\n`,
);

// ---- generate 9x9 ---------------------------------------------------------------------------------------------
const COUNT9 = 10_000;
console.log(`## generate: ${grouped(COUNT9)} minimal 9x9 puzzles from uniform grids through the CLI`);
console.log('| workers | wall s (median) | puzzles/s |');
console.log('|---|---|---|');
let jsonOut = '';
for (const workers of [1, 2]) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const x = timed(['generate', '--count', String(COUNT9), '--seed', '1', '--workers', String(workers), '--json']);
    runs.push(x.seconds);
    jsonOut = x.out;
  }
  const w = median(runs);
  console.log(`| ${workers} | ${fmt(w)} | ${grouped(COUNT9 / w)} |`);
}
console.log(`\n\`sudoku-count generate --count ${COUNT9} --seed 1 --workers W --json\`\n`);
const made = jsonOut
  .trimEnd()
  .split('\n')
  .map((l) => JSON.parse(l));
const clues = new Map();
const grades = new Map();
for (const p of made) {
  clues.set(p.clues, (clues.get(p.clues) ?? 0) + 1);
  const g = p.needsSearch ? 'needs search' : p.grade;
  grades.set(g, (grades.get(g) ?? 0) + 1);
}
const keys = [...clues.keys()].sort((a, b) => a - b);
const mean = made.reduce((s, p) => s + p.clues, 0) / made.length;
console.log(`### clue counts of those ${grouped(made.length)} minimal puzzles (seed 1, uniform grids)`);
console.log(`| clues | ${keys.join(' | ')} |`);
console.log(`|---|${keys.map(() => '---').join('|')}|`);
console.log(`| puzzles | ${keys.map((k) => clues.get(k)).join(' | ')} |`);
console.log(`| % | ${keys.map((k) => fmt((100 * clues.get(k)) / made.length, 2)).join(' | ')} |`);
console.log(`\nmean ${fmt(mean, 3)} clues; median ${median(made.map((p) => p.clues))}`);
console.log(
  `grades: ${['easy', 'medium', 'hard', 'expert', 'needs search']
    .map((g) => `${g} ${fmt((100 * (grades.get(g) ?? 0)) / made.length, 1)} %`)
    .join(', ')}\n`,
);

// ---- big shapes -----------------------------------------------------------------------------------------------
async function bigRow(box, label, count, workers, options) {
  const shape = boxShape(Number(box[0]), Number(box[2]));
  const secs = [],
    clueCounts = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    for await (const block of generatePuzzles({ box: shape, count: 1, seed: 1000 + i, workers, ...options })) {
      for (const r of block) {
        if (r.failure !== undefined) throw new Error(r.failure);
        clueCounts.push(r.clues);
      }
    }
    secs.push((performance.now() - t0) / 1000);
  }
  const N = shape.n * shape.n;
  const med = median(secs);
  console.log(
    `| ${shape.name} | ${label} | ${workers} | ${count} | ${fmt(med)} | ` +
      `${fmt(Math.min(...secs))}–${fmt(Math.max(...secs))} | ` +
      `${fmt(1 / med, 2)} | ${median(clueCounts)} (${fmt((100 * median(clueCounts)) / N, 1)} %) | ` +
      `${Math.min(...clueCounts)}–${Math.max(...clueCounts)} |`,
  );
}

console.log('## generate: big boxes, one puzzle at a time, one per seed (seeds 1000, 1001, …)');
console.log(
  '| box | puzzles | workers | how many | s each (median) | range s | puzzles/s | clues (median) | clue range |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
await bigRow('4x4', 'minimal', quick ? 10 : 20, 1, {});
if (!quick) {
  // from n = 17 one puzzle's removal questions go to the pool, several at once (PuzzleMaker.makeAhead)
  await bigRow('5x5', 'minimal', BIG, 2, {});
  await bigRow('6x6', 'unique, --clues 712 (≤ 55 %)', BIG, 2, { clues: 712 });
}
console.log(
  '\n`sudoku-count generate --box 4x4 --seed S`, `--box 5x5`, `--box 6x6 --clues 712` (in-process, same code)',
);
