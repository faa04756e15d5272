import binomialCdfImpl from '@stdlib/stats-base-dists-binomial-cdf';
import normalCdfImpl from '@stdlib/stats-base-dists-normal-cdf';
import gammainc from '@stdlib/math-base-special-gammainc';
import kstest from '@stdlib/stats-kstest';

/**
 * The distribution functions sudoku-count's statistical tests use, from stdlib-js (https://stdlib.io), a maintained
 * numerical library whose special functions are ports of Boost and Cephes with published accuracy tests. Versions
 * are pinned exactly in package.json (their answers are part of our reports). All are plain JavaScript (no native
 * build) and declare Node ≥ 0.10, so Node 20 is supported; each ships its TypeScript declarations.
 *
 *   normalCdf(x)               Φ(x)                                   @stdlib/stats-base-dists-normal-cdf (via erfc)
 *   chiSquarePValue(x, k)      P(χ²_k ≥ x) = Q(k/2, x/2), the regularised upper incomplete gamma function
 *                              (@stdlib/math-base-special-gammainc, upper tail computed directly: accurate for tiny
 *                              p-values, where 1 − CDF would round to 0)
 *   binomialCdf(k, n, p)       P(Binomial(n, p) ≤ k)                  @stdlib/stats-base-dists-binomial-cdf
 *   ksTest(xs, cdf)            one-sample Kolmogorov–Smirnov test, two-sided: D and its p-value
 *                              (@stdlib/stats-kstest: the exact finite-n distribution of Marsaglia, Tsang & Wang,
 *                              for n ≤ KS_EXACT_MAX; see below)
 *
 * These replace the hand-written approximations the bias tests had (an erfc approximation good to 1.2·10⁻⁷ and
 * the asymptotic Kolmogorov series with Stephens' correction); the tests keep those as independent cross-checks.
 *
 * The exact Kolmogorov distribution costs O(k³ log n) with k ≈ n·D (a matrix power): 0.2 s at n = 10⁴, but 11 s at
 * n = 3·10⁴ and minutes beyond. Above KS_EXACT_MAX samples the p-value is the limiting Kolmogorov distribution with
 * Stephens' finite-n correction, Q(λ) = 2 Σ_{j≥1} (−1)^{j−1} e^{−2j²λ²}, λ = (√n + 0.12 + 0.11/√n)·D, which differs
 * from the exact p-value by less than 2·10⁻³ at n = 10⁴ (0.2 % of p; the tests compare both there) and less beyond;
 * the statistic D is computed the same way in both cases.
 */
export function normalCdf(x: number): number {
  return normalCdfImpl(x, 0, 1);
}

export function chiSquarePValue(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`chi-square: degrees of freedom must be > 0, not ${df}`);
  if (x <= 0) return 1;
  if (!Number.isFinite(x)) return 0;
  return gammainc(x / 2, df / 2, true, true);
}

export function binomialCdf(k: number, n: number, p: number): number {
  return binomialCdfImpl(k, n, p);
}

export interface KsResult {
  /** D = sup |F_n − F|. */
  readonly statistic: number;
  readonly pValue: number;
}

/** Largest sample for which `ksTest` uses the exact distribution (stdlib). */
export const KS_EXACT_MAX = 10_000;

/** Kolmogorov–Smirnov test of the sample `xs` against N(0, 1) ('normal') or U(0, 1) ('uniform'). */
export function ksTest(xs: ArrayLike<number>, against: 'normal' | 'uniform'): KsResult {
  const n = xs.length;
  if (n === 0) throw new RangeError('ksTest: no data');
  if (n <= KS_EXACT_MAX) {
    const r = against === 'normal' ? kstest(Array.from(xs), 'normal', 0, 1) : kstest(Array.from(xs), 'uniform', 0, 1);
    return { statistic: r.statistic, pValue: r.pValue };
  }
  const sorted = Float64Array.from(xs).sort();
  let d = 0;
  for (let i = 0; i < n; i++) {
    const F = against === 'normal' ? normalCdf(sorted[i]) : Math.min(1, Math.max(0, sorted[i]));
    d = Math.max(d, (i + 1) / n - F, F - i / n);
  }
  return { statistic: d, pValue: kolmogorovLimitPValue(d, n) };
}

/** P(D_n ≥ d) by the limiting Kolmogorov distribution with Stephens' correction (for n > KS_EXACT_MAX). */
export function kolmogorovLimitPValue(d: number, n: number): number {
  const sn = Math.sqrt(n);
  const lambda = (sn + 0.12 + 0.11 / sn) * d;
  if (lambda < 0.2) return 1;
  let sum = 0;
  for (let j = 1; j <= 100; j++) {
    const term = Math.exp(-2 * j * j * lambda * lambda);
    sum += (j % 2 ? 1 : -1) * term;
    if (term < 1e-16) break;
  }
  return Math.min(1, Math.max(0, 2 * sum));
}
