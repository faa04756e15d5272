import { gridGroup, type GridGroup } from '../essential/gridGroup.js';
import { factorialBig } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { groupCandidates } from './groupCandidates.js';

/**
 * G_V, the cell symmetries a variant keeps: the elements of the shape's grid group G (row/column/band/stack
 * permutations and, for square boxes, transposition; src/essential/gridGroup.ts) that map every house of the
 * rules onto a house and every pair onto a pair. Computed from the rules, never listed per variant: G already
 * keeps rows, columns and boxes, so only the extra houses (and a jigsaw's regions) and the pairs are checked, and
 * only on the elements that pass the row and column tests of src/variants/groupCandidates.ts (a few thousand of
 * 9×9's 3,359,232; then milliseconds, not seconds).
 * The full symmetry group of the variant's grids is G_V × S_n (relabelling the digits keeps every house and pair).
 *
 *   elements        ids in G (dense, the identity first), ascending
 *   maps            maps[k·n² + cell] = the image of cell under elements[k]
 *   generators      a generating set of G_V (ids in G), found greedily: each element not yet generated is added
 *
 * Check (test/unit/symmetry/variantGroup.test.ts): every element passes preservesRules, G_V is closed under
 * products, and plain rules give G itself.
 */
export interface VariantGroup {
  readonly rules: Rules;
  readonly grid: GridGroup;
  /** |G_V|. */
  readonly order: number;
  /** |G_V|·n!: with relabelling. */
  readonly fullOrder: bigint;
  readonly elements: Int32Array;
  readonly maps: Int32Array;
  readonly generators: readonly number[];
}

const cache = new Map<string, VariantGroup>();

/** Grid-group elements (or closure steps) between two calls of `onTick`: a few milliseconds. */
const TICK_EVERY = 0x3fff;

/**
 * G_V of the rules. `onTick`, if given, is called every TICK_EVERY + 1 elements examined (seconds on 1×6 disjoint
 * groups, whose 518,400 elements all pass the row and column tests), so a caller holding the main thread can
 * report progress; it never decides anything.
 */
export function variantGroup(rules: Rules, onTick?: () => void): VariantGroup {
  const hit = cache.get(rules.name);
  if (hit) return hit;
  const { n, cells: N, houses, houseCount: H, pairs } = rules;
  const grid = gridGroup(rules.shape);
  // Zobrist hashes of the houses to check: a house's image is a house when its hash is one (and then its cells
  // are compared, so a collision cannot let a wrong element in)
  const first = rules.variants.includes('jigsaw') ? 2 * n : 3 * n;
  const z = new Int32Array(N);
  let s = 0x2545f491;
  for (let i = 0; i < N; i++) {
    s = (Math.imul(s, 1103515245) + 12345) | 0;
    z[i] = s ^ (s >>> 15);
  }
  // every house may be an image (an extra house can coincide with a plain one: centre dots of 1×C boxes)
  const houseOf = new Map<number, number[]>();
  for (let h = 0; h < H; h++) {
    let x = 0;
    for (let k = 0; k < n; k++) x ^= z[houses[h * n + k]];
    const list = houseOf.get(x) ?? [];
    list.push(h);
    houseOf.set(x, list);
  }
  const isPair = new Uint8Array(N * N);
  for (let k = 0; k < pairs.length; k += 2) {
    isPair[pairs[k] * N + pairs[k + 1]] = 1;
    isPair[pairs[k + 1] * N + pairs[k]] = 1;
  }
  const cellSet = new Uint8Array(N);
  const keeps = (map: Int32Array): boolean => {
    for (let h = first; h < H; h++) {
      let x = 0;
      for (let k = 0; k < n; k++) x ^= z[map[houses[h * n + k]]];
      const candidates = houseOf.get(x);
      if (!candidates) return false;
      for (let k = 0; k < n; k++) cellSet[map[houses[h * n + k]]] = 1;
      const found = candidates.some((g) => {
        for (let k = 0; k < n; k++) if (!cellSet[houses[g * n + k]]) return false;
        return true;
      });
      for (let k = 0; k < n; k++) cellSet[map[houses[h * n + k]]] = 0;
      if (!found) return false;
    }
    for (let k = 0; k < pairs.length; k += 2) if (!isPair[map[pairs[k]] * N + map[pairs[k + 1]]]) return false;
    return true;
  };
  const kept: number[] = [];
  const map = new Int32Array(N);
  if (first >= H && pairs.length === 0) for (let g = 0; g < grid.order; g++) kept.push(g);
  else {
    // only the candidates (a necessary condition, on rows and columns first) are checked whole
    let examined = 0;
    const tick = () => {
      if ((examined++ & TICK_EVERY) === 0) onTick?.();
    };
    for (const g of groupCandidates(rules, grid, first, tick)) {
      tick();
      grid.cellMap(g, map);
      if (keeps(map)) kept.push(g);
    }
  }
  const elements = Int32Array.from(kept);
  const maps = new Int32Array(elements.length * N);
  elements.forEach((g, k) => grid.cellMap(g, maps.subarray(k * N, (k + 1) * N)));
  const group: VariantGroup = {
    rules,
    grid,
    order: elements.length,
    fullOrder: BigInt(elements.length) * factorialBig(n),
    elements,
    maps,
    generators: generatingSet(grid, elements, onTick),
  };
  cache.set(rules.name, group);
  return group;
}

/** Largest G whose membership generatingSet keeps as one byte an element (3×3's 3,359,232; 1×9's 9!² is not). */
const BYTE_MEMBERSHIP_ORDER = 2 ** 25;

/** A generating set of the subgroup `elements` of G: greedily, each element outside the closure so far. */
function generatingSet(grid: GridGroup, elements: Int32Array, onTick?: () => void): number[] {
  // the closure reached so far: a byte an element of G where G is small enough, else a Set
  const bytes = grid.order <= BYTE_MEMBERSHIP_ORDER ? new Uint8Array(grid.order) : null;
  const set = bytes === null ? new Set<number>() : null;
  const has = (x: number): boolean => (bytes !== null ? bytes[x] === 1 : set!.has(x));
  const reached = new Int32Array(elements.length + 1);
  let size = 0;
  const add = (x: number): void => {
    if (bytes !== null) bytes[x] = 1;
    else set!.add(x);
    reached[size++] = x;
  };
  add(0);
  const gens: number[] = [];
  for (const g of elements) {
    if (has(g)) continue;
    gens.push(g);
    // the closure of the new generators: every product of a reached element with a generator (the elements
    // reached so far, then those found on the way)
    for (let i = 0; i < size; i++) {
      if ((i & TICK_EVERY) === 0) onTick?.();
      for (const h of gens) {
        const y = grid.compose(reached[i], h);
        if (!has(y)) {
          if (size === reached.length)
            throw new Error(`internal: the ${elements.length} kept elements generate more: not a group`);
          add(y);
        }
      }
    }
  }
  if (size !== elements.length)
    throw new Error(`internal: ${elements.length} kept elements generate ${size}: not a group`);
  return gens;
}
