import { InputError, type BoxShape } from './shape.js';

/** The character for digit d (1..35): 1..9 then A..Z (A = 10). */
export function digitChar(d: number): string {
  return d <= 9 ? String(d) : String.fromCharCode(55 + d);
}

/** The digit of a character, 0 for '.' or '0', −1 for anything else. */
export function charDigit(ch: string): number {
  if (ch === '.' || ch === '0') return 0;
  const code = ch.charCodeAt(0);
  if (code >= 49 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  if (code >= 97 && code <= 122) return code - 87;
  return -1;
}

/** A band (R rows of n cells, row-major) as text, rows separated by '|': "123456789|456789123|789123456". */
export function formatBand(shape: BoxShape, cells: ArrayLike<number>, offset = 0): string {
  const rows: string[] = [];
  for (let r = 0; r < shape.rows; r++) {
    let s = '';
    for (let c = 0; c < shape.n; c++) s += digitChar(cells[offset + r * shape.n + c]);
    rows.push(s);
  }
  return rows.join('|');
}

/** Parse a full band "123456789|456789123|789123456" (or without '|'). Checks only the characters and length. */
export function parseBand(shape: BoxShape, text: string): Uint8Array {
  const chars = text.replace(/[|\s]/g, '');
  const want = shape.rows * shape.n;
  if (chars.length !== want) {
    throw new InputError(`band '${text}': ${chars.length} digits, a ${shape.name} band has ${want}`);
  }
  const out = new Uint8Array(want);
  for (let i = 0; i < want; i++) {
    const d = charDigit(chars[i]);
    if (d < 1 || d > shape.n)
      throw new InputError(`band '${text}': character ${i + 1} '${chars[i]}' is not a digit 1..${shape.n}`);
    out[i] = d;
  }
  return out;
}
