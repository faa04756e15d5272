import { describe, expect, it } from 'vitest';
import { rulesFromSpec, type Rules } from '../../../src/grid/rules.js';
import { InputError } from '../../../src/grid/shape.js';
import {
  essentiallyDifferentVariantCount,
  variantEssentialCount,
  type VariantEssentialProgress,
} from '../../../src/shards/variantEssentialCount.js';

/**
 * What essentially-different --variant runs (src/shards/variantEssentialCount.ts): which source the identity's term
 * comes from, the options that do not fit, and the routes compared. Small shapes only (a 9×9 Burnside sum takes
 * seconds: the 9×9 paths are checked up to the point where the work would start).
 */
const rules = (rows: number, cols: number, variants: string[]) =>
  rulesFromSpec({ rows, cols, variants: variants as Rules['variants'] });

describe('variantEssentialCount', () => {
  it('n ≤ 6: Burnside with the direct route beside it, which agree; progress for the fixed grids only', async () => {
    const events: VariantEssentialProgress[] = [];
    const r = await variantEssentialCount(rules(2, 3, ['x']), { onProgress: (e) => events.push(e) });
    expect([r.burnside?.total, r.burnside?.identity, r.direct?.direct, r.disagreement]).toEqual([3n, 12n, 3, null]);
    expect(r.burnside?.identitySource).toBe('every grid with row 1 = 1..n listed (exact cover)');
    expect(r.identityCheck).toBeUndefined();
    expect(events.map((e) => `${e.stage} ${e.phase}`)).toEqual([
      'fixed start',
      ...events.slice(1, -1).map(() => 'fixed progress'),
      'fixed end',
    ]);
  });

  it("the library's edge checks the rules; a jigsaw is counted by the direct route alone", async () => {
    const r = await essentiallyDifferentVariantCount({ box: '3x2', variant: 'x' });
    expect([r.burnside?.rules, r.burnside?.total]).toEqual(['3x2+x', 3n]);
    const regions = Array.from({ length: 16 }, (_, c) => Math.floor(c / 8) * 2 + Math.floor((c % 4) / 2));
    const jigsaw = await variantEssentialCount(rulesFromSpec({ rows: 2, cols: 2, variants: ['jigsaw'], regions }));
    expect(jigsaw.burnside).toBeNull();
    expect([jigsaw.direct?.burnside, BigInt(jigsaw.direct?.direct ?? -1), jigsaw.disagreement]).toEqual([2n, 2n, null]);
  });

  it('options that do not fit are refused in one line, before any work', async () => {
    const x9 = rules(3, 3, ['x']);
    const refused: [Rules, Parameters<typeof variantEssentialCount>[1], RegExp][] = [
      [x9, { identityTerm: 1n, identityFrom: 'a.bin' }, /both give the identity's term: give one of them/],
      [rules(2, 3, ['x']), { identityTerm: 12n }, /are for 9x9: for n ≤ 6 every grid is listed here/],
      [x9, { identityTerm: 1n, checkpoint: 'c' }, /--checkpoint and --resume keep the count this command runs itself/],
      [rules(3, 3, ['x', 'anti-knight']), {}, /the identity's term N\/9! is the count's, and .*--identity-term N$/],
    ];
    for (const [r, opts, line] of refused) await expect(variantEssentialCount(r, opts)).rejects.toThrow(line);
    await expect(variantEssentialCount(x9, { identityTerm: 1n, checkpoint: 'c' })).rejects.toBeInstanceOf(InputError);
  });

  it('9×9 with no term given: N/n! is counted by countIdentity, with the workers asked', async () => {
    let asked = 0;
    const stop = new Error('counted here');
    const counting = variantEssentialCount(rules(3, 3, ['x']), {
      workers: 1,
      countIdentity: (workers) => {
        asked = workers;
        return Promise.reject(stop);
      },
    });
    await expect(counting).rejects.toBe(stop);
    expect(asked).toBe(1);
  });
});
