/**
 * The task module of `automorphismCensus` for the worker pool: one task is one class of prime order with one
 * cycle type of relabelling.
 *
 *   censusClass({ rows, cols, classId, tauType })  →  { profiles, grids, seconds }
 *
 * Each fixed grid handed out by countFixedGrids (one per orbit of the level-preserving centraliser, with its
 * weight W) gets its automorphism group A. Orbits are counted by the class K of smallest id among the classes
 * of prime order that A meets (every non-trivial A has an element of prime order), so only when K is the
 * task's class; those are tallied by profile: |A|, |K ∩ A| and how many elements of A lie in each class.
 */
import { boxShape } from '../grid/shape.js';
import { automorphismSearch, type AutomorphismSearch } from './automorphismGroup.js';
import { conjugacyClasses, type ConjugacyClasses } from './conjugacyClasses.js';
import { countFixedGrids } from './countFixedGrids.js';
import { orderOf } from './cycleTypes.js';
import { gridGroup, type GridGroup } from './gridGroup.js';

export interface CensusInput {
  readonly rows: number;
  readonly cols: number;
  readonly classId: number;
  readonly tauType: readonly number[];
}

export interface CensusOutput {
  /**
   * Profile → Σ W over the grids with that profile. A profile is "a|k|c1:m1,c2:m2,…": |A| = a, |K ∩ A| = k, and
   * m_i elements of A in class c_i.
   */
  readonly profiles: Record<string, number>;
  /** Grids examined (automorphism groups computed). */
  readonly grids: number;
  readonly seconds: number;
}

interface Setup {
  readonly group: GridGroup;
  readonly classes: ConjugacyClasses;
  /** Element order of each class. */
  readonly orders: Int32Array;
  readonly search: AutomorphismSearch;
}

const setups = new Map<string, Setup>();

export function censusSetup(rows: number, cols: number): Setup {
  const key = `${rows}x${cols}`;
  let s = setups.get(key);
  if (!s) {
    const group = gridGroup(boxShape(rows, cols));
    const classes = conjugacyClasses(group);
    const orders = Int32Array.from(classes.reps, (x) => orderOf(group.cellMap(x)));
    s = { group, classes, orders, search: automorphismSearch(group) };
    setups.set(key, s);
  }
  return s;
}

export function isPrime(k: number): boolean {
  if (k < 2) return false;
  for (let d = 2; d * d <= k; d++) if (k % d === 0) return false;
  return true;
}

export function censusClass(input: CensusInput): CensusOutput {
  const { group, classes, orders, search } = censusSetup(input.rows, input.cols);
  const t0 = performance.now();
  const K = input.classId;
  const profiles: Record<string, number> = {};
  let grids = 0;
  const counts = new Map<number, number>();
  countFixedGrids(group, classes.reps[K], input.tauType, undefined, (grid, weight) => {
    grids++;
    const A = search.automorphisms(grid);
    counts.clear();
    let first = Infinity;
    for (const a of A) {
      const k = classes.classOf(a);
      counts.set(k, (counts.get(k) ?? 0) + 1);
      if (isPrime(orders[k]) && k < first) first = k;
    }
    if (first !== K) return;
    const key =
      `${A.length}|${counts.get(K) ?? 0}|` +
      [...counts]
        .sort((a, b) => a[0] - b[0])
        .map(([k, m]) => `${k}:${m}`)
        .join(',');
    profiles[key] = (profiles[key] ?? 0) + weight;
  });
  return { profiles, grids, seconds: (performance.now() - t0) / 1000 };
}
