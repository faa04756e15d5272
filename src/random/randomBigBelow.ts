import type { RandomGenerator } from './randomGenerator.js';

/**
 * A uniform whole number in 0..k−1 (k ≥ 1, any size) from 32-bit outputs of `rng`, without bias: draw
 * ⌈bits(k−1)/32⌉ outputs, keep the low bits(k−1) bits of their concatenation (first output most significant),
 * and start again while the number is k or more. Each try succeeds with probability above 1/2. For k ≤ 2^53
 * the arithmetic stays in doubles.
 */
export function randomBigBelow(rng: RandomGenerator, k: bigint): bigint {
  if (k < 1n) throw new RangeError(`randomBigBelow: the bound must be at least 1, not ${k}`);
  if (k === 1n) return 0n;
  const bits = (k - 1n).toString(2).length;
  const words = Math.ceil(bits / 32);
  const topBits = bits - 32 * (words - 1); // 1..32 bits kept from the first output
  const topMask = topBits === 32 ? 0xffffffff : 2 ** topBits - 1;
  if (bits <= 53) {
    const limit = Number(k);
    for (;;) {
      let x = ((rng.next() >>> 0) & topMask) >>> 0;
      if (words === 2) x = x * 4294967296 + (rng.next() >>> 0);
      if (x < limit) return BigInt(x);
    }
  }
  for (;;) {
    let x = BigInt(((rng.next() >>> 0) & topMask) >>> 0);
    for (let w = 1; w < words; w++) x = (x << 32n) | BigInt(rng.next() >>> 0);
    if (x < k) return x;
  }
}
