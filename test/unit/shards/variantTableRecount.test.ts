import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../src/grid/support.js';
import { countAntiKingEdge } from '../../../src/variants/countAntiKingEdge.js';
import { countVariantGridsPooled } from '../../../src/variants/countVariantGrids.js';
import { middleBandUnits, variantTableOf, variantUnits } from '../../../src/variants/variantTable.js';
import { recountUnits } from '../../../src/shards/recountUnits.js';
import { variantTableRecounter } from '../../../src/shards/variantTableRecount.js';

/** A table's value raised by one at `unit`: what the recount must name. */
const edited = (values: Float64Array, unit: number) => (u: number) => BigInt(values[u]) + (u === unit ? 1n : 0n);

/** Every unit of the table counted again against its own values: the differences (none, for a true table). */
const recountAll = (recounter: ReturnType<typeof variantTableRecounter>, values: Float64Array) =>
  recountUnits(
    recounter,
    Array.from(values, (_, u) => u),
    () => [],
    (u) => BigInt(values[u]),
    { workers: 1 },
  );

describe('variantTableRecounter: a table unit counted again by its own route', () => {
  it('solver route (2x3 x): each unit agrees, an edited one is named', async () => {
    const rules = resolveRules('variant-count', '2x3', ['x'], 'shards');
    const units = variantUnits(rules);
    const table = variantTableOf(rules, await countVariantGridsPooled(rules), units);
    const recounter = variantTableRecounter(table, units);
    expect(await recountAll(recounter, table.values)).toEqual([]);
    const d = await recountUnits(recounter, [2, 5], () => [], edited(table.values, 5), { workers: 1 });
    expect(d).toEqual([{ unit: 5, held: BigInt(table.values[5]) + 1n, recounted: BigInt(table.values[5]) }]);
  });

  it('edge-table route (2x3 anti-king, as 9x9 anti-king): the classes drawn, by the edge table', async () => {
    const rules = resolveRules('variant-count', '2x3', ['anti-king'], 'shards');
    const units = middleBandUnits(rules);
    const table = variantTableOf(rules, await countAntiKingEdge(rules), units);
    expect(table.count).toBeGreaterThan(3);
    const recounter = variantTableRecounter(table, units);
    expect(await recountAll(recounter, table.values)).toEqual([]);
    const last = table.count - 1;
    const d = await recountUnits(recounter, [0, last], () => [], edited(table.values, last), { workers: 1 });
    expect(d.map((x) => x.unit)).toEqual([last]);
  });
});
