import { fullMask } from '../grid/bits.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import type { BoxShape } from '../grid/shape.js';

/**
 * Reading the column-set table F (src/count/columnSetTable.ts) for any column configuration.
 *
 * F is tabulated for configurations whose box 1 has the standard column sets S_c = {c+1, c+1+C, …}. Any other
 * configuration T is read by renaming digits so that T's box 1 becomes standard (F does not change under
 * renaming), then indexing boxes 2..R by their partitions:
 *
 *   index = p_1·P^(R−2) + … + p_(R−1)        p_k = partition index of box k's renamed column sets
 *
 * A renaming is kept as a map over all 2^n digit masks, so renaming a column set is one table read.
 */
export interface ColumnSetLookup {
  readonly shape: BoxShape;
  readonly partitions: ColumnPartitions;
  readonly table: Uint32Array;
  /** stride[k] = P^(R−1−k) for boxes k = 1..R−1: the weight of box k's partition in a table index. */
  readonly stride: Float64Array;
  /** A map over the 2^n digit masks, for `renameToStandard`. */
  readonly newRenaming: () => Int32Array;
  /**
   * Fill `map` with the renaming that sends box 1's column sets masks[offset + c] to S_c (smallest digit to
   * smallest digit, and so on), extended to every mask.
   */
  readonly renameToStandard: (map: Int32Array, masks: ArrayLike<number>, offset: number) => void;
  /**
   * The same renaming as two small maps, one for the low ⌊n/2⌋ digit bits and one for the others (48 entries for
   * 3×3 instead of 512, so a renaming costs little to make): a mask m goes to lo[m & lowMask] | hi[m >> low].
   */
  readonly newSplitRenaming: () => SplitRenaming;
  readonly renameToStandardSplit: (map: SplitRenaming, masks: ArrayLike<number>, offset: number) => void;
  /** The table index of boxes 2..R of `masks` (n column masks) under `map`. */
  readonly indexUnder: (map: Int32Array, masks: ArrayLike<number>) => number;
  /** F(T): bands whose column c holds exactly the digits of masks[c] (bit d−1 for digit d). */
  readonly bandsWithColumnSets: (masks: ArrayLike<number>) => number;
}

/** A renaming of digits in two halves (see `renameToStandardSplit`). */
export interface SplitRenaming {
  readonly low: number;
  readonly lowMask: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
}

export function columnSetLookup(shape: BoxShape, partitions: ColumnPartitions, table: Uint32Array): ColumnSetLookup {
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  const P = partitions.count;
  const stride = new Float64Array(R);
  for (let k = R - 1, s = 1; k >= 1; k--, s *= P) stride[k] = s;

  const target = new Int32Array(n);
  /** target[d] = the bit digit bit d goes to under the renaming that makes masks[offset..] standard. */
  function standardTargets(masks: ArrayLike<number>, offset: number): void {
    for (let c = 0; c < C; c++) {
      let m = masks[offset + c],
        r = 0;
      while (m) {
        const b = m & -m;
        target[31 - Math.clz32(b)] = r * C + c;
        r++;
        m ^= b;
      }
    }
  }
  function renameToStandard(map: Int32Array, masks: ArrayLike<number>, offset: number): void {
    standardTargets(masks, offset);
    map[0] = 0;
    for (let m = 1; m <= full; m++) map[m] = map[m & (m - 1)] | (1 << target[31 - Math.clz32(m & -m)]);
  }
  const low = n >> 1;
  const lowMask = (1 << low) - 1;
  function renameToStandardSplit(map: SplitRenaming, masks: ArrayLike<number>, offset: number): void {
    standardTargets(masks, offset);
    const { lo, hi } = map;
    lo[0] = hi[0] = 0;
    for (let m = 1; m <= lowMask; m++) lo[m] = lo[m & (m - 1)] | (1 << target[31 - Math.clz32(m & -m)]);
    for (let m = 1; m < hi.length; m++) hi[m] = hi[m & (m - 1)] | (1 << target[low + 31 - Math.clz32(m & -m)]);
  }

  const mappedBox = new Int32Array(C);
  function indexUnder(map: Int32Array, masks: ArrayLike<number>): number {
    let idx = 0;
    for (let k = 1; k < R; k++) {
      for (let i = 0; i < C; i++) mappedBox[i] = map[masks[k * C + i]];
      idx += partitions.indexOf(mappedBox) * stride[k];
    }
    return idx;
  }

  const own = new Int32Array(1 << n);
  function bandsWithColumnSets(masks: ArrayLike<number>): number {
    renameToStandard(own, masks, 0);
    return table[indexUnder(own, masks)];
  }

  return {
    shape,
    partitions,
    table,
    stride,
    newRenaming: () => new Int32Array(1 << n),
    renameToStandard,
    newSplitRenaming: () => ({ low, lowMask, lo: new Int32Array(1 << low), hi: new Int32Array(1 << (n - low)) }),
    renameToStandardSplit,
    indexUnder,
    bandsWithColumnSets,
  };
}
