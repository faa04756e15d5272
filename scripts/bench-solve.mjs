#!/usr/bin/env node
/**
 * Benchmark of `sudoku-count solve` against the fastest exact-cover packages on npm, side by side in
 * one run, on the same inputs, all single-threaded:
 *
 *   npm run build && node scripts/bench-solve.mjs          (~90 s)
 *   node scripts/bench-solve.mjs --full                     (every engine on every input; ~4 min with --reps 1)
 *   node scripts/bench-solve.mjs --reps 5 --quick           (--quick: no dlxlib, no reference rows)
 *   node scripts/bench-solve.mjs --tdoku /tmp/peers/tdrv    (adds tdoku, a native peer built outside the
 *                                                            repository: see docs/benchmarks.md)
 *
 * Workloads
 *   count     count every completion of partial grids with many solutions (solutions per second)
 *   top1465   all 1,465 puzzles of top1465.txt, --limit 2 (puzzles per second, uniqueness checked)
 *   royle17   all 49,151 puzzles of royle17.txt, --limit 2
 *   forum-hardest  all 375 puzzles of forum-hardest-375.txt, --limit 2
 * Engines
 *   sudoku-count            countSolutions(): on 9×9 the fast9 WebAssembly core (what `solve` runs)
 *   sudoku-count TS engine  BitboardCounter9, the same search in TypeScript (fast9's fallback and oracle)
 *   sudoku-count generic    SolutionCounter: the any-shape cell-bitmask counter, run on 9×9
 *   sudoku-count DLX        the project's generic DLX (src/dlx) on the matrix below, as the tests' oracle uses it
 *   dancing-links 4.x       sparse constraints, find(2) / its solution generator for counts
 *   dlxlib 1.x              dense matrix, solve(…, 2) / solutionGenerator for counts
 *   tdoku (--tdoku PATH)    a driver of the native C++ peer, built outside the repository (docs/benchmarks.md):
 *                           it reads the puzzles, then times its own solving loop (wall, and CPU time when it
 *                           prints cpuSeconds); top1465 and forum-hardest are given to it ten times over, so
 *                           its timer sees > 50 ms
 * Columns: wall-time rate and ratio, then the rate by CPU time and its ratio (on a shared machine a process gets
 * a share of a core, so CPU time is the fairer measure of single-threaded work).
 * Every engine starts from the puzzle's text. Each peer gets the smallest usual exact-cover matrix:
 * only the open cells, only the candidates no given rules out, only the constraints still open.
 * Every engine must report the same counts, or the script exits with status 1.
 *
 * Each cell is the median of the runs (after one untimed warm-up on a slice); the runs of the engines alternate
 * (round k runs every engine once), so a burst of load on the shared machine hits them alike. The ratio
 * columns divide our rate by the peer's. dlxlib is slow enough that by default it runs once, and on royle17 on every
 * 10th puzzle (its rate is per puzzle, so the sample only shortens the run); --full runs it on all.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countSolutions } from '../dist/solve/countSolutions.js';
import { SolutionCounter } from '../dist/solve/solutionCounter.js';
import { BitboardCounter9 } from '../dist/solve/bitboardCounter9.js';
import { countExactCovers, exactCoverProblem } from '../dist/dlx/exactCover.js';
import { parseGrid } from '../dist/grid/parseGrid.js';
import { SHAPE_3X3 } from '../dist/grid/shape.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { DancingLinks } = await import('dancing-links');
const dlxlib = require('dlxlib');
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

const args = process.argv.slice(2);
const full = args.includes('--full');
const quick = args.includes('--quick');
const repsArg = args.indexOf('--reps') >= 0 ? args.indexOf('--reps') : args.indexOf('--runs');
const REPS = repsArg >= 0 ? Math.max(1, Number(args[repsArg + 1])) : 3;
const tdokuArg = args.indexOf('--tdoku');
const TDOKU = tdokuArg >= 0 ? args[tdokuArg + 1] : null;

const puzzleDir = join(root, 'test', 'fixtures', 'puzzles');
const readList = (file) =>
  readFileSync(join(puzzleDir, file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** Grids with many completions: the band 123456789/456789123/789123456 plus a fourth row. */
const COUNT_GRIDS = [
  '123456789456789123789123456214365897' + '.'.repeat(45),
  ...(full
    ? ['123456789456789123789123456231564978' + '.'.repeat(45), '123456789457893612986217354215938467' + '.'.repeat(45)]
    : []),
];

// ---- engines: each is (puzzleText, limit) → number of solutions (at most limit) ----

const generic = new SolutionCounter(SHAPE_3X3);
const typescript = new BitboardCounter9();
const ours = (p, limit) => countSolutions(p, { limit }).count;
const oursTs = (p, limit) => typescript.count(parseGrid(SHAPE_3X3, p), limit).count;
const oursGeneric = (p, limit) => generic.count(parseGrid(SHAPE_3X3, p), limit).count;
const oursDlx = (p, limit) => {
  const { rows, columns } = exactCoverRows(p);
  if (columns === 0) return 1;
  // src/dlx numbers items from 1
  return countExactCovers(
    exactCoverProblem(
      columns,
      rows.map((r) => r.map((k) => k + 1)),
    ),
    limit,
  ).count;
};

