import { digitText } from '../grid/parseGrid.js';
import type { BoxShape } from '../grid/shape.js';
import { asRules, type Rules } from '../grid/rules.js';

/**
 * A printable puzzle sheet: one self-contained HTML page (inline CSS, each grid an inline SVG, no scripts and
 * nothing fetched), the puzzles first and their solutions after a page break, each grid with thick box lines and
 * its caption under it; 1, 2, 4 or 6 puzzles a page, each page headed by the title and a name and date line.
 * Under variants the extra houses are drawn: the cells of diagonals, windows, centre dots, asterisk and girandola
 * shaded, jigsaw regions bordered by thick lines; the rules with no shape to draw (disjoint groups, anti-king,
 * anti-knight) are named in each page's head line.
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

/**
 * One grid as SVG: givens bold; with `filled`, the other cells of the solution in a lighter weight. The one drawing
 * of a grid's houses: the sheet's grids, and the site's boards (src/web/ui/board.ts) draw their digits over it.
 * Classes: `s` a shaded cell of a variant's house (with `data-cell`), `t`/`b` thin and thick lines, `o` the frame,
 * `g` a given.
 */
export function gridSvg(
  rules: Rules,
  givens: ArrayLike<number>,
  filled: ArrayLike<number> | null,
  scale: number,
): string {
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
        `height="${s.toFixed(2)}" class="s" data-cell="${i}"/>`,
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
export function shadedCells(rules: Rules): number[] {
  const { n } = rules;
  const out = new Set<number>();
  for (let h = 3 * n; h < rules.houseCount; h++) {
    if (rules.houseNames[h].startsWith('group ')) continue;
    for (let k = 0; k < n; k++) out.add(rules.houses[h * n + k]);
  }
  return [...out];
}

const NOTES: Readonly<Partial<Record<string, string>>> = {
  'disjoint-groups': 'disjoint groups: the cells in the same place of every box hold different digits',
  'anti-king': "anti-king: two cells a king's move apart (diagonally touching) hold different digits",
  'anti-knight': "anti-knight: two cells a knight's move apart hold different digits",
};

/** The rules a grid's drawing cannot show, in words (one line each; none for plain rules or shaded houses). */
export function rulesNotes(rules: Rules): string[] {
  return rules.variants.flatMap((v) => NOTES[v] ?? []);
}

/** In the first bytes of every sheet: how `generate --html` knows a file it may replace is one of its sheets. */
export const SHEET_MARK = 'sudoku-count puzzle sheet';

/** Puzzles a printed page may hold. */
export const SHEET_LAYOUTS = [1, 2, 4, 6] as const;

/** Columns × rows of a page of 1, 2, 4 or 6 puzzles. */
const GRID_OF: Readonly<Record<number, readonly [number, number]>> = { 1: [1, 1], 2: [1, 2], 4: [2, 2], 6: [2, 3] };

/** The printable area in mm (the page less 12 mm margins); without a paper, what fits both A4 and Letter. */
function printable(paper?: 'A4' | 'Letter'): { w: number; h: number } {
  const [w, h] = paper === 'A4' ? [210, 297] : paper === 'Letter' ? [215.9, 279.4] : [210, 279.4];
  return { w: w - 2 * MARGIN_MM, h: h - 2 * MARGIN_MM };
}

const MARGIN_MM = 12;
/** The line at the top of each page (title, name, date), a caption's height, and the gap between grids, in mm. */
const HEAD_MM = 12;
const CAPTION_MM = 7;
const GAP_MM = 8;
/** Solutions: this many across a page, small. */
const SOLUTION_COLUMNS = 4;

function chunks<T>(xs: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += k) out.push(xs.slice(i, i + k));
  return out;
}

/**
 * `paper` sets the printed page's size (A4 or US Letter; without it the printer's default, and the grids sized to
 * fit either). `perPage` (1, 2, 4 or 6; default 4) puzzles on each page, as large as the page allows, under a line
 * with the title and a place for a name and a date; the solutions small, four across, on pages of their own.
 */
