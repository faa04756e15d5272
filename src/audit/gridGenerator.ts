import type { BoxShape } from '../grid/shape.js';
import type { RandomGenerator } from '../random/randomGenerator.js';

/**
 * What every audited grid generator looks like: a seeded function returning a grid.
 *
 *   backtracking       row-major cells, each cell's candidates (digits its filled peers do not hold) tried in a
 *                      uniformly random order, backtracking on a cell with no candidate; the first grid is returned
 *   backtracking-mrv   the same, always on the empty cell with the fewest candidates (first in reading order on ties)
 *   template           the blog's construction: one fixed grid (`templateGrid`), its columns permuted inside each
 *                      stack, its rows inside each band, its digits relabelled, each uniformly at random
 *   template-blocks    the same, and the bands and the stacks permuted too
 *   uniform            the exact sampler (a uniform number below N, unranked): the control
 *
 * Every random choice of the first four goes through `randomBelow` (a draw of 0..k−1), so a scripted generator can
 * walk their whole tree of choices (the tests do, on 2×2). `generate` writes n² digits 1..n in reading order into
 * `out` and returns it; it allocates nothing per grid.
 */
export const GENERATOR_NAMES = ['backtracking', 'backtracking-mrv', 'template', 'template-blocks', 'uniform'] as const;
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

export function isGeneratorName(name: string): name is GeneratorName {
  return (GENERATOR_NAMES as readonly string[]).includes(name);
}

export interface GridGenerator {
  readonly name: GeneratorName;
  readonly shape: BoxShape;
  generate(rng: RandomGenerator, out: Uint8Array): Uint8Array;
}
