/**
 * Digit masks: digit d (1..n) is bit d−1, so the digits of a unit fit in one 32-bit integer (n ≤ 31).
 *
 *   mask 0b000100101 = {1, 3, 6}
 *   m & -m                         the smallest digit, as a one-bit mask
 *   m & (m − 1)                    the mask without its smallest digit
 *   31 − Math.clz32(b)             0-based index of a one-bit mask b
 *
 * The one-liners are written inline in the hot loops; what takes more than one line lives here.
 */

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** All n digits: bits 0..n−1 (n ≤ 31). */
export function fullMask(n: number): number {
  return n >= 31 ? 0x7fffffff : (1 << n) - 1;
}

const popTables = new Map<number, Uint8Array>();

/** popcount as a table over every mask of n digits (2^n entries, n ≤ 16), built once per n. */
export function popTable(n: number): Uint8Array {
  let t = popTables.get(n);
  if (!t) {
    if (n > 16) throw new RangeError(`popTable: 2^${n} entries is too many`);
    t = new Uint8Array(1 << n);
    for (let m = 1; m < t.length; m++) t[m] = t[m >> 1] + (m & 1);
    popTables.set(n, t);
  }
  return t;
}

/** The (j+1)-th lowest set bit of `mask` (0 ≤ j < popcount(mask)), as a one-bit mask. */
export function nthBit(mask: number, j: number): number {
  for (; j > 0; j--) mask &= mask - 1;
  return mask & -mask;
}

/** The a-subsets of the bits of `mask`, as masks, in increasing order. */
export function subsetsOf(mask: number, a: number): number[] {
  const bits: number[] = [];
  for (let r = mask; r; r &= r - 1) bits.push(r & -r);
  const out: number[] = [];
  const walk = (from: number, left: number, acc: number): void => {
    if (left === 0) {
      out.push(acc);
      return;
    }
    for (let i = from; i <= bits.length - left; i++) walk(i + 1, left - 1, acc | bits[i]);
  };
  walk(0, a, 0);
  return out.sort((x, y) => x - y);
}
