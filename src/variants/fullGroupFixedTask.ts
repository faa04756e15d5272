/**
 * The task module of `fullGroupBurnside` for the worker pool (src/parallel/taskPool.ts): one task is one class
 * representative of Γ_V (src/variants/fullVariantGroup.ts) with one cycle type of relabelling.
 *
 *   countFullGroupFixed({ spec, units, members, element, cellMap, tauType })  →  { count, nodes, seconds }
 *
 * count = |Fix(g, τ)|/|C(τ)|. An element of G (`element` ≥ 0) is counted by the plain machinery
 * (countFixedGrids: regions, seed orbits under the elements of Γ_V ∩ G commuting with g, memos); an element
 * outside G (`element` = −1), which keeps rows and columns but not the boxes' bands and stacks, by the tied search
 * alone over all of g's cell orbits, one filling per C(τ)-orbit. Both take the variant's houses, the implied
 * houses and the pairs as extra units (`units`, cell lists).
 */
import { countFixedGrids } from '../essential/countFixedGrids.js';
import { TiedSearch } from '../essential/tiedSearch.js';
import { rulesFromSpec, type RulesSpec } from '../grid/rules.js';
import { fixedVariantOf } from './fixedVariantOf.js';

export interface FullGroupFixedInput {
  readonly spec: RulesSpec;
  /** Names the units and members (a thread builds them once per key). */
  readonly key: string;
  readonly units: ReadonlyArray<ArrayLike<number>>;
  /** The ids in G of the elements of Γ_V ∩ G. */
  readonly members: Int32Array;
  /** The representative's id in G, or −1 outside G. */
  readonly element: number;
  /** Its cell map. */
  readonly cellMap: Int32Array;
  readonly tauType: readonly number[];
}

export interface FullGroupFixedOutput {
  readonly count: number;
  readonly nodes: number;
  readonly seconds: number;
}

export function countFullGroupFixed(input: FullGroupFixedInput): FullGroupFixedOutput {
  const rules = rulesFromSpec(input.spec);
  const b = fixedVariantOf(input.key, rules.shape, input.members, () => input.units.map((u) => Int32Array.from(u)));
  const t0 = performance.now();
  if (input.element >= 0) {
    const r = countFixedGrids(b.group, input.element, input.tauType, undefined, undefined, b.variant);
    return { count: r.count, nodes: r.nodes, seconds: (performance.now() - t0) / 1000 };
  }
  const search = new TiedSearch(rules.shape, input.cellMap, input.tauType, b.variant.extraUnits);
  let count = 0;
  let possible = true;
  for (let o = 0; o < search.orbitCount; o++) if (search.oAllowed[o] === 0) possible = false;
  if (possible) {
    const all = Int32Array.from({ length: search.orbitCount }, (_, o) => o);
    count = search.search(all, true, () => 1);
  }
  return { count, nodes: search.nodes, seconds: (performance.now() - t0) / 1000 };
}
