import type { Rules } from '../grid/rules.js';
import { InputError } from '../grid/shape.js';
import { VARIANT_ESSENTIAL_LIMIT } from './essentiallyDifferentVariant.js';
import { fullVariantGroup } from './fullVariantGroup.js';
import { rulesExactCover } from './rulesExactCover.js';

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
  const { n, cells: N } = rules;
  const group = fullVariantGroup(rules);
  const givens = new Uint8Array(N);
  for (let c = 0; c < n; c++) givens[c] = c + 1;
  const grids: Uint8Array[] = [];
  const r = rulesExactCover(rules, givens, VARIANT_ESSENTIAL_LIMIT + 1, (X) => grids.push(X.slice()));
  if (r.limited)
    throw new InputError(`rules ${rules.name}: more than ${VARIANT_ESSENTIAL_LIMIT} grids with row 1 fixed to hold`);
  const index = new Map<string, number>();
  grids.forEach((X, i) => index.set(String.fromCharCode(...X), i));
  const parent = Int32Array.from(grids, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const moved = new Uint8Array(N);
  const relabel = new Uint8Array(n + 1);
  for (const g of group.generators) {
    const map = group.elements.subarray(g * N, g * N + N);
    grids.forEach((X, i) => {
      for (let c = 0; c < N; c++) moved[map[c]] = X[c];
      for (let c = 0; c < n; c++) relabel[moved[c]] = c + 1;
      for (let c = 0; c < N; c++) moved[c] = relabel[moved[c]];
      const j = index.get(String.fromCharCode(...moved));
      if (j === undefined) throw new Error('internal: an element of Γ_V moved a grid off the grids');
      const a = find(i),
        b = find(j);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    });
  }
  const size = new Map<number, number>();
  for (let i = 0; i < grids.length; i++) size.set(find(i), (size.get(find(i)) ?? 0) + 1);
  const byAut = new Map<number, number>();
  for (const s of size.values()) {
    if (group.order % s !== 0) throw new Error(`internal: an orbit of ${s} grids does not divide |Γ_V|`);
    byAut.set(group.order / s, (byAut.get(group.order / s) ?? 0) + 1);
  }
  return { grids: grids.length, orbits: size.size, byAutomorphisms: [...byAut].sort((a, b) => a[0] - b[0]) };
}