/** The reduced exact-cover matrix of a 9×9 puzzle: rows (r,c,d) of open cells, columns still open. */
function exactCoverRows(p) {
  const cells = parseGrid(SHAPE_3X3, p);
  const closed = new Uint8Array(324);
  const cols = (i, d) => {
    const r = (i / 9) | 0,
      c = i % 9,
      b = 3 * ((r / 3) | 0) + ((c / 3) | 0);
    return [i, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d];
  };
  for (let i = 0; i < 81; i++) if (cells[i]) for (const k of cols(i, cells[i] - 1)) closed[k] = 1;
  const id = new Int32Array(324);
  let columns = 0;
  for (let k = 0; k < 324; k++) id[k] = closed[k] ? -1 : columns++;
  const rows = [];
  for (let i = 0; i < 81; i++) {
    if (cells[i]) continue;
    for (let d = 0; d < 9; d++) {
      const ks = cols(i, d);
      if (ks.some((k) => closed[k])) continue;
      rows.push(ks.map((k) => id[k]));
    }
  }
  return { rows, columns };
}

const dl = new DancingLinks();
function dancingLinks(p, limit) {
  const { rows, columns } = exactCoverRows(p);
  if (columns === 0) return 1;
  const solver = dl.createSolver({ columns });
  solver.addSparseConstraints(rows.map((columnIndices, data) => ({ data, columnIndices })));
  if (limit !== Infinity) return solver.find(limit).length;
  let n = 0;
  for (const _ of solver.createGenerator()) n++;
  return n;
}

function dlxlibEngine(p, limit) {
  const { rows, columns } = exactCoverRows(p);
  if (columns === 0) return 1;
  const matrix = rows.map((r) => {
    const row = new Array(columns).fill(0);
    for (const k of r) row[k] = 1;
    return row;
  });
  if (limit !== Infinity) return dlxlib.solve(matrix, null, null, limit).length;
  let n = 0;
  for (const _ of dlxlib.solutionGenerator(matrix)) n++;
  return n;
}

/**
 * tdoku's driver on a whole list (limit 2 only): it prints {"puzzles","solutions","seconds"}, timing its solving
 * loop alone. Short lists go ten times over. Returns the run as timeRun does (solutions per pass of the list).
 */
function tdokuRun(list, limit) {
  const times = list.length < 10000 ? 10 : 1;
  const text = (list.map((p) => p.replace(/0/g, '.')).join('\n') + '\n').repeat(times);
  const out = JSON.parse(execFileSync(TDOKU, [String(limit)], { input: text, encoding: 'utf8' }));
  const cpu = out.cpuSeconds ?? out.seconds; // a driver that also reads std::clock() says its CPU time
  return { seconds: out.seconds / times, cpu: cpu / times, solutions: out.solutions / times };
}

const engines = [
  { name: 'sudoku-count', run: ours, reps: Math.max(REPS, 5), ours: true },
  { name: 'sudoku-count TS engine', run: oursTs, reps: Math.max(REPS, 5) },
  ...(TDOKU ? [{ name: 'tdoku (native, --tdoku)', whole: tdokuRun, reps: Math.max(REPS, 5), peer: 'tdoku' }] : []),
  ...(quick
    ? []
    : [
        { name: 'sudoku-count generic', run: oursGeneric, reps: REPS },
        { name: 'sudoku-count DLX (src/dlx)', run: oursDlx, reps: full ? REPS : 1 },
      ]),
  { name: `dancing-links ${versionOf('dancing-links')}`, run: dancingLinks, reps: REPS, peer: 'dancing-links' },
  ...(quick
    ? []
    : [
        {
          name: `dlxlib ${versionOf('dlxlib')}`,
          run: dlxlibEngine,
          reps: full ? REPS : 1,
          peer: 'dlxlib',
          sample: full ? 1 : 10,
        },
      ]),
];

// ---- workloads ----

const top = readList('top1465.txt');
const royle = readList('royle17.txt');
const hardest = readList('forum-hardest-375.txt');
const workloads = [
  {
    name: `count (${COUNT_GRIDS.length} grid${COUNT_GRIDS.length > 1 ? 's' : ''})`,
    list: COUNT_GRIDS,
    limit: Infinity,
    unit: 'solutions/s',
    perSolution: true,
  },
  { name: `top1465 (${top.length}) --limit 2`, list: top, limit: 2, unit: 'puzzles/s' },
  { name: `royle17 (${royle.length}) --limit 2`, list: royle, limit: 2, unit: 'puzzles/s' },
  { name: `forum-hardest (${hardest.length}) --limit 2`, list: hardest, limit: 2, unit: 'puzzles/s' },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function timeRun(run, list, limit) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let solutions = 0;
  for (const p of list) solutions += run(p, limit);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { seconds, cpu: (cpu.user + cpu.system) / 1e6, solutions };
}

