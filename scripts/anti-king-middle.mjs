#!/usr/bin/env node
// node scripts/anti-king-middle.mjs [--bands K] [--seed S] [--check K']: the cost of a cheaper route to 9×9 anti-king
// (docs/variant-counts.md, "anti-king: the middle band"). With the middle band B2 (rows 4–6) fixed, the top band B1 and
// the bottom band B3 interact only through the columns: column c of B1 holds a 3-set K_c of the six digits B2 leaves
// free there, and B3 holds the other three. So the completions of B2 are
//     n(B2) = Σ_K T1[K] · T3[K̄]
// T1[K]: the bands B1 with column sets K (rows, boxes, columns, the anti-king pairs inside B1 and between row 3 and
// row 4); T3 likewise for B3 against row 6; K̄ the complementary sets. Each table is filled by one depth-first search
// over one band (not over pairs of bands), which is where the gain lies. This script draws K random valid middle
// bands (row 4 = 1..9, a seeded random completion of rows 5–6 that keeps rows, boxes, columns and anti-king), times
// T1 and T3 and the join, and for the first K' (default 1) checks n(B2) against the exact-cover engine with B2
// given (src/variants/rulesExactCover.ts, every completion enumerated). CPU seconds per band, and what they project
// for the whole count (the classes of middle bands under the variant's group are about as many as the 271,872
// top-block classes). After `npm run build`.
//
// Imported (scripts/bench-variant-count.mjs --anti-king), it runs nothing and gives `middleBandCompletions(middle)`:
// n(B2) by the two per-band searches and the join, the second route of the edge-table count's per-band values.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { parseRules } = await import(join(root, 'dist', 'grid', 'rules.js'));
const { parseBoxShape } = await import(join(root, 'dist', 'grid', 'shape.js'));
const { rulesExactCover } = await import(join(root, 'dist', 'variants', 'rulesExactCover.js'));

const main = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const args = main ? process.argv.slice(2) : [];
const opt = (name, dflt) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : dflt;
};
const K = opt('--bands', 5);
const checks = opt('--check', 1);
let x = opt('--seed', 7) >>> 0;
const rand = () => {
  x = (x + 0x6d2b79f5) | 0;
  let t = Math.imul(x ^ (x >>> 15), 1 | x);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** A random valid middle band: row 4 = 1..9, rows 5–6 by a randomised search (rows, boxes, anti-king). */
function randomMiddle() {
  const g = new Int8Array(27); // rows 4..6 as 0..2
  for (let c = 0; c < 9; c++) g[c] = c + 1;
  const ok = (i, d) => {
    const r = Math.floor(i / 9),
      c = i % 9;
    for (let j = 0; j < i; j++) {
      const rj = Math.floor(j / 9),
        cj = j % 9;
      if (g[j] !== d) continue;
      if (rj === r || cj === c || Math.floor(cj / 3) === Math.floor(c / 3)) return false;
      if (rj === r - 1 && Math.abs(cj - c) === 1) return false;
    }
    return true;
  };
  const fill = (i) => {
    if (i === 27) return true;
    const ds = [1, 2, 3, 4, 5, 6, 7, 8, 9].sort(() => rand() - 0.5);
    for (const d of ds)
      if (ok(i, d)) {
        g[i] = d;
        if (fill(i + 1)) return true;
      }
    g[i] = 0;
    return false;
  };
  fill(9);
  return g;
}

/**
 * T[K] for the band on the side of `edge` (the middle band's row next to it): every band of 3 rows whose columns
 * avoid the middle band's column digits, keyed by its 9 column sets (each a 3-subset of the 6 free digits, rank
 * 0..19, so a key < 20^9).
 */
function bandTable(middle, edgeRow, edgeIsBelow) {
  const colMask = new Int32Array(9);
  for (let i = 0; i < 27; i++) colMask[i % 9] |= 1 << middle[i];
  const free = Array.from({ length: 9 }, (_, c) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !(colMask[c] & (1 << d))));
  // rank of a 3-subset mask of column c's free digits
  const rankOf = free.map((ds) => {
    const m = new Map();
    let k = 0;
    for (let a = 0; a < 6; a++)
      for (let b = a + 1; b < 6; b++)
        for (let e = b + 1; e < 6; e++) m.set((1 << ds[a]) | (1 << ds[b]) | (1 << ds[e]), k++);
    return m;
  });
  const edge = middle.subarray(edgeRow * 9, edgeRow * 9 + 9);
  const table = new Map();
  const g = new Int8Array(27);
  const rowUsed = new Int32Array(3),
    boxUsed = new Int32Array(3),
    colUsed = new Int32Array(9);
  // the band's row that touches the middle band: row 2 (0-based) for B1, row 0 for B3
  const touching = edgeIsBelow ? 2 : 0;
  let nodes = 0;
  const fill = (i) => {
    if (i === 27) {
      let key = 0;
      for (let c = 0; c < 9; c++) key = key * 20 + rankOf[c].get(colUsed[c]);
      table.set(key, (table.get(key) ?? 0) + 1);
      return;
    }
    const r = Math.floor(i / 9),
      c = i % 9,
      b = Math.floor(c / 3);
    let banned = rowUsed[r] | boxUsed[b] | colUsed[c] | colMask[c];
    if (r > 0) {
      if (c > 0) banned |= 1 << g[i - 10];
      if (c < 8) banned |= 1 << g[i - 8];
    }
    if (r === touching) {
      if (c > 0) banned |= 1 << edge[c - 1];
      if (c < 8) banned |= 1 << edge[c + 1];
    }
    for (let d = 1; d <= 9; d++) {
      if (banned & (1 << d)) continue;
      nodes++;
      g[i] = d;
      rowUsed[r] |= 1 << d;
      boxUsed[b] |= 1 << d;
      colUsed[c] |= 1 << d;
      fill(i + 1);
      rowUsed[r] &= ~(1 << d);
      boxUsed[b] &= ~(1 << d);
      colUsed[c] &= ~(1 << d);
    }
  };
  fill(0);
  return { table, nodes };
}

