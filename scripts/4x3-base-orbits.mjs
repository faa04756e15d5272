#!/usr/bin/env node
/**
 * For each of the nine base boxes of 4x3: the order of the stabiliser H_b of (standard, base) and its orbits on the
 * 5,775 partitions (union-find over generators), the copies a contiguous-column layout would need (docs/4x3.md).
 *   npm run build && node scripts/4x3-base-orbits.mjs
 */
import { columnPartitions } from '../dist/grid/columnPartitions.js';
import { boxShape } from '../dist/grid/shape.js';
import { boxPairReduction } from '../dist/count/boxPairReduction.js';
import { permutationsOf } from '../dist/grid/permutationsOf.js';
const parts = columnPartitions(boxShape(4, 3));
const red = boxPairReduction(parts);
const n = 12,
  P = parts.count;
const S = [0, 0, 0];
for (let d = 0; d < n; d++) S[d % 3] |= 1 << d;
const perms = permutationsOf(3);
let totalOrbits = 0,
  totalPairOrbits = 0;
for (let b = 0; b < red.bases; b++) {
  const X = Array.from(parts.blocks.subarray(red.rep[b] * 3, red.rep[b] * 3 + 3));
  const cell = (i, j) => {
    const out = [];
    const m = S[i] & X[j];
    for (let d = 0; d < n; d++) if ((m >> d) & 1) out.push(d);
    return out;
  };
  const gens = [];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const c = cell(i, j);
      for (let k = 0; k + 1 < c.length; k++) {
        const g = [...Array(n).keys()];
        g[c[k]] = c[k + 1];
        g[c[k + 1]] = c[k];
        gens.push(g);
      }
    }
  let aut = 0;
  for (const p of perms)
    for (const s of perms) {
      let ok = true;
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) if (cell(p[i], s[j]).length !== cell(i, j).length) ok = false;
      if (!ok) continue;
      aut++;
      const g = new Array(n);
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) {
          const a = cell(i, j),
            c = cell(p[i], s[j]);
          a.forEach((d, k) => (g[d] = c[k]));
        }
      gens.push(g);
    }
  let cells = 1;
  const fact = (k) => (k <= 1 ? 1 : k * fact(k - 1));
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) cells *= fact(cell(i, j).length);
  const act = (g, q) => {
    const out = new Int32Array(3);
    for (let j = 0; j < 3; j++) {
      let m = parts.blocks[q * 3 + j],
        r = 0;
      for (let d = 0; d < n; d++) if ((m >> d) & 1) r |= 1 << g[d];
      out[j] = r;
    }
    return parts.indexOf(out);
  };
  const par = new Int32Array(P).map((_, i) => i);
  const find = (x) => {
    while (par[x] !== x) {
      par[x] = par[par[x]];
      x = par[x];
    }
    return x;
  };
  for (const g of gens)
    for (let q = 0; q < P; q++) {
      const a = find(q),
        c = find(act(g, q));
      if (a !== c) par[Math.max(a, c)] = Math.min(a, c);
    }
  let orbits = 0;
  for (let q = 0; q < P; q++) if (find(q) === q) orbits++;
  totalOrbits += orbits;
  totalPairOrbits += (P * P) / (cells * aut);
  console.log(
    'base',
    b,
    Array.from(red.matrices.subarray(b * 9, b * 9 + 9)).join(''),
    '|H| =',
    cells * aut,
    'orbits on partitions',
    orbits,
    '~pair orbits',
    Math.round((P * P) / (cells * aut)),
  );
}
console.log(
  'total orbit reps (column copies)',
  totalOrbits,
  '~',
  ((totalOrbits * P * 346 * 4) / 2 ** 30).toFixed(1),
  'GB; pair types ~',
  Math.round(totalPairOrbits),
);
