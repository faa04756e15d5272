import { columnSetLookup } from '../count/columnSetLookup.js';
import { middleBandChoices } from '../count/middleBandChoices.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import type { BoxShape } from '../grid/shape.js';
import type { BandClasses } from '../symmetry/classifyBands.js';
import type { ClassTransforms } from './classTransforms.js';
import { orderedPartitionIndex } from './orderedPartitionIndex.js';

/**
 * Three bands (C = 3): below a top band b whose columns still need the digit sets S (S_c = the digits
 * missing from column c), the middle band has column sets T (T_c ⊂ S_c, R digits, each box's T_c
 * partitioning the digits) and the bottom band S∖T, so
 *
 *     n(b) = Σ_T F(T)·F(S∖T).
 *
 * This walks that sum in a fixed order of T: lexicographic over (T_1, T_2, …, T_n), each set compared as the
 * increasing list of its digits (lexicographically). Box by box, T is a choice t_k for each box k (56 per box
 * for 3×3, in that order: `middleBandChoices`), and the offset of T = (t_1, …, t_R) is
 *
 *     Σ_{t'_1 < t_1} W_1(t'_1)  +  Σ_{t'_2 < t_2} Σ_{t_3} v(t_1, t'_2, t_3)  +  Σ_{t'_3 < t_3} v(t_1, t_2, t'_3)
 *
 * with v = F(T)·F(S∖T) and W_1(t) the sum of v over everything with box 1's choice t. The last two terms are
 * at most 56·56 products of two table reads (the renaming that puts T's box 1 in standard form is fixed once
 * t_1 is). W_1 would cost the whole 56³ sum, so it is tabulated once per class, for each box of the class
 * representative, and read through the symmetry that sends b to its representative (`ClassTransforms`):
 * W_1(b; t) = W_box(rep; image of t). Building those tables is also how n_C is counted here.
 */
export interface ColumnSetWalk {
  /** n_C for each class, in class order (Σ of the box-1 marginal of the representative). */
  readonly completions: Float64Array;
  /**
   * Offset of the middle band's column sets T below the standard top band at cells[0..R·n): the sum of
   * F(T')·F(S∖T') over the T' before T. S is the complement of the top band's columns.
   */
  offsetOf(cells: ArrayLike<number>, S: ArrayLike<number>, T: ArrayLike<number>): number;
  /** The T with offset(T) ≤ r < offset(T) + F(T)·F(S∖T), for 0 ≤ r < n(b): written to T; returns r − offset(T). */
  find(cells: ArrayLike<number>, S: ArrayLike<number>, r: number, T: Int32Array): number;
}

const MAX_CHOICES = 1024;
const HASH_BITS = 8;
const HASH = 1 << HASH_BITS;

