import type { RandomGenerator } from '../random/randomGenerator.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';
import type { Estimator } from './estimator.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import { knuthWalker } from './knuthWalk.js';
import type { Rules } from '../grid/rules.js';

/**
 * `hybrid`: Knuth's random walk for the first K = `fill` cells, in a uniformly random cell order, then an
 * exact count of the completions of the partial grid it reached:
 *
 *   X = d_1 · … · d_K · #completions(partial grid)      (X = 0 if some d_k = 0, or if nothing completes)
 *
 * Unbiased: for a fixed order, the walk reaches each consistent K-cell partial grid h with probability
 * Π 1/d_k(h), and Σ_h #completions(h) = N. The exact count removes all the variance of the last n² − K
 * levels; what is left comes from the first K (nearly free) choices and from how unevenly completions are
 * spread over partial grids. Small K: low variance, slow counts; K = n²: plain `knuth-random`.
 */
export function hybridEstimator(shape: BoxShape, fill: number, rules?: Rules): Estimator {
  const t = cellTables(shape);
  const { cells } = t;
  if (!Number.isInteger(fill) || fill < 0 || fill > cells) {
    throw new InputError(`--fill ${fill}: a ${shape.name} grid has ${cells} cells; fill must be 0..${cells}`);
  }
  const walker = knuthWalker(shape, rules);
  const grid = new Uint8Array(cells);
  const counter = puzzleCounter(rules ?? shape);

  function sample(rng: RandomGenerator): number {
    const x = walker.walk(rng, fill, true, grid);
    if (x === 0) return 0;
    const count = counter.count(grid).count;
    return count === 0 ? 0 : x * count;
  }
  return { method: 'hybrid', shape, fill, scale: 1n, indicator: false, sample };
}

/**
 * Default K for a shape: about 0.32·n² cells, 26 of 81 on 3×3 (the published "twenty-odd cells"). On 3×3
 * fills 26–30 are about equally efficient (per-sample CV 10–45, heavy-tailed; see docs), fewer than ~24
 * make each exact count take milliseconds, more leave the random walk to hit dead ends.
 */
export function defaultFill(shape: BoxShape): number {
  return Math.round(0.32 * shape.n * shape.n);
}
