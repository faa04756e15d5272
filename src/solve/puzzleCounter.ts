import type { Rules } from '../grid/rules.js';
import type { SearchGuide, SolutionCount } from './solutionCounter.js';

export type { SearchGuide, SolutionCount };

/**
 * The solver contract: what every solution counter does, and how an engine says which rules it takes. The router
 * (countSolutions.ts) picks the first engine of its list whose `supports` holds, by capability, not by shape name.
 */
export interface PuzzleCounter {
  /**
   * Count the completions of n² digits (0 = empty) up to `limit`, and write the first solution; a guide (see
   * SearchGuide) steers the search when a solution is known already.
   */
  count(
    cells: ArrayLike<number>,
    limit?: number,
    solution?: Uint8Array,
    guide?: SearchGuide,
  ): SolutionCount & { readonly solved: boolean };
  /** Called every 65,536 branches with the branches so far (progress; a caller stops a count by throwing). */
  onTick: ((nodes: number) => void) | null;
}

/** An engine: the rules it takes, and how to build a counter for them (once per rules; counters keep scratch). */
export interface CounterEngine {
  readonly name: string;
  supports(rules: Rules): boolean;
  create(rules: Rules): PuzzleCounter;
  /**
   * One or two solutions are found by randomized restarts of this engine (RestartingCounter): its search can sink
   * into a huge subtree with no solution where another digit order finds one at once (jigsaw layouts).
   */
  readonly restarts?: boolean;
}
