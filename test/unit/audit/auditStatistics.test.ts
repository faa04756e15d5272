import { describe, expect, it } from 'vitest';
import { classTest, poolBins, quantiles, reweightedTest } from '../../../src/audit/auditStatistics.js';

describe('audit statistics', () => {
  it('poolBins: every bin expects at least the minimum, classes sorted by probability', () => {
    const p = [0.0001, 0.0002, 0.5, 0.0003, 0.2997, 0.2];
    const { bin, bins } = poolBins(p, 1000);
    const expected = new Array<number>(bins).fill(0);
    p.forEach((x, c) => (expected[bin[c]] += 1000 * x));
    expect(Math.min(...expected)).toBeGreaterThanOrEqual(5);
    // the three smallest (0.1, 0.2, 0.3 expected) are pooled with the next one (0.2: 200 expected)
    expect(new Set([bin[0], bin[1], bin[3], bin[5]]).size).toBe(1);
    expect(bins).toBe(3);
  });

  it('classTest: 0 for observed = expected, large for a skewed sample', () => {
    const p = [0.25, 0.25, 0.5];
    const exact = classTest([250, 250, 500], p);
    expect(exact.statistic).toBe(0);
    expect(exact.g).toBe(0);
    expect(exact.pValue).toBe(1);
    const skewed = classTest([400, 100, 500], p);
    expect(skewed.statistic).toBeCloseTo(180, 9); // 150²/250 · 2
    expect(skewed.df).toBe(2);
    expect(skewed.pValue).toBeLessThan(1e-30);
  });

  it('reweightedTest: undefined for constant weights, ≈ 0 for exact weighted frequencies', () => {
    expect(reweightedTest([250, 250, 500], [250, 250, 500], [0.25, 0.25, 0.5], 1000)).toBeNull();
    // weights 0.5 and 1.5 in each class, means exactly the class probabilities
    const r = reweightedTest([250, 250, 500], [312.5, 312.5, 625], [0.25, 0.25, 0.5], 1000);
    expect(r!.statistic).toBeCloseTo(0, 9);
    expect(r!.df).toBe(3);
  });

  it('quantiles', () => {
    expect(quantiles(Float64Array.from([3, 1, 2, 4]), [0, 0.5, 1])).toEqual([1, 2.5, 4]);
  });
});
