import { fullMask, popcount, subsetsOf } from '../grid/bits.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import type { BoxPairReduction } from './boxPairReduction.js';

/**
 * n(b₁) for boxes of three columns (three bands) from a column-set table that holds box 2 as its base box only
 * (boxPairReduction): the route of 4×3 (docs/4x3.md, "The contraction", step 3), in TypeScript, checked on 2×3 and
 * 3×3 against the band method's completionCounter.
 *
 *   n(b₁) = Σ_T2 F(T2)·F(T3),   T2 compatible with band 1's configuration T1, T3 the rest,
 *
 * halved by exchanging bands 2 and 3 (box 1's choices with X₀ below its exchange Y₀ alone, the sum doubled). F(T) is
 * read as table[base·P^(R−2) + Σ_(k ≥ 2) p_k·P^(R−1−k)]: T renamed so that box 1 is standard (S_c = {c+1, c+1+3, …}),
 * then by the base box's renaming of box 2's partition (tau), boxes 3..R indexed by their renamed partitions.
 */
export interface ReducedCompletions {
  /** n(b₁) of any band whose column c holds the digits of masks[c] (bit d−1 for digit d; 3R columns). */
  completionsOf(masks: ArrayLike<number>): bigint;
  /** F(T) of the configuration masks (3R column masks), read through the reduction. */
  bandsOf(masks: ArrayLike<number>): number;
}

export function reducedCompletions(
  partitions: ColumnPartitions,
  reduction: BoxPairReduction,
  table: Uint32Array,
): ReducedCompletions {
  const { rows: R, cols: C, n } = partitions.shape;
  if (C !== 3) throw new Error(`internal: reduced completions are for boxes of three columns, not ${C}`);
  const P = partitions.count;
  const full = fullMask(n);
  const stride = new Float64Array(R); // stride[k] for boxes k = 2..R−1 (0-based)
  for (let k = R - 1, s = 1; k >= 2; k--, s *= P) stride[k] = s;
  const baseStride = P ** (R - 2);
  if (table.length !== reduction.bases * baseStride)
    throw new Error(`internal: a reduced table of ${reduction.bases}·${P}^${R - 2} entries, not ${table.length}`);
  const { base, tau } = reduction;

  const rho = new Int32Array(n); // digit bit → digit bit
  const out = new Int32Array(3);
  /** The renaming of a configuration whose box 1 is `b1` and box 2 `b2` (three masks each) into rho; its base. */
  function renaming(b1: ArrayLike<number>, o1: number, b2: ArrayLike<number>, o2: number, into: Int32Array): number {
    // box 1 to standard: column c's digits, smallest first, to bits c, c+3, …
    for (let c = 0; c < 3; c++) {
      let m = b1[o1 + c],
        r = 0;
      while (m) {
        const bit = m & -m;
        into[31 - Math.clz32(bit)] = r * 3 + c;
        r++;
        m ^= bit;
      }
    }
    for (let j = 0; j < 3; j++) out[j] = renameMask(into, b2[o2 + j]);
    const q = partitions.indexOf(out);
    for (let d = 0; d < n; d++) into[d] = tau[q * n + into[d]];
    return base[q];
  }
  function renameMask(map: Int32Array, m: number): number {
    let r = 0;
    while (m) {
      const bit = m & -m;
      r |= 1 << map[31 - Math.clz32(bit)];
      m ^= bit;
    }
    return r;
  }
  function partitionUnder(map: Int32Array, blocks: ArrayLike<number>, o: number): number {
    for (let j = 0; j < 3; j++) out[j] = renameMask(map, blocks[o + j]);
    return partitions.indexOf(out);
  }

  /** Band 2's choices in a box with band 1's column sets a (3 masks): X (3 masks) with X_j ∩ a_j = ∅, R digits each. */
  function choicesOf(a: ArrayLike<number>, o: number): Int32Array {
    const list: number[] = [];
    for (const x0 of subsetsOf(full & ~a[o], R))
      for (const x1 of subsetsOf(full & ~a[o + 1] & ~x0, R)) {
        const x2 = full & ~x0 & ~x1;
        if (x2 & a[o + 2] || popcount(x2) !== R) continue;
        list.push(x0, x1, x2);
      }
    return Int32Array.from(list);
  }

  function bandsOf(masks: ArrayLike<number>): number {
    const b = renaming(masks, 0, masks, 3, rho);
    let idx = b * baseStride;
    for (let k = 2; k < R; k++) idx += partitionUnder(rho, masks, 3 * k) * stride[k];
    return table[idx];
  }

  function completionsOf(masks: ArrayLike<number>): bigint {
    const X: Int32Array[] = [],
      Y: Int32Array[] = [];
    for (let k = 0; k < R; k++) {
      const x = choicesOf(masks, 3 * k);
      const y = new Int32Array(x.length);
      for (let i = 0; i < x.length; i++) y[i] = full & ~masks[3 * k + (i % 3)] & ~x[i];
      X.push(x);
      Y.push(y);
    }
    const rho2 = new Int32Array(n),
      rho3 = new Int32Array(n);
    // per box k ≥ 2, each choice's partition index under the two renamings
    const p2: Int32Array[] = [],
      p3: Int32Array[] = [];
    for (let k = 2; k < R; k++) {
      p2.push(new Int32Array(X[k].length / 3));
      p3.push(new Int32Array(X[k].length / 3));
    }
    let total = 0n;
    const x0 = X[0],
      y0 = Y[0];
    for (let i = 0; i < x0.length; i += 3) {
      if (x0[i] > y0[i]) continue; // one of each exchanged pair
      for (let j = 0; j < X[1].length; j += 3) {
        const b2 = renaming(x0, i, X[1], j, rho2);
        const b3 = renaming(y0, i, Y[1], j, rho3);
        for (let k = 2; k < R; k++)
          for (let t = 0; t < X[k].length; t += 3) {
            p2[k - 2][t / 3] = partitionUnder(rho2, X[k], t);
            p3[k - 2][t / 3] = partitionUnder(rho3, Y[k], t);
          }
        let sum = 0;
        if (R === 2) sum = table[b2] * table[b3];
        else if (R === 3) {
          const a2 = p2[0],
            a3 = p3[0];
          for (let t = 0; t < a2.length; t++) sum += table[b2 * baseStride + a2[t]] * table[b3 * baseStride + a3[t]];
        } else {
          const [a2, c2] = p2,
            [a3, c3] = p3;
          for (let t = 0; t < a2.length; t++) {
            const row2 = b2 * baseStride + a2[t] * P,
              row3 = b3 * baseStride + a3[t] * P;
            let inner = 0n;
            for (let u = 0; u < c2.length; u++) inner += BigInt(table[row2 + c2[u]]) * BigInt(table[row3 + c3[u]]);
            total += inner;
          }
        }
        total += BigInt(sum);
      }
    }
    return 2n * total;
  }

  return { completionsOf, bandsOf };
}
