import { describe, expect, it } from 'vitest';
import { lnBig, log10Big } from '../../../src/stats/logBig.js';

describe('log10Big', () => {
  it('agrees with Math.log10 wherever a double holds the number, for every length', () => {
    let x = 7n;
    for (let digits = 1; digits <= 300; digits++) {
      expect(log10Big(x)).toBeCloseTo(Math.log10(Number(x)), 10);
      x = x * 10n + BigInt(digits % 10);
    }
    expect(log10Big(10n ** 40n)).toBe(40);
    expect(lnBig(10n ** 400n)).toBeCloseTo(400 * Math.LN10, 9);
    expect(() => log10Big(0n)).toThrow(RangeError);
  });
});
