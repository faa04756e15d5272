import { beforeAll, describe, expect, it } from 'vitest';
import { auditContext, auditSamples, type AuditContext } from '../../../src/audit/auditSamples.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';

const S33 = boxShape(3, 3);
let context: AuditContext;

beforeAll(async () => {
  context = await auditContext(S33);
});

describe('the statistical audit on 3x3', () => {
  it('the uniform sampler passes the class test and the index test', async () => {
    // fixed seed; under the null each p-value is uniform on [0, 1], so a threshold of 10⁻³ on the class test and
    // on each index test fails with probability < 0.3 % for a correct sampler (it passes with this seed)
    const r = await auditSamples({ generator: 'uniform', box: S33, samples: 2000, seed: 7, context });
    expect(r.classTest.pValue).toBeGreaterThan(1e-3);
    expect(r.indexTest!.ks.pValue).toBeGreaterThan(1e-3);
    expect(r.indexTest!.bins.pValue).toBeGreaterThan(1e-3);
    expect(r.classes.reduce((a, c) => a + c.observed, 0)).toBe(2000);
    expect(r.classes.reduce((a, c) => a + c.expected, 0)).toBeCloseTo(1, 12);
    expect(r.probabilities).toBeNull();
  });

  it('detects the backtracking generator at 3,000 grids; E[1/P] = N and the reweighted test pass', async () => {
    // fixed seed. The class test's p is ~10⁻¹⁰ or less at this size for every seed tried (docs/audit.md); the
    // checks of the importance sampler are two-sided: |z| < 4 (failure probability 6·10⁻⁵ if the normal
    // approximation holds) and the reweighted test's p > 10⁻³ (0.1 %)
    const r = await auditSamples({ generator: 'backtracking', box: S33, samples: 3000, seed: 1, context });
    expect(r.classTest.pValue).toBeLessThan(1e-6);
    const p = r.probabilities!;
    expect(Math.abs(p.inverse.z)).toBeLessThan(4);
    expect(p.reweighted!.pValue).toBeGreaterThan(1e-3);
    expect(p.unweightedSameBins.pValue).toBeLessThan(p.reweighted!.pValue);
    expect(p.meanNP).toBeGreaterThan(1);
    expect(p.np.min).toBeLessThan(1);
    expect(p.np.max).toBeGreaterThan(1);
    // the generator's own exact top-band law fits the sample (p > 10⁻³: 0.1 % if the law is right), and the power
    // it predicts agrees with the bench (npm run bench -- audit --detect: 3/20 seeds at K = 300, 12/20 at 1,000)
    const law = r.bandLaw!;
    expect(law.ownTest.pValue).toBeGreaterThan(1e-3);
    expect(law.k50).toBeGreaterThan(300);
    expect(law.k50).toBeLessThan(1000);
    expect(law.power).toBeGreaterThan(0.99);
  });

  it('the result does not depend on the number of threads', async () => {
    const one = await auditSamples({ generator: 'backtracking-mrv', box: S33, samples: 1100, seed: 3, context });
    const two = await auditSamples({
      generator: 'backtracking-mrv',
      box: S33,
      samples: 1100,
      seed: 3,
      workers: 2,
      context,
    });
    expect(two.classes.map((c) => c.observed)).toEqual(one.classes.map((c) => c.observed));
    expect(two.probabilities!.inverse.mean).toBe(one.probabilities!.inverse.mean);
  });

  it('refuses a bad sample count or seed with an InputError', async () => {
    await expect(auditSamples({ generator: 'uniform', box: S33, samples: 0, seed: 1, context })).rejects.toThrow(
      InputError,
    );
    await expect(auditSamples({ generator: 'uniform', box: S33, samples: 10, seed: -1, context })).rejects.toThrow(
      InputError,
    );
    await expect(auditSamples({ generator: 'nope', box: S33, samples: 10, seed: 1, context })).rejects.toThrow(
      /unknown generator/,
    );
  });
});
