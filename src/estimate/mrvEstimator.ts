import type { RandomGenerator } from '../random/randomGenerator.js';
import type { BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';
import { fullMask, nthBit } from '../grid/bits.js';
import type { Estimator } from './estimator.js';
import { randomBelow } from '../random/randomBelow.js';
import type { Rules } from '../grid/rules.js';

/**
 * `knuth-mrv`: Knuth's estimator on the backtrack tree that always branches on the empty cell with the
 * fewest legal digits ("minimum remaining values"; ties go to the lowest cell index):
 *
 *   X = Π d_k over the cells in the order the rule picks them,   X = 0 when some empty cell has no digit.
 *
 * The rule is a deterministic function of the partial grid, so every grid is one leaf of one tree and
 * E[X] = N exactly as for a fixed order. Branching where the tree is thinnest keeps the degrees' product
 * close to N along every path: the per-sample coefficient of variation drops from about 30 (row order,
 * measured) to about 2.
 *
 * State kept incrementally (no per-sample allocation):
 *   legal[i]  digit mask still allowed in cell i (0 once i is filled)
 *   left[i]   popcount(legal[i]) for an empty cell, FILLED for a filled one
 * Placing digit bit in cell i clears bit from its P peers; a peer left with no digit ends the walk (X = 0,
 * which is what branching on that cell would give: the cell with 0 legal digits is the minimum).
 * The scan for the minimum stops at the first cell with one digit: only a 0 could beat it, and a 0 is
 * caught when it appears.
 * Under variants (`rules`) the peers are the rules' (houses and pairs) and the argument is the same: the rule is
 * still a deterministic function of the partial grid, and every grid of the rules is one leaf.
 */
const FILLED = 255;

export function mrvEstimator(shape: BoxShape, rules?: Rules): Estimator {
  const t = cellTables(shape);
  const { cells } = t;
  // the peers of cell i are peers[peerStart[i] .. peerStart[i+1]): the plain tables, or the rules'
  const under = rules && !rules.plain ? rules : null;
  const peers = under ? under.peerList : t.peers;
  const peerStart = under ? under.peerStart : Int32Array.from({ length: cells + 1 }, (_, i) => i * t.peerCount);
  const full = fullMask(shape.n);
  const n = shape.n;
  const legal = new Int32Array(cells);
  const left = new Uint8Array(cells);

  function sample(rng: RandomGenerator): number {
    legal.fill(full);
    left.fill(n);
    let x = 1;
    for (let step = 0; step < cells; step++) {
      let best = 0,
        fewest = FILLED;
      for (let i = 0; i < cells; i++) {
        const l = left[i];
        if (l < fewest) {
          fewest = l;
          best = i;
          if (l === 1) break;
        }
      }
      const mask = legal[best];
      let bit = mask;
      if (fewest > 1) {
        x *= fewest;
        bit = nthBit(mask, randomBelow(rng, fewest));
      }
      legal[best] = 0;
      left[best] = FILLED;
      for (let k = peerStart[best], end = peerStart[best + 1]; k < end; k++) {
        const p = peers[k];
        const m = legal[p];
        if (m & bit) {
          legal[p] = m ^ bit;
          if (--left[p] === 0) return 0;
        }
      }
    }
    return x;
  }
  return { method: 'knuth-mrv', shape, fill: null, scale: 1n, indicator: false, sample };
}
