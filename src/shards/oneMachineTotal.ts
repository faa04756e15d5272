import { InputError } from '../grid/shape.js';
import { MAX_VARIANT_COUNT_SIDE } from '../grid/support.js';
import { variantShardRulesOf } from '../classSum/variantClassSum.js';

/**
 * N of a plan's count (method, box as a plan names them) counted whole on this machine, by the one-machine count
 * and not from any file: the band method (countGrids), the column-set method (countByColumnSets), or a variant's
 * exhaustive route (every grid with row 1 = 1..n by exact cover, where it runs: n ≤ 6), else its fast route. What
 * `count --merge` compares a merged N with where the whole count is cheap (src/grid/support.ts recountsWhole): a
 * result or a plan edited and sealed again cannot pass it.
 */
export async function oneMachineTotal(method: string, box: string, workers: number): Promise<bigint> {
  if (method === 'bands') return (await (await import('../count/countGrids.js')).countGrids({ box, workers })).total;
  if (method === 'column-sets')
    return (await (await import('../colsets/countByColumnSets.js')).countByColumnSets({ box, workers })).total;
  if (method === 'variant') {
    const rules = variantShardRulesOf(box);
    const { countVariantGridsPooled } = await import('../variants/countVariantGrids.js');
    const r = await countVariantGridsPooled(rules, {
      workers,
      exhaustive: rules.n <= MAX_VARIANT_COUNT_SIDE ? 'row1' : 'none',
    });
    return r.exhaustive ?? r.total;
  }
  throw new InputError(`method '${method}' has no one-machine count`);
}
