import { describe, expect, it } from 'vitest';
import {
  binomialCdf,
  chiSquarePValue,
  kolmogorovLimitPValue,
  ksTest,
  normalCdf,
} from '../../../src/stats/distributions.js';

/** The hand-written Φ the bias tests had (Numerical Recipes' erfcc, relative error < 1.2·10⁻⁷): a cross-check. */
function oldNormalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const c = [-1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587];
  let poly = 0.17087277;
  for (const k of [-0.82215223, ...c.slice(1).reverse()]) poly = k + t * poly;
  const erfc = t * Math.exp(-z * z + c[0] + t * poly);
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

describe('distribution functions (stdlib-js)', () => {
  it('Φ: known values, and the old approximation agrees to 2·10⁻⁷', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 14);
    for (let x = -6; x <= 6; x += 0.25) expect(Math.abs(normalCdf(x) - oldNormalCdf(x))).toBeLessThan(2e-7);
  });

  it('chi-square upper tail: table values, and tiny p-values that 1 − CDF would lose', () => {
    expect(chiSquarePValue(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquarePValue(18.307038053275146, 10)).toBeCloseTo(0.05, 12);
    expect(chiSquarePValue(2, 2)).toBeCloseTo(Math.exp(-1), 14); // χ²₂ is exponential
    expect(chiSquarePValue(200, 2) / Math.exp(-100)).toBeCloseTo(1, 10);
    expect(chiSquarePValue(0, 5)).toBe(1);
  });

  it('binomial CDF against a direct sum', () => {
    let direct = 0,
      c = 1;
    for (let i = 0; i <= 3; i++) {
      direct += c * 0.3 ** i * 0.7 ** (10 - i);
      c = (c * (10 - i)) / (i + 1);
    }
    expect(binomialCdf(3, 10, 0.3)).toBeCloseTo(direct, 14);
  });

  it('KS: the exact p-value (n ≤ 10⁴) and the limiting one agree where both apply', () => {
    // a fixed sample that is deliberately a little off uniform
    const n = 10_000;
    const xs = Float64Array.from({ length: n }, (_, i) => ((i + 0.5) / n) ** 1.02);
    const exact = ksTest(xs, 'uniform');
    expect(exact.statistic).toBeGreaterThan(0);
    expect(Math.abs(exact.pValue - kolmogorovLimitPValue(exact.statistic, n))).toBeLessThan(2e-3);
    // above 10⁴ the limiting distribution is used, with the same statistic
    const big = Float64Array.from({ length: n + 1 }, (_, i) => ((i + 0.5) / (n + 1)) ** 1.02);
    const limit = ksTest(big, 'uniform');
    expect(limit.pValue).toBeCloseTo(kolmogorovLimitPValue(limit.statistic, n + 1), 14);
    expect(Math.abs(limit.statistic - exact.statistic)).toBeLessThan(1e-4);
  });
});
