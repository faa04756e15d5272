import { cellTables } from '../grid/cellTables.js';
import { fullMask, popTable } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import type { CellOrder } from './backtrackingGenerator.js';

/**
 * The exact probability that the backtracking generator (`backtrackingGenerator`, either cell order) returns a
 * given grid g:
 *
 *   P(g) = Π_k 1/V_k      V_k = the candidates of the k-th cell filled (on g's path) that still have a completion
 *
 * Why (docs/audit.md has it at length): the search is a tree whose nodes are partial grids; at a node it tries the
 * candidates of one cell in a uniformly random order and returns the first grid found below. A candidate without a
 * completion ("dead") is explored in full and always fails, whatever the draws below it; so the subtree that
 * answers is the first candidate with a completion ("viable") in the random order, which is uniform among the V
 * viable ones, and the draws made in other subtrees are independent of those made on the path. g's path is fixed by
 * g (the cell order is a function of the partial grid), so P(g) is the product of 1/V_k along it.
 *
 * V_k is found with the solve engine (`puzzleCounter(shape).count(partial, 1)`: does the partial grid with the
 * candidate in place have a completion?), one check per candidate other than g's own digit (which is viable: g
 * completes it). While every filled cell lies in row 1 and the cell is in row 1 too, every candidate is viable
 * without a check: any row of distinct digits is the first row of some grid (relabel any grid).
 *
 * `denominator` D = Π V_k = 1/P(g) is a BigInt (3×3: around 10^21 and above); `degrees` holds V_k in fill order.
 */
export interface PathProbability {
  /** 1/P(g): Π V_k. */
  readonly denominator: bigint;
  /** log10 of the denominator (for histograms). */
  readonly log10Denominator: number;
  /** Completion checks the solve engine made. */
  readonly checks: number;
}

export interface BacktrackingProbability {
  readonly shape: BoxShape;
  readonly order: CellOrder;
  /** P(g) of a complete grid g (n² digits 1..n; trusted: a valid grid), with V_k written into `degrees` if given. */
  of(grid: ArrayLike<number>, degrees?: Uint8Array): PathProbability;
}

export function backtrackingProbability(shape: BoxShape, order: CellOrder): BacktrackingProbability {
  const { cells, row, col, box } = cellTables(shape);
  const n = shape.n;
  const full = fullMask(n);
  const pop = popTable(n);
  const counter = puzzleCounter(shape);
  const partial = new Uint8Array(cells);
  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);

  const candidates = (i: number): number => full & ~(rowUsed[row[i]] | colUsed[col[i]] | boxUsed[box[i]]);

  function mrvCell(): number {
    let best = -1,
      bestCount = n + 1;
    for (let i = 0; i < cells; i++) {
      if (partial[i] !== 0) continue;
      const c = pop[candidates(i)];
      if (c < bestCount) {
        best = i;
        bestCount = c;
      }
    }
    return best;
  }

  function of(grid: ArrayLike<number>, degrees?: Uint8Array): PathProbability {
    partial.fill(0);
    rowUsed.fill(0);
    colUsed.fill(0);
    boxUsed.fill(0);
    let checks = 0;
    let onlyFirstRow = true;
    let denominator = 1n;
    let chunk = 1; // product of V_k so far, flushed into the BigInt before it passes 2^53
    let log10 = 0;
    for (let k = 0; k < cells; k++) {
      const i = order === 'row-major' ? k : mrvCell();
      const own = 1 << (grid[i] - 1);
      const cand = candidates(i);
      if ((cand & own) === 0) throw new Error(`internal: cell ${i} of the grid clashes with its peers`);
      let v: number;
      if (onlyFirstRow && row[i] === 0) {
        v = pop[cand];
      } else {
        onlyFirstRow = false;
        v = 1;
        for (let rest = cand & ~own; rest !== 0; rest &= rest - 1) {
          partial[i] = 32 - Math.clz32(rest & -rest);
          checks++;
          if (counter.count(partial, 1).count > 0) v++;
        }
      }
      partial[i] = grid[i];
      rowUsed[row[i]] |= own;
      colUsed[col[i]] |= own;
      boxUsed[box[i]] |= own;
      if (degrees) degrees[k] = v;
      log10 += Math.log10(v);
      chunk *= v;
      if (chunk > 2 ** 45) {
        denominator *= BigInt(chunk);
        chunk = 1;
      }
    }
    denominator *= BigInt(chunk);
    return { denominator, log10Denominator: log10, checks };
  }

  return { shape, order, of };
}
