/**
 * Digit masks: digit d (1..n) is bit d−1, so a mask of n ≤ 31 digits fits in a small integer.
 *
 *   mask 0b000100101 = {1, 3, 6}
 *   lowBit(m)  = m & -m            (the smallest digit, as a one-bit mask)
 *   m & (m-1)                      (drop the smallest digit)
 *   bitIndex(b) = 31 - clz32(b)    (0-based index of a one-bit mask)
 */

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function bitIndex(oneBit: number): number {
  return 31 - Math.clz32(oneBit);
}

export function lowBit(x: number): number {
  return x & -x;
}

/** All n digits: bits 0..n−1. */
export function fullMask(n: number): number {
  return n >= 31 ? 0x7fffffff : (1 << n) - 1;
}
