import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { BoxShape } from '../grid/shape.js';
import { cellTables } from './cellTables.js';
import type { Estimator } from './estimator.js';
import { nthBit, randomBelow } from './randomBelow.js';

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
export function knuthEstimator(shape: BoxShape, order: 'row' | 'random'): Estimator {
  const t = cellTables(shape);
  const { cells, full, row, col, box, pop } = t;
  const n = shape.n;
  const rowUsed = new Int32Array(n), colUsed = new Int32Array(n), boxUsed = new Int32Array(n);
  const cellOrder = new Int32Array(cells);
  for (let i = 0; i < cells; i++) cellOrder[i] = i;
  const identity = cellOrder.slice();
  const shuffle = order === 'random';

  function sample(rng: RandomGenerator): number {
    rowUsed.fill(0); colUsed.fill(0); boxUsed.fill(0);
    if (shuffle) cellOrder.set(identity); // each sample starts from the same order: it depends on its draws only
    let x = 1;
    for (let k = 0; k < cells; k++) {
      if (shuffle && k < cells - 1) {
        const j = k + randomBelow(rng, cells - k);
        const tmp = cellOrder[j]!; cellOrder[j] = cellOrder[k]!; cellOrder[k] = tmp;
      }
      const i = cellOrder[k]!;
      const r = row[i]!, c = col[i]!, b = box[i]!;
      const legal = full & ~(rowUsed[r]! | colUsed[c]! | boxUsed[b]!);
      if (legal === 0) return 0;
      const d = pop[legal]!;
      let bit = legal;
      if (d > 1) { x *= d; bit = nthBit(legal, randomBelow(rng, d)); }
      rowUsed[r]! |= bit; colUsed[c]! |= bit; boxUsed[b]! |= bit;
    }
    return x;
  }
  return { method: shuffle ? 'knuth-random' : 'knuth', shape, fill: null, scale: 1n, indicator: false, sample };
}
