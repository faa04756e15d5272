import { describe, expect, it } from 'vitest';
import { boxShape, SHAPE_3X3 } from '../../../src/grid/shape.js';
import { puzzleSheetHtml, SHEET_MARK } from '../../../src/io/puzzleSheet.js';

const solution = Uint8Array.from(
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179',
  (c) => Number(c),
);
const puzzle = solution.map((d, i) => (i % 3 === 0 ? d : 0));

describe('the printable sheet', () => {
  it('is one self-contained page: SVG grids, thick box lines, captions, solutions after a page break', () => {
    const html = puzzleSheetHtml(SHAPE_3X3, 'Two <puzzles> & more', [
      { puzzle, solution, caption: '#1 · seed 42 · easy 1.2 (hidden single in a box) · 27 clues' },
      { puzzle, solution, caption: '#2 · "quoted"' },
    ]);
    expect(html.slice(0, 256)).toContain(SHEET_MARK);
    // nothing fetched: no scripts, links, images or external URLs (the SVG namespace is an identifier)
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(|@import/i);
    expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:/);
    // two puzzles and two solutions
    expect(html.match(/<svg /g)).toHaveLength(4);
    const [puzzles, solutions] = html.split('class="solutions"');
    expect(puzzles.match(/<svg /g)).toHaveLength(2);
    expect(solutions.match(/<svg /g)).toHaveLength(2);
    expect(html).toMatch(/\.solutions \{[^}]*break-before: page/);
    // a grid: 8 inner lines each way, the 2 per direction at box edges thick
    const grid = puzzles.slice(puzzles.indexOf('<svg '), puzzles.indexOf('</svg>'));
    expect(grid.match(/class="b"/g)).toHaveLength(4);
    expect(grid.match(/class="t"/g)).toHaveLength(12);
    // givens only on the puzzle page (27 of them), every digit on the solution page, givens in bold
    expect(grid.match(/<text /g)).toHaveLength(27);
    const sol = solutions.slice(solutions.indexOf('<svg '), solutions.indexOf('</svg>'));
    expect(sol.match(/<text /g)).toHaveLength(81);
    expect(sol.match(/class="g"/g)).toHaveLength(27);
    // text is escaped
    expect(html).toContain('Two &lt;puzzles&gt; &amp; more');
    expect(html).toContain('#2 · &quot;quoted&quot;');
  });

  it('draws 6x6 boxes with numbers for digits 10..36', () => {
    const s = boxShape(6, 6);
    const full = new Uint8Array(36 * 36).map(
      (_, i) => (((Math.floor(i / 36) % 6) * 6 + Math.floor(i / 216) + (i % 36)) % 36) + 1,
    );
    const html = puzzleSheetHtml(s, '36x36', [{ puzzle: full, solution: full, caption: 'x' }]);
    expect(html).toContain('>36</text>');
    const grid = html.slice(html.indexOf('<svg '), html.indexOf('</svg>'));
    expect(grid.match(/class="b"/g)).toHaveLength(10);
  });
});
