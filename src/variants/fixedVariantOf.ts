import type { FixedVariant } from '../essential/countFixedGrids.js';
import { gridGroup, type GridGroup } from '../essential/gridGroup.js';
import type { BoxShape } from '../grid/shape.js';

const built = new Map<string, { group: GridGroup; variant: FixedVariant }>();

/**
 * What a thread keeps for a variant's fixed-grid tasks (variantFixedGridsTask.ts under G_V, fullGroupFixedTask.ts
 * under Γ_V): the shape's grid group and the FixedVariant (the extra units, and which elements of G are members),
 * built on the first task of `key` and kept.
 */
export function fixedVariantOf(
  key: string,
  shape: BoxShape,
  members: Int32Array,
  units: () => FixedVariant['extraUnits'],
): { readonly group: GridGroup; readonly variant: FixedVariant } {
  let b = built.get(key);
  if (!b) {
    const group = gridGroup(shape);
    const member = new Uint8Array(group.order);
    for (const e of members) member[e] = 1;
    b = { group, variant: { extraUnits: units(), member } };
    built.set(key, b);
  }
  return b;
}
