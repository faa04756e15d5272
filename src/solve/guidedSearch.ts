import type { PuzzleCounter } from './puzzleCounter.js';
import type { SearchGuide, SolvedCount } from './puzzleCounter.js';

/**
 * The shared frame of the depth-first counters over candidate masks (SolutionCounter, WideSolutionCounter,
 * HouseCounter): the state one count keeps (branches so far, the solution being written, the guide) and the one
 * `count` that sets it up, runs the engine's search from the root and clears it again. An engine supplies
 * `countRoot`: its search of the givens up to `limit`, splitting into components when `split` (count mode) and it
 * can. When a count split into components before reaching a whole solution, the solution is found by a second,
 * unsplit search (its branches are not counted).
 */
export abstract class GuidedSearch implements PuzzleCounter {
  /** Branches so far in this count. */
  protected nodes = 0;
  /**
   * Called every 65,536 branches of a count with the branches so far, so a long count can show progress and a
   * caller can stop it (by throwing). Null: no calls.
   */
  onTick: ((nodes: number) => void) | null = null;
  /** Where the first solution found goes (null: not wanted), and whether one was written. */
  protected solution: Uint8Array | null = null;
  protected haveSolution = false;
  /** The guide's preferred digits, the cell that must differ from them (-1: none), and the branch budget. */
  protected prefer: ArrayLike<number> | null = null;
  protected notCell = -1;
  protected maxNodes = Infinity;
  /** The budget ran out: the count is a lower bound. */
  protected aborted = false;

  /** The engine's search of `cells` from the root, up to `limit` solutions. */
  protected abstract countRoot(cells: ArrayLike<number>, limit: number, split?: boolean): number;

  /**
   * Count the completions of `cells` (n² digits, 0 = empty), stopping at `limit`. When `solution`
   * (n² bytes) is given and a solution exists, the first one found is written there and `solved` is
   * true. Givens that clash count as 0 solutions (callers that want an error check first).
   */
  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    this.nodes = 0;
    this.haveSolution = false;
    this.solution = solution ?? null;
    this.prefer = guide?.prefer ?? null;
    this.notCell = this.prefer ? (guide?.notCell ?? -1) : -1;
    this.maxNodes = guide?.maxNodes ?? Infinity;
    this.aborted = false;
    const count = limit <= 0 ? 0 : this.countRoot(cells, limit);
    this.prefer = null;
    this.notCell = -1;
    this.maxNodes = Infinity;
    let solved = this.haveSolution;
    if (solution && count > 0 && !solved && !this.aborted) {
      // the count split into components before reaching a whole solution: find one directly
      const nodes = this.nodes;
      this.countRoot(cells, 1, false);
      solved = this.haveSolution;
      this.nodes = nodes;
    }
    this.solution = null;
    const aborted = this.aborted;
    return { count, limited: count >= limit && !aborted, nodes: this.nodes, solved, aborted };
  }
}
