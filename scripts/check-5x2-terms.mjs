#!/usr/bin/env node
/**
 * Second routes for 5x2 terms of essentially-different (docs/essentially-different.md, "Second routes"):
 *
 *   npm run build && node scripts/check-5x2-terms.mjs [--classes 'K …'] [--tau 2,2,2,2,2] [--no-orbits]
 *
 * For each class K (default: the band-keeping involutions 41 45 57 261 273 333 345; class numbers as in
 * `essentially-different --box 5x2 --json`), the term |Fix(g, τ)|/|C(τ)| by countFixedByColumnSets, and F_h of every
 * orbit representative it counts again by a plain search: the band's cells filled one at a time in reading order, a
 * digit d allowed in column c when c is the configuration's column for d in that stack and d is new to the row and
 * the column, each placement carried round its orbit under h = (q, p, τ); no matchings, memo or symmetry. With
 * --no-orbits the term is counted a second time without the orbits under C(p), F for every C(τ)-class of
 * configurations. Exits 1 on the first difference. Minutes a class (the plain search enumerates every band).
 */
import { conjugacyClasses } from '../dist/essential/conjugacyClasses.js';
import { countFixedByColumnSets } from '../dist/essential/columnSetFixedGrids.js';
import { gridGroup } from '../dist/essential/gridGroup.js';
import { boxShape } from '../dist/grid/shape.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const classes = opt('--classes', '41 45 57 261 273 333 345').split(/\s+/).filter(Boolean).map(Number);
const tau = opt('--tau', '2,2,2,2,2').split(',').map(Number);
const R = 5,
  n = 10;

/** Bands with column masks cols[d] fixed by h = (q, p, τ): B(q(r), p(c)) = τ(B(r, c)). */
function plainBands(cols, q, p, t) {
  const B = new Int32Array(R * n).fill(-1);
  const rowUsed = new Int32Array(R),
    colUsed = new Int32Array(n);
  const trail = [];
  let count = 0;
  const fits = (r, c, d) => (cols[d] >> c) & 1 && !((rowUsed[r] >> d) & 1) && !((colUsed[c] >> d) & 1);
  const place = (r, c, d) => {
    for (;;) {
      const cell = r * n + c;
      if (B[cell] >= 0) return B[cell] === d;
      if (!fits(r, c, d)) return false;
      B[cell] = d;
      rowUsed[r] |= 1 << d;
      colUsed[c] |= 1 << d;
      trail.push(cell);
      [r, c, d] = [q[r], p[c], t[d]];
    }
  };
  const undo = (mark) => {
    while (trail.length > mark) {
      const cell = trail.pop();
      const d = B[cell];
      B[cell] = -1;
      rowUsed[Math.floor(cell / n)] &= ~(1 << d);
      colUsed[cell % n] &= ~(1 << d);
    }
  };
  const rec = (cell) => {
    while (cell < R * n && B[cell] >= 0) cell++;
    if (cell === R * n) {
      count++;
      return;
    }
    const r = Math.floor(cell / n),
      c = cell % n;
    for (let d = 0; d < n; d++) {
      if (!fits(r, c, d)) continue;
      const mark = trail.length;
      if (place(r, c, d)) rec(cell + 1);
      undo(mark);
    }
  };
  rec(0);
  return count;
}

const G = gridGroup(boxShape(R, 2));
const cc = conjugacyClasses(G);
let failed = false;
console.log('| class | τ | term | orbits | F checked | plain = tied | without orbits | s |');
console.log('|---|---|---:|---:|---:|---|---|---:|');
for (const k of classes) {
  const t0 = performance.now();
  let checked = 0;
  const bad = [];
  const r = countFixedByColumnSets(G, cc.reps[k], tau, {
    onOrbit: (cols, maps, f) => {
      checked++;
      maps.forEach((h, i) => {
        const plain = plainBands(cols, h.q, h.p, h.tau);
        if (plain !== f[i]) bad.push(`cols ${Array.from(cols).join(',')}: map ${i} tied ${f[i]}, plain ${plain}`);
      });
    },
  });
  const again = args.includes('--no-orbits') ? countFixedByColumnSets(G, cc.reps[k], tau, { orbits: false }) : null;
  const same = again === null ? '–' : again.count === r.count ? 'same' : `${again.count}: DIFFERS`;
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  const ok = bad.length ? 'NO' : 'yes';
  console.log(
    `| ${k} | ${tau.join('')} | ${r.count} | ${r.configurationOrbits} | ${checked} | ${ok} | ${same} | ${s} |`,
  );
  for (const b of bad) console.log(`  ${b}`);
  if (bad.length || (again !== null && again.count !== r.count)) failed = true;
}
if (failed) process.exit(1);
