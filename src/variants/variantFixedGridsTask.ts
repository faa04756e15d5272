/**
 * The task module of `variantBurnside` for the worker pool (src/parallel/taskPool.ts): one task is one class
 * representative of G_V with one cycle type of relabelling.
 *
 *   countVariantFixed({ spec, members, element, tauType })  →  { count, seconds, …statistics }
 *
 * count = |Fix(g, τ)|/|C(τ)| for the variant's grids (countFixedGrids with the variant's extra units and G_V).
 * A thread builds the rules, the grid group and G_V's membership once per rules name and keeps them.
 */
import { countFixedGrids, type FixedCount, type FixedVariant } from '../essential/countFixedGrids.js';
import { gridGroup, type GridGroup } from '../essential/gridGroup.js';
import { rulesFromSpec, type RulesSpec } from '../grid/rules.js';
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

const built = new Map<string, { group: GridGroup; variant: FixedVariant }>();

export function countVariantFixed(input: VariantFixedInput): VariantFixedOutput {
  const rules = rulesFromSpec(input.spec);
  let b = built.get(rules.name);
  if (!b) {
    const group = gridGroup(rules.shape);
    const member = new Uint8Array(group.order);
    for (const e of input.members) member[e] = 1;
    b = { group, variant: { extraUnits: variantUnits(rules).units, member } };
    built.set(rules.name, b);
  }
  const t0 = performance.now();
  const r = countFixedGrids(b.group, input.element, input.tauType, undefined, undefined, b.variant);
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}
