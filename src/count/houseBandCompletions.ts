import { SHAPE_3X3 } from '../grid/shape.js';
import { columnPartitions } from '../grid/columnPartitions.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import { middleBandChoices } from './middleBandChoices.js';
import { HOUSE_ROW } from './houseColumnSetTable.js';
import type { OneHouseLayout } from './oneHouseLayout.js';

/**
 * n(b₁) for a 9×9 variant with one extra house, three cells per band (src/count/oneHouseLayout.ts), by the band-pair
 * route (docs/variant-counts.md): with S_c the digits column c still needs below the top band and Q the six digits
 * the house still needs,
 *
 *   n(b₁) = Σ_T Σ_x Σ_y G_mid(T, x)·G_bot(S∖T, y)     over x (middle band's house digits, x_k ∈ T_(col k)) and
 *                                                     y (bottom band's, y_k ∈ S∖T) with x ∪ y = Q
 *
 * T runs over the middle band's column sets (56 choices per box, as in the plain sum). Box by box: a box-1 choice and
 * its house digits x_0, y_0 fix the two renamings that make box 1 standard and send x_0, y_0 to the tables' d_0
 * (houseColumnSetTable.ts); a box-2 choice and x_1, y_1 fix a row of each table; the last box's x_2, y_2 are then the
 * two digits of Q left, in one of at most two orders, so the innermost loop is one or two products per choice.
 *
 * `completions(S, Q)` takes the nine column masks S and the house mask Q (bit d−1 for digit d).
 */
export interface HouseBandCompletions {
  completions(S: ArrayLike<number>, Q: number): number;
}

