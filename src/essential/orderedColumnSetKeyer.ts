import { fullMask } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';

/**
 * Number a band's column digit-sets in column order (the order matters here: the band's own condition ties
 * particular columns; columnPartitions and symmetry/columnSetKey number them unordered, up to symmetry): stack
 * s's C column sets (R digits each, together all n) as an ordered partition, indexed 0..P−1 with
 * P = n!/(R!)^C, and the band as Σ_s index_s·P^s (below 2^53 for n ≤ 9).
 * keyer(masks, flip) reads masks[c] ^ flip (flip = all digits: the complement of what the columns hold).
 */
export function orderedColumnSetKeyer(shape: BoxShape): (masks: Int32Array, flip: number) => number {
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  // index of a stack's first C−1 column sets (the last is what is left): a table, or a map when too wide
  const bits = (C - 1) * n;
  const table = bits <= 20 ? new Int32Array(1 << bits).fill(-1) : null;
  const map = table ? null : new Map<number, number>();
  let P = 0;
  const rec = (i: number, used: number, code: number): void => {
    if (i === C - 1) {
      if (table) table[code] = P++;
      else map?.set(code, P++);
      return;
    }
    // every R-subset of the unused digits
    const pick = (avail: number, need: number, acc: number): void => {
      if (need === 0) {
        rec(i + 1, used | acc, code + acc * 2 ** (n * i));
        return;
      }
      for (let m = avail; m; m &= m - 1) {
        const b = m & -m;
        pick(avail & ~((b << 1) - 1), need - 1, acc | b);
      }
    };
    pick(full & ~used, R, 0);
  };
  rec(0, 0, 0);
  if (P ** R > Number.MAX_SAFE_INTEGER) throw new RangeError(`column-set keys of ${shape.name} pass 2^53`);
  return (masks, flip) => {
    let key = 0;
    for (let s = R - 1; s >= 0; s--) {
      let code = 0;
      for (let i = 0; i < C - 1; i++) code += ((masks[s * C + i] ^ flip) & full) * 2 ** (n * i);
      key = key * P + (table ? table[code] : (map?.get(code) ?? -1));
    }
    return key;
  };
}
