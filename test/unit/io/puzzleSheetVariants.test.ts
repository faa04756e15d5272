import { describe, expect, it } from 'vitest';
import { parseRules, plainRules, rulesFromSpec } from '../../../src/grid/rules.js';
import { boxShape } from '../../../src/grid/shape.js';
import { parseJigsaw } from '../../../src/io/readJigsaw.js';
import { puzzleSheetHtml } from '../../../src/io/puzzleSheet.js';
import { BOXES_AS_REGIONS } from '../../helpers/jigsaws.js';

const S33 = boxShape(3, 3);
const one = [{ puzzle: new Uint8Array(81), solution: new Uint8Array(81).fill(1), caption: '#1' }];
/** Shaded cells of the first grid (the puzzle), and its thick lines. */
const firstGrid = (html: string) => html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
const shaded = (svg: string) => (svg.match(/class="s"/g) ?? []).length;
const thick = (svg: string) => (svg.match(/class="b"/g) ?? []).length;

describe('puzzle sheets draw the extra houses', () => {
  it('shades the diagonals (17 cells), the windows (36), the asterisk (9); nothing for plain or anti-knight', () => {
    expect(shaded(firstGrid(puzzleSheetHtml(parseRules(S33, 'x'), 't', one)))).toBe(17);
    expect(shaded(firstGrid(puzzleSheetHtml(parseRules(S33, 'windoku'), 't', one)))).toBe(36);
    expect(shaded(firstGrid(puzzleSheetHtml(parseRules(S33, 'asterisk'), 't', one)))).toBe(9);
    expect(shaded(firstGrid(puzzleSheetHtml(parseRules(S33, 'anti-knight,disjoint-groups'), 't', one)))).toBe(0);
    const plain = puzzleSheetHtml(plainRules(S33), 't', one);
    expect(shaded(firstGrid(plain))).toBe(0);
    expect(plain).toBe(puzzleSheetHtml(S33, 't', one)); // a bare shape draws the plain sheet, as before
  });

  it('borders jigsaw regions: the boxes as a jigsaw have thick segments exactly on the box lines', () => {
    const boxes = BOXES_AS_REGIONS;
    const regions = parseJigsaw(boxes.join('\n'), 9, 'j');
    const svg = firstGrid(
      puzzleSheetHtml(rulesFromSpec({ rows: 3, cols: 3, variants: ['jigsaw'], regions }), 't', one),
    );
    expect(thick(svg)).toBe(2 * 2 * 9); // two inner box lines each way, 9 cell segments each
    const swapped = [...boxes];
    swapped[1] = 'AAABBACCC';
    swapped[2] = 'AABBBBCCC';
    const other = parseJigsaw(swapped.join('\n'), 9, 'j');
    const svg2 = firstGrid(
      puzzleSheetHtml(rulesFromSpec({ rows: 3, cols: 3, variants: ['jigsaw'], regions: other }), 't', one),
    );
    expect(thick(svg2)).not.toBe(36);
  });
});
