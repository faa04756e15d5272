import { describe, expect, it } from 'vitest';
import { drawUnits, recountUnits } from '../../../src/shards/recountUnits.js';
import type { ClassSum } from '../../../src/classSum/classSum.js';

describe('drawUnits', () => {
  it('k distinct units in range, increasing; the same seed gives the same units; k ≥ units gives all', () => {
    for (const [units, k] of [
      [10, 3],
      [1000, 50],
      [63_199, 7],
      [5, 5],
    ]) {
      const a = drawUnits(units, k, 42);
      expect(a).toHaveLength(Math.min(k, units));
      expect(new Set(a).size).toBe(a.length);
      expect(a.every((u, i) => Number.isInteger(u) && u >= 0 && u < units && (i === 0 || a[i - 1] < u))).toBe(true);
      expect(drawUnits(units, k, 42)).toEqual(a);
    }
    expect(drawUnits(4, 9, 1)).toEqual([0, 1, 2, 3]);
    expect(drawUnits(1000, 50, 1)).not.toEqual(drawUnits(1000, 50, 2));
  });

  it('every unit can be drawn: 20 units, one at a time, over 400 seeds', () => {
    // deterministic (fixed seeds): a unit never drawn in 400 draws of 1 in 20 has probability 20·(19/20)^400 < 10⁻⁷
    const seen = new Set<number>();
    for (let seed = 0; seed < 400; seed++) seen.add(drawUnits(20, 1, seed)[0]);
    expect(seen.size).toBe(20);
  });
});

describe('recountUnits', () => {
  it('names each unit whose value differs from the one counted again', async () => {
    const count: Pick<ClassSum, 'countUnits'> = {
      countUnits: (ids, _payload, options) => {
        for (const id of ids) options.onUnitDone(id, BigInt(id * id));
        return Promise.resolve({ facts: {}, setupSeconds: 0 });
      },
    };
    const held = (u: number) => BigInt(u * u) + (u === 3 || u === 7 ? 1n : 0n);
    expect(await recountUnits(count, [1, 2, 4], () => [], held, { workers: 1 })).toEqual([]);
    expect(await recountUnits(count, [7, 1, 3], () => [], held, { workers: 1 })).toEqual([
      { unit: 3, held: 10n, recounted: 9n },
      { unit: 7, held: 50n, recounted: 49n },
    ]);
  });
});
