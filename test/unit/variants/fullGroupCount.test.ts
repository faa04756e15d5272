import { describe, expect, it } from 'vitest';
import { rulesFromSpec, type Rules } from '../../../src/grid/rules.js';
import { fullGroupCount } from '../../../src/variants/fullGroupCount.js';

/** `essentially-different --variant V --full-group` (src/variants/fullGroupCount.ts): its stages and refusals. */
const rules = (rows: number, cols: number, variants: string[], regions?: number[]) =>
  rulesFromSpec({ rows, cols, variants: variants as Rules['variants'], ...(regions ? { regions } : {}) });

describe('fullGroupCount', () => {
  it('n ≤ 6: under G_V, under Γ_V and directly, one worker by default; the stages said from the first', async () => {
    const stages: string[] = [];
    const r = await fullGroupCount(rules(2, 3, ['x']), { onStage: (t) => stages.push(t) });
    expect(stages[0]).toBe("2x3+x: the identity's term");
    expect([r?.variant.total, r?.variant.workers, BigInt(r?.direct?.orbits ?? -1)]).toEqual([3n, 1, r?.full.total]);
  });

  it('refuses a jigsaw and a given term on n ≤ 6, before any stage', async () => {
    const stages: string[] = [];
    const onStage = (t: string) => stages.push(t);
    const regions = Array.from({ length: 16 }, (_, c) => Math.floor(c / 8) * 2 + Math.floor((c % 4) / 2));
    await expect(fullGroupCount(rules(2, 2, ['jigsaw'], regions), { onStage })).rejects.toThrow(
      /--full-group does not take jigsaw rules/,
    );
    await expect(fullGroupCount(rules(2, 3, ['x']), { identityTerm: 12n, onStage })).rejects.toThrow(
      '--identity-term is for 9x9: for n ≤ 6 every grid is listed here',
    );
    expect(stages).toEqual([]);
  });
});
