import type { BoxShape } from '../grid/shape.js';
import { randomBelow } from '../random/randomBelow.js';
import type { RandomGenerator } from '../random/randomGenerator.js';
import type { GridGenerator } from './gridGenerator.js';

/**
 * The blog's generator: one fixed grid, transformed at random.
 *
 * The template (`templateGrid`): row 1 reads 1..n; then the first row of each band, the second row of each band, and
 * so on (for 9×9: rows 1, 4, 7, 2, 5, 8, 3, 6, 9) count 1..n from column 1 + shift, wrapping around, with shifts
 * 0, 1, 2, … in that order. For the blog's n = R² the rows in that order are R apart ("the row step is R"); for
 * R×C boxes (C bands of R rows, R stacks of C columns) the same listing (row i of every band, then row i + 1) gives
 *
 *   shift(row i of band b) = C·i + b,      T[r][c] = ((c − shift(r)) mod n) + 1      (r, c 0-based)
 *
 * which is a grid for every shape: the shifts are 0..n−1 once each (columns), and a box (band b, stack s) holds
 * the digits c − C·i − b for its C columns c and R rows i, which are n consecutive residues (the box).
 *
 *   2×2:  1 2 3 4     3×3:  1 2 3 4 5 6 7 8 9      (row 4 = 9 1 2 …: 1 in its 2nd column)
 *         3 4 1 2           7 8 9 1 2 3 4 5 6
 *         4 1 2 3           4 5 6 7 8 9 1 2 3
 *         2 3 4 1           9 1 2 3 4 5 6 7 8 …
 *
 * A grid is T with, each uniformly at random and independently: the columns of each stack permuted ((C!)^R), the
 * rows of each band permuted ((R!)^C), the digits relabelled (n!); `blocks` adds a permutation of the bands (C!)
 * and of the stacks (R!). Permutations are Fisher–Yates shuffles through `randomBelow` (a shuffle of m things
 * draws m, m−1, …, 2).
 */
export function templateShift(shape: BoxShape, r: number): number {
  return shape.cols * (r % shape.rows) + Math.floor(r / shape.rows);
}

export function templateGrid(shape: BoxShape): Uint8Array {
  const { n } = shape;
  const t = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    const s = templateShift(shape, r);
    for (let c = 0; c < n; c++) t[r * n + c] = ((((c - s) % n) + n) % n) + 1;
  }
  return t;
}

export interface TemplateGenerator extends GridGenerator {
  readonly blocks: boolean;
  readonly template: Uint8Array;
}

export function templateGenerator(shape: BoxShape, blocks: boolean): TemplateGenerator {
  const { rows: R, cols: C, n } = shape;
  const template = templateGrid(shape);
  const rowOf = new Int32Array(n); // output row r shows template row rowOf[r]
  const colOf = new Int32Array(n);
  const label = new Uint8Array(n + 1); // template digit d is written label[d]
  const bandOf = new Int32Array(C),
    stackOf = new Int32Array(R);
  const scratch = new Int32Array(n);

  /** A uniform permutation of 0..m−1 into `out[at..at+m)` (Fisher–Yates: draws m, m−1, …, 2). */
  function shuffle(rng: RandomGenerator, out: Int32Array, at: number, m: number): void {
    for (let i = 0; i < m; i++) out[at + i] = i;
    for (let i = m - 1; i > 0; i--) {
      const j = randomBelow(rng, i + 1);
      const x = out[at + i];
      out[at + i] = out[at + j];
      out[at + j] = x;
    }
  }

  function generate(rng: RandomGenerator, out: Uint8Array): Uint8Array {
    // columns inside each stack, rows inside each band, then the bands and stacks (blocks), then the digits
    for (let s = 0; s < R; s++) shuffle(rng, scratch, s * C, C);
    for (let s = 0; s < R; s++) for (let j = 0; j < C; j++) colOf[s * C + j] = s * C + scratch[s * C + j];
    for (let b = 0; b < C; b++) shuffle(rng, scratch, b * R, R);
    for (let b = 0; b < C; b++) for (let i = 0; i < R; i++) rowOf[b * R + i] = b * R + scratch[b * R + i];
    if (blocks) {
      shuffle(rng, bandOf, 0, C);
      shuffle(rng, stackOf, 0, R);
    }
    shuffle(rng, scratch, 0, n);
    for (let d = 0; d < n; d++) label[d + 1] = scratch[d] + 1;
    for (let r = 0; r < n; r++) {
      // output row r: band ⌊r/R⌋ shows template band bandOf[⌊r/R⌋], at the row the in-band shuffle chose
      const tr = blocks ? bandOf[Math.floor(r / R)] * R + (rowOf[r] % R) : rowOf[r];
      for (let c = 0; c < n; c++) {
        const tc = blocks ? stackOf[Math.floor(c / C)] * C + (colOf[c] % C) : colOf[c];
        out[r * n + c] = label[template[tr * n + tc]];
      }
    }
    return out;
  }

  return { name: blocks ? 'template-blocks' : 'template', shape, blocks, template, generate };
}
