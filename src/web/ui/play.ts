/**
 * Playing a puzzle on a Board: select a cell (click, tap, arrow keys), type or tap a digit, pencil marks (corner
 * or centre), erase, undo/redo, check against the solution (mistakes shown on request), a hint (the rater's next
 * step from the position, its cells and houses marked on the board), a timer, and the state kept in local storage
 * under the puzzle's rules and givens, so a reload loses nothing.
 *
 * Keys on the board: arrows move; 1..9 (a..g past 9) enter; Shift+digit a corner mark, Ctrl/Alt+digit a centre
 * mark; Backspace, Delete or 0 erase; Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo.
 */
import type { BoardView, HintJobInput, HintJobResult, SolveStep } from '../jobs/puzzleJob.js';
import { Board, digitLabel, type CellView } from './board.js';
import { runJob } from './jobClient.js';

export interface PlaySetup {
  readonly view: BoardView;
  readonly box: string;
  readonly variant: string;
  /** A jigsaw's regions as the Play page took them ('' or absent: none). */
  readonly regions?: string;
  readonly puzzle: Uint8Array;
  /** The one solution, or null when the puzzle has none or several (nothing to check against). */
  readonly solution: Uint8Array | null;
  /** The page's link to this puzzle (the share link). */
  readonly link: string;
  readonly title: string;
}

type Mode = 'digit' | 'corner' | 'centre';

interface CellState {
  readonly v: number;
  readonly corner: number;
  readonly centre: number;
}

interface Saved {
  readonly v: number[];
  readonly corner: number[];
  readonly centre: number[];
  readonly t: number;
  /** Undo and redo histories, oldest first: [cell, v, corner, centre before, v, corner, centre after] each. */
  readonly u?: number[][];
  readonly r?: number[][];
}

/** Entries of each history kept in local storage (the newest). */
const HISTORY_KEPT = 500;

const STORE = 'sudoku-count:play:';

function button(text: string, label: string, cls = 'secondary'): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = text;
  if (label !== text) b.setAttribute('aria-label', label);
  return b;
}

