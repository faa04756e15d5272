import { ExactCoverCounter } from '../../dist/solve/exactCoverCounter.js';
import { parseGrid } from '../../dist/grid/parseGrid.js';
import { parseBoxShape, type BoxShape } from '../../dist/grid/shape.js';

/**
 * The independent oracle: Sudoku as exact cover, counted by the generic DLX of src/dlx (which knows nothing of
 * Sudoku and shares no code with the production engines). Counts one leaf at a time, so keep the counts small.
 */
export function dlxCount(
  grid: string | ArrayLike<number>,
  options: { readonly box?: BoxShape | string; readonly limit?: number } = {},
): { count: number; limited: boolean } {
  const shape = typeof options.box === 'string' ? parseBoxShape(options.box) : (options.box ?? parseBoxShape('3x3'));
  const cells = typeof grid === 'string' ? parseGrid(shape, grid) : grid;
  const r = new ExactCoverCounter(shape).count(cells, options.limit ?? Infinity);
  return { count: r.count, limited: r.limited };
}
