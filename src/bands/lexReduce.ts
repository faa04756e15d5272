import { factorial, type BoxShape } from '../grid/shape.js';

/**
 * Lexicographic reduction of a band: sort the columns of boxes 2..R by their top entries, then order boxes 2..R
 * by their first top entry. Box 1 is left alone. Because the top row's entries are distinct, the
 * (C!)^(R−1)·(R−1)! bands reached this way are all different, and exactly one of them is reduced.
 */
export function lexMultiplicity(shape: BoxShape): number {
  return factorial(shape.cols) ** (shape.rows - 1) * factorial(shape.rows - 1);
}

/** True when the band at `offset` is lexicographically reduced. */
export function isLexReduced(shape: BoxShape, cells: ArrayLike<number>, offset = 0): boolean {
  const { rows: R, cols: C } = shape;
  let prevFirst = 0;
  for (let b = 1; b < R; b++) {
    const base = offset + b * C;
    const first = cells[base];
    if (first < prevFirst) return false;
    prevFirst = first;
    for (let c = 1; c < C; c++) if (cells[base + c] < cells[base + c - 1]) return false;
  }
  return true;
}

/**
 * Write the reduced form of `band` into `out` (both R·n cells; may not alias). `scratch` needs R·n cells.
 * No allocation: callers in loops pass their own buffers.
 */
export function lexReduceInto(
  shape: BoxShape,
  band: ArrayLike<number>,
  out: Uint8Array,
  scratch: Uint8Array,
): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  const cells = R * n;
  // 1. sort columns inside each box b ≥ 1 by top entry (insertion sort on column indices), into scratch.
  for (let i = 0; i < cells; i++) scratch[i] = band[i];
  for (let b = 1; b < R; b++) {
    const base = b * C;
    for (let i = 1; i < C; i++) {
      for (let j = i; j > 0 && scratch[base + j] < scratch[base + j - 1]; j--) {
        for (let r = 0; r < R; r++) {
          const a = r * n + base + j;
          const t = scratch[a];
          scratch[a] = scratch[a - 1];
          scratch[a - 1] = t;
        }
      }
    }
  }
  // 2. order boxes 1..R−1 by their (now smallest) first top entry: selection of box order, then copy.
  for (let i = 0; i < C; i++) for (let r = 0; r < R; r++) out[r * n + i] = scratch[r * n + i];
  let used = 0;
  for (let slot = 1; slot < R; slot++) {
    let best = -1;
    for (let b = 1; b < R; b++) {
      if (used & (1 << b)) continue;
      if (best < 0 || scratch[b * C] < scratch[best * C]) best = b;
    }
    used |= 1 << best;
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) out[r * n + slot * C + c] = scratch[r * n + best * C + c];
    }
  }
  return out;
}
