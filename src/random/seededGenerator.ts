import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { InputError } from '../grid/shape.js';
import { MAX_SEED } from './maxSeed.js';
import type { RandomGenerator } from './randomGenerator.js';
import { streamStates } from './streamStates.js';

/**
 * The library's seeded generator, for the calls that take one (generatePuzzle, gridIndex's sample): xoroshiro128+
 * seeded with `seed` and jumped `stream` times (streamStates), the very stream puzzle `stream` of
 * generatePuzzles({ seed }) draws from. So a caller needs no random package of its own, and one seed gives the
 * same puzzles through either call. InputError for a seed outside 0..2^32−1 or a
 * stream that is not a whole number ≥ 0 (one line, as every entry point).
 */
export function seededGenerator(seed: number, stream = 0): RandomGenerator {
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new InputError(`seed ${seed}: must be a whole number 0..${MAX_SEED}`);
  if (!Number.isSafeInteger(stream) || stream < 0) throw new InputError(`stream ${stream}: must be a whole number ≥ 0`);
  return xoroshiro128plusFromState(streamStates(seed)(stream));
}
