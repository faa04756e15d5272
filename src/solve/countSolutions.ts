import { describeClash, findClash, parseGrid } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { BitboardCounter9 } from './bitboardCounter9.js';
import { ExactCoverCounter } from './exactCoverCounter.js';
import { MAX_BITMASK_SIDE, SolutionCounter, type SolutionCount } from './solutionCounter.js';

export type { SolutionCount };

/**
 * The one solution-counting engine of sudoku-count: `countSolutions` for a user's grid (parsed and checked
 * here), `puzzleCounter(shape)` for callers that count many trusted grids (the solve command, the hybrid
 * estimator, the exact moments). Behind it, one engine per shape:
 *   3×3         BitboardCounter9   (digit bitboards, band and stack rules; count cache)
 *   n ≤ 31      SolutionCounter    (candidate bitmasks, naked and hidden singles; components, count cache)
 *   n = 32..35  ExactCoverCounter  (the generic DLX of src/dlx, until the bitmask engine covers these)
 * The tests check every engine against ExactCoverCounter, whose exact-cover matrix and search share nothing with
 * them (src/dlx knows nothing of Sudoku).
 */
export interface CountSolutionsOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  /** Stop after this many solutions (default: count them all). */
  readonly limit?: number;
}

export interface SolutionsResult extends SolutionCount {
  /** The first solution found (n² digits), or null when there is none. */
  readonly solution: Uint8Array | null;
}

/**
 * What every counter does: count the completions of n² digits (0 = empty) up to `limit`, and write the first solution.
 */
export interface PuzzleCounter {
  count(cells: ArrayLike<number>, limit?: number, solution?: Uint8Array): SolutionCount & { readonly solved: boolean };
  /** Called every 65,536 branches with the branches so far (progress; a caller stops a count by throwing). */
  onTick: ((nodes: number) => void) | null;
}

const counters = new Map<string, PuzzleCounter>();

/** The counter for a shape, built once and reused (one count at a time: they keep their scratch space). */
export function puzzleCounter(shape: BoxShape): PuzzleCounter {
  let c = counters.get(shape.name);
  if (!c) {
    c =
      shape.rows === 3 && shape.cols === 3
        ? new BitboardCounter9()
        : shape.n <= MAX_BITMASK_SIDE
          ? new SolutionCounter(shape)
          : new ExactCoverCounter(shape);
    counters.set(shape.name, c);
  }
  return c;
}

/**
 * Count the solutions of a partial grid (a string, or n² digits with 0 for empty), stopping at
 * `limit`. Throws InputError for a malformed grid or givens that clash; a clash-free grid with no
 * solution counts 0. Throws RangeError if the count passes 2^53 (it would no longer be exact).
 */
export function countSolutions(grid: string | ArrayLike<number>, options: CountSolutionsOptions = {}): SolutionsResult {
  const shape = resolveShape('solve', options.box);
  const cells = typeof grid === 'string' ? parseGrid(shape, grid) : grid;
  const { n } = shape;
  if (cells.length !== n * n) throw new InputError(`grid has ${cells.length} cells, a ${shape.name} grid has ${n * n}`);
  for (let i = 0; i < n * n; i++) {
    const d = cells[i];
    if (!Number.isInteger(d) || d < 0 || d > n)
      throw new InputError(`grid cell ${i + 1} holds ${d}, not a digit 0..${n}`);
  }
  const limit = options.limit ?? Infinity;
  if (!(limit >= 1)) throw new RangeError(`limit ${limit}: must be at least 1`);
  const solution = new Uint8Array(n * n);
  const r = puzzleCounter(shape).count(cells, limit, solution);
  if (r.count === 0) {
    // clashing givens count 0 too: tell them apart from a clash-free grid with no solution
    const clash = findClash(shape, cells);
    if (clash) throw new InputError(describeClash(shape, clash));
  }
  if (r.count > Number.MAX_SAFE_INTEGER)
    throw new RangeError(`more than 2^53 solutions: the count would not be exact (set a limit)`);
  return { count: r.count, limited: r.limited, nodes: r.nodes, solution: r.solved ? solution : null };
}
