import type { BoxShape } from '../grid/shape.js';

/**
 * The column moves of the lexicographic reduction (`lexReduceInto`), as a map: the reduced band's column j is
 * the band's column out[j]. Box 1 stays; the columns of each other box are sorted by their top entries, and
 * those boxes by their smallest top entry. Only the top row is read.
 */
export function lexColumnOrder(shape: BoxShape, band: ArrayLike<number>, out: Int32Array, offset = 0): Int32Array {
  const { rows: R, cols: C } = shape;
  for (let c = 0; c < C; c++) out[c] = c;
  let used = 0;
  for (let slot = 1; slot < R; slot++) {
    let best = -1,
      bestTop = Infinity;
    for (let b = 1; b < R; b++) {
      if (used & (1 << b)) continue;
      let top = Infinity;
      for (let c = 0; c < C; c++) top = Math.min(top, band[offset + b * C + c]);
      if (top < bestTop) {
        bestTop = top;
        best = b;
      }
    }
    used |= 1 << best;
    // the columns of box `best`, sorted by top entry (insertion sort)
    for (let i = 0; i < C; i++) {
      const col = best * C + i;
      const v = band[offset + col];
      let j = i;
      while (j > 0 && band[offset + out[slot * C + j - 1]] > v) {
        out[slot * C + j] = out[slot * C + j - 1];
        j--;
      }
      out[slot * C + j] = col;
    }
  }
  return out;
}
