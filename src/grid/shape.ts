/**
 * Box shapes and the words used everywhere in sudoku-count.
 *
 * Glossary
 *   R×C     box shape: a box has R rows and C columns; n = R·C digits, the grid is n×n.
 *   r, c    row and column of a cell, 0-based; cell index = r·n + c.
 *   b       box index, 0-based in reading order: b = ⌊r/R⌋·R + ⌊c/C⌋.
 *   d       digit, 1..n in grids; bit (d−1) in a digit mask.
 *   band    R consecutive rows (R boxes side by side). There are C bands.
 *   stack   C consecutive columns (C boxes stacked). There are R stacks.
 *   top band   the first band; "standard" when box 1 reads 1..n in reading order.
 *   m_C     class size: how many standard top bands a class holds.
 *   n_C     completions: how many full grids have a given top band.
 *
 *   3×3:  band = 3 rows of 3 boxes      2×3: band = 2 rows of 2 boxes (3 bands)
 *         +-----+-----+-----+                 +-------+-------+
 *         | box0| box1| box2|  ← band 0       | box0  | box1  |  ← band 0
 *         +-----+-----+-----+                 +-------+-------+
 */

/** A box shape R×C. `n = rows·cols`; `rows` is also the number of boxes in a band and `cols` the number of bands. */
export interface BoxShape {
  /** R: rows per box (= boxes per band = number of stacks). */
  readonly rows: number;
  /** C: columns per box (= boxes per stack = number of bands). */
  readonly cols: number;
  /** n = R·C: digits, and the side of the grid. */
  readonly n: number;
  /** "RxC", as typed on the command line. */
  readonly name: string;
}

/** Largest side the grid code accepts: 6×6 boxes (a character a digit up to n = 35, then numbers). */
export const MAX_SIDE = 36;

/** An error in what a user typed or supplied; the CLI prints its message on one line and exits with status 2. */
export class InputError extends Error {
  override name = 'InputError';
}

/** What is wrong with a box of `rows` × `cols` cells, or null when sudoku-count can write its grids. */
export function boxShapeProblem(rows: number, cols: number): string | null {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1)
    return 'rows and columns of a box must be whole numbers of at least 1';
  const n = rows * cols;
  if (n < 2) return 'a box needs at least 2 cells';
  if (n > MAX_SIDE) return `n = ${n} digits is too big (at most ${MAX_SIDE}, e.g. 6x6 boxes)`;
  return null;
}

export function boxShape(rows: number, cols: number): BoxShape {
  const problem = boxShapeProblem(rows, cols);
  if (problem) throw new InputError(`box shape ${rows}x${cols}: ${problem}`);
  return { rows, cols, n: rows * cols, name: `${rows}x${cols}` };
}

/** The rows and columns written in a box-shape text "RxC" (also "R×C"), or what is wrong with its form. */
export function readBoxShapeText(text: string): { readonly rows: number; readonly cols: number } | string {
  // nothing between or around the digits: "3x\n3" or "3 x 3" is not read as 3x3 (issue 42)
  const m = /^(\d+)[x×X](\d+)$/.exec(text);
  if (m) return { rows: Number(m[1]), cols: Number(m[2]) };
  return /[\s\p{Cc}\p{Cf}]/u.test(text)
    ? 'expected RxC with no space or control character in it (rows by columns of a box), e.g. 3x3 or 2x3'
    : 'expected RxC (rows by columns of a box), e.g. 3x3 or 2x3';
}

/** Parse "RxC" (also "R×C"). Throws InputError naming what is wrong. */
export function parseBoxShape(text: string): BoxShape {
  const read = readBoxShapeText(text);
  const problem = typeof read === 'string' ? read : boxShapeProblem(read.rows, read.cols);
  if (problem !== null || typeof read === 'string') throw new InputError(`box shape '${text}': ${problem}`);
  return boxShape(read.rows, read.cols);
}

export const SHAPE_3X3: BoxShape = boxShape(3, 3);

/** Order of the group acting on standard top bands: box perms R!, column perms in each box (C!)^R, row perms R!. */
export function bandGroupOrder(shape: BoxShape): number {
  return factorial(shape.rows) * factorial(shape.cols) ** shape.rows * factorial(shape.rows);
}

export function factorial(k: number): number {
  let f = 1;
  for (let i = 2; i <= k; i++) f *= i;
  return f;
}

export function factorialBig(k: number): bigint {
  let f = 1n;
  for (let i = 2n; i <= BigInt(k); i++) f *= i;
  return f;
}
