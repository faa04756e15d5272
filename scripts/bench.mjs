#!/usr/bin/env node
// npm run bench [-- count|solve|estimate|hybrid|shapes|index|dlx|essential|audit|audit-file|generate|rate-se|bounded|
//   shards|variants|variant-count|variant-essential|variant-tables|web|6x2-columns|6x2-classes ...]
//   [--runs K] [flags for the scripts, e.g. --full] [--c-sketch PATH] [--baseline CLI] [--tdoku PATH]
// --c-sketch: a native program of the band method (the C sketch of docs/benchmarks.md, built outside the
// repository), run alternately with `count --workers 2`; --baseline: another build's dist/cli/main.js (an earlier
// commit, built outside the repository), run in the same alternation; --tdoku goes to bench-solve.mjs.
// Benchmarks print tables of medians; they are not tests. The machine is shared and noisy: compare
// medians and ratios, not single runs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 9;
const VALUED = [
  '--runs',
  '--c-sketch',
  '--baseline',
  '--tdoku',
  '--engine',
  '--classes',
  '--seed',
  '--results',
  '--shard',
];
const parts = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1]));
const want = (name) => parts.length === 0 || parts.includes(name);
const sketchAt = args.indexOf('--c-sketch');
const cSketch = sketchAt >= 0 ? args[sketchAt + 1] : null;
const baselineAt = args.indexOf('--baseline');
const baseline = baselineAt >= 0 ? args[baselineAt + 1] : null;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => x.toFixed(3);

function benchCount(box, workers) {
  const wall = [];
  const stages = { bands: [], classes: [], columnSets: [], completions: [], total: [] };
  let total = '';
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const out = execFileSync(process.execPath, [cli, 'count', '--box', box, '--json', '--workers', String(workers)], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    wall.push(Number(process.hrtime.bigint() - t0) / 1e9);
    const o = JSON.parse(
      out.replace(/"total":(\d+)/, '"total":"$1"').replace(/"totalWithFixedBox":(\d+)/, '"totalWithFixedBox":"$1"'),
    );
    for (const k of Object.keys(stages)) stages[k].push(o.seconds[k]);
    total = o.total;
  }
  return {
    box,
    workers,
    wall: median(wall),
    wallMin: Math.min(...wall),
    stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, median(v)])),
    total,
  };
}

