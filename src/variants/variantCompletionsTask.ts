/**
 * The variant count's task module for the worker pool (src/parallel/taskPool.ts): the completions n_C of a run of
 * class representatives (top blocks), by the solver's router (engineFor, src/solve/countSolutions.ts: on 9×9 the
 * variant bitboards, which find the completions one by one; HouseCounter on the smaller shapes).
 *
 *   countBlocks({ spec, blocks, blockLength })  → Float64Array   n_C of each block, in order
 *
 * A thread keeps the counter of the last rules it saw (keyed by the spec), so only its first task builds one.
 */
import { rulesFromSpec, type Rules, type RulesSpec } from '../grid/rules.js';
import { engineFor } from '../solve/countSolutions.js';
import type { PuzzleCounter } from '../solve/puzzleCounter.js';

export interface CountBlocksInput {
  readonly spec: RulesSpec;
  /** Top blocks (the first k rows, k·n digits each), back to back. */
  readonly blocks: Uint8Array;
  /** Cells per block (k·n). */
  readonly blockLength: number;
}

let cached: { readonly key: string; readonly counter: PuzzleCounter; readonly cells: number } | null = null;

/** The counter the fast route counts n_C with: the router's engine for the rules, at every limit. */
export function completionsCounter(rules: Rules): PuzzleCounter {
  return engineFor(rules).create(rules);
}

/** n_C of each block: the grids of the rules whose first rows are that block. */
export function countBlocks(input: CountBlocksInput): Float64Array {
  const key = JSON.stringify(input.spec);
  if (cached?.key !== key) {
    const rules = rulesFromSpec(input.spec);
    cached = { key, counter: completionsCounter(rules), cells: rules.cells };
  }
  return blockCompletions(cached.counter, cached.cells, input.blocks, input.blockLength);
}

/**
 * n_C of each block of `blockLength` cells by `counter` on grids of `cells` cells (the one loop of both the pool
 * and the library's sync run).
 */
export function blockCompletions(
  counter: PuzzleCounter,
  cells: number,
  blocks: Uint8Array,
  blockLength: number,
): Float64Array {
  const givens = new Uint8Array(cells);
  const out = new Float64Array(blocks.length / blockLength);
  for (let i = 0; i < out.length; i++) {
    givens.set(blocks.subarray(i * blockLength, (i + 1) * blockLength));
    out[i] = counter.count(givens).count;
  }
  return out;
}
