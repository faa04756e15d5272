import { describe, expect, it } from 'vitest';
import { columnSetClassTable } from '../../../src/colsets/countByColumnSets.js';
import { classSum, classValues } from '../../../src/classSum/classSum.js';
import { balanceShards } from '../../../src/shards/makeShardPlan.js';

describe('column-set units (the sharded route to F)', () => {
  it.each(['3x2', '4x2'])(
    '%s: F of every class from the distinct residual graphs = F by the one-machine count',
    async (box) => {
      const count = await classSum('column-sets', box);
      const units = count.units();
      expect(units.combine).toHaveLength(count.classList().count);
      const values = new Array<bigint>(units.units);
      const ids = Array.from({ length: units.units }, (_, i) => i);
      await count.countUnits(ids, (u) => units.payload![u], { workers: 1, onUnitDone: (u, v) => (values[u] = v) });
      const F = classValues(values, units.combine, units.scale);
      const direct = await columnSetClassTable({ box, workers: 1 });
      expect(F).toEqual(direct.classRows.map((r) => r.bands));
    },
  );
});

describe('balanceShards', () => {
  it('puts every unit in one shard, longest first to the least loaded', () => {
    const costs = Float64Array.from([5, 1, 1, 1, 1, 1, 4, 2]);
    const shards = balanceShards(costs, 3);
    expect(shards.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const loads = shards.map((ids) => ids.reduce((a, c) => a + costs[c], 0));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });
});

describe('the class list a plan carries', () => {
  it.each([
    ['column-sets', '4x2'],
    ['bands', '2x3'],
  ])('%s %s: taken back from classData(), the same list (digest) and the same report', async (method, box) => {
    const found = await classSum(method, box);
    const data = found.classData();
    const taken = await classSum(method, box, data);
    expect(taken.classList().digest).toBe(found.classList().digest);
    expect(taken.classList().count).toBe(found.classList().count);
    const units = found.units();
    const values = new Array<bigint>(units.units);
    const ids = Array.from({ length: units.units }, (_, i) => i);
    // units counted by the count that took its list from the data, as a shard does
    await taken.countUnits(ids, (u) => units.payload?.[u] ?? [], {
      workers: 1,
      onUnitDone: (u, v) => (values[u] = v),
    });
    const classVals = classValues(values, units.combine, units.scale);
    const seconds = { classes: 0, counting: 0 };
    expect(taken.report(classVals, [{}], seconds).total).toBe(found.report(classVals, [{}], seconds).total);
  });

  it('a class list whose orbits do not add up is refused', async () => {
    const data = (await classSum('column-sets', '3x2')).classData()!;
    const rows = data.rows.map((r, c) => (c === 0 ? [r[0] + 1, ...r.slice(1)] : r));
    const edited = await classSum('column-sets', '3x2', { ...data, rows });
    expect(() => edited.classList()).toThrow(/do not add up/);
  });
});

describe('the variant count as a class sum', () => {
  it('is named by its rules; a name that is not a variant count is refused', async () => {
    const count = await classSum('variant', '3x2+x');
    expect([count.method, count.box, count.classData()]).toEqual(['variant', '3x2+x', null]);
    expect(count.classList().count).toBe(count.units().units);
    expect(count.units().declaredSeconds).toBeUndefined(); // small shapes: the plan times a sample
    await expect(classSum('variant', '3x2')).rejects.toThrow(/names no variant/);
    await expect(classSum('variant', '3x3+windoku+x')).rejects.toThrow(/not the name of a variant count/);
    await expect(classSum('variant', '3x3+jigsaw=r.txt')).rejects.toThrow(/jigsaw count is not sharded/);
  });
});
