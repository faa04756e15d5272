import type { BoxShape } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { InputError } from '../grid/shape.js';
import type { RandomGenerator } from '../random/randomGenerator.js';
import { randomInt } from '../random/randomInt.js';
import { randomPermutation } from '../random/shuffle.js';
import { searchCounter } from '../solve/countSolutions.js';
import { RestartingCounter } from '../solve/restartingCounter.js';

/**
 * Where the generator's full grids come from. A source draws one valid full grid (n² digits 1..n) from `rng`,
 * always the same for the same generator state, and says in `name` what kind of draw it is (printed with every
 * puzzle).
 */
export interface GridSource {
  /** "uniform" (every grid of the shape equally likely) or "random-fill" (no such promise). */
  readonly name: string;
  sample(rng: RandomGenerator): Uint8Array;
}

/** A random permutation of 0..k−1. */
function permutation(rng: RandomGenerator, k: number): Int32Array {
  return randomPermutation(rng, new Int32Array(k), k);
}

/**
 * A randomized fill with propagation, for any shape: the boxes on the diagonal (band i, stack i) get random
 * permutations of 1..n (they share no row, column or box, so any choice is consistent), the production counter
 * completes them (its search propagates singles and branches on the tightest cell; a start it has not completed
 * within a node budget is dropped for fresh random boxes and a doubled budget), and a random
 * validity-preserving transformation finishes the draw: digits renamed, bands and the rows inside each band
 * shuffled, stacks and the columns inside each stack shuffled, and for square boxes a transpose half the time.
 *
 * This is not uniform: the completion is the counter's first solution in its own search order, and the
 * transformations only spread it over its orbit, so some grids are likelier than others (and some may never come
 * out). Use a uniform sampler where the shape has one.
 */
export function randomFillSource(shape: BoxShape): GridSource {
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  const counter = searchCounter(shape);
  const seed = new Uint8Array(N);
  const filled = new Uint8Array(N);
  return {
    name: 'random-fill',
    sample(rng: RandomGenerator): Uint8Array {
      // a completion search can wander for a long time from an unlucky start: give each start a node budget,
      // and start again from fresh random boxes with twice the budget when it runs out
      for (let budget = N; ; budget *= 2) {
        seed.fill(0);
        for (let k = 0; k < Math.min(R, C); k++) {
          // band k (rows kR..kR+R−1), stack k (columns kC..kC+C−1)
          const digits = permutation(rng, n);
          for (let i = 0; i < n; i++) seed[(k * R + Math.floor(i / C)) * n + k * C + (i % C)] = digits[i] + 1;
        }
        if (counter.count(seed, 1, filled, { maxNodes: budget }).solved) break;
      }
      // rename digits; permute bands, rows in bands, stacks, columns in stacks; maybe transpose
      const digit = permutation(rng, n);
      const bands = permutation(rng, C),
        stacks = permutation(rng, R);
      const rowOf = new Int32Array(n),
        colOf = new Int32Array(n);
      for (let b = 0; b < C; b++) {
        const inBand = permutation(rng, R);
        for (let i = 0; i < R; i++) rowOf[b * R + i] = bands[b] * R + inBand[i];
      }
      for (let s = 0; s < R; s++) {
        const inStack = permutation(rng, C);
        for (let i = 0; i < C; i++) colOf[s * C + i] = stacks[s] * C + inStack[i];
      }
      const transpose = R === C && randomInt(rng, 2) === 1;
      const out = new Uint8Array(N);
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const d = digit[filled[rowOf[r] * n + colOf[c]] - 1] + 1;
          out[transpose ? c * n + r : r * n + c] = d;
        }
      }
      return out;
    },
  };
}

/**
 * A randomized fill under any rules (the variants): the rules' counter completes the empty grid by randomized
 * restarts (RestartingCounter.search: a random preferred digit in every cell, runs of 16·n² branches times the Luby
 * sequence 1, 1, 2, 1, 1, 2, 4, …, the same loop that makes `solve` find a grid of any jigsaw layout), then the
 * digits are renamed at random (a renaming keeps every house and pair). Every house and pair holds in the grid
 * it gives (the counter's solutions do); it is not uniform, and says so in its name.
 */
export function variantFillSource(rules: Rules): GridSource {
  const N = rules.cells,
    n = rules.n;
  const counter = new RestartingCounter(searchCounter(rules), n);
  const empty = new Uint8Array(N);
  const filled = new Uint8Array(N);
  return {
    name: 'random-fill',
    sample(rng: RandomGenerator): Uint8Array {
      if (!counter.search(empty, 1, filled, rng).solved)
        throw new InputError(`${rules.name} has no valid grid: there is nothing to make`);
      const digit = permutation(rng, n);
      const out = new Uint8Array(N);
      for (let i = 0; i < N; i++) out[i] = digit[filled[i] - 1] + 1;
      return out;
    },
  };
}
