import type { Rules } from '../grid/rules.js';
import { InputError } from '../grid/shape.js';
import { rulesExactCover } from './rulesExactCover.js';

/** Limit on the grids held (row 1 standard). */
export const VARIANT_ESSENTIAL_LIMIT = 200_000;

/** The grids of a variant with row 1 = 1..n, listed, and the map that joins them into orbits. */
export interface RowOneGrids {
  readonly grids: readonly Uint8Array[];
  /**
   * The index of std(g·X_i): grid i moved by the cell map `map` of g, relabelled so that row 1 reads 1..n again.
   * Throws (internal) when the moved grid is not on the list: g does not keep the rules.
   */
  readonly image: (map: ArrayLike<number>, i: number) => number;
}

/**
 * Every grid of `rules` with row 1 = 1..n (one per relabelling class; src/variants/rulesExactCover.ts), for the
 * routes that list them all (essentiallyDifferentVariant.ts under G_V, fullGroupOrbits.ts under Γ_V). More than
 * VARIANT_ESSENTIAL_LIMIT: an InputError, `tooMany` (one line).
 */
export function rowOneGrids(rules: Rules, tooMany: string): RowOneGrids {
  const { n, cells: N } = rules;
  const givens = new Uint8Array(N);
  for (let c = 0; c < n; c++) givens[c] = c + 1;
  const grids: Uint8Array[] = [];
  const r = rulesExactCover(rules, givens, VARIANT_ESSENTIAL_LIMIT + 1, (X) => grids.push(X.slice()));
  if (r.limited) throw new InputError(tooMany);
  const index = new Map<string, number>();
  grids.forEach((X, i) => index.set(String.fromCharCode(...X), i));
  const moved = new Uint8Array(N);
  const relabel = new Uint8Array(n + 1);
  return {
    grids,
    image: (map, i) => {
      const X = grids[i];
      for (let c = 0; c < N; c++) moved[map[c]] = X[c];
      for (let c = 0; c < n; c++) relabel[moved[c]] = c + 1;
      for (let c = 0; c < N; c++) moved[c] = relabel[moved[c]];
      const j = index.get(String.fromCharCode(...moved));
      if (j === undefined) throw new Error('internal: a moved grid is not a grid of the rules');
      return j;
    },
  };
}
