import { describe, expect, it } from 'vitest';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';

/** The class of a word multiset, the naive way: smallest sorted list over every box permutation and column swap. */
function naiveCanonical(R: number, words: number[]): string {
  let best = '';
  const perms = (xs: number[]): number[][] =>
    xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  for (const p of perms([...Array(R).keys()])) {
    for (let flip = 0; flip < 1 << R; flip++) {
      const image = words
        .map((v) => {
          let out = 0;
          for (let k = 0; k < R; k++) if (((v ^ flip) >> k) & 1) out |= 1 << p[k];
          return out;
        })
        .sort((a, b) => a - b);
      const s = image.join(',');
      if (best === '' || s < best) best = s;
    }
  }
  return best;
}

/** Every labelled configuration (each box: which R of the 2R digits are on the left), grouped by naive class. */
function naiveOrbits(R: number): Map<string, number> {
  const n = 2 * R;
  const subsets: number[] = [];
  for (let s = 0; s < 1 << n; s++) {
    let c = 0;
    for (let x = s; x; x &= x - 1) c++;
    if (c === R) subsets.push(s);
  }
  const orbits = new Map<string, number>();
  const left: number[] = [];
  const rec = (k: number): void => {
    if (k === R) {
      // digit d's word: bit k = 1 when d is in box k's right column
      const words = Array.from({ length: n }, (_, d) => left.reduce((w, s, b) => w | ((s >> d) & 1 ? 0 : 1 << b), 0));
      const key = naiveCanonical(R, words);
      orbits.set(key, (orbits.get(key) ?? 0) + 1);
      return;
    }
    for (const s of subsets) {
      left.push(s);
      rec(k + 1);
      left.pop();
    }
  };
  rec(0);
  return orbits;
}

describe('configurationClasses', () => {
  it.each([2, 3])('R = %i: the classes and orbit sizes are those of the naive grouping of every configuration', (R) => {
    const classes = configurationClasses(R);
    const naive = naiveOrbits(R);
    expect(classes.count).toBe(naive.size);
    for (let c = 0; c < classes.count; c++) {
      const words = Array.from(classes.words.subarray(c * 2 * R, (c + 1) * 2 * R));
      // each representative is its own naive canonical form, and its orbit is the naive one
      expect(naiveCanonical(R, words)).toBe(words.join(','));
      expect(classes.orbitSizes[c]).toBe(naive.get(words.join(',')));
    }
  });

  it('R = 1..5: class counts 1, 2, 4, 26, 355; orbits add up to C(2R,R)^R; orbit × stabiliser = group order', () => {
    const counts = [1, 2, 4, 26, 355]; // 355 for 5×2: the number found by the first 5×2 count (2005)
    for (let R = 1; R <= 5; R++) {
      const classes = configurationClasses(R);
      expect(classes.count).toBe(counts[R - 1]);
      let sum = 0n;
      for (let c = 0; c < classes.count; c++) {
        sum += BigInt(classes.orbitSizes[c]);
        expect(classes.orbitSizes[c] * classes.stabilizers[c]).toBe(classes.groupOrder);
        // every bit position is 1 in exactly R of the 2R words
        for (let k = 0; k < R; k++) {
          let ones = 0;
          for (let d = 0; d < 2 * R; d++) ones += (classes.words[c * 2 * R + d] >> k) & 1;
          expect(ones).toBe(R);
        }
      }
      const choose = [1n, 2n, 6n, 20n, 70n, 252n][R];
      expect(sum).toBe(choose ** BigInt(R));
      expect(classes.configurations).toBe(sum);
    }
  });
});
