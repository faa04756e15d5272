import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from '../random/randomGenerator.js';
import { randomInt } from '../random/randomInt.js';
import type { PuzzleCounter, SearchGuide, SolvedCount } from './puzzleCounter.js';

/** Branches of the shortest run, per cell: 16·n² (the budget the variants' random fill measured best to start at). */
const UNIT_PER_CELL = 16;

/** The seed of a search that is not given a generator: fixed, so the same grid always gives the same answer. */
const FIXED_SEED = 0;

/**
 * The i-th term of the Luby sequence (i ≥ 1): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, … Luby, Sinclair and
 * Zuckerman (1993): restarting a Las Vegas search after unit·luby(i) steps costs within a log factor of the best
 * fixed cut-off, whatever the distribution of its run times. Every power of two turns up, so runs get as long as
 * need be.
 */
export function luby(i: number): number {
  for (;;) {
    let k = 1;
    while (2 ** k - 1 < i) k++;
    if (2 ** k - 1 === i) return 2 ** (k - 1);
    i -= 2 ** (k - 1) - 1;
  }
}

/**
 * One solution or two (solve, "is it unique?") by randomized restarts of the same engine: a depth-first search
 * can sink into a huge subtree with no solution in it (an empty grid under some jigsaw layouts: no solution found
 * in 240 s) while another digit order finds one in a few dozen branches. So each run tries a random preferred digit
 * in every cell first (the guide's `prefer`, as the generator's random fill does) and stops after a budget of
 * branches (`maxNodes`); the first run that ends by itself gives the answer, which is then exact: the count up to
 * the limit, the first solution written, as a run without restarts would give (only which solution comes first
 * may differ). The budgets, unit = 16·n²:
 *
 *   phase k = 0, 1, 2, …   one long run of unit·2^k, then short runs of unit·luby(i) (i counting on across phases)
 *                          until they have spent unit·2^k between them
 *
 * The short runs find a solution where one run would sink (within a log factor of the best fixed cut-off); the
 * long runs bound what a complete search costs (no solution, or exactly one at limit 2): it ends in the first
 * phase whose long run can hold it, after about twice its size in the runs before: 2–5× the complete search, where
 * the Luby runs alone took 13–18× (measured on 6×6 jigsaw layouts without a grid).
 *
 *   count(…)   limits 1 and 2 without a guide: restarts from a fixed seed (the same grid, the same answer);
 *              larger limits (counting) and guided searches (a caller with its own portfolio) go to the engine
 *   search(…)  the same with the caller's generator (the generator's random fill of the empty grid)
 */
export class RestartingCounter implements PuzzleCounter {
  private tick: ((nodes: number) => void) | null = null;
  private done = 0;
  private readonly prefer: Uint8Array;
  private readonly unit: number;

  constructor(
    private readonly engine: PuzzleCounter,
    private readonly n: number,
  ) {
    this.prefer = new Uint8Array(n * n);
    this.unit = UNIT_PER_CELL * n * n;
  }

  get onTick(): ((nodes: number) => void) | null {
    return this.tick;
  }

  /** Progress counts the branches of every run so far. */
  set onTick(f: ((nodes: number) => void) | null) {
    this.tick = f;
    this.engine.onTick = f === null ? null : (k) => f(this.done + k);
  }

  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    if (guide !== undefined || limit > 2) return this.engine.count(cells, limit, solution, guide);
    return this.search(cells, limit, solution, xoroshiro128plus(FIXED_SEED));
  }

  /** Restarted runs, each with random preferred digits drawn from `rng`, until one ends by itself. */
  search(cells: ArrayLike<number>, limit: number, solution: Uint8Array | undefined, rng: RandomGenerator): SolvedCount {
    const { prefer, n, unit } = this;
    this.done = 0;
    // phase k: one run of unit·2^k branches, then short runs of unit·luby(i) until they have had as many
    let i = 1;
    for (let long = unit; ; long *= 2) {
      for (let spent = -1; spent < long;) {
        const budget = spent < 0 ? long : unit * luby(i++);
        for (let c = 0; c < prefer.length; c++) prefer[c] = 1 + randomInt(rng, n);
        const r = this.engine.count(cells, limit, solution, { prefer, maxNodes: budget });
        this.done += r.nodes;
        if (r.aborted !== true) return { ...r, nodes: this.done };
        spent = Math.max(spent, 0) + (spent < 0 ? 0 : r.nodes);
      }
    }
  }
}
