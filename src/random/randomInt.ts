import type { RandomGenerator } from './randomGenerator.js';

/**
 * A uniform whole number in 0..k−1 (1 ≤ k ≤ 2^32) from 32-bit outputs of `rng`, without bias: an output u is kept
 * when u < 2^32 − (2^32 mod k), the largest multiple of k that fits, and answers u mod k. (randomBelow does the
 * same for k ≤ 64 from a table; this is for any k, such as a cell of a 36×36 grid.)
 */
export function randomInt(rng: RandomGenerator, k: number): number {
  const limit = 4294967296 - (4294967296 % k);
  let u = rng.next() >>> 0;
  while (u >= limit) u = rng.next() >>> 0;
  return u % k;
}
