import { UnionFind } from '../symmetry/unionFind.js';

/** How many orbits, and how many of them by automorphism count |Aut| (sorted by |Aut|). */
export interface OrbitCensus {
  readonly orbits: number;
  /** [|Aut|, orbits with that many automorphisms], |Aut| = the group's order / the orbit's size. */
  readonly byAutomorphisms: Array<[number, number]>;
}

/**
 * The orbits of `count` listed grids under a group given by its generators: the components of a union-find joining
 * grid i to `image(g, i)` (the index of g·X_i, brought back to the list's standard form) for each generator g. Each
 * orbit's size divides `order` (checked: `group` names the group in the error).
 */
export function orbitsOfGrids(
  count: number,
  generators: number,
  image: (g: number, i: number) => number,
  order: number,
  group: string,
): OrbitCensus {
  const sets = new UnionFind(count);
  for (let g = 0; g < generators; g++) for (let i = 0; i < count; i++) sets.union(i, image(g, i));
  const size = new Map<number, number>();
  for (let i = 0; i < count; i++) size.set(sets.find(i), (size.get(sets.find(i)) ?? 0) + 1);
  const byAut = new Map<number, number>();
  for (const s of size.values()) {
    if (order % s !== 0) throw new Error(`internal: an orbit of ${s} grids does not divide |${group}|`);
    byAut.set(order / s, (byAut.get(order / s) ?? 0) + 1);
  }
  return { orbits: size.size, byAutomorphisms: [...byAut].sort((a, b) => a[0] - b[0]) };
}
