import type { RandomGenerator } from '../random/randomGenerator.js';
import { factorialBig, type BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';
import type { Estimator } from './estimator.js';
import { randomBelow } from '../random/randomBelow.js';
import type { Rules } from '../grid/rules.js';

/**
 * `crude`: plain Monte Carlo over "n-permutation grids", grids whose every row is a permutation of 1..n.
 * There are (n!)^n of them and N are Sudoku grids, so with G uniform among them
 *
 *   X = 1 if G is a valid grid (every column and box holds n distinct digits), else 0;   N = (n!)^n · E[X].
 *
 * The sample is the indicator; `scale` = (n!)^n turns the hit rate into N exactly (BigInt). Each row is
 * drawn position by position (one Fisher–Yates step each), and the walk stops at the first digit that
 * repeats in a column or box: the remaining draws could not change X = 0.
 * Hit rate: 2×2: 288/24⁴ ≈ 8.7·10⁻⁴;  2×3: ≈ 2.0·10⁻¹⁰;  3×3: ≈ 6·10⁻²⁹ (no hit, ever).
 * Under variants (`rules`) X = 1 when G is a grid of the rules: every variant keeps the rows as houses, so the
 * same (n!)^n row-permutation grids hold all of them, and a digit is checked against its placed peers (houses and
 * pairs) instead of its column and box.
 */
export function crudeEstimator(shape: BoxShape, rules?: Rules): Estimator {
  if (rules && !rules.plain) return crudeRulesEstimator(shape, rules);
  const t = cellTables(shape);
  const { box } = t;
  const n = shape.n;
  const colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const perm = new Int32Array(n);
  for (let d = 0; d < n; d++) perm[d] = 1 << d;
  const identity = perm.slice();

  function sample(rng: RandomGenerator): number {
    colUsed.fill(0);
    boxUsed.fill(0);
    for (let r = 0; r < n; r++) {
      perm.set(identity); // each row starts from 1..n: a sample depends on its draws only
      for (let c = 0; c < n; c++) {
        if (c < n - 1) {
          const j = c + randomBelow(rng, n - c);
          const tmp = perm[j];
          perm[j] = perm[c];
          perm[c] = tmp;
        }
        const bit = perm[c];
        const b = box[r * n + c];
        if ((colUsed[c] | boxUsed[b]) & bit) return 0;
        colUsed[c] |= bit;
        boxUsed[b] |= bit;
      }
    }
    return 1;
  }
  return { method: 'crude', shape, fill: null, scale: factorialBig(n) ** BigInt(n), indicator: true, sample };
}

function crudeRulesEstimator(shape: BoxShape, rules: Rules): Estimator {
  const { n, cells, peerStart, peerList } = rules;
  const grid = new Int32Array(cells);
  const perm = new Int32Array(n);
  const identity = Int32Array.from({ length: n }, (_, d) => d + 1);

  function sample(rng: RandomGenerator): number {
    grid.fill(0);
    for (let r = 0; r < n; r++) {
      perm.set(identity);
      for (let c = 0; c < n; c++) {
        if (c < n - 1) {
          const j = c + randomBelow(rng, n - c);
          const tmp = perm[j];
          perm[j] = perm[c];
          perm[c] = tmp;
        }
        const i = r * n + c;
        const d = perm[c];
        // the cells placed so far are those before i; a peer among them holding d makes X = 0
        for (let k = peerStart[i], end = peerStart[i + 1]; k < end && peerList[k] < i; k++)
          if (grid[peerList[k]] === d) return 0;
        grid[i] = d;
      }
    }
    return 1;
  }
  return { method: 'crude', shape, fill: null, scale: factorialBig(n) ** BigInt(n), indicator: true, sample };
}
