import type { BoxShape } from '../grid/shape.js';
import { cellTables } from './cellTables.js';

/**
 * Exact number of completions of a partial grid, by depth-first search on digit bitmasks. Made for the
 * `hybrid` estimator, which asks it millions of times about grids with a few dozen givens.
 *
 *   used digits     rowUsed[r], colUsed[c], boxUsed[b]          (bit d−1 = digit d)
 *   empty cells     open[0..m−1]; open[0..depth−1] are the cells filled on the current path,
 *                   open[depth..m−1] the cells still empty (the chosen cell is swapped to position depth)
 *   per level       untried[depth] = legal digits of open[depth] not tried yet, placed[depth] = digit in it
 *
 * At each node the search branches on the empty cell with fewest legal digits (the first one with 0 ends
 * the node; the first with 1 is taken at once), so forced cells cost one scan each. An explicit level stack,
 * no recursion, nothing allocated per call. Counts past 2^53 would lose precision: the hybrid's fills keep
 * them far below (a partial grid with ≥ 1 given per box of a 3×3 has well under 10^15 completions).
 */
export interface BitmaskCompletionCounter {
  /** Completions of `cells` (n² digits, 0 = empty). The givens must not clash. */
  count(cells: ArrayLike<number>): number;
}

export function bitmaskCompletionCounter(shape: BoxShape): BitmaskCompletionCounter {
  const t = cellTables(shape);
  const { cells: size, full, row, col, box, pop } = t;
  const n = shape.n;
  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const open = new Int32Array(size);
  const untried = new Int32Array(size + 1);
  const placed = new Int32Array(size + 1);

  function count(cells: ArrayLike<number>): number {
    rowUsed.fill(0);
    colUsed.fill(0);
    boxUsed.fill(0);
    let m = 0;
    for (let i = 0; i < size; i++) {
      const d = cells[i];
      if (d === 0) {
        open[m++] = i;
        continue;
      }
      const bit = 1 << (d - 1);
      rowUsed[row[i]] |= bit;
      colUsed[col[i]] |= bit;
      boxUsed[box[i]] |= bit;
    }
    let total = 0;
    let depth = 0;
    let descend = true;
    for (;;) {
      if (descend) {
        if (depth === m) {
          total++;
          descend = false;
        } else {
          // choose the empty cell with fewest legal digits
          let bestPos = -1,
            fewest = 99,
            bestMask = 0;
          for (let k = depth; k < m; k++) {
            const i = open[k];
            const legal = full & ~(rowUsed[row[i]] | colUsed[col[i]] | boxUsed[box[i]]);
            const p = pop[legal];
            if (p < fewest) {
              fewest = p;
              bestPos = k;
              bestMask = legal;
              if (p <= 1) break;
            }
          }
          if (fewest === 0) {
            descend = false;
          } else {
            const tmp = open[bestPos];
            open[bestPos] = open[depth]!;
            open[depth] = tmp;
            untried[depth] = bestMask;
          }
        }
        if (!descend) {
          // leaf or dead end: back up one level
          if (depth === 0) return total;
          depth--;
          const i = open[depth],
            bit = placed[depth];
          rowUsed[row[i]] ^= bit;
          colUsed[col[i]] ^= bit;
          boxUsed[box[i]] ^= bit;
        }
      }
      // try the next digit at this level, or back up further
      const rest = untried[depth];
      if (rest === 0) {
        if (depth === 0) return total;
        depth--;
        const i = open[depth],
          bit = placed[depth];
        rowUsed[row[i]] ^= bit;
        colUsed[col[i]] ^= bit;
        boxUsed[box[i]] ^= bit;
        descend = false;
        continue;
      }
      const bit = rest & -rest;
      untried[depth] = rest ^ bit;
      placed[depth] = bit;
      const i = open[depth];
      rowUsed[row[i]] |= bit;
      colUsed[col[i]] |= bit;
      boxUsed[box[i]] |= bit;
      depth++;
      descend = true;
    }
  }
  return { count };
}
