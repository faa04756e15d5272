import { chiSquarePValue } from '../stats/distributions.js';

/**
 * The audit's tests, as pure functions of counts and weights.
 *
 * Bins. Classes whose expected count K·p is below 5 are pooled (smallest first, in increasing order of p, each bin
 * closed once its expected count reaches 5; a remainder below 5 joins the last bin), so the chi-square
 * approximation holds. `poolBins` returns the bin of each class.
 *
 * Class test (`classTest`), K grids with observed counts O_b against expected E_b = K·p_b over B bins:
 *   Pearson  X² = Σ (O_b − E_b)²/E_b            G = 2 Σ O_b ln(O_b/E_b)          both ~ χ²(B − 1) under the null
 *
 * Reweighted test (`reweightedTest`), for a generator whose P(g) is known exactly: weights w_i = 1/(N·P(g_i)).
 * Then E_gen[w·1{g ∈ b}] = Σ_{g ∈ b} P(g)/(N·P(g)) = p_b exactly, so p̂_b = (1/K) Σ_i w_i·1{g_i ∈ b} is an unbiased
 * estimate of the uniform class probability (importance sampling; nothing is normalised, since N is known). The
 * vector X_i = w_i·e_{b(i)} has covariance Σ = diag(q) − p·pᵀ, q_b = E[w²·1{g ∈ b}]; with its sample estimate
 * Σ̂ = diag(q̂) − p̂·p̂ᵀ, the Wald statistic W = K·dᵀ Σ̂⁻¹ d, d = p̂ − p, is asymptotically χ²(B) when the generator is
 * reweighted correctly. Σ̂⁻¹ by Sherman–Morrison:
 *   W = K·[ Σ_b d_b²/q̂_b + (Σ_b d_b·p̂_b/q̂_b)² / (1 − Σ_b p̂_b²/q̂_b) ]
 * (1 − Σ p̂²/q̂ ≥ 0 by Cauchy–Schwarz, = 0 only when w is constant in every bin; then the statistic is undefined and
 * the test reports null: a constant weight means the generator was uniform on each bin already.)
 */
export interface ChiSquareTest {
  /** Bins after pooling. */
  readonly bins: number;
  readonly df: number;
  readonly statistic: number;
  readonly pValue: number;
}

export interface ClassTest extends ChiSquareTest {
  /** The likelihood-ratio (G) statistic on the same bins, and its p-value. */
  readonly g: number;
  readonly gPValue: number;
}

/**
 * Bins of the reweighted test: classes pooled to about REWEIGHTED_BINS bins of equal expected count (at least 5).
 * The weights 1/(N·P) are heavy-tailed (3×3 backtracking: 0.02 to 30), and the Wald statistic needs each bin's
 * variance estimated from hundreds of grids: with bins of expected count ≥ 50 at K = 10⁴ (168 bins) W came out far
 * above χ²(B) for six seeds out of six (p ≤ 5·10⁻³), with 20 bins it fits (p from 0.07 to 0.87; docs/audit.md).
 */
export const REWEIGHTED_BINS = 20;

/** The bin of each class (see above), and the number of bins. */
export function poolBins(
  expected: ArrayLike<number>,
  samples: number,
  minExpected = 5,
): { bin: Int32Array; bins: number } {
  const k = expected.length;
  const order = Array.from({ length: k }, (_, i) => i).sort((a, b) => expected[a] - expected[b] || a - b);
  const bin = new Int32Array(k);
  let bins = 0,
    acc = 0;
  for (const c of order) {
    bin[c] = bins;
    acc += samples * expected[c];
    if (acc >= minExpected) {
      bins++;
      acc = 0;
    }
  }
  if (acc > 0) {
    // a remainder below 5: into the last closed bin (or it is the only bin)
    if (bins === 0) bins = 1;
    else for (const c of order) if (bin[c] === bins) bin[c] = bins - 1;
  }
  return { bin, bins };
}

function binned(values: ArrayLike<number>, bin: Int32Array, bins: number): Float64Array {
  const out = new Float64Array(bins);
  for (let c = 0; c < values.length; c++) out[bin[c]] += values[c];
  return out;
}

