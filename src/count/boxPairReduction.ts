import { popcount } from '../grid/bits.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { permutationsOf } from '../grid/permutationsOf.js';

/**
 * Boxes of three columns (C = 3): with box 1's column sets standard, S_c = {c+1, c+1+C, …}, box 2's column
 * partition X is known up to the renamings of digits that keep box 1's partition by its **intersection matrix**
 * M_ij = |S_i ∩ X_j| (rows and columns summing to R) up to permutations of its rows and of its columns. The
 * classes of matrices are the **base boxes** (the 2006 report's nine for R = 4); F does not change under renaming,
 * nor when a box's columns are permuted, so a configuration's F can be read from a table that holds box 2 as its
 * base box only (docs/4x3.md, "The contraction", step 1):
 *
 *   for box-2 partition q: base[q] = b, and tau[q·n + i] = the digit bit that bit i goes to, a renaming that keeps
 *   box 1's partition and sends q to the base box's representative partition rep[b].
 *
 * The canonical matrix is the smallest over the 36 (row, column) permutations, read row by row; within each cell
 * S_i ∩ X_j the digits go to the base box's cell in increasing order. The representative of base b fills the
 * cells of row i with S_i's digits in increasing order, cell by cell.
 */
export interface BoxPairReduction {
  /** Number of base boxes. */
  readonly bases: number;
  /** Partition index of each base box's representative. */
  readonly rep: Int32Array;
  /** The canonical intersection matrix of each base box, 9 numbers row by row. */
  readonly matrices: Int32Array;
  /** Base box of each box-2 partition (relative to the standard box 1). */
  readonly base: Int32Array;
  /** tau[q·n + i]: the bit digit bit i goes to under the renaming of partition q. */
  readonly tau: Uint8Array;
}

export function boxPairReduction(partitions: ColumnPartitions): BoxPairReduction {
  const { rows: R, cols: C, n } = partitions.shape;
  if (C !== 3) throw new Error(`internal: base boxes are for boxes of three columns, not ${C}`);
  const P = partitions.count;
  const S = new Int32Array(3);
  for (let d = 0; d < n; d++) S[d % 3] |= 1 << d;
  const perms = permutationsOf(3);

  const baseOfKey = new Map<number, number>();
  const matrices: number[] = [];
  const reps: number[] = [];
  const base = new Int32Array(P);
  const tau = new Uint8Array(P * n);
  const M = new Int32Array(9);
  const best = new Int32Array(9);
  const cell = new Int32Array(9);
  const repBlocks = new Int32Array(3);
  for (let q = 0; q < P; q++) {
    const X = partitions.blocks.subarray(q * 3, q * 3 + 3);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) M[i * 3 + j] = popcount(S[i] & X[j]);
    // the smallest matrix over row permutation p and column permutation s: M'[i][j] = M[p[i]][s[j]]
    let bp = -1,
      bs = -1;
    for (let p = 0; p < 6; p++)
      for (let s = 0; s < 6; s++) {
        let cmp = 0;
        for (let k = 0; k < 9 && cmp === 0; k++) {
          const v = M[perms[p][(k / 3) | 0] * 3 + perms[s][k % 3]];
          cmp = bp < 0 ? -1 : v - best[k];
        }
        if (cmp < 0) {
          for (let k = 0; k < 9; k++) best[k] = M[perms[p][(k / 3) | 0] * 3 + perms[s][k % 3]];
          bp = p;
          bs = s;
        }
      }
    let key = 0;
    for (let k = 0; k < 9; k++) key = key * (R + 1) + best[k];
    let b = baseOfKey.get(key);
    if (b === undefined) {
      b = reps.length;
      baseOfKey.set(key, b);
      matrices.push(...best);
      // the representative: row i's cells take S_i's digits in increasing order, cell j after cell j − 1
      repBlocks.fill(0);
      for (let i = 0; i < 3; i++) {
        let m = S[i];
        for (let j = 0; j < 3; j++)
          for (let t = 0; t < best[i * 3 + j]; t++) {
            const bit = m & -m;
            repBlocks[j] |= bit;
            m ^= bit;
          }
      }
      reps.push(partitions.indexOf(repBlocks));
    }
    base[q] = b;
    // the renaming: S_p[i] ∩ X_s[j] → the cell (i, j) of the representative, digit by digit in increasing order
    for (let i = 0; i < 3; i++) {
      let target = S[i];
      for (let j = 0; j < 3; j++) {
        let src = S[perms[bp][i]] & X[perms[bs][j]];
        cell[i * 3 + j] = src;
        while (src) {
          const from = src & -src,
            to = target & -target;
          tau[q * n + 31 - Math.clz32(from)] = 31 - Math.clz32(to);
          src ^= from;
          target ^= to;
        }
      }
    }
  }
  return {
    bases: reps.length,
    rep: Int32Array.from(reps),
    matrices: Int32Array.from(matrices),
    base,
    tau,
  };
}
