import { describe, expect, it } from 'vitest';
import { estimate } from '../../../src/estimate/estimate.js';

/**
 * Every estimator against the exact count, on shapes small enough to be fast: 2×2 (N = 288) and 2×3
 * (N = 28,200,960), plus knuth-mrv on 3×3.
 *
 * Each case draws S samples with a fixed seed (so the test is deterministic) and asserts
 *   (a) |z| < 4.5, z = (mean − N)/SE. For a correct, unbiased estimator z is ≈ N(0,1) (central limit
 *       theorem; max/mean is also bounded below so that no single sample dominates the sum, where the
 *       normal approximation would break). P(|Z| > 4.5) = 6.8·10⁻⁶, so over the 12 cases a random seed
 *       would fail with probability < 10⁻⁴.
 *   (b) relErr = SE/mean < maxRelErr, so that (a) has power: a relative bias b makes |z| ≈ b/relErr, so a
 *       bias above ≈ (4.5 + 3)·maxRelErr is caught with probability > 0.998.
 * S and maxRelErr come from the per-sample coefficient of variation (CV) measured for each method:
 * relErr ≈ CV/√S; maxRelErr leaves a margin of ≥ 1.3× (the estimated SE itself varies).
 */
const N2x2 = 288n;
const N2x3 = 28_200_960n;
const N3x3 = 6_670_903_752_021_072_936_960n;

interface Case {
  method: string;
  box: string;
  exact: bigint;
  samples: number;
  maxRelErr: number;
  seed: number;
}
const cases: Case[] = [
  // 2×2: CV crude 35, knuth 0.58, knuth-random 4.3, knuth-mrv 0.33, hybrid (fill 5) 1.2
  // crude: 10⁶ samples (were 3·10⁶, a fifth of this file), relErr = CV/√S = 0.034 (its estimate 1/√hits varies
  // by ±0.0006 over ~870 hits): < 0.045 fails with probability ≪ 10⁻⁹. A bias above ~34 % is caught (was ~20 %);
  // crude's sampler is shown unbiased exactly on 2x2 in test/unit/bias (E[X] = N over its whole draw tree), so this
  // case checks the driver's statistics on a 0/1 law.
  { method: 'crude', box: '2x2', exact: N2x2, samples: 1_000_000, maxRelErr: 0.045, seed: 101 },
  { method: 'knuth', box: '2x2', exact: N2x2, samples: 100_000, maxRelErr: 0.003, seed: 102 },
  { method: 'knuth-random', box: '2x2', exact: N2x2, samples: 400_000, maxRelErr: 0.01, seed: 103 },
  { method: 'knuth-mrv', box: '2x2', exact: N2x2, samples: 100_000, maxRelErr: 0.002, seed: 104 },
  { method: 'hybrid', box: '2x2', exact: N2x2, samples: 100_000, maxRelErr: 0.006, seed: 105 },
  { method: 'ridder', box: '2x2', exact: N2x2, samples: 100_000, maxRelErr: 0.003, seed: 106 },
  // 2×3: CV knuth 2.3, knuth-random ≈ 100 (heavy tail), knuth-mrv 0.6, hybrid (fill 12) 3.5.
  // knuth-random is the weak case: 10⁶ samples give relErr ≈ 0.1, so (a) only catches a bias > ~75 %.
  { method: 'knuth', box: '2x3', exact: N2x3, samples: 200_000, maxRelErr: 0.008, seed: 202 },
  { method: 'knuth-random', box: '2x3', exact: N2x3, samples: 1_000_000, maxRelErr: 0.2, seed: 203 },
  { method: 'knuth-mrv', box: '2x3', exact: N2x3, samples: 50_000, maxRelErr: 0.004, seed: 204 },
  { method: 'hybrid', box: '2x3', exact: N2x3, samples: 100_000, maxRelErr: 0.015, seed: 205 },
  { method: 'ridder', box: '2x3', exact: N2x3, samples: 200_000, maxRelErr: 0.008, seed: 206 },
  // 3×3: CV 2.2; 20,000 samples give relErr ≈ 1.6 %
  { method: 'knuth-mrv', box: '3x3', exact: N3x3, samples: 20_000, maxRelErr: 0.022, seed: 307 },
];

describe('estimators agree with the exact count', () => {
  it.each(cases)('$method on $box: |z| < 4.5 with relErr < $maxRelErr ($samples samples, seed $seed)', async (c) => {
    const r = await estimate({
      method: c.method,
      box: c.box,
      seed: c.seed,
      samples: c.samples,
      workers: 1,
      exact: c.exact,
    });
    expect(r.samples).toBe(c.samples);
    expect(r.exact).toBe(c.exact);
    expect(r.relErr).not.toBeNull();
    expect(r.relErr!).toBeLessThan(c.maxRelErr);
    expect(Math.abs(r.z!)).toBeLessThan(4.5);
    // no single sample carries more than 10 % of the sum (else the normal approximation is not to be trusted)
    expect(r.maxOverMean! / r.samples).toBeLessThan(0.1);
    // the interval is mean ± 1.96·SE and the ratio is mean/N
    expect(r.ci95![1] - r.mean).toBeCloseTo(1.959964 * r.stderr!, -Math.floor(Math.log10(r.stderr!)) + 3);
    expect(r.ratio!).toBeCloseTo(r.mean / Number(c.exact), 12);
  });

  it('crude on 2x3 sees no hit, and its exact interval still contains N', async () => {
    // hit rate N/(6!)^6 = 2.0·10⁻¹⁰: P(any hit in 10⁵ draws) = 2·10⁻⁵
    const r = await estimate({ method: 'crude', box: '2x3', seed: 208, samples: 100_000, workers: 1, exact: N2x3 });
    expect(r.nonzero).toBe(0);
    expect(r.mean).toBe(0);
    expect(r.z).toBeNull();
    // one-sided bound (n!)^n·(1 − 0.05^(1/S)) ≈ 3·720⁶/10⁵ = 4.2·10¹²; two-sided Clopper–Pearson ≈ 3.69/S·720⁶
    expect(r.upper95! / ((3 * 720 ** 6) / 100_000)).toBeCloseTo(0.9986, 3);
    expect(r.ci95![0]).toBe(0);
    expect(r.ci95![1]).toBeGreaterThan(Number(N2x3));
    expect(r.note).toMatch(/no non-zero sample/);
  });

  it('knuth-random on 3x3 never completes a grid: no estimate and no bound, rather than a false one', async () => {
    // a random cell order almost always dead-ends on 3×3: 0 complete walks in 1.1·10⁷ draws (seed 7, 20 s run),
    // so P(complete) < 2.7·10⁻⁷ (95 %) and P(any in 20,000 draws) < 0.6 %
    const r = await estimate({
      method: 'knuth-random',
      box: '3x3',
      seed: 310,
      samples: 20_000,
      workers: 1,
      exact: N3x3,
    });
    expect(r.nonzero).toBe(0);
    expect(r.ci95).toBeNull();
    expect(r.upper95).toBeNull(); // the binomial bound is for 0/1 samples (crude) only
    expect(r.ratio).toBeNull();
    expect(r.note).toMatch(/no sample reached a complete grid/);
  });

  it('crude on 3x3 sees no hit and reports the upper bound it implies', async () => {
    const r = await estimate({ method: 'crude', box: '3x3', seed: 309, samples: 200_000, workers: 1, exact: N3x3 });
    expect(r.nonzero).toBe(0);
    expect(r.upper95).toBeGreaterThan(Number(N3x3));
    expect(r.scale).toBe(362_880n ** 9n);
  });
});
