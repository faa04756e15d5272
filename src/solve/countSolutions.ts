import { describeClash, findClash, parseGrid } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { ClauseLearningCounter } from './clauseLearningCounter.js';
import { Fast9Counter } from './fast9/fast9Counter.js';
import { MAX_BITMASK_SIDE, SolutionCounter, type SearchGuide, type SolutionCount } from './solutionCounter.js';
import { WideSolutionCounter } from './wideSolutionCounter.js';

export type { SearchGuide, SolutionCount };

/**
 * The one solution-counting engine of sudoku-count: `countSolutions` for a user's grid (parsed and checked
 * here), `puzzleCounter(shape)` for callers that count many trusted grids (the solve command, the hybrid
 * estimator, the exact moments). Behind it, one engine per shape:
 *   3×3         Fast9Counter       (limits 1 and 2: BitboardCounter9's search compiled to WebAssembly)
 *               BitboardCounter9   (digit bitboards, band and stack rules; count cache; also the fallback)
 *   n ≤ 31      SolutionCounter    (candidate bitmasks, naked and hidden singles; components, count cache)
 *   n = 32..36  WideSolutionCounter (the same search with two-word candidate masks)
 * and from n = 16 on, one or two solutions (solving, uniqueness) are found by clause learning instead
 * (ClauseLearningCounter), which proves the hard "no other solution" cases of big puzzles 30–100× faster.
 * The tests check every engine against the exact-cover oracle of test/helpers/dlx.ts: a Sudoku exact-cover matrix
 * built there, counted by the generic DLX of src/dlx (which knows nothing of Sudoku), sharing nothing with them.
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
 * What every counter does: count the completions of n² digits (0 = empty) up to `limit`, and write the first solution;
 * a guide (see SearchGuide) steers the search when a solution is known already.
 */
export interface PuzzleCounter {
  count(
    cells: ArrayLike<number>,
    limit?: number,
    solution?: Uint8Array,
    guide?: SearchGuide,
  ): SolutionCount & { readonly solved: boolean };
  /** Called every 65,536 branches with the branches so far (progress; a caller stops a count by throwing). */
  onTick: ((nodes: number) => void) | null;
}

const counters = new Map<string, PuzzleCounter>();

/** From this side on, one or two solutions are searched for by clause learning (see ClauseLearningCounter). */
let CLAUSE_LEARNING_SIDE = 17;

/** Does this shape's counter find one or two solutions by clause learning (which restarts by itself)? */
export function learnsClauses(shape: BoxShape): boolean {
  return shape.n >= CLAUSE_LEARNING_SIDE;
}

/** For benchmarks: the side from which clause learning answers limits of 1 and 2; returns the old one. */
export function setClauseLearningSide(n: number): number {
  const old = CLAUSE_LEARNING_SIDE;
  CLAUSE_LEARNING_SIDE = n;
  counters.clear();
  return old;
}

function newSearchCounter(shape: BoxShape): PuzzleCounter {
  return shape.rows === 3 && shape.cols === 3
    ? new Fast9Counter()
    : shape.n <= MAX_BITMASK_SIDE
      ? new SolutionCounter(shape)
      : new WideSolutionCounter(shape);
}

const searchCounters = new Map<string, PuzzleCounter>();

/**
 * The depth-first counter of a shape, whatever the limit (built once and reused). puzzleCounter is the one to
 * use; this is for a caller that runs its own portfolio (the generator tries short depth-first searches on
 * random transforms before clause learning: they find a second solution fast where there is one).
 */
export function searchCounter(shape: BoxShape): PuzzleCounter {
  let c = searchCounters.get(shape.name);
  if (!c) {
    c = newSearchCounter(shape);
    searchCounters.set(shape.name, c);
  }
  return c;
}

/**
 * Limits of 1 and 2 (solve, "is it unique?") to clause learning, larger limits (counting) to the depth-first
 * counter with its components and cache.
 */
class ByLimit implements PuzzleCounter {
  private tick: ((nodes: number) => void) | null = null;

  constructor(
    private readonly learning: ClauseLearningCounter,
    private readonly search: PuzzleCounter,
  ) {}

  get onTick(): ((nodes: number) => void) | null {
    return this.tick;
  }

  set onTick(f: ((nodes: number) => void) | null) {
    this.tick = f;
    this.learning.onTick = f;
    this.search.onTick = f;
  }

  count(
    cells: ArrayLike<number>,
    limit = Infinity,
    solution?: Uint8Array,
    guide?: SearchGuide,
  ): SolutionCount & { readonly solved: boolean } {
    return (limit <= 2 ? this.learning : this.search).count(cells, limit, solution, guide);
  }
}

/** The counter for a shape, built once and reused (one count at a time: they keep their scratch space). */
export function puzzleCounter(shape: BoxShape): PuzzleCounter {
  let c = counters.get(shape.name);
  if (!c) {
    c = learnsClauses(shape)
      ? new ByLimit(new ClauseLearningCounter(shape), searchCounter(shape))
      : searchCounter(shape);
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
  // text is checked as it is read; digits given as numbers are checked here
  if (typeof grid !== 'string')
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
