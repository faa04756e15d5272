import { cycles } from '../essential/describeElement.js';
import { gridGroup, type GridGroup } from '../essential/gridGroup.js';
import type { Rules } from '../grid/rules.js';
import { alwaysDifferent, type AlwaysDifferent } from './alwaysDifferent.js';

/**
 * Γ_V, the full group of row/column permutations and transposition that maps the set of a variant's grids onto
 * itself. A map of cells sends grids to grids exactly when it keeps the pairs of cells that differ in every grid
 * (src/variants/alwaysDifferent.ts, each pair proved): the grids are the fillings in which every such pair differs
 * (they include the rules' houses and pairs), and a map that sends grids onto grids keeps "differ in every grid".
 * So Γ_V is the stabiliser of that graph on the cells within the maps
 *
 *   t = 0:  (r, c) ↦ (ρ(r), κ(c))        t = 1:  (r, c) ↦ (ρ(c), κ(r))      (ρ, κ any permutations of 0..n−1)
 *
 * (the action of src/essential/gridGroup.ts, extended to all of S_n × S_n and transposition), found by a search
 * that assigns the images of row 0, column 0, row 1, column 1, … in turn and prunes as soon as two cells placed
 * so far differ in every grid while their images need not, or the other way round. Never listed by hand.
 *
 * Γ_V contains G_V (the elements of the Sudoku group G keeping every house and pair); Γ_V ∩ G may be larger than
 * G_V when an implied house is the image of a house, and Γ_V may hold elements outside G (windoku: the moves that
 * send the boxes onto the windows and hidden regions).
 *
 *   elements     cell maps, elements[k·n² + cell] = image of cell; the identity first
 *   inG          the element's id in G (gridGroup), or −1 outside G
 */
export interface FullVariantGroup {
  readonly rules: Rules;
  readonly grid: GridGroup;
  readonly pairs: AlwaysDifferent;
  readonly order: number;
  readonly elements: Int32Array;
  readonly inG: Int32Array;
  /** Elements (indexes) generating Γ_V, found greedily. */
  readonly generators: readonly number[];
  /** |Γ_V ∩ G|. */
  readonly orderInG: number;
  /** True when every pair was decided (the group is then the full one, not only a subgroup of it). */
  readonly proved: boolean;
  readonly seconds: number;
  /** index of an element from its cell map. */
  readonly indexOf: (map: ArrayLike<number>) => number;
  /** Index of the product x∘y (y first). */
  readonly compose: (x: number, y: number) => number;
  readonly inverse: (x: number) => number;
  /** "transpose, rows (1 2), columns (3 4)" (1-based), "identity". */
  readonly describe: (x: number) => string;
}

/** Largest group held (its cell maps). */
export const FULL_GROUP_LIMIT = 1 << 20;

const cache = new Map<string, FullVariantGroup>();