export function puzzleSheetHtml(
  shape: BoxShape | Rules,
  title: string,
  puzzles: readonly SheetPuzzle[],
  paper?: 'A4' | 'Letter',
  perPage = 4,
): string {
  const rules = asRules(shape);
  const [cols, rows] = GRID_OF[perPage] ?? [2, 2];
  const { w, h } = printable(paper);
  const room = h - HEAD_MM;
  const side = Math.floor(Math.min((w - (cols - 1) * GAP_MM) / cols, (room - (rows - 1) * GAP_MM) / rows - CAPTION_MM));
  const small = Math.floor((w - (SOLUTION_COLUMNS - 1) * GAP_MM) / SOLUTION_COLUMNS);
  const solutionRows = Math.max(1, Math.floor((room + GAP_MM) / (small + CAPTION_MM + GAP_MM)));
  const css = `
  body { font-family: Georgia, 'Times New Roman', serif; margin: 0; color: #000; }
  .head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 1cm; align-items: baseline;
          height: ${HEAD_MM - 2}mm; margin-bottom: 2mm; font-size: 11pt; overflow: hidden; }
  .head b { font-size: 13pt; } .head span { white-space: nowrap; }
  .sheet { display: grid; gap: ${GAP_MM}mm; justify-content: center; }
  .puzzles .sheet { grid-template-columns: repeat(${cols}, ${side}mm); }
  .solutions .sheet { grid-template-columns: repeat(${SOLUTION_COLUMNS}, ${small}mm); }
  .page + .page { break-before: page; page-break-before: always; }
  figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
  figure svg { display: block; }
  figcaption { font-size: 9pt; height: ${CAPTION_MM - 2}mm; margin-top: 1mm; text-align: center; }
  .solutions { break-before: page; page-break-before: always; }
  svg line.t { stroke: #777; stroke-width: 0.7; } svg line.b { stroke: #000; stroke-width: 2.2; }
  svg rect.o { fill: none; stroke: #000; stroke-width: 3; } svg rect.s { fill: #ddd; }
  svg text { text-anchor: middle; font-family: Helvetica, Arial, sans-serif;
             fill: #444; } svg text.g { fill: #000; font-weight: bold; }
  @page { ${paper ? `size: ${paper}; ` : ''}margin: ${MARGIN_MM}mm; }`;
  const notes = rulesNotes(rules);
  const figure = (p: SheetPuzzle, solution: boolean) =>
    `<figure>${sized(gridSvg(rules, p.puzzle, solution ? p.solution : null, 1), solution ? small : side)}` +
    `<figcaption>${escapeHtml(p.caption)}</figcaption></figure>`;
  const head = (what: string) =>
    `<div class="head"><b>${escapeHtml(what)}</b>` +
    (notes.length ? `<small>${notes.map(escapeHtml).join('; ')}</small>` : '') +
    `<span>Name ____________________</span><span>Date ____________</span></div>`;
  const puzzlePages = chunks(puzzles, perPage).map(
    (page) =>
      `<div class="page">${head(title)}` +
      `<div class="sheet">${page.map((p) => figure(p, false)).join('\n')}</div></div>`,
  );
  const solutionPages = chunks(puzzles, SOLUTION_COLUMNS * solutionRows).map(
    (page) =>
      `<div class="page"><h2>Solutions · ${escapeHtml(title)}</h2>` +
      `<div class="sheet">${page.map((p) => figure(p, true)).join('\n')}</div></div>`,
  );
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta name="generator" content="${SHEET_MARK}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${css}\n  h2 { font-size: 12pt; margin: 0 0 4mm; }\n</style></head><body>`,
    `<section class="puzzles">${puzzlePages.join('\n')}</section>`,
    `<section class="solutions">${solutionPages.join('\n')}</section>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** An SVG grid printed `side` mm wide (its drawing scales with its viewBox). */
function sized(svg: string, side: number): string {
  return svg.replace(/^<svg ([^>]*?)width="[\d.]+" height="[\d.]+"/, `<svg $1width="${side}mm" height="${side}mm"`);
}