/** Pearson's X² and the G statistic of observed class counts against class probabilities `expected`. */
export function classTest(observed: ArrayLike<number>, expected: ArrayLike<number>, minExpected = 5): ClassTest {
  let K = 0;
  for (let c = 0; c < observed.length; c++) K += observed[c];
  const { bin, bins } = poolBins(expected, K, minExpected);
  const O = binned(observed, bin, bins),
    E = binned(expected, bin, bins).map((p) => p * K);
  let x2 = 0,
    g = 0;
  for (let b = 0; b < bins; b++) {
    x2 += (O[b] - E[b]) ** 2 / E[b];
    if (O[b] > 0) g += 2 * O[b] * Math.log(O[b] / E[b]);
  }
  const df = Math.max(1, bins - 1);
  return { bins, df, statistic: x2, pValue: chiSquarePValue(x2, df), g, gPValue: chiSquarePValue(g, df) };
}

/**
 * The reweighted class test: `sumW[c]` = Σ w_i and `sumW2[c]` = Σ w_i² over the grids in class c, K grids in all,
 * against class probabilities `expected`. Null when the statistic is undefined (weights constant on every bin).
 */
export function reweightedTest(
  sumW: ArrayLike<number>,
  sumW2: ArrayLike<number>,
  expected: ArrayLike<number>,
  samples: number,
): (ChiSquareTest & { readonly estimates: Float64Array }) | null {
  const K = samples;
  const { bin, bins } = poolBins(expected, K, Math.max(5, K / REWEIGHTED_BINS));
  const pHat = binned(sumW, bin, bins).map((s) => s / K);
  const qHat = binned(sumW2, bin, bins).map((s) => s / K);
  const p = binned(expected, bin, bins);
  let a = 0,
    b = 0,
    c = 0;
  for (let j = 0; j < bins; j++) {
    if (qHat[j] === 0) {
      // a bin no sample fell into: its estimate is 0, with no variance to measure it by
      return { bins, df: bins, statistic: Infinity, pValue: 0, estimates: classEstimates(sumW, K) };
    }
    const d = pHat[j] - p[j];
    a += (d * d) / qHat[j];
    b += (d * pHat[j]) / qHat[j];
    c += (pHat[j] * pHat[j]) / qHat[j];
  }
  const rest = 1 - c;
  if (!(rest > 1e-12)) return null;
  const W = K * (a + (b * b) / rest);
  return { bins, df: bins, statistic: W, pValue: chiSquarePValue(W, bins), estimates: classEstimates(sumW, K) };
}

function classEstimates(sumW: ArrayLike<number>, K: number): Float64Array {
  return Float64Array.from(sumW, (s) => s / K);
}

/** Quantiles of a sample (sorted copy; linear interpolation between order statistics). */
export function quantiles(xs: Float64Array, qs: readonly number[]): number[] {
  const s = Float64Array.from(xs).sort();
  return qs.map((q) => {
    if (s.length === 0) return NaN;
    const at = q * (s.length - 1);
    const lo = Math.floor(at),
      hi = Math.min(s.length - 1, lo + 1);
    return s[lo] + (s[hi] - s[lo]) * (at - lo);
  });
}

