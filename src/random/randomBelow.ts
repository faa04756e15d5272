import type { RandomGenerator } from './randomGenerator.js';

/**
 * A uniform whole number in 0..k−1 (1 ≤ k ≤ 64) from one or more 32-bit outputs of `rng`, without bias:
 * an output u in 0..2^32−1 is kept when u < LIMIT[k] (the largest multiple of k that fits) and answers u mod k.
 * For k ≤ 64 a draw is rejected with probability < 1.5·10⁻⁸, so this costs one generator step. The same
 * rule as pure-rand's `uniformInt`, without its range bookkeeping: it runs ~80 times per sample.
 */
const LIMIT = new Float64Array(65);
for (let k = 1; k <= 64; k++) LIMIT[k] = 4294967296 - (4294967296 % k);

/**
 * A generator that answers draws itself instead of producing 32-bit outputs: `randomBelow` hands it k and
 * returns its answer unchanged. `src/bias/` drives a sampler's own `sample(rng)` with one to walk the
 * sampler's whole probability tree (each draw v of k has probability 1/k). Ordinary generators lack the
 * `scripted` property, so for them the check below is one failed property look-up and results are unchanged.
 */
export interface ScriptedDraws extends RandomGenerator {
  readonly scripted: true;
  /** The answer to a draw of 0..k−1. */
  below(k: number): number;
}

export function randomBelow(rng: RandomGenerator, k: number): number {
  if ((rng as Partial<ScriptedDraws>).scripted === true) return (rng as ScriptedDraws).below(k);
  const limit = LIMIT[k];
  let u = rng.next() >>> 0;
  while (u >= limit) u = rng.next() >>> 0;
  return u % k;
}
