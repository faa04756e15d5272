/**
 * The variant count's task module for the worker pool (src/parallel/taskPool.ts): the completions n_C of a run of
 * class representatives (top blocks), by the generic counter.
 *
 *   countBlocks({ spec, blocks, blockLength })  → Float64Array   n_C of each block, in order
 *
 * A thread keeps the counter of the last rules it saw (keyed by the spec), so only its first task builds one.
 */
import { rulesFromSpec, type RulesSpec } from '../grid/rules.js';
import { HouseCounter } from '../solve/houseCounter.js';

export interface CountBlocksInput {
  readonly spec: RulesSpec;
  /** Top blocks (the first k rows, k·n digits each), back to back. */
  readonly blocks: Uint8Array;
  /** Cells per block (k·n). */
  readonly blockLength: number;
}

let cached: { readonly key: string; readonly counter: HouseCounter } | null = null;

/** n_C of each block: the grids of the rules whose first rows are that block. */
export function countBlocks(input: CountBlocksInput): Float64Array {
  const key = JSON.stringify(input.spec);
  if (cached?.key !== key) cached = { key, counter: new HouseCounter(rulesFromSpec(input.spec)) };
  return blockCompletions(cached.counter, input.blocks, input.blockLength);
}

/** n_C of each block of `blockLength` cells by `counter` (the one loop of both the pool and the library's sync run). */
export function blockCompletions(counter: HouseCounter, blocks: Uint8Array, blockLength: number): Float64Array {
  const givens = new Uint8Array(counter.rules.cells);
  const out = new Float64Array(blocks.length / blockLength);
  for (let i = 0; i < out.length; i++) {
    givens.set(blocks.subarray(i * blockLength, (i + 1) * blockLength));
    out[i] = counter.count(givens).count;
  }
  return out;
}
