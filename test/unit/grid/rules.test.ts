import { describe, expect, it } from 'vitest';
import {
  findRulesClash,
  parseRules,
  plainRules,
  preservesRules,
  rulesFromSpec,
  VARIANTS,
  type Rules,
  type RulesSpec,
} from '../../../src/grid/rules.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import { resolveRules } from '../../../src/grid/support.js';
import { parseJigsaw } from '../../../src/io/readJigsaw.js';
import { BOXES_AS_REGIONS } from '../../helpers/jigsaws.js';

const rc = (r: number, c: number) => (r - 1) * 9 + c - 1;
const S33 = boxShape(3, 3);
const cellsOf = (rules: Rules, name: string): number[] => {
  const h = rules.houseNames.indexOf(name);
  expect(h, name).toBeGreaterThanOrEqual(0);
  return Array.from(rules.houses.subarray(h * rules.n, h * rules.n + rules.n));
};

describe('the rules object', () => {
  it('plain rules: rows, columns, boxes; 20 peers a cell on 9x9; no pairs', () => {
    const r = plainRules(S33);
    expect(r.name).toBe('3x3');
    expect(r.plain).toBe(true);
    expect(r.houseCount).toBe(27);
    expect(r.pairCount).toBe(0);
    for (let i = 0; i < 81; i++) expect(r.peerStart[i + 1] - r.peerStart[i]).toBe(20);
    expect(cellsOf(r, 'box 5')).toEqual([30, 31, 32, 39, 40, 41, 48, 49, 50]);
  });

  it('the variants add the houses the issue names, cell by cell', () => {
    const r = parseRules(S33, 'windoku,x,asterisk');
    expect(r.name).toBe('3x3+x+windoku+asterisk'); // canonical order, whatever the order typed
    expect(cellsOf(r, 'diagonal ↘')).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect(cellsOf(r, 'diagonal ↙')).toEqual([8, 16, 24, 32, 40, 48, 56, 64, 72]);
    expect(cellsOf(r, 'window 1')).toEqual([
      rc(2, 2),
      rc(2, 3),
      rc(2, 4),
      rc(3, 2),
      rc(3, 3),
      rc(3, 4),
      rc(4, 2),
      rc(4, 3),
      rc(4, 4),
    ]);
    expect(cellsOf(r, 'window 4')[8]).toBe(rc(8, 8));
    expect(cellsOf(r, 'asterisk')).toEqual(
      [rc(2, 5), rc(3, 3), rc(3, 7), rc(5, 2), rc(5, 5), rc(5, 8), rc(7, 3), rc(7, 7), rc(8, 5)].sort((a, b) => a - b),
    );
    const g = parseRules(S33, 'girandola');
    expect(cellsOf(g, 'girandola')).toEqual(
      [rc(1, 1), rc(1, 9), rc(2, 5), rc(5, 2), rc(5, 5), rc(5, 8), rc(8, 5), rc(9, 1), rc(9, 9)].sort((a, b) => a - b),
    );
    const d = parseRules(S33, 'disjoint-groups,centre-dot');
    expect(cellsOf(d, 'group 1')).toEqual([
      rc(1, 1),
      rc(1, 4),
      rc(1, 7),
      rc(4, 1),
      rc(4, 4),
      rc(4, 7),
      rc(7, 1),
      rc(7, 4),
      rc(7, 7),
    ]);
    expect(cellsOf(d, 'centre dots')).toEqual(cellsOf(d, 'group 5'));
  });

  it('pairs: anti-king and anti-knight moves that share no house', () => {
    const k = parseRules(S33, 'anti-king');
    // a king's diagonal step stays in the box unless it crosses a box border
    for (let p = 0; p < k.pairCount; p++) {
      const a = k.pairs[2 * p],
        b = k.pairs[2 * p + 1];
      expect(Math.abs(Math.floor(a / 9) - Math.floor(b / 9))).toBe(1);
      expect(Math.abs((a % 9) - (b % 9))).toBe(1);
    }
    const n = parseRules(S33, 'anti-knight');
    expect(n.pairCount).toBeGreaterThan(0);
    const centre = rc(5, 5);
    const peers = Array.from(n.peerList.subarray(n.peerStart[centre], n.peerStart[centre + 1]));
    for (const [dr, dc] of [
      [1, 2],
      [2, 1],
      [-1, 2],
      [-2, -1],
    ])
      expect(peers).toContain(centre + dr * 9 + dc);
  });

  it('refuses what a shape does not take, in one line naming it', () => {
    expect(() => parseRules(boxShape(2, 3), 'windoku')).toThrow(/windoku is defined on 9x9 grids .* not 2x3/);
    expect(() => parseRules(boxShape(2, 2), 'centre-dot')).toThrow(/odd sides/);
    expect(() => parseRules(S33, 'diagonal')).toThrow(/unknown variant 'diagonal'/);
    expect(() => parseRules(S33, 'x=3')).toThrow(InputError);
    expect(() => parseRules(S33, 'jigsaw')).toThrow(/jigsaw=FILE/);
    expect(() => resolveRules('count', '3x3', 'x')).toThrow(/not taken here/);
    expect(() => resolveRules('solve', '6x6', 'x')).toThrow(/up to n = 31/);
  });

  it('a spec rebuilds the same rules (the worker boundary)', () => {
    const r = parseRules(S33, 'x,anti-knight');
    const copy = rulesFromSpec(JSON.parse(JSON.stringify(r.spec)) as RulesSpec);
    expect(copy).toBe(r); // the same cached object, by canonical name
    expect(VARIANTS.length).toBe(9);
  });

  it('clashes name the house or the pair', () => {
    const r = parseRules(S33, 'x,anti-king');
    const cells = new Uint8Array(81);
    cells[0] = 5;
    cells[80] = 5;
    expect(findRulesClash(r, cells)?.where).toBe('diagonal ↘');
    cells.fill(0);
    cells[rc(3, 3)] = 4;
    cells[rc(4, 4)] = 4;
    expect(findRulesClash(r, cells)?.where).toBe('diagonal ↘');
    cells.fill(0);
    cells[rc(3, 4)] = 4;
    cells[rc(4, 3)] = 4;
    expect(findRulesClash(r, cells)?.where).toBe('anti-king');
  });

  it('symmetries: a cell permutation is kept when it maps every house and pair onto one', () => {
    const perm = (f: (r: number, c: number) => number) =>
      Array.from({ length: 81 }, (_, i) => f(Math.floor(i / 9), i % 9));
    const rot = perm((r, c) => (8 - r) * 9 + (8 - c));
    const mirror = perm((r, c) => r * 9 + (8 - c));
    const transpose = perm((r, c) => c * 9 + r);
    for (const v of ['', 'x', 'windoku', 'disjoint-groups', 'anti-knight', 'asterisk', 'girandola'])
      expect(preservesRules(parseRules(S33, v), rot), v).toBe(true);
    expect(preservesRules(parseRules(S33, 'x'), mirror)).toBe(true);
    expect(preservesRules(parseRules(S33, 'asterisk'), transpose)).toBe(true);
    // a row swap inside a band keeps the plain rules but not the diagonals
    const swap = perm((r, c) => (r === 0 ? 1 : r === 1 ? 0 : r) * 9 + c);
    expect(preservesRules(plainRules(S33), swap)).toBe(true);
    expect(preservesRules(parseRules(S33, 'x'), swap)).toBe(false);
    expect(preservesRules(parseRules(S33, 'windoku'), swap)).toBe(false);
  });
});

