import { popcount } from '../../grid/bits.js';
import type { CandidateGrid } from '../candidateGrid.js';

/** A naked set found with a virtual cell: its digits, the other cells in it, and what it removes. */
export interface VirtualSet {
  /** The set's digits (a mask over lo). */
  readonly digits: number;
  /** The real cells of the set (the virtual cell's cells are not among them). */
  readonly cells: readonly number[];
  readonly house: number;
  /** [cell, digit0] pairs. */
  readonly remove: ReadonlyArray<readonly [number, number]>;
}

/** Scratch: the open cells of a house that may join the set. */
const room = new Int32Array(36);

/**
 * The type 3 of the uniqueness patterns (unique rectangles and loops, BUG): a group of cells `group` in one house,
 * one of which must hold one of the digits `extra` (or the puzzle would have no solution or several), acts as one
 * "virtual" cell with candidates `extra`. With m other cells of that house it can form a naked set: m + 1 cells
 * holding m + 1 digits between them ⇒ those digits leave the house's other cells (the group's own cells are left
 * alone: which of them holds the digit is not known). Looks for m = 1 … maxOthers in every house that holds the whole
 * group; returns the smallest set that removes something (then the first house), or null. Plain 9×9 grids (lo only).
 */
export function nakedSetWithVirtualCell(
  g: CandidateGrid,
  group: readonly number[],
  extra: number,
  maxOthers: number,
): VirtualSet | null {
  const { n, lo, value, unitCells } = g;
  if (extra === 0 || popcount(extra) > maxOthers + 1) return null;
  let best: VirtualSet | null = null;
  for (let k = g.cellHouseStart[group[0]]; k < g.cellHouseStart[group[0] + 1]; k++) {
    const u = g.cellHouseList[k];
    const inHouse = (c: number) => {
      for (let i = 0; i < n; i++) if (unitCells[u * n + i] === c) return true;
      return false;
    };
    if (!group.every(inHouse)) continue;
    let r = 0;
    for (let i = 0; i < n; i++) {
      const c = unitCells[u * n + i];
      if (value[c] === 0 && !group.includes(c) && popcount(lo[c]) <= maxOthers + 1) room[r++] = c;
    }
    const chosen: number[] = [];
    const search = (from: number, digits: number): void => {
      const m = chosen.length;
      if (m > 0 && popcount(digits) === m + 1) {
        if (best && best.cells.length <= m) return;
        const remove: Array<readonly [number, number]> = [];
        for (let i = 0; i < n; i++) {
          const c = unitCells[u * n + i];
          if (value[c] !== 0 || group.includes(c) || chosen.includes(c)) continue;
          for (let d = lo[c] & digits; d !== 0; d &= d - 1) remove.push([c, 31 - Math.clz32(d & -d)]);
        }
        if (remove.length > 0) {
          best = { digits, cells: [...chosen], house: u, remove };
          return;
        }
      }
      if (m === maxOthers || (best && best.cells.length <= m + 1)) return;
      for (let i = from; i < r; i++) {
        const next = digits | lo[room[i]];
        if (popcount(next) > maxOthers + 1) continue;
        chosen.push(room[i]);
        search(i + 1, next);
        chosen.pop();
      }
    };
    search(0, extra);
  }
  return best;
}
