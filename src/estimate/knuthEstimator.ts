import type { RandomGenerator } from '../random/randomGenerator.js';
import type { BoxShape } from '../grid/shape.js';
import type { Estimator } from './estimator.js';
import { knuthWalker } from './knuthWalk.js';
import type { Rules } from '../grid/rules.js';

/**
 * Knuth's estimator of the size of a backtrack tree (Knuth 1975, "Estimating the efficiency of backtrack
 * programs"), the tree being "fill the cells in a fixed order, each with a digit legal so far":
 *
 *   walk from the root, at each cell choose uniformly among its d_k legal digits,
 *   X = d_1 · d_2 · … · d_{n²}   when the walk fills every cell,   X = 0 at a dead end (some d_k = 0).
 *
 * A complete grid g is reached with probability Π 1/d_k(g), and then X = Π d_k(g), so E[X] = Σ_g 1 = N.
 *
 *   order 'row'     cells in row-major order                                   (method `knuth`)
 *   order 'random'  a fresh uniformly random cell order per sample; for each      (method `knuth-random`)
 *                   order X is Knuth's estimator of that order's tree, so E[X] = N still. The order is
 *                   drawn lazily (one Fisher–Yates step per cell), so a dead end wastes no draws.
 * A cell with one legal digit consumes no random draw.
 */
export function knuthEstimator(shape: BoxShape, order: 'row' | 'random', rules?: Rules): Estimator {
  const walker = knuthWalker(shape, rules);
  const cells = shape.n * shape.n;
  const shuffle = order === 'random';
  const sample = (rng: RandomGenerator): number => walker.walk(rng, cells, shuffle, null);
  return { method: shuffle ? 'knuth-random' : 'knuth', shape, fill: null, scale: 1n, indicator: false, sample };
}
