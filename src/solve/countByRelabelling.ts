import { cellTables } from '../grid/cellTables.js';
import { factorialBig, type BoxShape } from '../grid/shape.js';

/**
 * The number of completions of a grid whose givens all lie in one unit (a row, a column or a box), from N:
 *
 *   completions = N·(n−k)!/n!          k = number of givens (distinct digits, as they must be in one unit)
 *
 * Why: in every grid the k cells of one unit hold k distinct digits, and relabelling the digits is a bijection
 * between the grids whose k cells hold one injective assignment of digits and those that hold any other. There are
 * n!/(n−k)! such assignments, all equally frequent. This answers exactly what no search could finish: the empty
 * 9×9 grid has N ≈ 6.7·10²¹ completions, and a grid with one box given still has N/9! ≈ 1.8·10¹⁶ (past 2^53).
 *
 * Returns null when the givens do not lie in one unit (or repeat a digit). `total` is N for the shape.
 */
export function countByRelabelling(shape: BoxShape, cells: ArrayLike<number>, total: bigint): bigint | null {
  const t = cellTables(shape);
  const given: number[] = [];
  for (let i = 0; i < t.cells; i++) if (cells[i] !== 0) given.push(i);
  const k = given.length;
  if (k > 0) {
    const sameUnit = [t.row, t.col, t.box].some((unit) => given.every((i) => unit[i] === unit[given[0]]));
    if (!sameUnit) return null;
    if (new Set(given.map((i) => cells[i])).size !== k) return null;
  }
  return (total * factorialBig(shape.n - k)) / factorialBig(shape.n);
}
