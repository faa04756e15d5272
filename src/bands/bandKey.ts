import { fullMask, popcount } from '../grid/bits.js';
import { factorial, type BoxShape } from '../grid/shape.js';

/**
 * Compact, order-preserving integer encoding of a standard top band (box 1 = 1..n in reading order).
 *
 * Row r of the band holds, outside box 1, the n−C digits that box 1's row r lacks, in some order.
 * That order is a permutation with Lehmer rank ℓ_r ∈ [0, (n−C)!). The key is the mixed-radix number
 *
 *     key = ℓ_0·M^(R−1) + ℓ_1·M^(R−2) + … + ℓ_(R−1),      M = (n−C)!
 *
 * so comparing keys compares bands cell by cell in reading order. Ranges: 3×3 key < 720³ ≈ 3.7·10⁸;
 * every shape handled by the band method stays far below 2^53.
 */
export interface BandCodec {
  readonly shape: BoxShape;
  /** M = (n−C)!, the radix. */
  readonly radix: number;
  /** Number of possible keys, M^R (not all are bands). */
  readonly keySpace: number;
  encode(cells: ArrayLike<number>, offset?: number): number;
  decode(key: number, out: Uint8Array, offset?: number): Uint8Array;
}

export function bandCodec(shape: BoxShape): BandCodec {
  const { rows: R, cols: C, n } = shape;
  const free = n - C;
  const radix = factorial(free);
  const keySpace = radix ** R;
  if (!Number.isSafeInteger(keySpace)) throw new RangeError(`band keys for ${shape.name} do not fit in a double`);
  // rowMask[r]: the digits outside box 1 in row r of a standard band.
  const rowMask = new Int32Array(R);
  for (let r = 0; r < R; r++) {
    let m = fullMask(n);
    for (let c = 0; c < C; c++) m &= ~(1 << (r * C + c));
    rowMask[r] = m;
  }
  const fact = new Float64Array(free + 1);
  for (let i = 0; i <= free; i++) fact[i] = factorial(i);

  function encode(cells: ArrayLike<number>, offset = 0): number {
    let key = 0;
    for (let r = 0; r < R; r++) {
      let rem = rowMask[r];
      let rank = 0;
      const base = offset + r * n + C;
      for (let i = 0; i < free; i++) {
        const bit = 1 << (cells[base + i] - 1);
        // rank of this digit among the remaining ones
        rank += popcount(rem & (bit - 1)) * fact[free - 1 - i];
        rem &= ~bit;
      }
      key = key * radix + rank;
    }
    return key;
  }

  function decode(key: number, out: Uint8Array, offset = 0): Uint8Array {
    for (let r = R - 1; r >= 0; r--) {
      let rank = key % radix;
      key = (key - rank) / radix;
      const base = offset + r * n;
      for (let c = 0; c < C; c++) out[base + c] = r * C + c + 1;
      let rem = rowMask[r];
      for (let i = 0; i < free; i++) {
        const f = fact[free - 1 - i];
        let k = Math.floor(rank / f);
        rank -= k * f;
        let m = rem;
        while (k-- > 0) m &= m - 1;
        const bit = m & -m;
        rem &= ~bit;
        out[base + C + i] = 31 - Math.clz32(bit) + 1;
      }
    }
    return out;
  }

  return { shape, radix, keySpace, encode, decode };
}
