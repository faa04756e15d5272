import { describe, expect, it } from 'vitest';
import { countGridCells, digitText, formatGrid, parseGrid, usesTokens } from '../../../src/grid/parseGrid.js';
import { boxShape, InputError, MAX_SIDE } from '../../../src/grid/shape.js';
import { splitPuzzles } from '../../../src/io/readPuzzles.js';
import { parseRules } from '../../../src/grid/rules.js';

const S66 = boxShape(6, 6);

describe('grid text: one character a cell to n = 35, whitespace-separated numbers from n = 36', () => {
  it('switches at 36 = MAX_SIDE, the 6x6 boxes', () => {
    expect(MAX_SIDE).toBe(36);
    expect(usesTokens(boxShape(5, 7))).toBe(false);
    expect(usesTokens(S66)).toBe(true);
    expect(digitText(boxShape(5, 7), 35)).toBe('Z');
    expect(digitText(S66, 35)).toBe('35');
  });

  it('36x36: format writes n² tokens on one line, parse reads them back, also laid out over lines', () => {
    const cells = new Uint8Array(36 * 36);
    for (let i = 0; i < cells.length; i++) cells[i] = i % 7 === 0 ? 0 : 1 + ((i * 5) % 36);
    const text = formatGrid(S66, cells);
    expect(text.split(' ')).toHaveLength(1296);
    expect(text).not.toContain('\n');
    expect(text.startsWith('. 6 11')).toBe(true);
    expect(Array.from(parseGrid(S66, text))).toEqual(Array.from(cells));
    // the same grid drawn with rows on lines, '0' for empty, and box lines of '|', '-' and '+'
    const rows: string[] = [];
    for (let r = 0; r < 36; r++) {
      const row = Array.from(cells.subarray(r * 36, r * 36 + 36), (d) => String(d));
      rows.push(row.map((t, c) => (c > 0 && c % 6 === 0 ? `| ${t}` : t)).join(' '));
      if (r % 6 === 5 && r < 35) rows.push('------+------+------');
    }
    expect(Array.from(parseGrid(S66, rows.join('\n')))).toEqual(Array.from(cells));
  });

  it('names the bad token and the wrong length', () => {
    const ok: string[] = new Array<string>(1296).fill('.');
    expect(() => parseGrid(S66, [...ok.slice(0, 5), '37', ...ok.slice(6)].join(' '), 'argument 1')).toThrow(
      "argument 1: token 6 '37' is not a digit of a 6x6 grid (1..36, '.' or '0' for empty)",
    );
    expect(() => parseGrid(S66, [...ok.slice(0, 2), 'A', ...ok.slice(3)].join(' '))).toThrow(/token 3 'A'/);
    expect(() => parseGrid(S66, ok.slice(1).join(' '))).toThrow(/1295 cells, a 6x6 grid has 1296/);
    expect(() => parseGrid(S66, [...ok, '1'].join(' '))).toThrow(InputError);
    expect(countGridCells(S66, '1 2 | 3 . 0 ---', 'line 1')).toBe(5);
  });

  it('puzzle files: one puzzle per line of 1296 tokens, or 36 lines of 36; text after ":" is skipped', () => {
    const line = Array.from({ length: 1296 }, (_, i) => (i % 3 ? '.' : String(1 + (i % 36)))).join(' ');
    const grid = Array.from({ length: 36 }, (_, r) =>
      line
        .split(' ')
        .slice(r * 36, r * 36 + 36)
        .join(' '),
    );
    const text = `# a comment\n${line}: 432 clues\n\n${grid.join('\n')}\n`;
    const got = splitPuzzles(S66, text, 'f');
    expect(got.map((p) => p.where)).toEqual(['f line 2', 'f lines 4–39']);
    expect(formatGrid(S66, parseGrid(S66, got[1].text))).toBe(formatGrid(S66, parseGrid(S66, got[0].text)));
  });

  it('n ≤ 35 keeps the character format (and its messages)', () => {
    const s = boxShape(5, 7);
    const cells = new Uint8Array(35 * 35).map((_, i) => (i % 35) + 1);
    const text = formatGrid(s, cells);
    expect(text).toHaveLength(35 * 35);
    expect(text.slice(0, 35)).toBe('123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(Array.from(parseGrid(s, text.toLowerCase()))).toEqual(Array.from(cells));
    expect(() => parseGrid(boxShape(3, 3), '12?')).toThrow("puzzle: character 3 '?' is not a digit of a 3x3 grid");
  });
});

describe('the shape as the library takes it everywhere: "RxC" text, Rules, or a BoxShape', () => {
  const text = '1.3...2.2...3..4'; // 2x2 boxes: 16 cells
  it('reads and writes the same grid whichever form names the shape', () => {
    const byShape = parseGrid(boxShape(2, 2), text);
    expect(Array.from(parseGrid('2x2', text))).toEqual(Array.from(byShape));
    expect(Array.from(parseGrid(parseRules(boxShape(2, 2), 'x'), text))).toEqual(Array.from(byShape));
    expect(formatGrid('2x2', byShape)).toBe(text);
    expect(formatGrid(parseRules(boxShape(2, 2), 'x'), byShape)).toBe(text);
    expect(formatGrid('2x3', parseGrid('2x3', '1'.repeat(36)))).toBe('1'.repeat(36));
  });
  it('a malformed or unknown shape text is an InputError, as everywhere else', () => {
    expect(() => parseGrid('3by3', text)).toThrow(InputError);
    expect(() => formatGrid('0x3', new Uint8Array(0))).toThrow(InputError);
  });
});