function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor(s / 60) % 60).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s % 60).padStart(2, '0')}`;
}

/** Start playing `setup` in `host` (replacing what it held); returns a function that stops the timer. */
export function startPlay(host: HTMLElement, setup: PlaySetup): () => void {
  const { view, puzzle, solution } = setup;
  const { n } = view;
  const N = n * n;
  const key = `${STORE}${view.name}:${Array.from(puzzle).join(',')}`;
  const values = Uint8Array.from(puzzle);
  const corner = new Int32Array(N);
  const centre = new Int32Array(N);
  let elapsed = 0;
  const undo: Array<{ cell: number; before: CellState; after: CellState }> = [];
  const redo: typeof undo = [];
  /** Read a saved history into `to`, keeping only well-formed entries for open cells. */
  const history = (from: unknown, to: typeof undo): void => {
    if (!Array.isArray(from)) return;
    const digit = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= n;
    const marks = (m: unknown): m is number => Number.isInteger(m) && (m as number) >= 0 && (m as number) < 1 << n;
    for (const e of from.slice(-HISTORY_KEPT) as unknown[]) {
      if (!Array.isArray(e) || e.length !== 7) continue;
      const [cell, v0, c0, m0, v1, c1, m1] = e as unknown[];
      if (!Number.isInteger(cell) || (cell as number) < 0 || (cell as number) >= N || puzzle[cell as number]) continue;
      if (!digit(v0) || !digit(v1) || !marks(c0) || !marks(m0) || !marks(c1) || !marks(m1)) continue;
      to.push({
        cell: cell as number,
        before: { v: v0, corner: c0, centre: m0 },
        after: { v: v1, corner: c1, centre: m1 },
      });
    }
  };
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Saved | null;
    if (saved && saved.v.length === N) {
      saved.v.forEach((d, i) => {
        if (!puzzle[i] && d >= 0 && d <= n) values[i] = d;
      });
      corner.set(saved.corner.slice(0, N));
      centre.set(saved.centre.slice(0, N));
      elapsed = Number(saved.t) || 0;
      history(saved.u, undo);
      history(saved.r, redo);
    }
  } catch {
    // a damaged entry: start afresh
  }
  let selected = puzzle.findIndex((d) => d === 0);
  if (selected < 0) selected = 0;
  let mode: Mode = 'digit';
  let showMistakes = false;
  let hint: SolveStep | null = null;
  let solved = false;

  const board = new Board(view, `${setup.title}: the grid to play; arrow keys move, digits enter`, true);
  const bar = document.createElement('div');
  bar.className = 'play-bar';
  const timer = document.createElement('span');
  timer.className = 'timer';
  timer.setAttribute('aria-label', 'time');
  const modes = document.createElement('div');
  modes.className = 'modes';
  modes.setAttribute('role', 'group');
  modes.setAttribute('aria-label', 'what a digit enters');
  const modeButtons = (['digit', 'corner', 'centre'] as const).map((m) => {
    const b = button(m === 'digit' ? 'Digit' : m === 'corner' ? 'Corner mark' : 'Centre mark', m);
    b.dataset['mode'] = m;
    b.setAttribute('aria-label', m === 'digit' ? 'enter digits' : `enter ${m} pencil marks`);
    b.addEventListener('click', () => setMode(m));
    return b;
  });
  modes.append(...modeButtons);
  bar.append(timer, modes);

  const pad = document.createElement('div');
  pad.className = 'pad';
  pad.setAttribute('role', 'group');
  pad.setAttribute('aria-label', 'digits');
  for (let d = 1; d <= n; d++) {
    const b = button(digitLabel(n, d), `enter ${digitLabel(n, d)}`, 'secondary digit');
    b.addEventListener('click', () => enter(d));
    pad.append(b);
  }
  const erase = button('Erase', 'erase the cell');
  erase.addEventListener('click', () => clear());
  pad.append(erase);

  const actions = document.createElement('div');
  actions.className = 'actions';
  const undoB = button('Undo', 'undo');
  const redoB = button('Redo', 'redo');
  const checkB = button('Check', 'check against the solution');
  const hintB = button('Hint', 'hint: the next logical step');
  const shareB = button('Share link', 'copy a link to this puzzle');
  const restartB = button('Start again', 'clear every digit and mark');
  undoB.addEventListener('click', () => step(undo, redo, 'before'));
  redoB.addEventListener('click', () => step(redo, undo, 'after'));
  checkB.addEventListener('click', () => check());
  hintB.addEventListener('click', () => void askHint());
  shareB.addEventListener('click', () => void share());
  restartB.addEventListener('click', () => {
    for (let i = 0; i < N; i++) if (!puzzle[i]) set(i, { v: 0, corner: 0, centre: 0 });
    undo.length = 0;
    redo.length = 0;
    elapsed = 0;
    solved = false;
    say('Started again.');
    redraw();
  });
  actions.append(undoB, redoB, checkB, hintB, shareB, restartB);

  const message = document.createElement('p');
  message.className = 'play-message';
  message.setAttribute('role', 'status');
  message.setAttribute('aria-live', 'polite');
  const linkOut = document.createElement('input');
  linkOut.readOnly = true;
  linkOut.hidden = true;
  linkOut.className = 'share-link';
  linkOut.setAttribute('aria-label', 'link to this puzzle');
  const notes = document.createElement('p');
  notes.className = 'muted rules-notes';
  notes.textContent = view.notes.length ? `Also: ${view.notes.join('; ')}.` : '';

  const side = document.createElement('div');
  side.className = 'play-side';
  side.append(bar, pad, actions, message, linkOut, notes);
  const wrap = document.createElement('div');
  wrap.className = 'play';
  wrap.append(board.element, side);
  host.replaceChildren(wrap);

  const say = (text: string, cls = ''): void => {
    message.textContent = text;
    message.className = `play-message ${cls}`;
  };
  const stateOf = (i: number): CellState => ({ v: values[i], corner: corner[i], centre: centre[i] });
  const set = (i: number, s: CellState): void => {
    values[i] = s.v;
    corner[i] = s.corner;
    centre[i] = s.centre;
  };
  function change(i: number, after: CellState): void {
    if (puzzle[i] || solved) return;
    const before = stateOf(i);
    if (before.v === after.v && before.corner === after.corner && before.centre === after.centre) return;
    undo.push({ cell: i, before, after });
    redo.length = 0;
    set(i, after);
    hint = null;
    afterChange();
  }
  function step(from: typeof undo, to: typeof undo, side: 'before' | 'after'): void {
    const e = from.pop();
    if (!e) return;
    to.push(e);
    set(e.cell, e[side]);
    selected = e.cell;
    hint = null;
    afterChange();
  }
  function afterChange(): void {
    if (solution && values.every((d, i) => d === solution[i])) {
      solved = true;
      say(`Solved in ${clock(elapsed)}. Well done!`, 'ok');
    }
    save();
    redraw();
  }
  function enter(d: number, as: Mode = mode): void {
    const s = stateOf(selected);
    const bit = 1 << (d - 1);
    if (as === 'digit') change(selected, { v: s.v === d ? 0 : d, corner: s.corner, centre: s.centre });
    else if (s.v === 0)
      change(selected, as === 'corner' ? { ...s, corner: s.corner ^ bit } : { ...s, centre: s.centre ^ bit });
  }
  function clear(): void {
    const s = stateOf(selected);
    change(selected, s.v ? { ...s, v: 0 } : { v: 0, corner: 0, centre: 0 });
  }
  function setMode(m: Mode): void {
    mode = m;
    for (const b of modeButtons) b.setAttribute('aria-pressed', String(b.dataset['mode'] === m));
  }
  function save(): void {
    try {
      const entries = (h: typeof undo): number[][] =>
        h
          .slice(-HISTORY_KEPT)
          .map((e) => [
            e.cell,
            e.before.v,
            e.before.corner,
            e.before.centre,
            e.after.v,
            e.after.corner,
            e.after.centre,
          ]);
      const s: Saved = {
        v: Array.from(values),
        corner: Array.from(corner),
        centre: Array.from(centre),
        t: elapsed,
        u: entries(undo),
        r: entries(redo),
      };
      localStorage.setItem(key, JSON.stringify(s));
    } catch {
      // storage full or refused: play goes on, unsaved
    }
  }
  function mistakes(): number[] {
    if (!solution) return [];
    const out: number[] = [];
    for (let i = 0; i < N; i++) if (values[i] && !puzzle[i] && values[i] !== solution[i]) out.push(i);
    return out;
  }
  function check(): void {
    if (!solution) return say('This puzzle has no single solution to check against.');
    const wrong = mistakes();
    showMistakes = true;
    const left = values.filter((d) => d === 0).length;
    if (wrong.length)
      say(`${wrong.length} digit${wrong.length === 1 ? ' is' : 's are'} wrong (marked in red).`, 'error');
    else if (left) say(`No mistakes so far; ${left} cell${left === 1 ? '' : 's'} to go.`, 'ok');
    else say('Solved!', 'ok');
    redraw();
  }
  async function askHint(): Promise<void> {
    const wrong = new Set(mistakes());
    const cells = Uint8Array.from(values, (d, i) => (wrong.has(i) ? 0 : d));
    const started = performance.now();
    const input: HintJobInput = {
      op: 'hint',
      box: setup.box,
      variant: setup.variant,
      cells,
      ...(setup.regions ? { regions: setup.regions } : {}),
    };
    let r: HintJobResult;
    try {
      r = await runJob<HintJobInput, never, HintJobResult>('puzzle', input).result;
    } catch (err) {
      return say(`Error: ${(err as Error).message}`, 'error');
    }
    wrap.dataset['hintMs'] = (performance.now() - started).toFixed(1);
    const aside = wrong.size ? ` (Leaving out ${wrong.size} wrong digit${wrong.size === 1 ? '' : 's'}.)` : '';
    if ('stop' in r) {
      hint = null;
      say(`${r.stop}${aside}`);
    } else {
      hint = r.step;
      const target = r.step.place?.cell ?? r.step.eliminate?.[0]?.[0];
      if (target !== undefined) selected = target;
      say(`Hint: ${r.step.text}.${aside}`, 'hint');
    }
    redraw();
  }
  async function share(): Promise<void> {
    linkOut.value = setup.link;
    linkOut.hidden = false;
    try {
      await navigator.clipboard.writeText(setup.link);
      say('Link copied.');
    } catch {
      linkOut.select();
      say('Copy the link below.');
    }
  }

  function redraw(): void {
    const wrong = showMistakes ? new Set(mistakes()) : new Set<number>();
    const uses = new Set(hint?.uses ?? []);
    const houses = new Set<number>();
    for (const h of hint?.houses ?? []) for (let k = 0; k < n; k++) houses.add(view.houses[h * n + k]);
    const targets = new Map<number, Set<number>>();
    if (hint?.place) targets.set(hint.place.cell, new Set([hint.place.digit]));
    for (const [c, d] of hint?.eliminate ?? []) targets.set(c, (targets.get(c) ?? new Set()).add(d));
    const cells: CellView[] = [];
    for (let i = 0; i < N; i++) {
      const marks = [
        i === selected ? 'selected' : '',
        wrong.has(i) ? 'wrong' : '',
        targets.has(i) ? 'target' : uses.has(i) ? 'use' : houses.has(i) ? 'house' : '',
      ].join(' ');
      cells.push({
        digit: values[i],
        given: puzzle[i] !== 0,
        corner: corner[i],
        centre: centre[i],
        marks,
      });
    }
    board.draw(cells);
    board.activate(selected);
    undoB.disabled = undo.length === 0;
    redoB.disabled = redo.length === 0;
    checkB.disabled = !solution;
    timer.textContent = clock(elapsed);
    wrap.dataset['filled'] = String(values.filter((d) => d !== 0).length);
  }

  board.grid.addEventListener('click', (e) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    selected = Number(cell.dataset['cell']);
    board.grid.focus();
    redraw();
  });
  // keys anywhere in the play area (the board, or after tapping a mode or digit button), not in the link's field
  wrap.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement) return;
    const r = Math.floor(selected / n),
      c = selected % n;
    const move: Record<string, number> = {
      ArrowUp: ((r + n - 1) % n) * n + c,
      ArrowDown: ((r + 1) % n) * n + c,
      ArrowLeft: r * n + ((c + n - 1) % n),
      ArrowRight: r * n + ((c + 1) % n),
    };
    const ctrl = e.ctrlKey || e.metaKey;
    if (e.key in move) selected = move[e.key];
    else if (ctrl && (e.key === 'z' || e.key === 'Z'))
      step(e.shiftKey ? redo : undo, e.shiftKey ? undo : redo, e.shiftKey ? 'after' : 'before');
    else if (ctrl && e.key === 'y') step(redo, undo, 'after');
    else if (e.key === 'Backspace' || e.key === 'Delete' || e.code === 'Digit0' || e.code === 'Numpad0') clear();
    else {
      const fromCode = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
      const d = fromCode ? Number(fromCode[1]) : parseInt(e.key, 36);
      if (!(d >= 1 && d <= n) || (e.ctrlKey && !e.altKey && !fromCode) || (e.key.length > 1 && !fromCode)) return;
      enter(d, e.shiftKey ? 'corner' : ctrl || e.altKey ? 'centre' : mode);
    }
    e.preventDefault();
    redraw();
  });

  setMode('digit');
  redraw();
  const tick = setInterval(() => {
    if (solved || document.hidden) return;
    elapsed++;
    timer.textContent = clock(elapsed);
    if (elapsed % 5 === 0) save();
  }, 1000);
  return () => clearInterval(tick);
}
