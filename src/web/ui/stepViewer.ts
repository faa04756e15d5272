/**
 * A puzzle solved step by step on a Board: the candidates drawn (from the givens, then each step's placement and
 * eliminations), the current step's pattern marked (its cells, its houses), what it removes struck out, its
 * words once in the list, and where the techniques stop said in words with what remains.
 */
import type { StepsJobResult } from '../jobs/puzzleJob.js';
import { Board, type CellView } from './board.js';

export interface StepViewerParts {
  readonly host: HTMLElement;
  readonly list: HTMLOListElement;
  readonly back: HTMLButtonElement;
  readonly next: HTMLButtonElement;
  readonly all: HTMLButtonElement;
  /** Where the techniques stop (shown when the last step is reached). */
  readonly stop: HTMLElement;
  /** Gets data-shown = the number of steps shown. */
  readonly state: HTMLElement;
}

/** The candidates (bit d−1) and digits after the first `k` steps. */
function replay(r: StepsJobResult, puzzle: Uint8Array, k: number): { value: Uint8Array; cand: Int32Array } {
  const { n, peerStart, peerList } = r.view;
  const value = Uint8Array.from(puzzle);
  const cand = new Int32Array(n * n);
  const full = (1 << n) - 1;
  for (let c = 0; c < n * n; c++) {
    if (value[c]) continue;
    let m = full;
    for (let j = peerStart[c]; j < peerStart[c + 1]; j++) if (value[peerList[j]]) m &= ~(1 << (value[peerList[j]] - 1));
    cand[c] = m;
  }
  for (let s = 0; s < k; s++) {
    const step = r.steps[s];
    if (step.place) {
      const { cell, digit } = step.place;
      value[cell] = digit;
      cand[cell] = 0;
      for (let j = peerStart[cell]; j < peerStart[cell + 1]; j++) cand[peerList[j]] &= ~(1 << (digit - 1));
    }
    for (const [c, d] of step.eliminate ?? []) cand[c] &= ~(1 << (d - 1));
  }
  return { value, cand };
}

export function showSteps(parts: StepViewerParts, label: string, puzzle: Uint8Array, r: StepsJobResult): void {
  const { view } = r;
  const { n } = view;
  const board = new Board(view, label);
  parts.host.replaceChildren(board.element);
  parts.list.replaceChildren(
    ...r.steps.map((s) => {
      const li = document.createElement('li');
      li.textContent = s.text;
      li.hidden = true;
      return li;
    }),
  );
  let shown = 0;
  const draw = (): void => {
    const now = replay(r, puzzle, shown);
    const step = shown > 0 ? r.steps[shown - 1] : null;
    // the latest step's removals are drawn struck out, over the candidates before it
    const before = step ? replay(r, puzzle, shown - 1).cand : now.cand;
    const removed = new Map<number, number>();
    for (const [c, d] of step?.eliminate ?? []) removed.set(c, (removed.get(c) ?? 0) | (1 << (d - 1)));
    const uses = new Set(step?.uses ?? []);
    const key = new Set(step?.digits ?? []);
    const houses = new Set<number>();
    for (const h of step?.houses ?? []) for (let k = 0; k < n; k++) houses.add(view.houses[h * n + k]);
    const cells: CellView[] = [];
    for (let i = 0; i < n * n; i++) {
      const latest = step?.place?.cell === i;
      const gone = removed.get(i) ?? 0;
      cells.push({
        digit: now.value[i],
        given: puzzle[i] !== 0,
        corner: now.value[i] ? 0 : before[i] | gone,
        marks: latest || gone ? 'target latest' : uses.has(i) ? 'use' : houses.has(i) ? 'house' : '',
        candClass: (d) => (gone & (1 << (d - 1)) ? 'elim' : uses.has(i) && key.has(d) ? 'key' : ''),
      });
    }
    board.draw(cells);
    parts.list.querySelectorAll('li').forEach((li, i) => {
      li.hidden = i >= shown;
      li.className = i === shown - 1 ? 'current' : '';
    });
    const end = shown === r.steps.length;
    parts.stop.hidden = !end || r.stop === '';
    parts.stop.textContent = r.stop;
    parts.back.disabled = shown === 0;
    parts.next.disabled = end;
    parts.all.disabled = end;
    parts.state.dataset['shown'] = String(shown);
  };
  parts.back.onclick = () => {
    shown = Math.max(0, shown - 1);
    draw();
  };
  parts.next.onclick = () => {
    shown = Math.min(r.steps.length, shown + 1);
    draw();
  };
  parts.all.onclick = () => {
    shown = r.steps.length;
    draw();
  };
  draw();
}
