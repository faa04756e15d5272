import type { Rules } from '../grid/rules.js';
import { orbitsOfGrids } from '../essential/orbitsOfGrids.js';
import { fullVariantGroup } from './fullVariantGroup.js';
import { rowOneGrids, VARIANT_ESSENTIAL_LIMIT } from './rowOneGrids.js';

/**
 * The second route for Γ_V on small shapes: every grid with row 1 = 1..n (exact cover), joined by union-find to
 * std(g·X) for every generator g of Γ_V (std relabels row 1 to 1..n); the components are the orbits of Γ_V × S_n,
 * a component of s grids having |Aut| = |Γ_V|/s. No fixed-grid counting, no classes, no unit lemma.
 */
export interface FullGroupOrbits {
  readonly grids: number;
  readonly orbits: number;
  /** [|Aut| in Γ_V × S_n, orbits with it], by increasing |Aut|. */
  readonly byAutomorphisms: ReadonlyArray<readonly [number, number]>;
}

export function fullGroupOrbits(rules: Rules): FullGroupOrbits {
  const group = fullVariantGroup(rules);
  const N = rules.cells;
  const { grids, image } = rowOneGrids(
    rules,
    `rules ${rules.name}: more than ${VARIANT_ESSENTIAL_LIMIT} grids with row 1 fixed to hold`,
  );
  const maps = group.generators.map((g) => group.elements.subarray(g * N, g * N + N));
  const { orbits, byAutomorphisms } = orbitsOfGrids(
    grids.length,
    maps.length,
    (g, i) => image(maps[g], i),
    group.order,
    'Γ_V',
  );
  return { grids: grids.length, orbits, byAutomorphisms };
}
