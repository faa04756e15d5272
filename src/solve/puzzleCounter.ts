import type { Rules } from '../grid/rules.js';

/** What a count found (every engine's answer). */
export interface SolutionCount {
  /** Solutions counted, at most `limit`. */
  readonly count: number;
  /** True when counting stopped at `limit`. */
  readonly limited: boolean;
  /** Branches tried (search nodes). */
  readonly nodes: number;
  /** The search stopped at a guide's maxNodes before it finished: the count means nothing. */
  readonly aborted?: boolean;
}

/**
 * How a search that already knows a solution may be steered (every counter takes one):
 *   prefer    n² digits (a known solution): each branch tries the cell's preferred digit first
 *   notCell   with prefer: the preferred digit is left out of this cell's candidates
 *   maxNodes  give up after this many branches: the result says `aborted`, and its count means nothing
 * Counting with limit 1 under { prefer: S, notCell: a } answers "is there a solution other than S that differs
 * at a?", which is how the generator asks whether removing the clue at a keeps S unique (another solution would
 * differ there; S's digits first lead to one near S quickly). maxNodes lets it restart a long search in
 * another order.
 */
export interface SearchGuide {
  readonly prefer?: ArrayLike<number>;
  readonly notCell?: number;
  readonly maxNodes?: number;
}

/** A count and whether a solution was written (`solution`, when one was asked for). */
export type SolvedCount = SolutionCount & { readonly solved: boolean };

/**
 * The solver contract: what every solution counter does, and how an engine says which rules it takes. The router
 * (countSolutions.ts) picks the first engine of its list whose `supports` holds, by capability, not by shape name.
 */
export interface PuzzleCounter {
  /**
   * Count the completions of n² digits (0 = empty) up to `limit`, and write the first solution; a guide (see
   * SearchGuide) steers the search when a solution is known already.
   */
  count(cells: ArrayLike<number>, limit?: number, solution?: Uint8Array, guide?: SearchGuide): SolvedCount;
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
