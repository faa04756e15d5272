import { parseGrid } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveRules } from '../grid/support.js';
import { asRules, refuseClash, type Rules } from '../grid/rules.js';
import { HouseCounter } from './houseCounter.js';
import { RestartingCounter } from './restartingCounter.js';
import type { CounterEngine, PuzzleCounter, SearchGuide, SolutionCount, SolvedCount } from './puzzleCounter.js';
import { ClauseLearningCounter } from './clauseLearningCounter.js';
import { Fast9Counter } from './fast9/fast9Counter.js';
import { Fast9VariantCounter } from './fast9/fast9VariantCounter.js';
import { MAX_BITMASK_SIDE, SolutionCounter } from './solutionCounter.js';
import { WideSolutionCounter } from './wideSolutionCounter.js';

export type { SearchGuide, SolutionCount, PuzzleCounter };

/**
 * The one solution-counting engine of sudoku-count: `countSolutions` for a user's grid (parsed and checked
 * here), `puzzleCounter(rules)` for callers that count many trusted grids (the solve command, the hybrid
 * estimator, the exact moments). Behind it, the engines of ENGINES, each declaring the rules it takes (the solver
 * contract, puzzleCounter.ts); the first that supports the rules counts them:
 *   plain 3×3          BitboardCounter9   (digit bitboards, band and stack rules; count cache)
 *   plain n ≤ 31       SolutionCounter    (candidate bitmasks, naked and hidden singles; components, count cache)
 *   plain n = 32..36   WideSolutionCounter (the same search with two-word candidate masks)
 *   3×3 boxes, any     Fast9VariantCounter (the digit bitboards with extra houses and pairs, on the WebAssembly
 *     extra houses                        core; VariantCounter9 is its TypeScript twin and fallback; every limit)
 *   any rules, n ≤ 31  HouseCounter       (the same search over any houses and pairs: the variants)
 * and for plain rules from n = 16 on, one or two solutions (solving, uniqueness) are found by clause learning instead
 * (ClauseLearningCounter), which proves the hard "no other solution" cases of big puzzles 30–100× faster.
 * The tests check every engine against the exact-cover oracle of test/helpers/dlx.ts: a Sudoku exact-cover matrix
 * built there, counted by the generic DLX of src/dlx (which knows nothing of Sudoku), sharing nothing with them.
 */
export interface CountSolutionsOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  /** Variants: "x,windoku", a list of names, or a Rules object (src/grid/rules.ts); default none. */
  readonly variant?: Rules | string | readonly string[];
  /** Stop after this many solutions (default: count them all). */
  readonly limit?: number;
}

export interface SolutionsResult extends SolutionCount {
  /** The first solution found (n² digits), or null when there is none. */
  readonly solution: Uint8Array | null;
}

const counters = new Map<string, PuzzleCounter>();

/** From this side on, one or two solutions are searched for by clause learning (see ClauseLearningCounter). */
const CLAUSE_LEARNING_SIDE = 17;

/** Does this counter find one or two solutions by clause learning (which restarts by itself)? Plain rules only. */
export function learnsClauses(shape: BoxShape | Rules): boolean {
  const rules = asRules(shape);
  return rules.plain && rules.n >= CLAUSE_LEARNING_SIDE;
}

/** The depth-first engines, most specialised first. */
export const ENGINES: readonly CounterEngine[] = [
  {
    name: 'fast9',
    supports: (r) => r.plain && r.shape.rows === 3 && r.shape.cols === 3,
    create: () => new Fast9Counter(),
  },
  { name: 'bitmask', supports: (r) => r.plain && r.n <= MAX_BITMASK_SIDE, create: (r) => new SolutionCounter(r.shape) },
  { name: 'wide', supports: (r) => r.plain, create: (r) => new WideSolutionCounter(r.shape) },
  { name: 'variants9', supports: (r) => Fast9VariantCounter.supports(r), create: (r) => new Fast9VariantCounter(r) },
  {
    name: 'houses',
    supports: (r) => HouseCounter.supports(r),
    create: (r) => new HouseCounter(r),
    restarts: true,
  },
];

/** The engine that counts `rules` (the first of ENGINES that supports them). */
export function engineFor(rules: Rules): CounterEngine {
  const e = ENGINES.find((x) => x.supports(rules));
  if (!e) throw new InputError(`no solver takes ${rules.name} (variants up to n = 31)`);
  return e;
}

function newSearchCounter(rules: Rules): PuzzleCounter {
  return engineFor(rules).create(rules);
}

const searchCounters = new Map<string, PuzzleCounter>();

/**
 * The depth-first counter of a shape, whatever the limit (built once and reused). puzzleCounter is the one to
 * use; this is for a caller that runs its own portfolio (the generator tries short depth-first searches on
 * random transforms before clause learning: they find a second solution fast where there is one).
 */
export function searchCounter(shape: BoxShape | Rules): PuzzleCounter {
  const rules = asRules(shape);
  let c = searchCounters.get(rules.name);
  if (!c) {
    c = newSearchCounter(rules);
    searchCounters.set(rules.name, c);
  }
  return c;
}

/**
 * Limits of 1 and 2 (solve, "is it unique?") to one counter, larger limits (counting) to another with components
 * and a count cache: clause learning and the depth-first counter on big plain grids. (An engine that declares
 * `restarts` finds one or two solutions by RestartingCounter instead: randomized restarts of the same engine.)
 */
class ByLimit implements PuzzleCounter {
  private tick: ((nodes: number) => void) | null = null;

  constructor(
    private readonly few: PuzzleCounter,
    private readonly many: PuzzleCounter,
  ) {}

  get onTick(): ((nodes: number) => void) | null {
    return this.tick;
  }

  set onTick(f: ((nodes: number) => void) | null) {
    this.tick = f;
    this.few.onTick = f;
    this.many.onTick = f;
  }

  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    return (limit <= 2 ? this.few : this.many).count(cells, limit, solution, guide);
  }
}

/** The counter for a shape or rules, built once and reused (one count at a time: they keep their scratch space). */
export function puzzleCounter(shape: BoxShape | Rules): PuzzleCounter {
  const rules = asRules(shape);
  let c = counters.get(rules.name);
  if (!c) {
    c = learnsClauses(rules)
      ? new ByLimit(new ClauseLearningCounter(rules.shape), searchCounter(rules))
      : engineFor(rules).restarts === true
        ? new RestartingCounter(searchCounter(rules), rules.n)
        : searchCounter(rules);
    counters.set(rules.name, c);
  }
  return c;
}

/**
 * Count the solutions of a partial grid (a string, or n² digits with 0 for empty), stopping at
 * `limit`. Throws InputError for a malformed grid or givens that clash; a clash-free grid with no
 * solution counts 0. Throws RangeError if the count passes 2^53 (it would no longer be exact).
 */
export function countSolutions(grid: string | ArrayLike<number>, options: CountSolutionsOptions = {}): SolutionsResult {
  const rules = resolveRules('solve', options.box, options.variant);
  const shape = rules.shape;
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
  const r = puzzleCounter(rules).count(cells, limit, solution);
  if (r.count === 0) {
    // clashing givens count 0 too: tell them apart from a clash-free grid with no solution
    refuseClash(rules, cells);
  }
  if (r.count > Number.MAX_SAFE_INTEGER)
    throw new RangeError(`more than 2^53 solutions: the count would not be exact (set a limit)`);
  return { count: r.count, limited: r.limited, nodes: r.nodes, solution: r.solved ? solution : null };
}
