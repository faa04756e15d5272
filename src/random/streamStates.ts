import { MAX_SEED } from './maxSeed.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

/**
 * Independent random streams derived from one seed: stream b is xoroshiro128+ seeded with `seed` and
 * jumped b times (each jump() skips 2^64 outputs, so streams never overlap: a batch uses < 2^32 outputs).
 * Batch b always draws from stream b, whichever thread runs it: that makes results independent of the
 * number of workers. States are handed out as the generator's 4-word state (`getState()`), which a worker
 * turns back into a generator with `xoroshiro128plusFromState`.
 *
 * Requests normally come in increasing order, and then cost one jump each (~1 µs); going back restarts
 * from the seed.
 */
export { MAX_SEED };

export function assertSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new RangeError(`seed must be a whole number 0..${MAX_SEED}, not ${seed}`);
}

export function streamStates(seed: number): (stream: number) => readonly number[] {
  assertSeed(seed);
  let gen: JumpableRandomGenerator = xoroshiro128plus(seed);
  let at = 0;
  return (stream: number) => {
    if (!Number.isSafeInteger(stream) || stream < 0)
      throw new RangeError(`stream must be a whole number ≥ 0, not ${stream}`);
    if (stream < at) {
      gen = xoroshiro128plus(seed);
      at = 0;
    }
    for (; at < stream; at++) gen.jump();
    return gen.getState();
  };
}
