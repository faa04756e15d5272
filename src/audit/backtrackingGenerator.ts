import { cellTables } from '../grid/cellTables.js';
import { fullMask, nthBit, popTable } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { randomBelow } from '../random/randomBelow.js';
import type { RandomGenerator } from '../random/randomGenerator.js';
import type { GridGenerator } from './gridGenerator.js';

/**
 * The randomized backtracking fill, as the puzzle site describes it: "each cell is assigned a random digit from its
 * candidate set; backtrack on contradictions".
 *
 *   cell order   `row-major`: cells 0, 1, …, n²−1 (reading order);
 *                `mrv`: at each step the empty cell with the fewest candidates, the first in reading order on ties
 *                (a function of the partial grid alone, so it is the same whenever the search is at the same node)
 *   candidates   the digits that no filled peer (same row, column or box) holds
 *   order        the candidates of a cell are tried in a uniformly random order, drawn lazily: each try takes one
 *                of the untried candidates uniformly (one `randomBelow` draw; none when one is left), which is a
 *                uniform random permutation revealed one element at a time
 *   contradiction  a cell with no candidate left to try: undo the previous cell and try its next candidate
 *   result       the first complete grid reached (depth-first search)
 *
 * Every grid has probability > 0 (docs/audit.md derives P(grid) = Π_k 1/V_k, V_k the candidates of the k-th cell
 * that still have a completion; `backtrackingProbability` computes it). The search is an explicit stack:
 *
 *   cellAt[k]   the cell filled at depth k          untried[k]  candidates of that cell not tried yet
 *   placed[k]   the digit bit placed there (0: none)
 */
export type CellOrder = 'row-major' | 'mrv';

export interface BacktrackingGenerator extends GridGenerator {
  readonly order: CellOrder;
  /** Digits placed (search nodes) by the last `generate`: n² when it never backtracked. */
  readonly lastNodes: number;
}

export function backtrackingGenerator(shape: BoxShape, order: CellOrder): BacktrackingGenerator {
  const { cells, row, col, box } = cellTables(shape);
  const n = shape.n;
  const full = fullMask(n);
  const pop = popTable(n);
  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const cellAt = new Int32Array(cells),
    untried = new Int32Array(cells),
    placed = new Int32Array(cells);
  const filled = new Uint8Array(cells);
  let lastNodes = 0;

  const candidates = (i: number): number => full & ~(rowUsed[row[i]] | colUsed[col[i]] | boxUsed[box[i]]);

  /** The empty cell with the fewest candidates (first in reading order on ties); -1 when none is empty. */
  function mrvCell(): number {
    let best = -1,
      bestCount = n + 1;
    for (let i = 0; i < cells; i++) {
      if (filled[i]) continue;
      const c = pop[candidates(i)];
      if (c < bestCount) {
        best = i;
        bestCount = c;
        if (c === 0) break;
      }
    }
    return best;
  }

  function generate(rng: RandomGenerator, out: Uint8Array): Uint8Array {
    rowUsed.fill(0);
    colUsed.fill(0);
    boxUsed.fill(0);
    filled.fill(0);
    let nodes = 0;
    let k = 0;
    cellAt[0] = 0; // both orders start at cell 0 (every cell has n candidates; the first on ties)
    untried[0] = full;
    placed[0] = 0;
    for (;;) {
      const i = cellAt[k];
      if (placed[k] !== 0) {
        // undo this cell's digit before trying the next one
        const bit = placed[k];
        rowUsed[row[i]] ^= bit;
        colUsed[col[i]] ^= bit;
        boxUsed[box[i]] ^= bit;
        filled[i] = 0;
        placed[k] = 0;
      }
      const left = untried[k];
      if (left === 0) {
        if (k === 0) throw new Error('internal: the empty grid has no completion');
        k--;
        continue;
      }
      const m = pop[left];
      const bit = m === 1 ? left : nthBit(left, randomBelow(rng, m));
      untried[k] = left ^ bit;
      placed[k] = bit;
      rowUsed[row[i]] |= bit;
      colUsed[col[i]] |= bit;
      boxUsed[box[i]] |= bit;
      filled[i] = 1;
      out[i] = 32 - Math.clz32(bit);
      nodes++;
      if (++k === cells) break;
      const next = order === 'row-major' ? k : mrvCell();
      cellAt[k] = next;
      untried[k] = candidates(next);
      placed[k] = 0;
    }
    lastNodes = nodes;
    return out;
  }

  return {
    name: order === 'row-major' ? 'backtracking' : 'backtracking-mrv',
    shape,
    order,
    get lastNodes() {
      return lastNodes;
    },
    generate,
  };
}
