import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * A uniform whole number in 0..k−1 (1 ≤ k ≤ 64) from one or more 32-bit outputs of `rng`, without bias:
 * an output u in 0..2^32−1 is kept when u < LIMIT[k] (the largest multiple of k that fits) and answers u mod k.
 * For k ≤ 64 a draw is rejected with probability < 1.5·10⁻⁸, so this costs one generator step. The same
 * rule as pure-rand's `uniformInt`, without its range bookkeeping: it runs ~80 times per sample.
 */
const LIMIT = new Float64Array(65);
for (let k = 1; k <= 64; k++) LIMIT[k] = 4294967296 - (4294967296 % k);

export function randomBelow(rng: RandomGenerator, k: number): number {
  const limit = LIMIT[k]!;
  let u = rng.next() >>> 0;
  while (u >= limit) u = rng.next() >>> 0;
  return u % k;
}

/** The (j+1)-th lowest set bit of `mask` (0 ≤ j < popcount(mask)), as a one-bit mask. */
export function nthBit(mask: number, j: number): number {
  for (; j > 0; j--) mask &= mask - 1;
  return mask & -mask;
}
