import type { RandomGenerator } from '../random/randomGenerator.js';
import type { BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';
import { fullMask, nthBit, popTable } from '../grid/bits.js';
import type { Estimator } from './estimator.js';
import { randomBelow } from '../random/randomBelow.js';
import type { Rules } from '../grid/rules.js';

/**
 * `ridder`: importance sampling for the crude problem (after Ridder, "Counting the number of Sudoku's by
 * importance sampling simulation"). Target: the crude estimator's uniform law p(G) = (n!)^−n on
 * n-permutation grids, where N = (n!)^n · P_p(G valid). Proposal q: build G row by row, each cell drawn
 * uniformly from the d digits not yet used in its row, column and box; a cell with d = 0 ends the draw
 * (a dead end, scored 0). Row r of a completed draw had probability Π_{c} 1/d_{r,c} under q and 1/n!
 * under p, so the likelihood ratio of the grid is
 *
 *   L(G) = p(G)/q(G) = Π_r ρ_r / n!,     ρ_r = Π_c d_{r,c},
 *
 * and N = (n!)^n · E_q[1{G valid} · L(G)] = E_q[Π_r ρ_r]. The sample is (n!)^n·L(G) = Π_r ρ_r, computed
 * from the exact row factors ρ_r (whole numbers ≤ n!). This is Knuth's row-major estimator in another
 * guise: same proposal, same draws from the same stream, same value (up to the rounding order of the
 * product). A test checks that, sample by sample.
 * Under variants (`rules`) the proposal draws each cell from the digits no placed peer (houses and pairs) holds;
 * every variant keeps the rows as houses, so p and the row factors are as above.
 */
export function ridderEstimator(shape: BoxShape, rules?: Rules): Estimator {
  if (rules && !rules.plain) return ridderRulesEstimator(shape, rules);
  const t = cellTables(shape);
  const { box } = t;
  const full = fullMask(shape.n);
  const pop = popTable(shape.n);
  const n = shape.n;
  const colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);

  function sample(rng: RandomGenerator): number {
    colUsed.fill(0);
    boxUsed.fill(0);
    let likelihood = 1; // (n!)^r · L(rows 0..r−1), i.e. Π of the finished rows' ρ
    for (let r = 0; r < n; r++) {
      let rowUsed = 0;
      let rho = 1; // ρ_r = 1 / q(row r | rows above): whole number ≤ n!, exact in a double
      for (let c = 0; c < n; c++) {
        const b = box[r * n + c];
        const legal = full & ~(rowUsed | colUsed[c] | boxUsed[b]);
        if (legal === 0) return 0;
        const d = pop[legal];
        let bit = legal;
        if (d > 1) {
          rho *= d;
          bit = nthBit(legal, randomBelow(rng, d));
        }
        rowUsed |= bit;
        colUsed[c] |= bit;
        boxUsed[b] |= bit;
      }
      // p/q for this row is ρ_r / n!; we keep (n!)·(p/q) = ρ_r so the sample stays a whole number
      likelihood *= rho;
    }
    return likelihood;
  }
  return { method: 'ridder', shape, fill: null, scale: 1n, indicator: false, sample };
}

function ridderRulesEstimator(shape: BoxShape, rules: Rules): Estimator {
  const { n, cells, peerStart, peerList } = rules;
  const full = fullMask(n);
  const pop = popTable(n);
  const legalOf = new Int32Array(cells);

  function sample(rng: RandomGenerator): number {
    legalOf.fill(full);
    let likelihood = 1;
    for (let r = 0; r < n; r++) {
      let rho = 1;
      for (let i = r * n, end = i + n; i < end; i++) {
        const legal = legalOf[i];
        if (legal === 0) return 0;
        const d = pop[legal];
        let bit = legal;
        if (d > 1) {
          rho *= d;
          bit = nthBit(legal, randomBelow(rng, d));
        }
        for (let k = peerStart[i], e = peerStart[i + 1]; k < e; k++) legalOf[peerList[k]] &= ~bit;
      }
      likelihood *= rho;
    }
    return likelihood;
  }
  return { method: 'ridder', shape, fill: null, scale: 1n, indicator: false, sample };
}
