import { describe, expect, it } from 'vitest';
import { batchTests } from '../../../src/bias/batchTests.js';
import { exactMoments } from '../../../src/bias/exactMoments.js';
import { Rational } from '../../../src/bias/rational.js';

describe('exact moments', () => {
  const cases: Array<[string, string, number | null]> = [
    ['crude', '2x2', null],
    ['knuth', '2x2', null],
    ['knuth-mrv', '2x2', null],
    // hybrid's state recursion at the default fill (5). knuth-random is the same recursion at fill 16: its whole
    // depth is walked in exactMomentsVariants.test.ts (2x2 anti-knight, E[X] = N against the oracle); the plain 2x2
    // walk was here too (~9.6 s, four fifths of this file) and adds only `plain` skipping the pair peers, which
    // the hybrid row here walks. (Fill 8 was also here once: 570,541 states.)
    ['hybrid', '2x2', 5],
    ['ridder', '2x2', null],
    ['knuth', '2x3', null],
    ['knuth-mrv', '2x3', null],
    ['ridder', '2x3', null],
    ['knuth', '3x2', null],
  ];
  for (const [method, box, fill] of cases) {
    it(`E[X] = N exactly: ${method} ${box}${fill !== null ? ` fill ${fill}` : ''}`, async () => {
      const r = await exactMoments({ method, box, fill });
      expect(r.mean.equals(Rational.of(r.count))).toBe(true);
      expect(r.unbiased).toBe(true);
      expect(r.count).toBe(box === '2x2' ? 288n : 28_200_960n);
    });
  }

  it('row-major knuth on 2x2: E[X²] = 110592, checked by hand', async () => {
    // By hand. Row 0: degrees 4·3·2·1 = 24 (all digits free). Row 1: cells (1,0),(1,1) share box 0 with
    // row 0's first two digits: 2 then 1 legal; cells (1,2),(1,3) likewise: product 4. Row 2: cell (2,0)
    // has 2 legal (column 0 holds two digits); whatever it takes, (2,1) then has 2 or 1, (2,2)/(2,3) the
    // rest; on every path that completes, rows 2 and 3 contribute 4 in all, so X = 24·4·4 = 384, and
    // Σ_grids P(g)·X(g) = N gives P(complete) = 288/384 = 3/4. Hence X ∈ {0, 384} with P(X = 384) = 3/4:
    //   E[X] = 384·3/4 = 288,   E[X²] = 384²·3/4 = 110592,   Var = 110592 − 288² = 27648,   CV² = 1/3.
    const r = await exactMoments({ method: 'knuth', box: '2x2' });
    expect(r.secondMoment.toString()).toBe('110592');
    expect(r.variance.toString()).toBe('27648');
    expect(r.cvSquared.toString()).toBe('1/3');
    expect(r.pNonzeroExact?.toString()).toBe('3/4');
    expect(r.distribution?.map((d) => [d.value, d.probability.toString()])).toEqual([
      [0n, '1/4'],
      [384n, '3/4'],
    ]);
  });

  it('holding the first row by digit symmetry changes nothing (2x2, every draw-tree method)', async () => {
    for (const method of ['crude', 'knuth', 'knuth-mrv', 'ridder']) {
      const a = await exactMoments({ method, box: '2x2' });
      const b = await exactMoments({ method, box: '2x2', fullTree: true });
      expect(b.size).toBeGreaterThan(a.size);
      expect(a.secondMoment.equals(b.secondMoment)).toBe(true);
      expect(a.distribution!.map((d) => `${d.value}:${d.probability}`)).toEqual(
        b.distribution!.map((d) => `${d.value}:${d.probability}`),
      );
    }
  });

  it('knuth and ridder (one estimator, two derivations) have the same exact law on 2x3', async () => {
    const k = await exactMoments({ method: 'knuth', box: '2x3' });
    const r = await exactMoments({ method: 'ridder', box: '2x3' });
    expect(k.secondMoment.equals(r.secondMoment)).toBe(true);
  }, 30_000);
});

describe('batch tests on 2x2 behave as theory says', () => {
  it('knuth: coverage, z and CV agree with the exact law (X ∈ {0, 384}, CV = 1/√3)', async () => {
    // 400 batches of 200 samples, seed 11. With X ∈ {0, 384} (P = 1/4, 3/4) the batch mean is 384·Bin(200, 3/4)/200:
    // the normal approximation is excellent, so the coverage C of 400 intervals is ≈ Bin(400, 0.95)
    // (sd 1.1 %); |C − 0.95| < 0.045 fails with probability < 10⁻⁴. The z values have mean 0 and sd 1
    // (sd of their mean 0.05): |z̄| < 0.3 and |s_z − 1| < 0.2 fail with probability < 10⁻⁶. The per-sample
    // CV over 80,000 samples is 0.577 ± 0.003: |CV − 1/√3| < 0.03 fails with probability < 10⁻⁹.
    // KS against N(0,1): the statistic is discrete here, so only a loose bound p > 10⁻³ (fails < 10⁻³).
    const r = await batchTests({ method: 'knuth', box: '2x2', batches: 400, samples: 200, seed: 11, exact: 288n });
    expect(Math.abs(r.coverage! - 0.95)).toBeLessThan(0.045);
    expect(r.underCovers).toBe(false);
    expect(Math.abs(r.zMean!)).toBeLessThan(0.3);
    expect(Math.abs(r.zSd! - 1)).toBeLessThan(0.2);
    expect(Math.abs(r.overall.cv! - 1 / Math.sqrt(3))).toBeLessThan(0.03);
    expect(r.ksPValue!).toBeGreaterThan(1e-3);
    expect(r.zeros / 80_000).toBeCloseTo(0.25, 1);
    expect(Math.abs(r.medianOverMean - 1)).toBeLessThan(0.02);
  });

  it('crude with small batches under-covers, and is flagged', async () => {
    // crude on 2x2: X = 24⁴·Bernoulli(1/1152). Batches of 200 samples hold no hit with probability
    // (1 − 1/1152)^200 = 0.84: those have no interval, and most others have one hit, whose interval
    // ±1.96·SE misses N often. The normal theory does not apply; the flag must fire. Over 300 batches
    // the covered share is far from 95 % with probability ≈ 1 (checked for this fixed seed).
    const r = await batchTests({ method: 'crude', box: '2x2', batches: 300, samples: 200, seed: 5, exact: 288n });
    expect(r.underCovers).toBe(true);
    expect(r.medianOverMean).toBeLessThan(0.5);
  });
});
