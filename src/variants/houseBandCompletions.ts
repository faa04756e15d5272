import { SHAPE_3X3 } from '../grid/shape.js';
import { columnPartitions } from '../grid/columnPartitions.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import { middleBandChoices } from '../count/middleBandChoices.js';
import { HOUSE_ROW } from './houseColumnSetTable.js';
import type { OneHouseLayout } from './oneHouseLayout.js';

/**
 * n(b₁) for a 9×9 variant with one extra house, three cells per band (src/variants/oneHouseLayout.ts), by the band-pair
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
  // per candidate j (0..2) of the box-1 house digit x_0 (middle band) or y_0 (bottom band): the renaming, and for
  // each choice t of box k = 1, 2 its partition index under it (pT[j][k][t], pU[j][k][t]); hT, hU: the house
  // columns' sets of box k's choices (no renaming)
  const tgtT = [new Int32Array(9), new Int32Array(9), new Int32Array(9)];
  const tgtU = [new Int32Array(9), new Int32Array(9), new Int32Array(9)];
  const per = () => [new Int32Array(56), new Int32Array(56), new Int32Array(56)];
  const pT = [per(), per(), per()];
  const pU = [per(), per(), per()];
  const hT = per();
  const hU = per();
  const xbit = new Int32Array(3);
  const need = new Int32Array(9);
  // the same house cells in both lower bands (centre dots): swapping the two bands maps (T, x, y) to (S∖T, y, x),
  // and T ≠ S∖T, so half the box-1 choices are summed and the sum doubled, as in the plain count
  const symmetric = [0, 1, 2].every((k) => mid.rows[k] === bot.rows[k] && mid.cols[k] === bot.cols[k]);
  const ybit = new Int32Array(3);
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
    for (let c = 0; c < 9; c++) need[c] = S[c];
    for (let k = 1; k < 3; k++) {
      const ch = choices[k];
      const cm = mid.cols[k] - 3 * k,
        cb = bot.cols[k];
      for (let t = 0; t < counts[k]; t++) {
        hT[k][t] = ch[t * 3 + cm];
        hU[k][t] = S[cb] & ~ch[t * 3 + cb - 3 * k];
      }
    }
    let total = 0;
    const ch0 = choices[0];
    for (let t0 = 0; t0 < counts[0]; t0++) {
      for (let c = 0; c < 3; c++) {
        T0[c] = ch0[t0 * 3 + c];
        U0[c] = S[c] & ~T0[c];
      }
      if (symmetric && U0[0] < T0[0]) continue; // the swapped pair of lower bands stands for this one
      const nx = renamings(T0, mid.cols[0], d0m, Q, choices, counts, false);
      const ny = renamings(U0, bot.cols[0], d0b, Q, choices, counts, true);
      for (let jx = 0; jx < nx; jx++)
        for (let jy = 0; jy < ny; jy++)
          if (xbit[jx] !== ybit[jy]) total += lowerBoxes(counts, jx, jy, Q & ~(xbit[jx] | ybit[jy]));
    }
    if (symmetric) total *= 2;
    if (!Number.isSafeInteger(total)) throw new Error('internal: completion count is not exact');
    return total;
  }

  /**
   * For each house digit of box 1 that one lower band may take (in `sets[c0]` and Q): its renaming, and the
   * partition index of every choice of boxes 2 and 3 under it (for the bottom band, of S∖T). Returns how many.
   */
  function renamings(
    sets: Int32Array,
    c0: number,
    d0: number,
    Q: number,
    choices: readonly Int32Array[],
    counts: readonly number[],
    bottom: boolean,
  ): number {
    const S = need;
    let j = 0;
    for (let xs = sets[c0] & Q; xs; xs &= xs - 1) {
      const bit = xs & -xs;
      const tgt = bottom ? tgtU[j] : tgtT[j];
      (bottom ? ybit : xbit)[j] = bit;
      standardTargets(tgt, sets, c0, 31 - Math.clz32(bit), d0);
      for (let k = 1; k < 3; k++) {
        const ch = choices[k];
        const pk = (bottom ? pU : pT)[j][k];
        for (let t = 0, i = 0; t < counts[k]; t++, i += 3) {
          const m0 = bottom ? S[3 * k] & ~ch[i] : ch[i],
            m1 = bottom ? S[3 * k + 1] & ~ch[i + 1] : ch[i + 1];
          pk[t] = pairs[renamed(tgt, m0) | (renamed(tgt, m1) << 9)];
        }
      }
      j++;
    }
    return j;
  }

  // the last box's terms for each pair {u, v} of house digits it may take: for every choice t2 and each order
  // (x_2, y_2) = (u, v) or (v, u) that fits it, the two tables' offsets inside a row (at most 2·56 per pair)
  const pairSlot = new Int8Array(512);
  const offM = new Int32Array(6 * 112);
  const offB = new Int32Array(6 * 112);
  const len = new Int32Array(6);

  /** Σ over boxes 2 and 3 once box 1 and x_0, y_0 are fixed; `left` the four house digits still to place. */
  function lowerBoxes(counts: readonly number[], jx: number, jy: number, left: number): number {
    const n1 = counts[1],
      n2 = counts[2];
    const tT = tgtT[jx],
      tU = tgtU[jy];
    const pT1 = pT[jx][1],
      pU1 = pU[jy][1],
      hT1 = hT[1],
      hU1 = hU[1];
    const pT2 = pT[jx][2],
      pU2 = pU[jy][2],
      hT2 = hT[2],
      hU2 = hU[2];
    let slot = 0;
    for (let a = left; a; a &= a - 1) {
      const u = a & -a;
      for (let b = a & (a - 1); b; b &= b - 1) {
        const v = b & -b;
        const iu = 31 - Math.clz32(u),
          iv = 31 - Math.clz32(v);
        pairSlot[u | v] = slot;
        let L = 0;
        const base = slot * 112;
        for (let t2 = 0; t2 < n2; t2++) {
          const x = hT2[t2],
            y = hU2[t2];
          if (x & u && y & v) {
            offM[base + L] = pT2[t2] * 9 + tT[iu];
            offB[base + L++] = pU2[t2] * 9 + tU[iv];
          }
          if (x & v && y & u) {
            offM[base + L] = pT2[t2] * 9 + tT[iv];
            offB[base + L++] = pU2[t2] * 9 + tU[iu];
          }
        }
        len[slot++] = L;
      }
    }
    let s = 0;
    for (let t1 = 0; t1 < n1; t1++) {
      let xs = hT1[t1] & left;
      while (xs) {
        const xb = xs & -xs;
        xs ^= xb;
        const rowM = (pT1[t1] * 9 + tT[31 - Math.clz32(xb)]) * HOUSE_ROW;
        let ys = hU1[t1] & left & ~xb;
        while (ys) {
          const yb = ys & -ys;
          ys ^= yb;
          const rowB = (pU1[t1] * 9 + tU[31 - Math.clz32(yb)]) * HOUSE_ROW;
          const k = pairSlot[left & ~(xb | yb)];
          const L = len[k];
          for (let i = k * 112, end = i + L; i < end; i++) s += tableMid[rowM + offM[i]] * tableBot[rowB + offB[i]];
        }
      }
    }
    return s;
  }

  return { completions };
}