export function houseBandCompletions(
  layout: OneHouseLayout,
  tableMid: Uint32Array,
  tableBot: Uint32Array,
): HouseBandCompletions {
  const pairs = partitionOfTwoBlocks(columnPartitions(SHAPE_3X3));
  const [mid, bot] = layout.bands;
  const d0m = mid.rows[0] * 3 + mid.cols[0];
  const d0b = bot.rows[0] * 3 + bot.cols[0];
  const tgtT = new Int32Array(9);
  const tgtU = new Int32Array(9);
  // per choice of box k = 1, 2: partition index under each renaming, and the house columns' sets
  const pT = [new Int32Array(56), new Int32Array(56), new Int32Array(56)];
  const pU = [new Int32Array(56), new Int32Array(56), new Int32Array(56)];
  const hT = [new Int32Array(56), new Int32Array(56), new Int32Array(56)];
  const hU = [new Int32Array(56), new Int32Array(56), new Int32Array(56)];
  const T0 = new Int32Array(3);
  const U0 = new Int32Array(3);

  /** tgt[d] = the bit digit d goes to: box-1 sets `sets` to S_c in order, except house digit x → d0 in column c0. */
  function standardTargets(tgt: Int32Array, sets: Int32Array, c0: number, x: number, d0: number): void {
    for (let c = 0; c < 3; c++) {
      let m = sets[c];
      let r = 0;
      if (c === c0) {
        tgt[x] = d0;
        m &= ~(1 << x);
      }
      while (m) {
        const b = m & -m;
        m ^= b;
        let slot = r * 3 + c;
        if (c === c0 && slot >= d0) slot += 3;
        tgt[31 - Math.clz32(b)] = slot;
        r++;
      }
    }
  }
  function renamed(tgt: Int32Array, m: number): number {
    let out = 0;
    while (m) {
      const b = m & -m;
      m ^= b;
      out |= 1 << tgt[31 - Math.clz32(b)];
    }
    return out;
  }

  function completions(S: ArrayLike<number>, Q: number): number {
    const choices = [
      middleBandChoices(SHAPE_3X3, S, 0),
      middleBandChoices(SHAPE_3X3, S, 1),
      middleBandChoices(SHAPE_3X3, S, 2),
    ];
    const counts = choices.map((ch) => ch.length / 3);
    let total = 0;
    const ch0 = choices[0];
    for (let t0 = 0; t0 < counts[0]; t0++) {
      for (let c = 0; c < 3; c++) {
        T0[c] = ch0[t0 * 3 + c];
        U0[c] = S[c] & ~T0[c];
      }
      let xs = T0[mid.cols[0]] & Q;
      while (xs) {
        const xb0 = xs & -xs;
        xs ^= xb0;
        let ys = U0[bot.cols[0]] & Q & ~xb0;
        standardTargets(tgtT, T0, mid.cols[0], 31 - Math.clz32(xb0), d0m);
        for (let k = 1; k < 3; k++) {
          const ch = choices[k];
          const pk = pT[k],
            hk = hT[k];
          const cm = mid.cols[k] - 3 * k;
          for (let t = 0; t < counts[k]; t++) {
            const i = t * 3;
            pk[t] = pairs[renamed(tgtT, ch[i]) | (renamed(tgtT, ch[i + 1]) << 9)];
            hk[t] = ch[i + cm];
          }
        }
        while (ys) {
          const yb0 = ys & -ys;
          ys ^= yb0;
          standardTargets(tgtU, U0, bot.cols[0], 31 - Math.clz32(yb0), d0b);
          for (let k = 1; k < 3; k++) {
            const ch = choices[k];
            const pk = pU[k],
              hk = hU[k];
            const cb = bot.cols[k];
            for (let t = 0; t < counts[k]; t++) {
              const i = t * 3;
              const u0 = S[3 * k] & ~ch[i],
                u1 = S[3 * k + 1] & ~ch[i + 1];
              pk[t] = pairs[renamed(tgtU, u0) | (renamed(tgtU, u1) << 9)];
              hk[t] = S[cb] & ~ch[i + cb - 3 * k];
            }
          }
          total += lowerBoxes(counts, Q & ~(xb0 | yb0));
        }
      }
    }
    if (!Number.isSafeInteger(total)) throw new Error('internal: completion count is not exact');
    return total;
  }

  /** Σ over boxes 2 and 3 once box 1 and x_0, y_0 are fixed; `left` the four house digits still to place. */
  function lowerBoxes(counts: readonly number[], left: number): number {
    const n1 = counts[1],
      n2 = counts[2];
    const pT1 = pT[1],
      pU1 = pU[1],
      hT1 = hT[1],
      hU1 = hU[1];
    const pT2 = pT[2],
      pU2 = pU[2],
      hT2 = hT[2],
      hU2 = hU[2];
    let s = 0;
    for (let t1 = 0; t1 < n1; t1++) {
      let xs = hT1[t1] & left;
      while (xs) {
        const xb = xs & -xs;
        xs ^= xb;
        const x = 31 - Math.clz32(xb);
        const rowM = (pT1[t1] * 9 + tgtT[x]) * HOUSE_ROW;
        let ys = hU1[t1] & left & ~xb;
        while (ys) {
          const yb = ys & -ys;
          ys ^= yb;
          const rowB = (pU1[t1] * 9 + tgtU[31 - Math.clz32(yb)]) * HOUSE_ROW;
          const rest = left & ~(xb | yb);
          const u = rest & -rest;
          const v = rest ^ u;
          const iu = 31 - Math.clz32(u),
            iv = 31 - Math.clz32(v);
          const tu = tgtT[iu],
            tv = tgtT[iv],
            bu = tgtU[iu],
            bv = tgtU[iv];
          for (let t2 = 0; t2 < n2; t2++) {
            const a = hT2[t2],
              b = hU2[t2];
            if (a & u && b & v) s += tableMid[rowM + pT2[t2] * 9 + tu] * tableBot[rowB + pU2[t2] * 9 + bv];
            if (a & v && b & u) s += tableMid[rowM + pT2[t2] * 9 + tv] * tableBot[rowB + pU2[t2] * 9 + bu];
          }
        }
      }
    }
    return s;
  }

  return { completions };
}
