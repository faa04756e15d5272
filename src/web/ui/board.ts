/**
 * A Sudoku board on screen: the houses drawn by the printed sheet's own SVG (src/io/puzzleSheet.ts's gridSvg,
 * made in the job worker: shaded diagonals and windows, jigsaw borders, thick box lines), with the cells laid over
 * it as an ARIA grid (role grid/row/gridcell) that holds digits, pencil marks or candidates, and marks (classes)
 * for what a hint or a step uses. Drawing only: play.ts and stepViewer.ts decide what it shows.
 *
 *   digit      a digit 1..n in the cell (0: empty); `given` draws it bold
 *   corner     pencil marks by place: digit d in the (d−1)th slot of a rows×cols mini-grid (bit d−1)
 *   centre     pencil marks in a row in the middle (bit d−1)
 *   candClass  a class for one shown mark (e.g. `elim` for a candidate a step removes)
 */
import type { BoardView } from '../jobs/puzzleJob.js';

export interface CellView {
  readonly digit: number;
  readonly given?: boolean;
  readonly corner?: number;
  readonly centre?: number;
  /** Classes for the cell: `use`, `house`, `target`, `wrong`, `latest`, `selected`. */
  readonly marks?: string;
  readonly candClass?: (d: number) => string;
}

let boards = 0;

export function digitLabel(n: number, d: number): string {
  return n > 9 ? d.toString(36).toUpperCase() : String(d);
}

export class Board {
  readonly element: HTMLDivElement;
  readonly cells: HTMLDivElement[] = [];
  private readonly id = `board${boards++}`;

  constructor(
    readonly view: BoardView,
    label: string,
    interactive = false,
  ) {
    const { n } = view;
    const el = document.createElement('div');
    el.className = `board n${n}`;
    el.style.setProperty('--n', String(n));
    el.style.setProperty('--mini', String(view.cols));
    const bg = document.createElement('div');
    bg.className = 'board-bg';
    bg.setAttribute('aria-hidden', 'true');
    bg.innerHTML = view.svg; // made by our own worker from the rules, no user text
    const grid = document.createElement('div');
    grid.className = 'board-cells';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', label);
    if (interactive) grid.tabIndex = 0;
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < n; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.id = `${this.id}-${r * n + c}`;
        cell.dataset['cell'] = String(r * n + c);
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    el.append(bg, grid);
    this.element = el;
  }

  /** The element that takes focus and keys (the ARIA grid). */
  get grid(): HTMLDivElement {
    return this.element.lastElementChild as HTMLDivElement;
  }

  /** Mark cell i as the active one for assistive technology. */
  activate(i: number): void {
    this.grid.setAttribute('aria-activedescendant', `${this.id}-${i}`);
  }

  draw(cells: readonly CellView[]): void {
    const { n, rows, cols } = this.view;
    cells.forEach((v, i) => {
      const el = this.cells[i];
      const r = Math.floor(i / n) + 1,
        c = (i % n) + 1;
      el.className = ['cell', v.given ? 'given' : '', v.marks ?? ''].filter(Boolean).join(' ');
      const said: string[] = [];
      if (v.digit) {
        el.dataset['digit'] = String(v.digit);
        el.textContent = digitLabel(n, v.digit);
        said.push(`${digitLabel(n, v.digit)}${v.given ? ', given' : ''}`);
      } else {
        delete el.dataset['digit'];
        el.replaceChildren();
        if (v.corner) {
          const mini = document.createElement('span');
          mini.className = 'corner';
          for (let d = 1; d <= n; d++) {
            const s = document.createElement('span');
            if (v.corner & (1 << (d - 1))) {
              s.textContent = digitLabel(n, d);
              const k = v.candClass?.(d);
              if (k) s.className = k;
            }
            mini.append(s);
          }
          el.append(mini);
          said.push(`marks ${marksText(n, v.corner)}`);
        }
        if (v.centre) {
          const mid = document.createElement('span');
          mid.className = 'centre';
          mid.textContent = marksText(n, v.centre).replace(/ /g, '');
          el.append(mid);
          said.push(`centre marks ${marksText(n, v.centre)}`);
        }
        if (!v.corner && !v.centre) said.push('empty');
      }
      if (v.marks?.includes('wrong')) said.push('wrong');
      el.setAttribute('aria-label', `row ${r}, column ${c}: ${said.join('; ')}`);
    });
    this.element.dataset['rows'] = String(rows);
    this.element.dataset['cols'] = String(cols);
  }
}

function marksText(n: number, mask: number): string {
  const out: string[] = [];
  for (let d = 1; d <= n; d++) if (mask & (1 << (d - 1))) out.push(digitLabel(n, d));
  return out.join(' ');
}