export function fullVariantGroup(rules: Rules): FullVariantGroup {
  const hit = cache.get(rules.name);
  if (hit) return hit;
  const t0 = performance.now();
  const { n, cells: N } = rules;
  const pairs = alwaysDifferent(rules);
  const { differ } = pairs;
  const grid = gridGroup(rules.shape);
  const found: Int32Array[] = [];
  const A = new Int32Array(n).fill(-1); // source row r → target row (t = 0) or column (t = 1)
  const B = new Int32Array(n).fill(-1);
  const placed: number[] = []; // source cells placed so far
  const image = new Int32Array(N).fill(-1);
  for (let t = 0; t < 2; t++) {
    const img = (r: number, c: number) => (t === 0 ? A[r] * n + B[c] : B[c] * n + A[r]);
    const fits = (cell: number): boolean => {
      const ic = image[cell];
      for (const o of placed) if (differ[cell * N + o] !== differ[ic * N + image[o]]) return false;
      return true;
    };
    const rec = (step: number, usedA: number, usedB: number): void => {
      if (step === 2 * n) {
        if (found.length >= FULL_GROUP_LIMIT) throw new RangeError(`more than ${FULL_GROUP_LIMIT} elements`);
        found.push(Int32Array.from(image));
        return;
      }
      const row = step % 2 === 0;
      const i = step >> 1; // row i (columns 0..i−1 placed) or column i (rows 0..i placed)
      for (let v = 0; v < n; v++) {
        if (((row ? usedA : usedB) >> v) & 1) continue;
        if (row) A[i] = v;
        else B[i] = v;
        const mark = placed.length;
        let ok = true;
        const others = row ? i : i + 1;
        for (let j = 0; j < others && ok; j++) {
          const cell = row ? i * n + j : j * n + i;
          image[cell] = row ? img(i, j) : img(j, i);
          ok = fits(cell);
          placed.push(cell);
        }
        if (ok) rec(step + 1, row ? usedA | (1 << v) : usedA, row ? usedB : usedB | (1 << v));
        while (placed.length > mark) image[placed.pop()!] = -1;
      }
      if (row) A[i] = -1;
      else B[i] = -1;
    };
    rec(0, 0, 0);
  }
  // identity first, then in the order found
  const id = Int32Array.from({ length: N }, (_, c) => c);
  const same = (x: Int32Array, y: Int32Array) => x.every((v, i) => v === y[i]);
  const k0 = found.findIndex((m) => same(m, id));
  if (k0 < 0) throw new Error('internal: the identity was not found');
  [found[0], found[k0]] = [found[k0], found[0]];
  const order = found.length;
  const elements = new Int32Array(order * N);
  found.forEach((m, k) => elements.set(m, k * N));
  const keyOf = (m: ArrayLike<number>) => String.fromCharCode(...Array.from(m));
  const index = new Map<string, number>();
  found.forEach((m, k) => index.set(keyOf(m), k));
  const indexOf = (m: ArrayLike<number>) => index.get(keyOf(m)) ?? -1;
  const tmp = new Int32Array(N);
  const compose = (x: number, y: number): number => {
    for (let c = 0; c < N; c++) tmp[c] = elements[x * N + elements[y * N + c]];
    const k = indexOf(tmp);
    if (k < 0) throw new Error('internal: Γ_V is not closed under products');
    return k;
  };
  const inverse = (x: number): number => {
    for (let c = 0; c < N; c++) tmp[elements[x * N + c]] = c;
    const k = indexOf(tmp);
    if (k < 0) throw new Error('internal: Γ_V is not closed under inverses');
    return k;
  };
  // membership in G: the row and column permutations of the element in G's line groups
  const inG = new Int32Array(order).fill(-1);
  const rho = new Int32Array(n),
    kappa = new Int32Array(n);
  const linesOf = (x: number): number => {
    // t: does row 0's cells go to one row (t = 0) or one column (t = 1)?  (n ≥ 2)
    const a = elements[x * N],
      b = elements[x * N + 1];
    const t = Math.floor(a / n) === Math.floor(b / n) ? 0 : 1;
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        const m = elements[x * N + r * n + c];
        if (t === 0) {
          rho[r] = Math.floor(m / n);
          kappa[c] = m % n;
        } else {
          rho[c] = Math.floor(m / n);
          kappa[r] = m % n;
        }
      }
    return t;
  };
  for (let x = 0; x < order; x++) {
    const t = linesOf(x);
    if (t === 1 && !grid.transposable) continue;
    const q = grid.rows.indexOf(rho),
      p = grid.cols.indexOf(kappa);
    if (q < 0 || p < 0) continue;
    const g = grid.element(t, q, p);
    if (!same(grid.cellMap(g), elements.subarray(x * N, x * N + N)))
      throw new Error('internal: an element of G disagrees with its cell map');
    inG[x] = g;
  }
  const describe = (x: number): string => {
    if (x === 0) return 'identity';
    const t = linesOf(x);
    const parts: string[] = [];
    if (t) parts.push('transpose');
    if (Array.from(rho).some((v, i) => v !== i)) parts.push(`rows ${cycles(Array.from(rho))}`);
    if (Array.from(kappa).some((v, i) => v !== i)) parts.push(`columns ${cycles(Array.from(kappa))}`);
    return parts.join(', ');
  };
  const generators = greedyGenerators(order, compose);
  let orderInG = 0;
  for (const g of inG) if (g >= 0) orderInG++;
  const group: FullVariantGroup = {
    rules,
    grid,
    pairs,
    order,
    elements,
    inG,
    generators,
    orderInG,
    proved: pairs.undecidedPairs === 0,
    seconds: (performance.now() - t0) / 1000,
    indexOf,
    compose,
    inverse,
    describe,
  };
  cache.set(rules.name, group);
  return group;
}

/** Each element not yet generated is added; the closure is checked to be the whole group. */
function greedyGenerators(order: number, compose: (x: number, y: number) => number): number[] {
  const reached = new Uint8Array(order);
  reached[0] = 1;
  const queue = [0];
  const gens: number[] = [];
  for (let x = 0; x < order; x++) {
    if (reached[x]) continue;
    gens.push(x);
    for (let i = 0; i < queue.length; i++) {
      for (const h of gens) {
        const y = compose(queue[i], h);
        if (!reached[y]) {
          reached[y] = 1;
          queue.push(y);
        }
      }
    }
  }
  if (queue.length !== order) throw new Error(`internal: ${order} elements generate ${queue.length}: not a group`);
  return gens;
}

/**
 * The conjugacy classes of Γ_V: orbits under conjugation by its generators, in the order of their first element;
 * each class's representative is an element of G when the class meets G (the smallest G id: the fast fixed-grid
 * engine takes it), else its first element. Σ sizes = |Γ_V| is checked.
 */
export interface FullGroupClasses {
  readonly count: number;
  readonly reps: Int32Array;
  readonly sizes: Int32Array;
}

export function fullGroupClasses(group: FullVariantGroup): FullGroupClasses {
  const { order, generators, compose, inverse, inG } = group;
  const gens = generators.map((s) => ({ s, inv: inverse(s) }));
  const classOf = new Int32Array(order).fill(-1);
  const reps: number[] = [];
  const sizes: number[] = [];
  for (let x0 = 0; x0 < order; x0++) {
    if (classOf[x0] >= 0) continue;
    const k = reps.length;
    classOf[x0] = k;
    const queue = [x0];
    for (let i = 0; i < queue.length; i++)
      for (const { s, inv } of gens) {
        const y = compose(compose(s, queue[i]), inv);
        if (classOf[y] < 0) {
          classOf[y] = k;
          queue.push(y);
        }
      }
    let rep = -1;
    for (const y of queue) if (inG[y] >= 0 && (rep < 0 || inG[y] < inG[rep])) rep = y;
    reps.push(rep >= 0 ? rep : x0);
    sizes.push(queue.length);
  }
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum !== order) throw new Error(`internal: class sizes add up to ${sum}, not |Γ_V| = ${order}`);
  return { count: reps.length, reps: Int32Array.from(reps), sizes: Int32Array.from(sizes) };
}