describe('jigsaw files', () => {
  const boxes = BOXES_AS_REGIONS;
  it('boxes as regions give the plain houses', () => {
    const regions = parseJigsaw(`# the boxes\n${boxes.join('\n')}\n`, 9, 'j.txt');
    const r = rulesFromSpec({ rows: 3, cols: 3, variants: ['jigsaw'], regions });
    expect(r.name).toMatch(/^3x3\+jigsaw\.[0-9a-f]{8}$/);
    expect(Array.from(r.houses.subarray(18 * 9, 27 * 9))).toEqual(
      Array.from(plainRules(S33).houses.subarray(18 * 9, 27 * 9)),
    );
  });
  it('refuses a bad file naming the line', () => {
    const bad = (lines: string[]) => () => parseJigsaw(lines.join('\n'), 9, 'j.txt');
    expect(bad([...boxes.slice(0, 8)])).toThrow(/j.txt: 8 lines of regions/);
    expect(bad([...boxes, 'AAABBBCCC'])).toThrow(/j.txt line 10: more than 9 lines/);
    expect(bad(['AAABBBCC', ...boxes.slice(1)])).toThrow(/j.txt line 1: 8 cells, a row has 9/);
    expect(bad(['AAABBBCC.', ...boxes.slice(1)])).toThrow(/line 1: cell r1c9 is in no region/);
    expect(bad(['AAABBBCCJ', ...boxes.slice(1)])).toThrow(
      /j.txt line 7: region 'I' is region 10, a grid of side 9 has 9/,
    );
    expect(bad(['AAABBBCCA', ...boxes.slice(1)])).toThrow(/line 1: region 'A' has 10 cells, not 9/);
  });
});
