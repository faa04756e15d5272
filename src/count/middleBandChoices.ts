import type { BoxShape } from '../grid/shape.js';

/**
 * The middle band's column-set choices in box k, under the sets S each column still needs: C disjoint
 * R-subsets T_c ⊂ S_(kC+c), one per column of the box (so they partition the box's digits). Returned as
 * C masks per choice, back to back (3×3: 56 choices per box, 56³ configurations of the middle band).
 */
export function middleBandChoices(shape: BoxShape, S: ArrayLike<number>, k: number): Int32Array {
  const { rows: R, cols: C } = shape;
  const out: number[] = [];
  const cur = new Int32Array(C);
  const pick = (i: number, used: number, m: number, need: number, acc: number): void => {
    if (need === 0) {
      cur[i] = acc;
      column(i + 1, used | acc);
      return;
    }
    while (m) {
      const b = m & -m;
      m ^= b;
      pick(i, used, m, need - 1, acc | b);
    }
  };
  const column = (i: number, used: number): void => {
    if (i === C) {
      for (let j = 0; j < C; j++) out.push(cur[j]);
      return;
    }
    pick(i, used, S[k * C + i] & ~used, R, 0);
  };
  column(0, 0);
  return Int32Array.from(out);
}
