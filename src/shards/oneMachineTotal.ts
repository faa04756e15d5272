import { variantShardRules, type CountSpec } from '../grid/countSpec.js';
import { boxShape } from '../grid/shape.js';
import { MAX_VARIANT_COUNT_SIDE } from '../variants/variantCountSupport.js';

/**
 * N of a plan's count (`spec`) counted whole on this machine, by the one-machine count
 * and not from any file: the band method (countGrids), the column-set method (countByColumnSets), or a variant's
 * exhaustive route (every grid with row 1 = 1..n by exact cover, where it runs: n ≤ 6), else its fast route. What
 * `count --merge` compares a merged N with where the whole count is cheap (src/shards/recountSupport.ts
 * recountsWhole): a result or a plan edited and sealed again cannot pass it.
 */
export async function oneMachineTotal(spec: CountSpec, workers: number): Promise<bigint> {
  const box = boxShape(spec.rules.rows, spec.rules.cols);
  if (spec.route === 'bands')
    return (await (await import('../count/countGrids.js')).countGrids({ box, workers })).total;
  if (spec.route === 'burnside') throw new Error('internal: the Burnside terms are not counted again whole');
  if (spec.route === 'column-sets')
    return (await (await import('../colsets/countByColumnSets.js')).countByColumnSets({ box, workers })).total;
  const rules = variantShardRules(spec.rules);
  const { countVariantGridsPooled } = await import('../variants/countVariantGrids.js');
  const r = await countVariantGridsPooled(rules, {
    workers,
    exhaustive: rules.n <= MAX_VARIANT_COUNT_SIDE ? 'row1' : 'none',
  });
  return r.exhaustive ?? r.total;
}
