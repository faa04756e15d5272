import type { BoxShape } from '../grid/shape.js';

/**
 * What the band method declares of itself (gathered with the other stages' declarations in src/grid/support.ts): it
 * enumerates every band, so it takes boxes of 2..4 columns (2 to 4 bands) with n ≤ 9.
 */
export function bandMethod(shape: BoxShape): boolean {
  return shape.rows >= 2 && shape.cols >= 2 && shape.cols <= 4 && shape.n <= 9;
}
