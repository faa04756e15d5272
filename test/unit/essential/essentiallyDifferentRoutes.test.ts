import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/grid/shape.js';
import {
  essentiallyDifferentRoutes,
  type EssentialRoutesProgress,
} from '../../../src/essential/essentiallyDifferentRoutes.js';

/** `essentially-different --box B [--automorphisms] [--direct]` (src/essential/essentiallyDifferentRoutes.ts). */
describe('essentiallyDifferentRoutes', () => {
  it('2x2: Burnside, the census and the direct orbits agree; stages in order', async () => {
    const events: EssentialRoutesProgress[] = [];
    const r = await essentiallyDifferentRoutes({
      box: '2x2',
      workers: 1,
      automorphisms: true,
      direct: true,
      onProgress: (e) => events.push(e),
    });
    expect([r.burnside.total, r.automorphisms?.total, BigInt(r.direct?.orbits ?? -1)]).toEqual([
      r.burnside.total,
      r.burnside.total,
      r.burnside.total,
    ]);
    const stages = [...new Set(events.map((e) => e.stage))];
    expect(stages[0]).toBe('classes');
    expect(stages.slice(-2)).toEqual(['automorphisms', 'direct']);
  });

  it('asked for nothing more, Burnside alone; --direct where it does not reach: refused before any stage', async () => {
    const r = await essentiallyDifferentRoutes({ box: '2x2', workers: 1 });
    expect(Object.keys(r)).toEqual(['burnside']);
    const events: EssentialRoutesProgress[] = [];
    const run = essentiallyDifferentRoutes({ box: '3x3', direct: true, onProgress: (e) => events.push(e) });
    await expect(run).rejects.toThrow(/^--direct: /);
    await expect(run).rejects.toBeInstanceOf(InputError);
    expect(events).toEqual([]);
  });
});