/** The x with P(χ²_df ≥ x) = alpha (bisection on the upper tail; relative precision 1e-12). */
export function chiSquareCritical(df: number, alpha: number): number {
  let lo = 0,
    hi = Math.max(1, df);
  while (chiSquarePValue(hi, df) > alpha) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquarePValue(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The power of the class test at K grids against a generator whose class law is `alternative`: the chance that X²
 * (bins pooled as `classTest` pools them at K) exceeds its 1 − alpha quantile under the null. X² is then about
 * noncentral χ²(df, λ) with λ = K·Σ_b (a_b − p_b)²/p_b; its upper tail by Patnaik's approximation
 * c·χ²(ν), c = (df + 2λ)/(df + λ), ν = (df + λ)²/(df + 2λ).
 */
export function classTestPower(
  expected: ArrayLike<number>,
  alternative: ArrayLike<number>,
  samples: number,
  alpha = 0.01,
): { readonly power: number; readonly lambda: number; readonly df: number } {
  const { bin, bins } = poolBins(expected, samples);
  const p = binned(expected, bin, bins),
    a = binned(alternative, bin, bins);
  let lambda = 0;
  for (let b = 0; b < bins; b++) lambda += (samples * (a[b] - p[b]) ** 2) / p[b];
  const df = Math.max(1, bins - 1);
  return { power: noncentralPower(df, lambda, alpha), lambda, df };
}

const criticalValues = new Map<string, number>();

/**
 * P(X ≥ the 1 − alpha quantile of χ²(df)) for X ~ noncentral χ²(df, lambda): the power of a chi-square test whose
 * statistic has noncentrality lambda under the alternative. Patnaik's approximation: X ≈ c·χ²(ν) with
 * c = (df + 2λ)/(df + λ), ν = (df + λ)²/(df + 2λ).
 */
export function noncentralPower(df: number, lambda: number, alpha: number): number {
  const key = `${df} ${alpha}`;
  let crit = criticalValues.get(key);
  if (crit === undefined) criticalValues.set(key, (crit = chiSquareCritical(df, alpha)));
  const c = (df + 2 * lambda) / (df + lambda),
    nu = (df + lambda) ** 2 / (df + 2 * lambda);
  return chiSquarePValue(crit / c, nu);
}

/**
 * The smallest K ≥ 1 with `powerAt(K)` ≥ power, for a power that grows with K (bisection on whole numbers); null
 * when even K = 10¹⁵ falls short.
 */
export function smallestK(powerAt: (K: number) => number, power: number): number | null {
  const MAX = 1e15;
  let hi = 1;
  while (powerAt(hi) < power) {
    if (hi >= MAX) return null;
    hi = Math.min(MAX, hi * 4);
  }
  let lo = Math.max(1, Math.floor(hi / 4));
  if (powerAt(lo) >= power) return lo;
  while (hi - lo > 1 && hi - lo > 1e-6 * hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (powerAt(mid) >= power) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** P(Poisson(mu) ≥ r) = P(χ²(2r) ≤ 2μ) (1 for r ≤ 0). */
export function poissonUpperTail(r: number, mu: number): number {
  if (r <= 0) return 1;
  if (mu <= 0) return 0;
  return 1 - chiSquarePValue(2 * mu, 2 * r);
}

/** Garwood's exact two-sided interval for a Poisson mean from a count r, at confidence 1 − alpha. */
export function poissonInterval(r: number, alpha = 0.05): { readonly low: number; readonly high: number } {
  const low = r === 0 ? 0 : chiSquareCritical(2 * r, 1 - alpha / 2) / 2;
  const high = chiSquareCritical(2 * (r + 1), alpha / 2) / 2;
  return { low, high };
}

/**
 * The Wald (Hotelling) statistic of K i.i.d. vectors T_i of dimension m against the mean mu: W = K·dᵀ S⁻¹ d with
 * d = T̄ − mu and S the sample covariance plus diag(mu)/K, a shrinkage that vanishes as K grows (so W is still
 * asymptotically χ²(m) under the null) and keeps S invertible when the sample sits in few bins (a generator that
 * only ever makes one class). `sum` = Σ T_i, `outer` = Σ T_i T_iᵀ (row-major m×m). Cholesky; mu > 0.
 */
export function waldStatistic(
  sum: ArrayLike<number>,
  outer: ArrayLike<number>,
  mu: ArrayLike<number>,
  K: number,
): number {
  const m = mu.length;
  const mean = Float64Array.from({ length: m }, (_, i) => sum[i] / K);
  const S = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) S[i * m + j] = outer[i * m + j] / K - mean[i] * mean[j] + (i === j ? mu[i] / K : 0);
  // Cholesky S = L·Lᵀ in place (lower triangle)
  for (let j = 0; j < m; j++) {
    let v = S[j * m + j];
    for (let k = 0; k < j; k++) v -= S[j * m + k] ** 2;
    if (!(v > 0)) return Infinity;
    const l = Math.sqrt(v);
    S[j * m + j] = l;
    for (let i = j + 1; i < m; i++) {
      let x = S[i * m + j];
      for (let k = 0; k < j; k++) x -= S[i * m + k] * S[j * m + k];
      S[i * m + j] = x / l;
    }
  }
  // solve L·y = d; W = K·|y|²
  const y = new Float64Array(m);
  let w = 0;
  for (let i = 0; i < m; i++) {
    let x = mean[i] - mu[i];
    for (let k = 0; k < i; k++) x -= S[i * m + k] * y[k];
    y[i] = x / S[i * m + i];
    w += y[i] * y[i];
  }
  return K * w;
}

/** The smallest K (on a grid of steps of about 5 %) at which `classTestPower` reaches `power`; null beyond 10⁹. */
export function detectionSampleSize(
  expected: ArrayLike<number>,
  alternative: ArrayLike<number>,
  power: number,
  alpha = 0.01,
): number | null {
  for (let K = 10; K <= 1e9; K = Math.ceil(K * 1.05)) {
    if (classTestPower(expected, alternative, K, alpha).power >= power) return K;
  }
  return null;
}
