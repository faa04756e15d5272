import { charDigit, digitChar } from './digits.js';
import { shownText } from './shownText.js';
import { InputError, parseBoxShape, type BoxShape } from './shape.js';
import type { Rules } from './rules.js';

/**
 * The shape a grid's text is read or written in, as the library's callers give it: a BoxShape (trusted, as the
 * engines pass it), "RxC" text (checked: InputError), or a Rules object (its shape; variants do not change the text).
 */
export type GridShape = BoxShape | Rules | string;

function shapeOf(box: GridShape): BoxShape {
  return typeof box === 'string' ? parseBoxShape(box) : 'shape' in box ? box.shape : box;
}

/**
 * Grid text, read and written here and nowhere else (solve, rate, generate and the puzzle files all use it).
 *
 * Character format, n ≤ 35: one character per cell in reading order, '.' or '0' for an empty cell, digits 1..9
 * then A..Z (A = 10, Z = 35; a..z read as A..Z). Spaces, tabs, newlines, '|', '-' and '+' are separators.
 *   4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
 *
 * Token format, n ≥ 36 (one character per digit no longer suffices): cells are whitespace-separated tokens in
 * reading order, each a decimal number 1..n, or '.' or '0' for an empty cell. '|' also separates, and a token
 * made only of '-', '+' and '|' (a drawn box line) is skipped.
 *   1 . 36 . 12 … (1,296 tokens for 6x6 boxes)
 * Written as one line, tokens separated by single spaces, '.' for empty.
 */
export function usesTokens(shape: BoxShape): boolean {
  return shape.n > 35;
}

/** The text of digit d (1..n) in the shape's format: a character while n ≤ 35, decimal beyond. */
export function digitText(shape: BoxShape, d: number): string {
  return usesTokens(shape) ? String(d) : digitChar(d);
}

/** What a cell may hold, for messages: "1..9, '.' or '0' for empty". */
function allowed(shape: BoxShape): string {
  return `1..${digitText(shape, shape.n)}, '.' or '0' for empty`;
}

const isSeparatorChar = (ch: string) =>
  ch === ' ' || ch === '|' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '-' || ch === '+';

/**
 * Call cell(d) for each cell of a text (d = 0 for empty) in the shape's format, in order. Throws InputError
 * naming `what` and the first bad character or token (1-based).
 */
function eachCell(
  shape: BoxShape,
  text: string,
  what: string,
  cell: (d: number) => void,
  tokens = usesTokens(shape),
): void {
  const { n } = shape;
  if (!tokens) {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (isSeparatorChar(ch)) continue;
      const d = charDigit(ch);
      if (d < 0 || d > n)
        throw new InputError(
          `${what}: character ${i + 1} '${shownText(ch)}' is not a digit of a ${shape.name} grid (${allowed(shape)})`,
        );
      cell(d);
    }
    return;
  }
  let k = 0;
  for (const token of text.split(/[\s|]+/)) {
    if (token === '' || /^[-+|]+$/.test(token)) continue;
    k++;
    const d = token === '.' ? 0 : /^\d{1,3}$/.test(token) ? Number(token) : -1;
    if (d < 0 || d > n) {
      const shown = shownText(token, 12);
      throw new InputError(`${what}: token ${k} '${shown}' is not a digit of a ${shape.name} grid (${allowed(shape)})`);
    }
    cell(d);
  }
}

/**
 * The usual one-line form, n² characters '.' and '0'..'9' with no separators, read in one tight loop (a solver's
 * input lines are most of its work on easy puzzles); null for anything else, which eachCell reads or rejects.
 */
function parsePlain(shape: BoxShape, text: string): Uint8Array | null {
  const { n } = shape;
  const cells = n * n;
  if (text.length !== cells || usesTokens(shape)) return null;
  const out = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    const code = text.charCodeAt(i);
    const d = code === 46 ? 0 : code - 48;
    if (d < 0 || d > 9 || d > n) return null;
    out[i] = d;
  }
  return out;
}

/**
 * Read a partial grid (see the formats above) of the shape `box` ("3x3", a Rules object or a BoxShape): n² cells.
 * Throws InputError naming the first bad character or token, or the wrong length. `tokens` reads
 * whitespace-separated numbers on any shape (a 16×16 grid written "1 16 3 …"); by default only n ≥ 36 does.
 */
