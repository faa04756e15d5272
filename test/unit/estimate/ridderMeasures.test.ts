import { describe, expect, it } from 'vitest';
import { exactMoments } from '../../../src/bias/exactMoments.js';
import { estimate } from '../../../src/estimate/estimate.js';
import { effFrom, omegaSize, ratFrom } from '../../../src/estimate/ridderMeasures.js';
import { boxShape } from '../../../src/grid/shape.js';

describe("Ridder's measures", () => {
  it('|Ω| = (n!)^n, the crude sample space', () => {
    expect(omegaSize(boxShape(2, 2))).toBe(24n ** 4n);
    expect(omegaSize(boxShape(3, 3))).toBe(362880n ** 9n);
  });

  it('exact RAT on 2x2: 1 for crude, 2 + ln(1 + CV²)/ln ℓ for the others, never above 2', async () => {
    const lnEll = Math.log(288 / 24 ** 4);
    // knuth-random's state recursion takes seconds on 2x2, and hybrid's with a small fill is the same recursion
    for (const [method, fill] of [
      ['crude', null],
      ['knuth', null],
      ['knuth-mrv', null],
      ['hybrid', 5],
      ['ridder', null],
    ] as const) {
      const r = await exactMoments({ method, box: '2x2', fill });
      if (method === 'crude') expect(r.rat).toBeCloseTo(1, 12);
      else expect(r.rat).toBeCloseTo(2 + Math.log1p(r.cvSquared.toNumber()) / lnEll, 10);
      expect(r.rat!).toBeLessThanOrEqual(2);
    }
  });

  it('the sampled RAT approaches the exact one (knuth, 2x2, fixed seed)', async () => {
    const exact = (await exactMoments({ method: 'knuth', box: '2x2' })).rat!;
    const r = await estimate({ method: 'knuth', box: '2x2', seed: 1, samples: 50_000, workers: 1 });
    // RAT = 2 + ln(1 + CV²)/ln ℓ moves by |Δ CV²|/((1 + CV²)·|ln ℓ|) ≈ 0.002 for a 5 % error in the sample CV²
    expect(Math.abs(r.measures.rat! - exact)).toBeLessThan(0.005);
    expect(r.measures.re).toBe(r.relErr);
    expect(r.measures.eff).toBeCloseTo(
      Number(omegaSize(boxShape(2, 2))) ** 2 / (r.stderr! ** 2 * r.seconds * r.workers),
      -Math.log10(r.measures.eff!) + 6,
    );
    expect(r.measures.log10Omega).toBeCloseTo(4 * Math.log10(24), 12);
  });

  it('undefined cases are null', () => {
    expect(ratFrom({ num: 0n, den: 1n }, { num: 0n, den: 1n }, 10n)).toBeNull();
    expect(effFrom(null, 10n, 1)).toBeNull();
    expect(effFrom(1, 10n, 0)).toBeNull();
  });
});