if (want('count')) {
  console.log(`# exact count: \`sudoku-count count --json\` in a fresh process, ${runs} runs each, medians in seconds`);
  console.log(
    '| box | workers | bands | classes | column sets F | completions | in-process total | wall (process) | ' +
      'min wall | N |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const rows = [
    benchCount('3x3', 1),
    benchCount('3x3', 2),
    benchCount('4x2', 1),
    benchCount('3x2', 1),
    benchCount('2x3', 1),
  ];
  for (const r of rows) {
    const s = r.stages;
    console.log(
      `| ${r.box} | ${r.workers} | ${fmt(s.bands)} | ${fmt(s.classes)} | ${fmt(s.columnSets)} | ` +
        `${fmt(s.completions)} | ${fmt(s.total)} | ${fmt(r.wall)} | ${fmt(r.wallMin)} | ${r.total} |`,
    );
  }
  const node = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    execFileSync(process.execPath, ['-e', '0']);
    node.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  console.log(
    `\nbare \`node -e 0\` start-up, median: ${fmt(median(node))} s. 3x3 wall, 2 workers / 1 worker: ` +
      `${(rows[1].wall / rows[0].wall).toFixed(2)}×.`,
  );
  console.log(
    '3x3 and 2x3 build F on the main thread (WebAssembly) before the classes; 4x2 with 2 workers builds it in a ' +
      'worker while the main thread finds the classes: those stages overlap.\n',
  );
  if (cSketch) {
    // alternate: one `count` process, one run of the native sketch (and one of the baseline build), so load hits
    // all alike; wall time and CPU time (user + system, every thread) of each
    const programs = [
      { name: '`count --workers 2`', file: process.execPath, args: [cli, 'count', '--json', '--workers', '2'] },
      { name: 'native sketch', file: cSketch, args: [] },
      ...(baseline
        ? [{ name: 'baseline `count --workers 2`', file: process.execPath, args: [baseline, 'count', '--json'] }]
        : []),
    ].map((p) => ({ ...p, wall: [], cpu: [] }));
    const cpuOf = (file, argv) => {
      // /usr/bin/time would need to exist: ask bash's `times` for the children's CPU instead
      const out = execFileSync('bash', ['-c', '"$@" >/dev/null; times', 'bench', file, ...argv], {
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
      });
      const [, child] = out.trim().split('\n');
      const secs = [...child.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      return secs[0] + secs[1];
    };
    for (let i = 0; i < runs; i++) {
      for (const p of programs) {
        const t0 = process.hrtime.bigint();
        p.cpu.push(cpuOf(p.file, p.args));
        p.wall.push(Number(process.hrtime.bigint() - t0) / 1e9);
      }
    }
    const [ours, native] = programs;
    console.log(`3x3 count, ${runs} alternated runs (wall includes a bash around each; CPU: user + system):`);
    for (const p of programs) {
      console.log(
        `  ${p.name}: wall ${fmt(median(p.wall))} s (min ${fmt(Math.min(...p.wall))}), ` +
          `CPU ${fmt(median(p.cpu))} s`,
      );
    }
    console.log(
      `  ratio of medians to the sketch: wall ${(median(ours.wall) / median(native.wall)).toFixed(2)}×, ` +
        `CPU ${(median(ours.cpu) / median(native.cpu)).toFixed(2)}×` +
        (programs[2] ? `; baseline wall ${(median(programs[2].wall) / median(native.wall)).toFixed(2)}×` : '') +
        '.\n',
    );
  }
}

// --runs K, and everything else but the names (flags with their values, e.g. `npm run bench -- index
// --uniformity`, `npm run bench -- dlx --classes 0,415`), go to the scripts
const SCRIPTS = [
  ['solve', 'bench-solve.mjs'],
  ['estimate', 'bench-estimate.mjs'],
  ['hybrid', 'bench-hybrid.mjs'],
  ['shapes', 'bench-shapes.mjs'],
  ['index', 'bench-index.mjs'],
  ['dlx', 'bench-dlx.mjs'],
  ['essential', 'bench-essential.mjs'],
  ['audit', 'bench-audit.mjs'],
  ['audit-file', 'bench-audit-file.mjs'],
  ['generate', 'bench-generate.mjs'],
  ['rate-se', 'bench-rate.mjs'],
  ['bounded', 'bench-bounded.mjs'],
  ['shards', 'bench-shards.mjs'],
  ['variants', 'bench-variants.mjs'],
  ['variant-count', 'bench-variant-count.mjs'],
  ['variant-essential', 'bench-variant-essential.mjs'],
  ['variant-tables', 'variant-tables-9x9.mjs'],
  ['web', 'bench-web.mjs'],
  ['6x2-columns', 'bench-6x2-columns.mjs'],
  ['6x2-classes', 'bench-6x2-classes.mjs'],
];
const NAMES = ['count', ...SCRIPTS.map(([name]) => name)];
const flags = args.filter((a, i) => (runsAt < 0 || (i !== runsAt && i !== runsAt + 1)) && !NAMES.includes(a));
for (const [name, script] of SCRIPTS) {
  const path = join(root, 'scripts', script);
  if (want(name) && existsSync(path)) {
    console.log(`# ${name}: scripts/${script}`);
    execFileSync(process.execPath, [path, ...(runsAt >= 0 ? ['--runs', String(runs)] : []), ...flags], {
      stdio: 'inherit',
    });
    console.log('');
  }
}