export function columnSetWalk(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: Uint32Array,
  classes: BandClasses,
  transforms: ClassTransforms,
): ColumnSetWalk {
  const { rows: R, cols: C, n } = shape;
  if (C !== 3) throw new Error('internal: the column-set walk is for three bands');
  const P = partitions.count;
  const full = (1 << n) - 1;
  const stride = new Float64Array(R);
  for (let k = R - 1, s = 1; k >= 1; k--, s *= P) stride[k] = s;

  // The choices of a box depend only on the top band's column sets in that box (in order), so they are listed
  // once per such triple, the first time it is met: slot[A_0 | A_1 << n | …] → list.
  const slot = new Int32Array(1 << (n * (C - 1))).fill(-1);
  const lists: Int32Array[] = [];
  const choices: Int32Array[] = Array.from({ length: R }, () => new Int32Array(0));
  const counts = new Int32Array(R);

  /** Every choice for box k under S, in the order of middleBandChoices: into choices[k] and counts[k]. */
  function boxChoices(S: ArrayLike<number>, k: number): void {
    let key = 0;
    for (let i = C - 2; i >= 0; i--) key = key * (1 << n) + (full & ~S[k * C + i]);
    let at = slot[key];
    if (at < 0) {
      at = lists.length;
      lists.push(middleBandChoices(shape, S, k));
      slot[key] = at;
    }
    choices[k] = lists[at];
    counts[k] = lists[at].length / C;
  }

  // --- the renamings that put box 1 of T (and of S∖T) in standard form, as maps over all masks ---
  const lookup = columnSetLookup(shape, partitions, table);
  const mapT = lookup.newRenaming();
  const mapU = lookup.newRenaming();

  // a[k][t], b[k][t]: the table-index terms of box k's choice t in T and in S∖T
  const A = Array.from({ length: R }, () => new Float64Array(MAX_CHOICES));
  const B = Array.from({ length: R }, () => new Float64Array(MAX_CHOICES));
  const mapped = new Int32Array(C);
  const dense = orderedPartitionIndex(partitions);
  const rest0 = new Int32Array(C);

  /** With box 1's choice t0 (choices[0]) fixed: fill A, B for boxes 2..R. */
  function prepare(S: ArrayLike<number>, t0: number): void {
    const ch0 = choices[0];
    for (let i = 0; i < C; i++) rest0[i] = S[i] & ~ch0[t0 * C + i];
    lookup.renameToStandard(mapT, ch0, t0 * C);
    lookup.renameToStandard(mapU, rest0, 0);
    for (let k = 1; k < R; k++) {
      const ch = choices[k],
        a = A[k],
        b = B[k],
        s = stride[k];
      for (let t = 0; t < counts[k]; t++) {
        let ka = 0,
          kb = 0;
        for (let i = C - 2; i >= 0; i--) {
          ka = ka * (1 << n) + mapT[ch[t * C + i]];
          kb = kb * (1 << n) + mapU[S[k * C + i] & ~ch[t * C + i]];
        }
        a[t] = dense[ka] * s;
        b[t] = dense[kb] * s;
      }
    }
  }

  /** Σ over box R's choices of v, with box 2's choice t1 (R = 3); v itself when R = 2. */
  function rowSum(t1: number): number {
    const a1 = A[1][t1],
      b1 = B[1][t1];
    if (R === 2) return table[a1] * table[b1];
    const a = A[2],
      b = B[2];
    let s = 0;
    for (let t = 0; t < counts[2]; t++) s += table[a1 + a[t]] * table[b1 + b[t]];
    return s;
  }

  // --- per-class marginals: W_k(t) for every box k of each representative, keyed by the choice's masks ---
  // stored in an open-addressing table per (class, box): HASH slots, keyed by the C masks packed n bits apart
  const keyOf = (masks: ArrayLike<number>, offset: number): number => {
    let key = 0;
    for (let i = C - 1; i >= 0; i--) key = key * (1 << n) + masks[offset + i];
    return key;
  };
  const hashKeys = new Int32Array(classes.count * R * HASH).fill(-1);
  const hashValues = new Float64Array(classes.count * R * HASH);
  const hashSlot = (region: number, key: number): number => {
    let h = Math.imul(key, 0x9e3779b1) >>> (32 - HASH_BITS);
    while (hashKeys[region + h] !== -1 && hashKeys[region + h] !== key) h = (h + 1) & (HASH - 1);
    return region + h;
  };
  const completions = new Float64Array(classes.count);
  const size = R * n;
  const Srep = new Int32Array(n);
  const W = Array.from({ length: R }, () => new Float64Array(MAX_CHOICES));
  const complement = Array.from({ length: R }, () => new Int32Array(MAX_CHOICES));
  for (let cls = 0; cls < classes.count; cls++) {
    const base = cls * size;
    for (let c = 0; c < n; c++) {
      let m = full;
      for (let r = 0; r < R; r++) m &= ~(1 << (classes.reps[base + r * n + c] - 1));
      Srep[c] = m;
    }
    for (let k = 0; k < R; k++) {
      boxChoices(Srep, k);
      W[k].fill(0, 0, counts[k]);
      // complement[k][t]: the choice S∖t (the bottom band's sets when the middle band takes t)
      if (2 * counts[k] > HASH) throw new Error('internal: too many column-set choices for the marginal table');
      const index = new Map<number, number>();
      const ch = choices[k];
      for (let t = 0; t < counts[k]; t++) index.set(keyOf(ch, t * C), t);
      for (let t = 0; t < counts[k]; t++) {
        for (let i = 0; i < C; i++) mapped[i] = Srep[k * C + i] & ~ch[t * C + i];
        const u = index.get(keyOf(mapped, 0));
        if (u === undefined || u === t) throw new Error('internal: a column-set choice has no complement');
        complement[k][t] = u;
      }
    }
    // v(T) = v(S∖T), and T ≠ S∖T: sum over the half of box 1's choices below their complement, then mirror
    for (let t0 = 0; t0 < counts[0]; t0++) {
      if (complement[0][t0] < t0) continue;
      prepare(Srep, t0);
      let total = 0;
      if (R === 2) {
        for (let t1 = 0; t1 < counts[1]; t1++) {
          const v = rowSum(t1);
          W[1][t1] += v;
          total += v;
        }
      } else {
        const a2 = A[2],
          b2 = B[2],
          w2 = W[2];
        for (let t1 = 0; t1 < counts[1]; t1++) {
          const a1 = A[1][t1],
            b1 = B[1][t1];
          let s = 0;
          for (let t = 0; t < counts[2]; t++) {
            const v = table[a1 + a2[t]] * table[b1 + b2[t]];
            w2[t] += v;
            s += v;
          }
          W[1][t1] += s;
          total += s;
        }
      }
      W[0][t0] = total;
    }
    let nC = 0;
    for (let t0 = 0; t0 < counts[0]; t0++) {
      const u = complement[0][t0];
      if (u > t0) {
        W[0][u] = W[0][t0];
        nC += 2 * W[0][t0];
      }
    }
    for (let k = 1; k < R; k++) {
      const w = W[k],
        comp = complement[k];
      const half = w.slice(0, counts[k]);
      for (let t = 0; t < counts[k]; t++) w[t] = half[t] + half[comp[t]];
    }
    if (!Number.isSafeInteger(nC)) throw new Error('internal: a completion count is not exact');
    completions[cls] = nC;
    for (let k = 0; k < R; k++) {
      const ch = choices[k];
      for (let t = 0; t < counts[k]; t++) {
        const key = keyOf(ch, t * C);
        const at = hashSlot((cls * R + k) * HASH, key);
        hashKeys[at] = key;
        hashValues[at] = W[k][t];
      }
    }
  }

  // --- queries ---
  const repCol = new Int32Array(n);
  const digit = new Int32Array(n + 1);
  const srcCol = new Int32Array(C);
  const repMasks = new Int32Array(C);
  let qCls = 0,
    qBox = 0;

  /** Box 1's choices under S, and the symmetry to the representative. */
  function start(cells: ArrayLike<number>, S: ArrayLike<number>): void {
    for (let k = 0; k < R; k++) boxChoices(S, k);
    qCls = transforms.toRepresentative(cells, 0, repCol, digit);
    qBox = Math.floor(repCol[0] / C);
    for (let c = 0; c < C; c++) srcCol[repCol[c] - qBox * C] = c;
  }

  /** W_1(b; t) for box 1's choice t. */
  function marginal(t: number): number {
    const ch = choices[0];
    for (let i = 0; i < C; i++) {
      let m = ch[t * C + srcCol[i]],
        out = 0;
      while (m) {
        const b = m & -m;
        out |= 1 << (digit[32 - Math.clz32(b)] - 1);
        m ^= b;
      }
      repMasks[i] = out;
    }
    const key = keyOf(repMasks, 0);
    const at = hashSlot((qCls * R + qBox) * HASH, key);
    if (hashKeys[at] !== key) throw new Error('internal: no marginal for a column-set choice');
    return hashValues[at];
  }

  function indexOfChoice(k: number, T: ArrayLike<number>): number {
    const ch = choices[k];
    for (let t = 0; t < counts[k]; t++) {
      let same = true;
      for (let i = 0; i < C && same; i++) same = ch[t * C + i] === T[k * C + i];
      if (same) return t;
    }
    throw new Error('not a column-set choice below this band');
  }

  function offsetOf(cells: ArrayLike<number>, S: ArrayLike<number>, T: ArrayLike<number>): number {
    start(cells, S);
    const t0 = indexOfChoice(0, T);
    let off = 0;
    for (let t = 0; t < t0; t++) off += marginal(t);
    prepare(S, t0);
    const t1 = indexOfChoice(1, T);
    for (let t = 0; t < t1; t++) off += rowSum(t);
    if (R === 3) {
      const t2 = indexOfChoice(2, T);
      const a1 = A[1][t1],
        b1 = B[1][t1];
      for (let t = 0; t < t2; t++) off += table[a1 + A[2][t]] * table[b1 + B[2][t]];
    }
    return off;
  }

  function find(cells: ArrayLike<number>, S: ArrayLike<number>, r: number, T: Int32Array): number {
    start(cells, S);
    let t0 = 0;
    for (; t0 < counts[0]; t0++) {
      const w = marginal(t0);
      if (r < w) break;
      r -= w;
    }
    if (t0 === counts[0]) throw new Error('internal: offset beyond the completions of the band');
    prepare(S, t0);
    let t1 = 0;
    for (; t1 < counts[1]; t1++) {
      const w = rowSum(t1);
      if (r < w) break;
      r -= w;
    }
    if (t1 === counts[1]) throw new Error('internal: offset beyond a box-1 choice');
    T.set(choices[0].subarray(t0 * C, t0 * C + C), 0);
    T.set(choices[1].subarray(t1 * C, t1 * C + C), C);
    if (R === 3) {
      const a1 = A[1][t1],
        b1 = B[1][t1];
      let t2 = 0;
      for (; t2 < counts[2]; t2++) {
        const w = table[a1 + A[2][t2]] * table[b1 + B[2][t2]];
        if (r < w) break;
        r -= w;
      }
      if (t2 === counts[2]) throw new Error('internal: offset beyond a box-2 choice');
      T.set(choices[2].subarray(t2 * C, t2 * C + C), 2 * C);
    }
    return r;
  }

  return { completions, offsetOf, find };
}
