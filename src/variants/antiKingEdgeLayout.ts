import { subsetsOf } from '../grid/bits.js';

/**
 * The tables of the anti-king three-band route (docs/variant-counts.md, "9×9 anti-king: the edge table"), for a box
 * shape R×3 (three bands of R rows; 3×3 and 2×3): what the edge table U is indexed by, and the box fillings it is
 * built from.
 *
 * The edge band: R rows × n columns (n = 3R), rows permutations of 1..n, each box (R rows × 3 columns) holding
 * 1..n, anti-king inside the band, and below it an invisible row n° = 1 2 … n (the middle band's first row after
 * relabelling), so that
 *   - column c's digit set K_c (R digits) does not hold c+1 (the middle band's column c holds it), and
 *   - the band's bottom row at column c avoids c and c+2 (its diagonal neighbours below, where they exist).
 *
 * Edge part of stack j (columns 3j..3j+2): the ordered triple (K_3j, K_3j+1, K_3j+2) of R-sets partitioning 1..n,
 * K_c not holding c+1. `parts[j]` lists them (M of them, 540 on 9×9, 30 on 2×3; the same M for every stack), and
 * `partIndex[j]` maps a triple's key (mask₀ | mask₁<<10 | mask₂<<20, digit d as bit d) to its index.
 * U is indexed by the R stacks' part indices in mixed radix M (stack 0 most significant): M^R entries.
 *
 * Box fillings of stack j, grouped by row-set configuration (the R row masks of the box): for each filling its part
 * index, its left column (bit of the digit of row r at bits 10r..10r+9) and what its right column forbids in the
 * next box's left column (anti-king: row r' there may not hold row r'±1's digit here), in the same layout, so that
 * two neighbouring boxes fit iff (forbid & left) === 0.
 */
export interface AntiKingEdgeLayout {
  /** R: rows per band = stacks. */
  readonly R: number;
  readonly n: number;
  /** Edge parts per stack. */
  readonly M: number;
  readonly parts: readonly Int32Array[];
  readonly partIndex: readonly Map<number, number>[];
  /** Per stack: configuration key (row masks, 10 bits a row) → [first, end) into the filling arrays. */
  readonly configs: readonly Map<number, readonly [number, number]>[];
  readonly fillPart: readonly Int32Array[];
  readonly fillLeft: readonly Int32Array[];
  readonly fillForbid: readonly Int32Array[];
}

/** Bits of digits 1..n. */
const fullMask = (n: number): number => ((1 << n) - 1) << 1;

const layouts = new Map<string, AntiKingEdgeLayout>();

/** The layout of shape R×3 (built once per R; throws for another shape: the caller checks). */
export function antiKingEdgeLayout(R: number): AntiKingEdgeLayout {
  const key = String(R);
  const known = layouts.get(key);
  if (known) return known;
  if (R < 2 || R > 3) throw new Error(`internal: the three-band anti-king route takes R×3 boxes, R = 2 or 3, not ${R}`);
  const n = 3 * R;
  const full = fullMask(n);
  const parts: Int32Array[] = [];
  const partIndex: Map<number, number>[] = [];
  for (let j = 0; j < R; j++) {
    const list: number[] = [];
    const own = (i: number): number => 1 << (3 * j + i + 1);
    for (const m0 of subsetsOf(full, R)) {
      if (m0 & own(0)) continue;
      for (const m1 of subsetsOf(full & ~m0, R)) {
        const m2 = full & ~m0 & ~m1;
        if (m1 & own(1) || m2 & own(2)) continue;
        list.push(m0 | (m1 << 10) | (m2 << 20));
      }
    }
    parts.push(Int32Array.from(list));
    partIndex.push(new Map(list.map((k, i) => [k, i])));
  }
  const M = parts[0].length;
  if (parts.some((p) => p.length !== M)) throw new Error('internal: stacks with different numbers of edge parts');

  const configs: Map<number, readonly [number, number]>[] = [];
  const fillPart: Int32Array[] = [];
  const fillLeft: Int32Array[] = [];
  const fillForbid: Int32Array[] = [];
  const cells = 3 * R;
  for (let j = 0; j < R; j++) {
    // every filling of box j (cell r·3+i at row r, column 3j+i) that keeps the edge constraints
    const byConfig = new Map<number, number[]>();
    const box = new Int32Array(cells);
    const colMask = new Int32Array(3);
    const walk = (i: number, used: number): void => {
      if (i === cells) {
        let config = 0;
        let left = 0;
        let forbid = 0;
        for (let r = 0; r < R; r++) {
          config |= ((1 << box[3 * r]) | (1 << box[3 * r + 1]) | (1 << box[3 * r + 2])) << (10 * r);
          left |= (1 << box[3 * r]) << (10 * r);
          let f = 0;
          if (r > 0) f |= 1 << box[3 * (r - 1) + 2];
          if (r < R - 1) f |= 1 << box[3 * (r + 1) + 2];
          forbid |= f << (10 * r);
        }
        const part = partIndex[j].get(colMask[0] | (colMask[1] << 10) | (colMask[2] << 20));
        if (part === undefined) throw new Error('internal: a box filling without an edge part');
        let list = byConfig.get(config);
        if (!list) byConfig.set(config, (list = []));
        list.push(part, left, forbid);
        return;
      }
      const r = Math.floor(i / 3);
      const k = i % 3;
      const c = 3 * j + k;
      let banned = used | (1 << (c + 1));
      if (r === R - 1) {
        if (c >= 1) banned |= 1 << c;
        if (c + 2 <= n) banned |= 1 << (c + 2);
      }
      for (let d = 1; d <= n; d++) {
        if (banned & (1 << d)) continue;
        box[i] = d;
        colMask[k] |= 1 << d;
        walk(i + 1, used | (1 << d));
        colMask[k] &= ~(1 << d);
      }
    };
    walk(0, 0);
    let total = 0;
    for (const list of byConfig.values()) total += list.length / 3;
    const part = new Int32Array(total);
    const left = new Int32Array(total);
    const forbid = new Int32Array(total);
    const ranges = new Map<number, readonly [number, number]>();
    let at = 0;
    for (const [config, list] of [...byConfig].sort((a, b) => a[0] - b[0])) {
      const first = at;
      for (let t = 0; t < list.length; t += 3) {
        part[at] = list[t];
        left[at] = list[t + 1];
        forbid[at] = list[t + 2];
        at++;
      }
      ranges.set(config, [first, at]);
    }
    configs.push(ranges);
    fillPart.push(part);
    fillLeft.push(left);
    fillForbid.push(forbid);
  }
  const layout: AntiKingEdgeLayout = { R, n, M, parts, partIndex, configs, fillPart, fillLeft, fillForbid };
  layouts.set(key, layout);
  return layout;
}