export function parseGrid(box: GridShape, text: string, what = 'puzzle', tokens?: boolean): Uint8Array {
  const shape = shapeOf(box);
  tokens ??= usesTokens(shape);
  if (!tokens) {
    const plain = parsePlain(shape, text);
    if (plain) return plain;
  }
  const { n } = shape;
  const out = new Uint8Array(n * n);
  let k = 0;
  eachCell(
    shape,
    text,
    what,
    (d) => {
      if (k === n * n) throw new InputError(`${what}: more than ${n * n} cells (a ${shape.name} grid has ${n}×${n})`);
      out[k++] = d;
    },
    tokens,
  );
  if (k !== n * n) throw new InputError(`${what}: ${k} cells, a ${shape.name} grid has ${n * n}`);
  return out;
}

/** How many cells a piece of text holds (a line of a puzzle file). Throws InputError like parseGrid. */
export function countGridCells(shape: BoxShape, text: string, what: string, tokens = usesTokens(shape)): number {
  let k = 0;
  eachCell(shape, text, what, () => k++, tokens);
  return k;
}

/**
 * A grid as text in the format of the shape `box` ("3x3", a Rules object or a BoxShape): n² characters, or n²
 * tokens on one line; '.' for empty.
 */
export function formatGrid(box: GridShape, cells: ArrayLike<number>): string {
  const shape = shapeOf(box);
  const N = shape.n * shape.n;
  if (usesTokens(shape)) {
    const parts = new Array<string>(N);
    for (let i = 0; i < N; i++) parts[i] = cells[i] ? String(cells[i]) : '.';
    return parts.join(' ');
  }
  let s = '';
  for (let i = 0; i < N; i++) s += cells[i] ? digitChar(cells[i]) : '.';
  return s;
}

export interface Clash {
  readonly unit: 'row' | 'column' | 'box';
  /** 1-based number of the row, column or box. */
  readonly index: number;
  readonly digit: number;
  /** The two cells, 0-based indices. */
  readonly cells: readonly [number, number];
}

/** The first pair of givens that share a row, column or box, or null. */
export function findClash(shape: BoxShape, cells: ArrayLike<number>): Clash | null {
  const { rows: R, cols: C, n } = shape;
  const seen = new Int32Array(3 * n * (n + 1)).fill(-1);
  for (let i = 0; i < n * n; i++) {
    const d = cells[i];
    if (d === 0) continue;
    const r = Math.floor(i / n),
      c = i % n,
      b = Math.floor(r / R) * R + Math.floor(c / C);
    const units: Array<['row' | 'column' | 'box', number]> = [
      ['row', r],
      ['column', c],
      ['box', b],
    ];
    for (let u = 0; u < 3; u++) {
      const [unit, idx] = units[u];
      const slot = (u * n + idx) * (n + 1) + d;
      const prev = seen[slot];
      if (prev >= 0) return { unit, index: idx + 1, digit: d, cells: [prev, i] };
      seen[slot] = i;
    }
  }
  return null;
}

/**
 * What keeps `cells` from being a full grid of the shape, in one line naming the cell ("cell r2c5 is empty: …",
 * "not a grid: two 5s in row 3 (r3c1 and r3c7)"), or null when it is one.
 */
export function fullGridProblem(shape: BoxShape, cells: ArrayLike<number>): string | null {
  const { rows: R, cols: C, n } = shape;
  if (cells.length !== n * n) return `${cells.length} cells, a ${shape.name} grid has ${n * n}`;
  // one bit a digit per row, column and box; findClash only to word a clash
  const seen = new Int32Array(3 * n);
  for (let i = 0; i < n * n; i++) {
    const d = cells[i];
    if (d === 0) return `cell ${cellName(shape, i)} is empty: a partial grid (a full grid is needed)`;
    if (!(Number.isInteger(d) && d >= 1 && d <= n)) return `cell ${cellName(shape, i)} holds ${d}, not a digit 1..${n}`;
    const r = Math.floor(i / n),
      c = i % n,
      b = n + n + Math.floor(r / R) * R + Math.floor(c / C);
    const bit = 2 ** (d - 1); // n ≤ 36: a double holds the bits exactly, but `|` does not past 31
    if (n > 31) continue;
    if ((seen[r] | seen[n + c] | seen[b]) & bit) break;
    seen[r] |= bit;
    seen[n + c] |= bit;
    seen[b] |= bit;
    if (i === n * n - 1) return null;
  }
  const clash = findClash(shape, cells);
  return clash ? describeClash(shape, clash).replace(/^givens clash/, 'not a grid') : null;
}

/** "r1c2" for a 0-based cell index. */
export function cellName(shape: BoxShape, cell: number): string {
  return `r${Math.floor(cell / shape.n) + 1}c${(cell % shape.n) + 1}`;
}

export function describeClash(shape: BoxShape, clash: Clash): string {
  return (
    `givens clash: two ${digitText(shape, clash.digit)}s in ${clash.unit} ${clash.index} ` +
    `(${cellName(shape, clash.cells[0])} and ${cellName(shape, clash.cells[1])})`
  );
}
