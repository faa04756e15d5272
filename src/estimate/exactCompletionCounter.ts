import type { BoxShape } from '../grid/shape.js';
import { bitmaskCompletionCounter } from './bitmaskCompletionCounter.js';

/**
 * The one place where `hybrid` gets its exact completion counter: (cells: n² digits, 0 = empty) → number
 * of completions. It is the bitmask search in ./bitmaskCompletionCounter.ts today; to use another counter (the
 * faster one planned in src/solve/, or the generic DLX `countCompletions` of src/count/), change this
 * function only. The counter must be exact and deterministic; it may keep scratch state between calls.
 */
export function exactCompletionCounter(shape: BoxShape): (cells: ArrayLike<number>) => number {
  const counter = bitmaskCompletionCounter(shape);
  return (cells) => counter.count(cells);
}
