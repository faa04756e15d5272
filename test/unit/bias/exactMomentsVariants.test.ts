import { describe, expect, it } from 'vitest';
import { enumerateDrawTree } from '../../../src/bias/enumerateDrawTree.js';
import { exactMoments } from '../../../src/bias/exactMoments.js';
import { Rational } from '../../../src/bias/rational.js';
import type { Estimator } from '../../../src/estimate/estimator.js';
import { parseRules } from '../../../src/grid/rules.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import { randomBelow } from '../../../src/random/randomBelow.js';
import { rulesDlxCount } from '../../helpers/rulesDlx.js';

/**
 * bias --exact under variants: E[X] from the estimator's whole probability tree (or its state recursion) against
 * N from the variant total (src/variants/), and N against the exact-cover oracle's count of the empty grid; the
 * held first-row draws (digit renaming) against the full tree.
 */
const oracleTotal = (box: string, variant: string) => {
  const [r, c] = box.split('x').map(Number);
  const rules = parseRules(boxShape(r, c), variant);
  return BigInt(rulesDlxCount(rules, new Uint8Array(rules.cells), Infinity).count);
};

describe('exact moments under variants', () => {
  const variants = ['x', 'disjoint-groups', 'anti-knight', 'x,disjoint-groups', 'anti-king'];
  for (const method of ['crude', 'knuth', 'ridder', 'knuth-mrv'])
    it(`${method} on 2x2 variants: E[X] = N (= the oracle's count); held draws = the full tree`, async () => {
      for (const variant of variants) {
        const r = await exactMoments({ method, box: '2x2', variant });
        expect(r.rules).toBe(`2x2+${variant.replace(',', '+')}`);
        expect({ variant, unbiased: r.unbiased }).toEqual({ variant, unbiased: true });
        expect(r.mean.equals(Rational.of(r.count))).toBe(true);
        expect(r.count).toBe(oracleTotal('2x2', variant));
        const full = await exactMoments({ method, box: '2x2', variant, fullTree: true });
        expect(full.secondMoment.equals(r.secondMoment)).toBe(true);
        expect(full.distribution!.map((d) => [d.value, d.probability.toString()])).toEqual(
          r.distribution!.map((d) => [d.value, d.probability.toString()]),
        );
        expect(full.size).toBe(24 * r.size);
      }
    });

  it('the state recursion (knuth-random, hybrid) under a variant: E[X] = N', async () => {
    const a = await exactMoments({ method: 'knuth-random', box: '2x2', variant: 'anti-knight' });
    const b = await exactMoments({ method: 'hybrid', box: '2x2', variant: 'disjoint-groups', fill: 5 });
    expect(a.technique).toBe('states');
    expect(a.unbiased && b.unbiased).toBe(true);
    expect(a.count).toBe(oracleTotal('2x2', 'anti-knight'));
    expect(b.count).toBe(oracleTotal('2x2', 'disjoint-groups'));
    // not the plain law: the variant changes the second moment too
    const plain = await exactMoments({ method: 'hybrid', box: '2x2', fill: 5 });
    expect(plain.secondMoment.equals(b.secondMoment)).toBe(false);
  });

  it('knuth on 2x3+x: E[X] = N (the draw tree on a 6×6 variant)', async () => {
    const r = await exactMoments({ method: 'knuth', box: '2x3', variant: 'x' });
    expect(r.unbiased).toBe(true);
    expect(r.count).toBeGreaterThan(0n);
  });

  it('refuses, in one line, what it cannot walk: the shape, the variant, the method', async () => {
    await expect(exactMoments({ method: 'knuth', box: '3x3', variant: 'x' })).rejects.toThrow(/use --batches/);
    await expect(exactMoments({ method: 'knuth', box: '2x2', variant: 'windoku' })).rejects.toThrow(InputError);
    await expect(exactMoments({ method: 'crude', box: '2x3', variant: 'x' })).rejects.toThrow(/n ≤ 4 only/);
    await expect(exactMoments({ method: 'knuth', box: '2x2', variant: 'nope' })).rejects.toThrow(InputError);
  });

  it('held draws that are not among the unused digits: the walk says so (null), for a full walk instead', () => {
    // draws k = 4, 4: the second is not among 3 unused digits
    const sampler = (ks: number[]): Estimator => ({
      method: 'knuth',
      shape: boxShape(2, 2),
      fill: null,
      scale: 1n,
      indicator: false,
      sample: (rng) => {
        let x = 1;
        for (const k of ks) x += randomBelow(rng, k);
        return x;
      },
    });
    expect(enumerateDrawTree(sampler([4, 4, 2]), { maxPaths: 1e6, heldDraws: 2, heldAmongUnused: 4 })).toBeNull();
    const t = enumerateDrawTree(sampler([4, 3, 2]), { maxPaths: 1e6, heldDraws: 2, heldAmongUnused: 4 });
    expect(t?.weight).toBe(12);
    expect(t?.paths).toBe(2);
  });
});
