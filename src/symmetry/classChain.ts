import { columnPartitions } from '../grid/columnPartitions.js';
import { partitionRenamings } from '../grid/partitionRenamings.js';
import type { BandClasses } from './classifyBands.js';
import { columnSetKeyer } from './columnSetKey.js';
import { forEachMove, type MoveKind } from './countPreservingMoves.js';
import { UnionFind } from './unionFind.js';
import { LEVEL_NAMES, type LevelName } from './levelNames.js';

/**
 * The Felgenhauer–Jarvis chain: the symmetry classes, then coarser and coarser classes under moves that
 * keep the number of completions (see countPreservingMoves.ts), then the classes of column sets.
 *
 *   level 0  symmetry      box, column and row permutations; relabelling          (416 for 3×3)
 *   level 1  pair-swaps    + pair swaps (2 rows × 2 columns)                       (174)
 *   level 2  rectangles    + row rectangles (2 rows × 3..⌊n/2⌋ columns)
 *                           and column exchanges (R rows × 2 columns)              (71)
 *   level 3  column-sets   same column sets up to box/column permutation and renaming (44)
 *
 * Each level is a union-find over the symmetry classes, started from the level before, so the levels nest.
 * Moves need only be applied to one band per class: a move of g·b is g∘m∘g⁻¹, so the classes one move away
 * from g·b are those one move away from b.
 */
export { LEVEL_NAMES, type LevelName } from './levelNames.js';

export interface ChainLevel {
  readonly name: LevelName;
  /** What joins classes at this level, in words. */
  readonly moves: string;
  /** Number of classes. */
  readonly count: number;
  /** For each symmetry class, its class at this level. */
  readonly classOf: Int32Array;
  /** For each class at this level, the symmetry class that represents it (its smallest member). */
  readonly rep: Int32Array;
  /** m_C: standard top bands in each class. */
  readonly sizes: Float64Array;
  /**
   * The joins this level adds, as pairs of symmetry classes [a₀, b₀, a₁, b₁, …] with a ≠ b: a move takes
   * a's representative into class b (or, at column-sets, a and b have the same column-set key). Every
   * join is a claim that n(a) = n(b), which the count layer checks.
   */
  readonly joins: Int32Array;
  readonly seconds: number;
}

export interface ClassChain {
  readonly levels: readonly ChainLevel[];
}

const LEVEL_MOVES: Readonly<Record<LevelName, { moves: string; kinds: readonly MoveKind[] | null }>> = {
  symmetry: { moves: 'box, column and row permutations, then relabelling', kinds: [] },
  'pair-swaps': { moves: 'and pair swaps (2 rows × 2 columns)', kinds: ['pair-swap'] },
  rectangles: {
    moves: 'and row rectangles (2 rows × k columns) and column exchanges (all rows × 2 columns)',
    kinds: ['pair-swap', 'row-rectangle', 'column-exchange'],
  },
  'column-sets': { moves: 'same column digit-sets up to box and column permutations and renaming', kinds: null },
};

const LEVELS = LEVEL_NAMES.map((name) => ({ name, ...LEVEL_MOVES[name] }));

export function classChain(classes: BandClasses): ClassChain {
  const { shape, count } = classes;
  const size = shape.rows * shape.n;
  const sets = new UnionFind(count);
  const find = (x: number): number => sets.find(x);
  const union = (a: number, b: number): void => sets.union(a, b);

  const levels: ChainLevel[] = [];
  for (const spec of LEVELS) {
    const t0 = performance.now();
    const joins: number[] = [];
    if (spec.kinds === null) {
      const partitions = columnPartitions(shape);
      const key = columnSetKeyer(shape, partitions, partitionRenamings(partitions));
      const first = new Map<number, number>();
      for (let c = 0; c < count; c++) {
        const k = key(classes.reps.subarray(c * size, (c + 1) * size));
        const f = first.get(k);
        if (f === undefined) first.set(k, c);
        else {
          joins.push(f, c);
          union(f, c);
        }
      }
    } else if (spec.kinds.length > 0) {
      for (let c = 0; c < count; c++) {
        forEachMove(shape, classes.reps.subarray(c * size, (c + 1) * size), spec.kinds, (moved) => {
          const d = classes.classOfBand(moved);
          if (d !== c) {
            joins.push(c, d);
            union(c, d);
          }
        });
      }
    }
    // number the classes in order of their smallest member (roots are smallest members)
    const classOf = new Int32Array(count);
    const idOfRoot = new Int32Array(count).fill(-1);
    const rep: number[] = [];
    for (let c = 0; c < count; c++) {
      const r = find(c);
      if (idOfRoot[r] === -1) {
        idOfRoot[r] = rep.length;
        rep.push(r);
      }
      classOf[c] = idOfRoot[r];
    }
    const sizes = new Float64Array(rep.length);
    for (let c = 0; c < count; c++) sizes[classOf[c]] += classes.sizes[c];
    levels.push({
      name: spec.name,
      moves: spec.moves,
      count: rep.length,
      classOf,
      rep: Int32Array.from(rep),
      sizes,
      joins: Int32Array.from(joins),
      seconds: (performance.now() - t0) / 1000,
    });
  }
  return { levels };
}