const cpu = cpus()[0];
console.log(
  `sudoku-count solve benchmark · node ${process.version} · ${cpu ? cpu.model : 'unknown CPU'} · ` +
    `${cpus().length} cores · load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
);
console.log(
  `runs per cell: sudoku-count ${Math.max(REPS, 5)}, others ` +
    `${REPS}${full ? '' : ' (dlxlib and the reference DLX: 1; dlxlib on every 10th royle17 puzzle)'}; medians ` +
    `of wall time\n`,
);

const table = [];
let disagreements = 0;
for (const w of workloads) {
  const results = [];
  let expected = null; // solutions per puzzle, from the first engine
  // tdoku's driver takes the uniqueness workloads (limit 2)
  const plan = engines
    .filter((e) => !(e.whole && w.perSolution))
    .map((e) => {
      const sample = e.sample && w.list.length > 10000 ? w.list.filter((_, i) => i % e.sample === 0) : w.list;
      // warm-up: a slice of the puzzles, or for counts a grid with fewer completions
      if (e.whole) e.whole(sample.slice(0, 50), w.limit);
      else if (w.perSolution) e.run('123456789456789123789123456214365897365' + '.'.repeat(42), Infinity);
      else for (const p of sample.slice(0, 50)) e.run(p, w.limit);
      return { e, sample, runs: [] };
    });
  // alternate: round k runs every engine that still has runs to make
  const rounds = Math.max(...plan.map((x) => x.e.reps));
  for (let k = 0; k < rounds; k++)
    for (const x of plan)
      if (k < x.e.reps) x.runs.push(x.e.whole ? x.e.whole(x.sample, w.limit) : timeRun(x.e.run, x.sample, w.limit));
  for (const { e, sample, runs } of plan) {
    const solutions = runs[0].solutions;
    // agreement: counts per puzzle must match the first engine's (checked on the sample's puzzles)
    const want = expected
      ? sample === w.list
        ? expected.total
        : sample.reduce((s, p) => s + expected.byPuzzle.get(p), 0)
      : solutions;
    if (!expected) expected = { total: solutions, byPuzzle: new Map(w.list.map((p) => [p, e.run(p, w.limit)])) };
    const agrees = runs.every((r) => r.solutions === want);
    if (!agrees) disagreements++;
    const seconds = median(runs.map((r) => r.seconds));
    const rate = (w.perSolution ? solutions : sample.length) / seconds;
    const cpuRate = (w.perSolution ? solutions : sample.length) / median(runs.map((r) => r.cpu));
    results.push({
      engine: e,
      seconds,
      cpu: median(runs.map((r) => r.cpu)),
      rate,
      cpuRate,
      solutions,
      puzzles: sample.length,
      runs: runs.length,
      agrees,
    });
  }
  const ourRate = results.find((r) => r.engine.ours).rate;
  const ourCpuRate = results.find((r) => r.engine.ours).cpuRate;
  for (const r of results) {
    table.push({
      workload: w.name,
      engine: r.engine.name,
      input: w.perSolution ? `${r.solutions.toLocaleString('en-US')} sol` : `${r.puzzles.toLocaleString('en-US')} pz`,
      runs: String(r.runs),
      median: `${r.seconds.toFixed(3)} s`,
      cpu: `${r.cpu.toFixed(3)} s`,
      rate: `${Math.round(r.rate).toLocaleString('en-US')} ${w.unit}`,
      ratio: r.engine.ours ? '' : `${(ourRate / r.rate).toFixed(2)}×`,
      cpuRate: `${Math.round(r.cpuRate).toLocaleString('en-US')}`,
      cpuRatio: r.engine.ours ? '' : `${(ourCpuRate / r.cpuRate).toFixed(2)}×`,
      ok: r.agrees ? '✓' : '✗ counts differ',
    });
  }
}

const headers = {
  workload: 'workload',
  engine: 'engine',
  input: 'input',
  runs: 'runs',
  median: 'median',
  cpu: 'CPU',
  rate: 'rate (median)',
  ratio: 'sudoku-count ÷ this',
  cpuRate: 'rate by CPU time',
  cpuRatio: 'ours ÷ this (CPU)',
  ok: 'counts',
};
const cols = Object.keys(headers);
const width = Object.fromEntries(cols.map((c) => [c, Math.max(headers[c].length, ...table.map((r) => r[c].length))]));
const right = new Set(['input', 'runs', 'median', 'cpu', 'rate', 'ratio', 'cpuRate', 'cpuRatio']);
const line = (r) =>
  cols
    .map((c) => (right.has(c) ? r[c].padStart(width[c]) : r[c].padEnd(width[c])))
    .join('  ')
    .trimEnd();
console.log(line(headers));
console.log(cols.map((c) => '-'.repeat(width[c])).join('  '));
let last = '';
for (const r of table) {
  console.log(line({ ...r, workload: r.workload === last ? '' : r.workload }));
  last = r.workload;
}
if (disagreements > 0) {
  console.error(`\n${disagreements} engine/workload pairs disagree on the counts`);
  process.exitCode = 1;
} else {
  console.log('\nevery engine agrees on every count');
}
