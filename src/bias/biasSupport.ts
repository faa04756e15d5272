import type { BoxShape } from '../grid/shape.js';

/* What bias --exact declares of itself (gathered with the other stages' declarations in src/grid/support.ts). */

/** Methods whose exact moments come from walking their draw tree; the rest recurse over partial grids. */
export const DRAW_TREE_METHODS: readonly string[] = ['crude', 'knuth', 'ridder', 'knuth-mrv'];

/** Why `bias --exact` cannot take `shape` with the estimator `method` (one line), or null when it can. */
export function exactMomentsProblem(shape: BoxShape, method: string | undefined): string | null {
  if (shape.n <= 4) return null;
  if (method === 'crude')
    return (
      `--exact crude is feasible on n ≤ 4 only (on ${shape.name} a complete path has probability ` +
      `(n!)^-n < 2^-53): use --batches`
    );
  if (method !== undefined && DRAW_TREE_METHODS.includes(method)) {
    if (shape.n <= 6 && shape.rows > 1 && shape.cols > 1) return null;
    return (
      `--exact walks every draw sequence of ${method}; feasible up to 2x3 and 3x2 (~10⁵–10⁸ paths), not ` +
      `${shape.name}: use --batches`
    );
  }
  return (
    `--exact for ${method ?? 'this method'} recurses over partial grids with random cell orders: 2x2 has ` +
    `~2 million of them (seconds); on ${shape.name} there are far too many (and one exact count of an ` +
    `empty 2x3 grid takes seconds): use --batches`
  );
}
