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
  // crude's indicator hits about once in 3,000 draws on 2x2+x: 10⁶ samples give ~300 hits, enough for the normal
  // approximation of its mean
  for (const [variant, method, samples] of [
    ['x', 'knuth', 100_000],
    ['anti-knight', 'knuth-random', 100_000],
    ['x,disjoint-groups', 'hybrid', 100_000],
    ['x', 'crude', 1_000_000],
    ['x', 'knuth-mrv', 100_000],
    ['anti-knight', 'knuth-mrv', 100_000],
    ['disjoint-groups', 'ridder', 100_000],
    ['anti-king', 'ridder', 100_000],
  ] as const) {
    it(`${method} on 2x2+${variant}: unbiased against the exhaustive count`, async () => {
      const rules = parseRules(boxShape(2, 2), variant);
      const exact = await exactCount(rules);
      expect(exact).toBe(BigInt(rulesDlxCount(rules, new Uint8Array(16)).count));
      const r = await estimate({ method, box: '2x2', variant, seed: 21, samples, workers: 1 });
      expect(r.exact).toBe(exact);
      // 2x2+anti-knight: every walk that finishes gives 24 = N (zero variance); 2x2+anti-king has no grid (N = 0)
      if (r.z === null) expect(r.mean).toBe(Number(exact));
      else expect(Math.abs(r.z)).toBeLessThan(4.5);
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
});
