import type { Rules } from '../grid/rules.js';

/**
 * What a variant adds to rows, columns and boxes, as the essential machinery (src/essential/) takes it:
 *
 *   houses   the extra houses (houses 3n.. of the rules: diagonals, windows, groups, …), with their names; the
 *            unit lemma applies to them (each holds every digit once)
 *   units    the houses and the pairs (two cells that must differ), each a cell list: the tied search keeps one
 *            mask of used digits per unit
 *
 * Jigsaw rules replace the boxes and are not taken here (the tied search's boxes are the shape's).
 */
export interface VariantUnits {
  readonly houses: { readonly cells: readonly Int32Array[]; readonly names: readonly string[] };
  readonly units: readonly Int32Array[];
}

export function variantUnits(rules: Rules): VariantUnits {
  if (rules.variants.includes('jigsaw')) throw new Error('internal: variantUnits does not take jigsaw rules');
  const { n, houses, houseCount, houseNames, pairs } = rules;
  const cells: Int32Array[] = [];
  const names: string[] = [];
  for (let h = 3 * n; h < houseCount; h++) {
    cells.push(houses.slice(h * n, (h + 1) * n));
    names.push(houseNames[h]);
  }
  const units = [...cells];
  for (let k = 0; k < pairs.length; k += 2) units.push(Int32Array.of(pairs[k], pairs[k + 1]));
  return { houses: { cells, names }, units };
}
