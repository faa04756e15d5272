import { describe, expect, it } from 'vitest';
import { batchTests } from '../../../src/bias/batchTests.js';
import { estimate, exactCount } from '../../../src/estimate/estimate.js';
import { parseRules } from '../../../src/grid/rules.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rulesDlxCount } from '../../helpers/rulesDlx.js';

/**
 * The estimators over variants, judged against the exhaustive count (which the oracle confirms). Fixed seeds; the
 * check is |z| < 4.5 for a mean of 10⁵ samples: a correct (unbiased) estimator fails it with probability below
 * 10⁻⁵ per case (normal approximation; the samples are bounded, so the CLT holds well at this size).
 */
describe('estimate under variants', () => {
  for (const [variant, method] of [
    ['x', 'knuth'],
    ['anti-knight', 'knuth-random'],
    ['x,disjoint-groups', 'hybrid'],
  ] as const) {
    it(`${method} on 2x2+${variant}: unbiased against the exhaustive count`, async () => {
      const rules = parseRules(boxShape(2, 2), variant);
      const exact = await exactCount(rules);
      expect(exact).toBe(BigInt(rulesDlxCount(rules, new Uint8Array(16)).count));
      const r = await estimate({ method, box: '2x2', variant, seed: 21, samples: 100_000, workers: 1 });
      expect(r.exact).toBe(exact);
      expect(Math.abs(r.z ?? Infinity)).toBeLessThan(4.5);
    });
  }
  it('bias batch tests under a variant: the exhaustive count, and intervals that cover it', async () => {
    // 40 batches of 5,000 knuth samples on 2x2+anti-knight: each 95 % interval covers N with probability ≈ 0.95,
    // so at least 30 of 40 do except with probability < 10⁻⁴ (binomial tail)
    const r = await batchTests({
      method: 'knuth',
      box: '2x2',
      variant: 'anti-knight',
      batches: 40,
      samples: 5000,
      seed: 4,
    });
    expect(r.rules).toBe('2x2+anti-knight');
    expect(r.count).toBe(BigInt(rulesDlxCount(parseRules(boxShape(2, 2), 'anti-knight'), new Uint8Array(16)).count));
    expect(r.rows.filter((x) => x.covers).length).toBeGreaterThanOrEqual(30);
  });

  it('refuses the methods that walk rows, columns and boxes only', async () => {
    await expect(estimate({ method: 'ridder', box: '2x2', variant: 'x', seed: 1, samples: 10 })).rejects.toThrow(
      /method ridder walks rows, columns and boxes only/,
    );
  });
});
