import { randomInt } from './randomInt.js';
import type { RandomGenerator } from './randomGenerator.js';

/** Shuffle a[0..len) in place, every order equally likely (Fisher–Yates, from the end). */
export function shuffle(rng: RandomGenerator, a: Int32Array | number[], len = a.length): void {
  for (let i = len - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/** A uniformly random permutation of 0..k−1 written into out[0..k); returns out. */
export function randomPermutation(rng: RandomGenerator, out: Int32Array, k: number): Int32Array {
  for (let i = 0; i < k; i++) out[i] = i;
  shuffle(rng, out, k);
  return out;
}
