import { digitText } from '../grid/parseGrid.js';
import type { BoxShape } from '../grid/shape.js';
import { plainRules, type Rules } from '../grid/rules.js';

/**
 * A printable puzzle sheet: one self-contained HTML page (inline CSS, each grid an inline SVG, no scripts and
 * nothing fetched), the puzzles first and their solutions after a page break, each grid with thick box lines and
 * its caption (index, seed, grade, clues) under it. Under variants the extra houses are drawn: the cells of
 * diagonals, windows, centre dots, asterisk and girandola shaded, jigsaw regions bordered by thick lines; the
 * rules with no shape to draw (disjoint groups, anti-king, anti-knight) are named in the title.
 */
export interface SheetPuzzle {
  /** n² digits, 0 = empty. */
  readonly puzzle: ArrayLike<number>;
  readonly solution: ArrayLike<number>;
  /** Printed under the grid, e.g. "#1 · seed 42 · hard 3.4 (hidden pair) · 24 clues". */
  readonly caption: string;
}

/** Side of a cell in px, by n: big grids get smaller cells so that one still fits a printed page. */
function cellSize(n: number): number {
  return n <= 9 ? 34 : n <= 16 ? 26 : n <= 25 ? 19 : 15;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One grid as SVG: givens bold; with `filled`, the other cells of the solution in a lighter weight. */
function gridSvg(rules: Rules, givens: ArrayLike<number>, filled: ArrayLike<number> | null, scale: number): string {
  const shape = rules.shape;
  const { rows: R, cols: C, n } = shape;
  const s = cellSize(n) * scale;
  const side = s * n;
  const pad = 2;
  const font = (s * (n > 35 ? 0.5 : n > 9 ? 0.58 : 0.66)).toFixed(1);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side + 2 * pad}" height="${side + 2 * pad}" ` +
      `viewBox="${-pad} ${-pad} ${side + 2 * pad} ${side + 2 * pad}" role="img">`,
  );
  parts.push(`<rect x="0" y="0" width="${side}" height="${side}" fill="#fff"/>`);
  for (const i of shadedCells(rules))
    parts.push(
      `<rect x="${((i % n) * s).toFixed(2)}" y="${(Math.floor(i / n) * s).toFixed(2)}" width="${s.toFixed(2)}" ` +
        `height="${s.toFixed(2)}" class="s"/>`,
    );
  const lines: string[] = [];
  if (rules.variants.includes('jigsaw')) {
    // thin lines between cells, thick where two neighbours lie in different regions
    const region = new Int32Array(n * n);
    for (let b = 0; b < n; b++) for (let k = 0; k < n; k++) region[rules.houses[(2 * n + b) * n + k]] = b;
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const [x0, y0, x1, y1] = [c * s, r * s, (c + 1) * s, (r + 1) * s].map((v) => v.toFixed(2));
        if (c + 1 < n)
          lines.push(
            `<line x1="${x1}" y1="${y0}" x2="${x1}" y2="${y1}" class="${region[i] !== region[i + 1] ? 'b' : 't'}"/>`,
          );
        if (r + 1 < n)
          lines.push(
            `<line x1="${x0}" y1="${y1}" x2="${x1}" y2="${y1}" class="${region[i] !== region[i + n] ? 'b' : 't'}"/>`,
          );
      }
  } else {
    for (let k = 1; k < n; k++) {
      const x = (k * s).toFixed(2);
      const vThick = k % C === 0,
        hThick = k % R === 0;
      lines.push(`<line x1="${x}" y1="0" x2="${x}" y2="${side}" class="${vThick ? 'b' : 't'}"/>`);
      lines.push(`<line x1="0" y1="${x}" x2="${side}" y2="${x}" class="${hThick ? 'b' : 't'}"/>`);
    }
  }
  parts.push(...lines.filter((l) => l.includes('class="t"')), ...lines.filter((l) => l.includes('class="b"')));
  parts.push(`<rect x="0" y="0" width="${side}" height="${side}" class="o"/>`);
  for (let i = 0; i < n * n; i++) {
    const given = givens[i];
    const d = given || (filled ? filled[i] : 0);
    if (!d) continue;
    const x = ((i % n) + 0.5) * s,
      y = (Math.floor(i / n) + 0.5) * s + 0.36 * Number(font); // baseline: digits' height is about 0.72 em
    parts.push(
      `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${font}"${given ? ' class="g"' : ''}>` +
        `${digitText(shape, d)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** The cells of the variants' extra houses that are drawn shaded (not the disjoint groups, which cover all). */
function shadedCells(rules: Rules): number[] {
  const { n } = rules;
  const out = new Set<number>();
  for (let h = 3 * n; h < rules.houseCount; h++) {
    if (rules.houseNames[h].startsWith('group ')) continue;
    for (let k = 0; k < n; k++) out.add(rules.houses[h * n + k]);
  }
  return [...out];
}

/** In the first bytes of every sheet: how `generate --html` knows a file it may replace is one of its sheets. */
export const SHEET_MARK = 'sudoku-count puzzle sheet';

/** `paper` sets the printed page's size (A4 or US Letter); without it the printer's default. */
export function puzzleSheetHtml(
  shape: BoxShape | Rules,
  title: string,
  puzzles: readonly SheetPuzzle[],
  paper?: 'A4' | 'Letter',
): string {
  const rules = 'houses' in shape ? shape : plainRules(shape);
  const css = `
  body { font-family: Georgia, 'Times New Roman', serif; margin: 1.5cm; color: #000; }
  h1 { font-size: 16pt; margin: 0 0 0.6cm; } h2 { font-size: 13pt; margin: 0 0 0.5cm; }
  .sheet { display: flex; flex-wrap: wrap; gap: 0.8cm 1cm; }
  figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
  figcaption { font-size: 9pt; margin-top: 0.15cm; text-align: center; }
  .solutions { break-before: page; page-break-before: always; }
  svg line.t { stroke: #777; stroke-width: 0.7; } svg line.b { stroke: #000; stroke-width: 2.2; }
  svg rect.o { fill: none; stroke: #000; stroke-width: 3; } svg rect.s { fill: #ddd; }
  svg text { text-anchor: middle; font-family: Helvetica, Arial, sans-serif;
             fill: #444; } svg text.g { fill: #000; font-weight: bold; }
  @page { ${paper ? `size: ${paper}; ` : ''}margin: 1.2cm; }`;
  const figure = (p: SheetPuzzle, solution: boolean) =>
    `<figure>${gridSvg(rules, p.puzzle, solution ? p.solution : null, solution ? 0.6 : 1)}` +
    `<figcaption>${escapeHtml(p.caption)}</figcaption></figure>`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta name="generator" content="${SHEET_MARK}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${css}\n</style></head><body>`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<section class="sheet">${puzzles.map((p) => figure(p, false)).join('\n')}</section>`,
    `<section class="solutions"><h2>Solutions</h2><div class="sheet">`,
    `${puzzles.map((p) => figure(p, true)).join('\n')}</div></section>`,
    '</body></html>',
    '',
  ].join('\n');
}
