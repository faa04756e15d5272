#!/usr/bin/env node
// node scripts/compare-se.mjs [FILE] [--json]
// Rates the Sudoku Explainer sample (test/fixtures/puzzles/sudoku-exchange-se.txt: Sudoku Exchange puzzles with
// the rating Sukaku Explainer gave them) with our rater and prints, per SE bucket and over all: puzzles, share the
// techniques finish, Spearman rank correlation with SE, share within ±0.3 and ±1.0, and the puzzles per second.
// A puzzle the techniques do not finish counts as a miss for ±0.3/±1.0 and ranks above every finished one (as 99).
// Needs `npm run build` first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ratePuzzle } = await import(join(root, 'dist', 'index.js'));
const args = process.argv.slice(2);
const file =
  args.find((a) => !a.startsWith('--')) ?? join(root, 'test', 'fixtures', 'puzzles', 'sudoku-exchange-se.txt');
const rows = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [, puzzle, se] = line.trim().split(/\s+/);
    return { puzzle, se: Number(se) };
  });

const BUCKETS = [
  ['2.5–3.4', 2.5, 3.5],
  ['3.6–4.8', 3.5, 5.0],
  ['5.0–6.4', 5.0, 6.5],
  ['6.5–7.9', 6.5, 8.0],
  ['8.0–9.3', 8.0, 10],
];

const t0 = process.hrtime.bigint();
for (const r of rows) {
  const rating = ratePuzzle(r.puzzle);
  r.ours = rating.needsSearch || rating.contradiction ? null : rating.rating;
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

/** Average ranks (ties share their mean rank). */
function ranks(xs) {
  const order = xs.map((x, i) => [x, i]).sort((a, b) => a[0] - b[0]);
  const r = new Array(xs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}
function spearman(a, b) {
  const ra = ranks(a),
    rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((s, x) => s + x, 0) / n,
    mb = rb.reduce((s, x) => s + x, 0) / n;
  let num = 0,
    da = 0,
    db = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i] - ma) * (rb[i] - mb);
    da += (ra[i] - ma) ** 2;
    db += (rb[i] - mb) ** 2;
  }
  return da === 0 || db === 0 ? NaN : num / Math.sqrt(da * db);
}
function summary(name, set) {
  const n = set.length;
  const rated = set.filter((r) => r.ours !== null).length;
  const within = (d) => set.filter((r) => r.ours !== null && Math.abs(r.ours - r.se) <= d + 1e-9).length / n;
  const rho = spearman(
    set.map((r) => r.se),
    set.map((r) => r.ours ?? 99),
  );
  return { bucket: name, puzzles: n, rated: rated / n, spearman: rho, within03: within(0.3), within10: within(1.0) };
}

const table = BUCKETS.map(([name, lo, hi]) =>
  summary(
    name,
    rows.filter((r) => r.se >= lo && r.se < hi),
  ),
);
table.push(summary('all', rows));
if (args.includes('--json')) {
  console.log(JSON.stringify({ file, seconds, table }));
} else {
  const pct = (x) => `${(100 * x).toFixed(0)} %`;
  console.log('| SE bucket | puzzles | rated | Spearman ρ | within ±0.3 | within ±1.0 |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const t of table)
    console.log(
      `| ${t.bucket} | ${t.puzzles} | ${pct(t.rated)} | ${Number.isNaN(t.spearman) ? '–' : t.spearman.toFixed(2)} | ` +
        `${pct(t.within03)} | ${pct(t.within10)} |`,
    );
  console.log(`\n${rows.length} puzzles in ${seconds.toFixed(2)} s (${(rows.length / seconds).toFixed(0)} puzzles/s)`);
}
