import { describe, expect, it } from 'vitest';
import { randomBigBelow } from '../../../src/random/randomBigBelow.js';

/** A generator that answers the given 32-bit outputs in turn (as signed ints, as pure-rand's do). */
const scripted = (outputs: number[]) => {
  let i = 0;
  return { next: () => outputs[i++] | 0, used: () => i };
};

describe('randomBigBelow: rejection, no modulo bias', () => {
  it('keeps the low bits(k−1) bits and rejects values ≥ k instead of reducing them', () => {
    // k = 5: 3 bits; 7, 6 and 5 are rejected, 4 is kept
    const g = scripted([7, 0xfffffffe, 5, 4]);
    expect(randomBigBelow(g, 5n)).toBe(4n);
    expect(g.used()).toBe(4);
  });

  it('a 73-bit bound (3×3 N): three outputs, first most significant; rejected when ≥ N', () => {
    const N = 6_670_903_752_021_072_936_960n;
    // the largest 73-bit value is ≥ N: rejected; then 1·2^64 + 2·2^32 + 3
    const g = scripted([0x1ff, 0xffffffff, 0xffffffff, 1, 2, 3]);
    expect(randomBigBelow(g, N)).toBe((1n << 64n) + (2n << 32n) + 3n);
    expect(g.used()).toBe(6);
    // N − 1 itself is kept
    const top = Number(N >> 64n),
      mid = Number((N >> 32n) & 0xffffffffn),
      low = Number(N & 0xffffffffn) - 1;
    expect(randomBigBelow(scripted([top, mid, low]), N)).toBe(N - 1n);
  });

  it('each value below k comes from exactly one accepted output; the others are drawn again', () => {
    for (let u = 0; u < 8; u++) {
      const g = scripted([u, 3]);
      expect(randomBigBelow(g, 5n)).toBe(u < 5 ? BigInt(u) : 3n);
      expect(g.used()).toBe(u < 5 ? 1 : 2);
    }
  });

  it('k = 1 needs no output', () => {
    const g = scripted([]);
    expect(randomBigBelow(g, 1n)).toBe(0n);
    expect(g.used()).toBe(0);
  });
});