/** The complement key: column c's other three free digits. */
function complementKey(key) {
  // rank k of a 3-subset of 6 ↔ its complement's rank: 19 − k in colex-free lexicographic order of (a<b<e)
  let out = 0,
    mul = 1;
  for (let c = 8; c >= 0; c--) {
    const k = key % 20;
    key = (key - k) / 20;
    out += (19 - k) * mul;
    mul *= 20;
  }
  return out;
}

/** n(B2) of a middle band (27 digits, rows 4–6) by the two per-band searches and the join over their maps. */
export function middleBandCompletions(middle) {
  const top = bandTable(middle, 0, true);
  const bottom = bandTable(middle, 2, false);
  let n = 0;
  for (const [key, v] of top.table) n += v * (bottom.table.get(complementKey(key)) ?? 0);
  return n;
}

const rules = parseRules(parseBoxShape('3x3'), 'anti-king');
const rows = [];
for (let s = 0; main && s < K; s++) {
  const middle = randomMiddle();
  const t0 = cpu();
  const top = bandTable(middle, 0, true);
  const bottom = bandTable(middle, 2, false);
  const t1 = cpu();
  let n = 0;
  for (const [key, v] of top.table) n += v * (bottom.table.get(complementKey(key)) ?? 0);
  const t2 = cpu();
  const row = {
    band: Array.from({ length: 3 }, (_, r) => middle.subarray(r * 9, r * 9 + 9).join('')).join('/'),
    topBands: [...top.table.values()].reduce((a, b) => a + b, 0),
    topKeys: top.table.size,
    bottomBands: [...bottom.table.values()].reduce((a, b) => a + b, 0),
    completions: n,
    tableSeconds: +(t1 - t0).toFixed(3),
    joinSeconds: +(t2 - t1).toFixed(3),
  };
  if (s < checks) {
    const cells = new Uint8Array(81);
    cells.set(middle, 27);
    const t3 = cpu();
    row.exactCover = rulesExactCover(rules, cells).count;
    row.exactCoverSeconds = +(cpu() - t3).toFixed(3);
    row.same = row.exactCover === n;
  }
  rows.push(row);
  process.stdout.write(JSON.stringify(row) + '\n');
}
if (main) report();
function report() {
  const mean = rows.reduce((a, r) => a + r.tableSeconds + r.joinSeconds, 0) / rows.length;
  const hours = ((mean * 271872) / 3600).toFixed(1);
  process.stdout.write(
    `mean ${mean.toFixed(3)} CPU s per middle band (one thread); × 271,872 classes ≈ ${hours} CPU-hours\n`,
  );
}
