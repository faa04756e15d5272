#!/usr/bin/env node
// npm run bench -- shapes [--runs K] [--quick]
// The shapes beyond the classic band method: 2x4 by four bands, R×2 by column sets (2x2 … 5x2, and 2x5 by
// transposition). Each row is `sudoku-count count --box … --json` in a fresh process, K runs (default 3),
// medians in seconds; N is checked against the published count. The last step regenerates
// data/colsets-classes-5x2.json and compares it byte for byte. --quick leaves out 5x2 and 2x5.
// Run it with `nice -n 10` on a shared machine; say how loaded the machine was next to the figures.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const quick = args.includes('--quick');

// published counts: the benchmark checks them; src/ never sees them
const PUBLISHED = {
  8: 29136487207403520n,
  10: 1903816047972624930994913280000n,
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => (x < 10 ? x.toFixed(3) : x.toFixed(1));
const bigJson = (text) =>
  // big integers as strings (never the seconds, which have a decimal point)
  JSON.parse(text.replace(/"(total|bands|configurations|totalWithFixedBox)":(\d+)(?![\d.])/g, '"$1":"$2"'));

function bench(box, method, workers) {
  const wall = [];
  const stage = { classes: [], bands: [], total: [] };
  let out = null;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const text = execFileSync(
      process.execPath,
      [cli, 'count', '--box', box, '--method', method, '--json', '--workers', String(workers)],
      { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    );
    wall.push(Number(process.hrtime.bigint() - t0) / 1e9);
    out = bigJson(text);
    if (method === 'column-sets') {
      stage.classes.push(out.seconds.classes);
      stage.bands.push(out.seconds.bands);
    } else {
      stage.classes.push(out.seconds.bands + out.seconds.classes);
      stage.bands.push(out.seconds.completions);
    }
    stage.total.push(out.seconds.total);
  }
  const n = out.n;
  const expected = PUBLISHED[n];
  const ok = expected === undefined ? '' : BigInt(out.total) === expected ? ' ✓' : ' ✗ MISMATCH';
  return {
    box,
    method,
    workers,
    classes: out.classes,
    stage: Object.fromEntries(Object.entries(stage).map(([k, v]) => [k, median(v)])),
    wall: median(wall),
    total: `${BigInt(out.total).toLocaleString('en-US')}${ok}`,
  };
}

console.log(
  `# shapes: \`sudoku-count count --box … --method … --json\`, ${runs} run(s) each, medians in seconds; ` +
    `load average at start ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
);
console.log('| box | method | workers | classes | classes stage | per-class stage | in-process total | wall | N |');
console.log('|---|---|---|---|---|---|---|---|---|');
const rows = [
  ['2x4', 'bands', 1],
  ['2x2', 'column-sets', 1],
  ['3x2', 'column-sets', 1],
  ['4x2', 'column-sets', 1],
  ['4x2', 'column-sets', 2],
];
if (!quick) rows.push(['5x2', 'column-sets', 1], ['5x2', 'column-sets', 2], ['2x5', 'column-sets', 2]);
for (const [box, method, workers] of rows) {
  const r = bench(box, method, workers);
  console.log(
    `| ${r.box} | ${r.method} | ${r.workers} | ${r.classes} | ${fmt(r.stage.classes)} | ${fmt(r.stage.bands)} | ` +
      `${fmt(r.stage.total)} | ${fmt(r.wall)} | ${r.total} |`,
  );
}
console.log(
  '\nbands: "classes stage" = bands + classes, "per-class stage" = completions n_C. column-sets: "classes ' +
    'stage" = configuration classes, "per-class stage" = F of every class (on the threads).',
);

if (!quick) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-shapes-'));
  try {
    const out = join(dir, 'colsets-classes-5x2.json');
    execFileSync(process.execPath, [cli, 'classes', '--box', '5x2', '--out', out], {
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const same = readFileSync(out, 'utf8') === readFileSync(join(root, 'data', 'colsets-classes-5x2.json'), 'utf8');
    console.log(`data/colsets-classes-5x2.json regenerated: ${same ? 'identical ✓' : 'DIFFERENT ✗'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
