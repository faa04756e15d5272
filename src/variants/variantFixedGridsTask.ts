/**
 * The task module of `variantBurnside` for the worker pool (src/parallel/taskPool.ts): one task is one class
 * representative of G_V with one cycle type of relabelling.
 *
 *   countVariantFixed({ spec, members, element, tauType })  →  { count, seconds, …statistics }
 *
 * count = |Fix(g, τ)|/|C(τ)| for the variant's grids (countFixedGrids with the variant's extra units and G_V).
 * A thread builds the rules, the grid group and G_V's membership once per rules name and keeps them.
 */
import { countFixedGrids, type FixedCount } from '../essential/countFixedGrids.js';
import { rulesFromSpec, type RulesSpec } from '../grid/rules.js';
import { fixedVariantOf } from './fixedVariantOf.js';
import { variantUnits } from './variantUnits.js';

export interface VariantFixedInput {
  readonly spec: RulesSpec;
  /** The elements of G_V (ids in gridGroup(shape)). */
  readonly members: Int32Array;
  /** Element id of the class representative. */
  readonly element: number;
  /** Cycle type of τ, largest part first. */
  readonly tauType: readonly number[];
}

export interface VariantFixedOutput extends FixedCount {
  readonly seconds: number;
}

export function countVariantFixed(input: VariantFixedInput): VariantFixedOutput {
  const rules = rulesFromSpec(input.spec);
  const b = fixedVariantOf(rules.name, rules.shape, input.members, () => variantUnits(rules).units);
  const t0 = performance.now();
  const r = countFixedGrids(b.group, input.element, input.tauType, undefined, undefined, b.variant);
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}
