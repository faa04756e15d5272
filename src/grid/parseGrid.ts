import { charDigit, digitChar } from './digits.js';
import { InputError, type BoxShape } from './shape.js';

/**
 * Read a partial grid: n² cells in reading order, '.' or '0' for an empty cell, digits 1..9 then A..Z
 * (A = 10). Spaces, '|', '-', '+' and newlines are separators and are skipped. Throws InputError naming
 * the first bad character (1-based position in the text) or the wrong length.
 */
export function parseGrid(shape: BoxShape, text: string, what = 'puzzle'): Uint8Array {
  const { n } = shape;
  const out = new Uint8Array(n * n);
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ' || ch === '|' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '-' || ch === '+') continue;
    const d = charDigit(ch);
    if (d < 0 || d > n) {
      throw new InputError(
        `${what}: character ${i + 1} '${ch}' is not a digit of a ${shape.name} grid (1..${digitChar(n)}, '.' ` +
          `or '0' for empty)`,
      );
    }
    if (k === n * n) throw new InputError(`${what}: more than ${n * n} cells (a ${shape.name} grid has ${n}×${n})`);
    out[k++] = d;
  }
  if (k !== n * n) throw new InputError(`${what}: ${k} cells, a ${shape.name} grid has ${n * n}`);
  return out;
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

/** "r1c2" for a 0-based cell index. */
export function cellName(shape: BoxShape, cell: number): string {
  return `r${Math.floor(cell / shape.n) + 1}c${(cell % shape.n) + 1}`;
}

export function describeClash(shape: BoxShape, clash: Clash): string {
  return (
    `givens clash: two ${digitChar(clash.digit)}s in ${clash.unit} ${clash.index} ` +
    `(${cellName(shape, clash.cells[0])} and ${cellName(shape, clash.cells[1])})`
  );
}

/** A grid as n² characters, '.' for empty. */
export function formatGrid(shape: BoxShape, cells: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < shape.n * shape.n; i++) s += cells[i] ? digitChar(cells[i]) : '.';
  return s;
}
