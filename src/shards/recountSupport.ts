import { bandMethod } from '../count/bandMethodSupport.js';
import { columnSetMethod } from '../colsets/columnSetSupport.js';
import type { CountSpec } from '../grid/countSpec.js';
import { boxShape } from '../grid/shape.js';
import { MAX_VARIANT_COUNT_SIDE, VARIANT_COUNT_COST_9X9 } from '../variants/variantCountSupport.js';

/**
 * CPU seconds under which a count is cheap enough to do again whole when its results are read back: `count --merge`
 * and `classes --verify` then count every unit again (src/shards/recountUnits.ts) instead of the --recount K drawn.
 */
export const WHOLE_RECOUNT_SECONDS = 60;

/**
 * Whether the merge of a sharded count (src/grid/countSpec.ts) or the check of a variant table counts
 * every unit again, its one-machine count costing under WHOLE_RECOUNT_SECONDS: every shape of the band method
 * (4×2, the dearest, ~1.5 s), the column-set method up to 5×2 (~37 CPU s, docs/shapes.md), every variant of n ≤ 6
 * (under a second), and a 9×9 variant whose declared cost is that small (none yet: x + windoku is ~70 CPU s).
 */
export function recountsWhole(spec: CountSpec): boolean {
  const shape = boxShape(spec.rules.rows, spec.rules.cols);
  if (spec.route === 'bands') return bandMethod(shape);
  if (spec.route === 'column-sets') return columnSetMethod(shape);
  if (spec.route === 'burnside') return false; // minutes to hours: --recount K
  if (shape.n <= MAX_VARIANT_COUNT_SIDE) return true;
  const hours = VARIANT_COUNT_COST_9X9[spec.rules.variants.join(',')]; // the one-machine count's route
  return hours !== undefined && hours * 3600 < WHOLE_RECOUNT_SECONDS;
}
