import type { RandomGenerator } from '../random/randomGenerator.js';
import type { BoxShape } from '../grid/shape.js';

/**
 * What every Monte Carlo estimator of the grid count N looks like.
 *
 * An estimator draws one sample X ≥ 0 at a time from a seeded generator, with E[X·scale] = N: the mean of
 * many samples, times `scale`, estimates N. Every sample is a whole number held in a double (a product of
 * branching degrees, times an exact completion count for `hybrid`, or 0/1 for `crude`), so the sums in
 * `runBatch` are exact. Samples are drawn in a hot loop: `sample` allocates nothing.
 *
 * Methods (formulas in each module):
 *   crude         1 when n independent uniform row permutations form a valid grid, else 0; scale (n!)^n
 *   knuth         Knuth's estimator, cells in row-major order: Π branching degrees (0 at a dead end)
 *   knuth-random  the same, with a uniformly random cell order per sample
 *   knuth-mrv     the same, always branching on the empty cell with fewest legal digits
 *   hybrid        random order for the first `fill` cells, then the exact completion count: Π degrees · count
 *   ridder        row-by-row importance sampling against the crude estimator's uniform distribution;
 *                 its likelihood ratio equals knuth's product (same draws, same value)
 */
export interface Estimator {
  readonly method: MethodName;
  readonly shape: BoxShape;
  /** Cells filled at random before the exact count (`hybrid`); null for the other methods. */
  readonly fill: number | null;
  /** Multiply the mean by this (exactly) to estimate N: (n!)^n for `crude`, 1 otherwise. */
  readonly scale: bigint;
  /**
   * True when every sample is 0 or 1 (`crude`): the mean is a hit rate, and a run without a hit still
   * bounds N from above (binomial). For the other methods a run without a non-zero sample says nothing.
   */
  readonly indicator: boolean;
  /** One sample: a whole number ≥ 0 held in a double. */
  sample(rng: RandomGenerator): number;
}

export const METHOD_NAMES = ['crude', 'knuth', 'knuth-random', 'knuth-mrv', 'hybrid', 'ridder'] as const;
export type MethodName = (typeof METHOD_NAMES)[number];

export function isMethodName(name: string): name is MethodName {
  return (METHOD_NAMES as readonly string[]).includes(name);
}
