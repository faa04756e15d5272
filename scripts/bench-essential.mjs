#!/usr/bin/env node
// npm run bench -- essential [--runs K]   (or: node scripts/bench-essential.mjs [--runs K] [--census])
// Essentially different grids by Burnside's lemma: `sudoku-count essentially-different --json` in a fresh
// process, K runs per setting; medians of the wall time and of each stage, the slowest classes (median seconds
// of their tasks), and the result. --census adds one timed run of the automorphism census (--automorphisms).
// --column-sets adds the whole term-by-term check of the column-configuration counter (countFixedByColumnSets)
// against the tied search (countFixedGrids) on 4x2 and 2x4, 156 terms each (the tests take every fifth); it
// stops with an error on the first term that differs.
// The machine is shared and noisy: the load average is printed with the table.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const census = args.includes('--census');
const columnSets = args.includes('--column-sets');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => x.toFixed(3);
// big integers as strings before JSON.parse
const parse = (out) => JSON.parse(out.replace(/:(\d{16,})/g, ':"$1"'));

function run(box, workers, extra = []) {
  const t0 = process.hrtime.bigint();
  const out = execFileSync(
    process.execPath,
    [cli, 'essentially-different', '--box', box, '--json', '--workers', String(workers), ...extra],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 1 << 28 },
  );
  return { wall: Number(process.hrtime.bigint() - t0) / 1e9, o: parse(out) };
}

function bench(box, workers) {
  const walls = [];
  const stages = { classes: [], identity: [], fixed: [], total: [] };
  const perClass = new Map();
  let last;
  for (let i = 0; i < runs; i++) {
    const { wall, o } = run(box, workers);
    walls.push(wall);
    for (const k of Object.keys(stages)) stages[k].push(o.seconds[k]);
    for (const c of o.classRows) {
      if (!perClass.has(c.id)) perClass.set(c.id, { c, seconds: [] });
      perClass.get(c.id).seconds.push(c.seconds);
    }
    last = o;
  }
  return {
    box,
    workers,
    wall: median(walls),
    stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, median(v)])),
    perClass,
    o: last,
  };
}

console.log(
  `# essentially different grids: \`sudoku-count essentially-different --json\`, ${runs} runs each, medians in ` +
    `seconds (load average at start ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
);
console.log(
  '| box | workers | classes | identity (band method) | other terms (Σ task times) | in-process total | wall | ' +
    'result |',
);
console.log('|---|---|---|---|---|---|---|---|');
const rows = [
  bench('3x3', 1),
  bench('3x3', 2),
  bench('4x2', 1),
  bench('4x2', 2),
  bench('2x4', 2),
  bench('2x3', 1),
  bench('3x2', 1),
];
for (const r of rows) {
  const s = r.stages;
  console.log(
    `| ${r.box} | ${r.workers} | ${fmt(s.classes)} | ${fmt(s.identity)} | ${fmt(s.fixed)} | ${fmt(s.total)} | ` +
      `${fmt(r.wall)} | ${r.o.total} |`,
  );
}
for (const r of [rows[0], rows[2]]) {
  console.log(`\n## ${r.box}: the slowest classes (1 worker; median seconds of the class's tasks)`);
  console.log('| class | size | representative | fixed | seconds |');
  console.log('|---|---|---|---|---|');
  const slow = [...r.perClass.values()]
    .map(({ c, seconds }) => ({ c, s: median(seconds) }))
    .filter(({ c }) => c.id !== 0 && c.fixed !== 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, 12);
  for (const { c, s } of slow)
    console.log(`| ${c.id} | ${c.size} | ${c.representative.text} | ${c.fixed} | ${fmt(s)} |`);
}
if (census) {
  const { wall, o } = run('3x3', 2, ['--automorphisms']);
  console.log(`\n## 3x3 automorphism census (2 workers, one run): wall ${fmt(wall)} s`);
  console.log(`census seconds ${fmt(o.automorphisms.seconds)}, grids examined ${o.automorphisms.gridsExamined}\n`);
  console.log('| order of Aut | essentially different grids |');
  console.log('|---|---|');
  for (const [a, k] of o.automorphisms.byOrder) console.log(`| ${a} | ${k} |`);
}
if (columnSets) {
  const { countFixedByColumnSets } = await import('../dist/essential/columnSetFixedGrids.js');
  const { columnSetGroup } = await import('../dist/essential/columnSetTerms.js');
  const { conjugacyClasses } = await import('../dist/essential/conjugacyClasses.js');
  const { countFixedGrids } = await import('../dist/essential/countFixedGrids.js');
  const { gridGroup } = await import('../dist/essential/gridGroup.js');
  const { relabellingTypes } = await import('../dist/essential/relabellingTypes.js');
  const { boxShape } = await import('../dist/grid/shape.js');
  console.log('\n## every term of 4x2 and 2x4: column configurations against the tied search\n');
  console.log('| box | terms | band-swapping | tied search s | column sets s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [R, C] of [
    [4, 2],
    [2, 4],
  ]) {
    const shape = boxShape(R, C);
    const G = gridGroup(shape);
    const rx2 = columnSetGroup(G);
    const cc = conjugacyClasses(G);
    let terms = 0,
      swapping = 0,
      tied = 0,
      sets = 0;
    for (let k = 1; k < cc.count; k++) {
      const x = cc.reps[k];
      for (const tau of relabellingTypes(shape, G.cellMap(x)).admissible) {
        terms++;
        let t = performance.now();
        const a = countFixedGrids(G, x, tau).count;
        tied += performance.now() - t;
        t = performance.now();
        const b = countFixedByColumnSets(rx2.group, rx2.element(x), tau);
        sets += performance.now() - t;
        if (b.swapsBands) swapping++;
        if (BigInt(a) !== b.count) throw new Error(`${R}x${C} class ${k} τ ${tau.join(',')}: ${a} vs ${b.count}`);
      }
    }
    console.log(`| ${R}x${C} | ${terms} | ${swapping} | ${fmt(tied / 1000)} | ${fmt(sets / 1000)} |`);
  }
}
