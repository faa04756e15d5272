/**
 * The Puzzles page (jobs/puzzleJob.ts): make puzzles, show them with their variants' houses drawn, play one, solve
 * one step by step, print the sheet.
 * Address: `?box=3x3&variant=x&difficulty=hard&symmetry=rotational&count=4&seed=5&paper=A4&perpage=4&run=1&solve=2`
 * (or `daily=2025-03-14` for the seed; solve=K opens puzzle K's steps, play=K plays puzzle K).
 */
import type { BoardView, GenerateJobResult, PuzzleJobInput, StepsJobResult } from '../jobs/puzzleJob.js';
import { Board } from '../ui/board.js';
import { startPlay } from '../ui/play.js';
import { chosenVariants, fillPuzzleControls, SHAPES, stepParts, VARIANTS } from '../ui/puzzleControls.js';
import { showSteps } from '../ui/stepViewer.js';
import { element, SEED_ERROR, seedFrom, setAddress, showIgnored, startPage } from '../ui/page.js';

const GRADES = ['easy', 'medium', 'hard', 'expert'];
const SYMMETRIES = ['none', 'rotational', 'mirror', 'diagonal'];

const { form, box, status, params, jobs } = startPage('puzzles');
const variants = element<HTMLFieldSetElement>('variants');
const difficulty = element<HTMLSelectElement>('difficulty');
const symmetry = element<HTMLSelectElement>('symmetry');
const count = element<HTMLInputElement>('count');
const seed = element<HTMLInputElement>('seed');
const daily = element<HTMLInputElement>('daily');
const paper = element<HTMLSelectElement>('paper');
const perPage = element<HTMLSelectElement>('perpage');
const printButton = element<HTMLButtonElement>('print');
const list = element<HTMLElement>('puzzles');
const sheetFrame = element<HTMLIFrameElement>('sheet');

for (const g of GRADES) difficulty.add(new Option(g, g));
for (const s of SYMMETRIES) symmetry.add(new Option(s, s));

const shape = params.choice('box', SHAPES, '3x3');
fillPuzzleControls(box, variants, params.list('variant', VARIANTS));
box.value = shape;
difficulty.value = params.choice('difficulty', ['', ...GRADES], '');
symmetry.value = params.choice('symmetry', SYMMETRIES, 'none');
count.value = params.get('count') ?? '4';
seed.value = params.get('seed') ?? '';
daily.value = params.date('daily');
paper.value = params.choice('paper', ['A4', 'Letter'], 'A4');
perPage.value = params.choice('perpage', ['1', '2', '4', '6'], '4');
showIgnored(params);

let made: { box: string; variant: string; result: GenerateJobResult } | null = null;
let stopPlay = (): void => {};

/** The seed of a day's puzzles: the date YYYY-MM-DD read as the number YYYYMMDD (as `generate --daily`). */
function dailySeed(date: string): number {
  return Number(date.replace(/-/g, ''));
}

async function make(solve: number | null, play: number | null): Promise<void> {
  const day = daily.value;
  const s = day ? dailySeed(day) : seedFrom(seed);
  if (s === null) return jobs.fail(SEED_ERROR);
  const input: PuzzleJobInput = {
    op: 'generate',
    box: box.value,
    variant: chosenVariants(variants),
    count: Number(count.value),
    seed: s,
    symmetry: symmetry.value as 'none',
    ...(difficulty.value ? { difficulty: difficulty.value as 'easy' } : {}),
    paper: paper.value as 'A4',
    perPage: Number(perPage.value),
  };
  setAddress({
    box: input.box,
    variant: input.variant,
    difficulty: difficulty.value,
    symmetry: input.symmetry === 'none' ? undefined : input.symmetry,
    count: input.count,
    ...(day ? { daily: day } : { seed: s }),
    paper: input.paper,
    perpage: input.perPage === 4 ? undefined : input.perPage,
    run: 1,
    solve: solve ?? undefined,
    play: play ?? undefined,
  });
  printButton.disabled = true;
  element('solver').hidden = true;
  element('play-section').hidden = true;
  stopPlay();
  const started = performance.now();
  const working = `Making ${input.count} puzzle${input.count === 1 ? '' : 's'}…`;
  const r = await jobs.run<PuzzleJobInput, never, GenerateJobResult>('puzzle', input, working);
  if (!r) return;
  made = { box: input.box, variant: input.variant, result: r };
  showPuzzles(r);
  const seconds = (performance.now() - started) / 1000;
  const made1 = `${r.puzzles.length} ${r.rules} puzzle${r.puzzles.length === 1 ? '' : 's'}`;
  status.textContent = `${made1} in ${seconds.toFixed(2)} s.`;
  printButton.disabled = false;
  if (play !== null && play >= 1 && play <= r.puzzles.length) playPuzzle(play);
  if (solve !== null && solve >= 1 && solve <= r.puzzles.length) await steps(solve);
}

/** The Play page's address for a puzzle: its rules and givens (the share link). */
function playLink(view: BoardView, line: string): string {
  const [shape, ...variant] = view.name.split('+');
  const q = new URLSearchParams({ box: shape });
  if (variant.length) q.set('variant', variant.join(','));
  q.set('p', line);
  return new URL(`../play/?${q.toString()}`, location.href).href;
}

/** Play puzzle k (1-based) here. */
function playPuzzle(k: number): void {
  if (!made) return;
  const { result } = made;
  const p = result.puzzles[k - 1];
  setParam('play', k);
  stopPlay();
  element('play-title').textContent = `Play puzzle ${k}`;
  const section = element('play-section');
  section.hidden = false;
  stopPlay = startPlay(element('play'), {
    view: result.view,
    box: made.box,
    variant: made.variant,
    puzzle: p.puzzle,
    solution: p.solution,
    link: playLink(result.view, p.line),
    title: `Puzzle ${k}`,
  });
  section.scrollIntoView({ block: 'nearest' });
}

function setParam(name: string, k: number): void {
  const params = new URLSearchParams(location.search);
  params.set(name, String(k));
  history.replaceState(null, '', `${location.pathname}?${params.toString()}`);
}

function showPuzzles(r: GenerateJobResult): void {
  const wrap = document.createElement('div');
  wrap.className = 'puzzle-list';
  r.puzzles.forEach((p, k) => {
    const figure = document.createElement('figure');
    figure.dataset['line'] = p.line;
    const caption = document.createElement('figcaption');
    caption.textContent = p.caption;
    const board = new Board(r.view, `puzzle ${k + 1}`);
    board.draw(Array.from(p.puzzle, (d) => ({ digit: d, given: d !== 0 })));
    const playButton = document.createElement('button');
    playButton.type = 'button';
    playButton.textContent = `Play #${k + 1}`;
    playButton.addEventListener('click', () => playPuzzle(k + 1));
    const solveButton = document.createElement('button');
    solveButton.type = 'button';
    solveButton.className = 'secondary';
    solveButton.textContent = `Solve #${k + 1} step by step`;
    solveButton.addEventListener('click', () => void steps(k + 1));
    const own = document.createElement('a');
    own.href = playLink(r.view, p.line);
    own.textContent = 'own page';
    own.setAttribute('aria-label', `puzzle ${k + 1} on a page of its own`);
    const buttons = document.createElement('p');
    buttons.className = 'buttons';
    buttons.append(playButton, ' ', solveButton, ' ', own);
    figure.append(board.element, caption, buttons);
    wrap.append(figure);
  });
  list.replaceChildren(wrap);
  sheetFrame.srcdoc = r.sheet;
  element('sheet-section').hidden = false;
}

/** Solve puzzle k (1-based) step by step. */
async function steps(k: number): Promise<void> {
  if (!made) return;
  const p = made.result.puzzles[k - 1];
  setParam('solve', k);
  const { box: shape, variant } = made;
  const input: PuzzleJobInput = { op: 'steps', box: shape, variant, puzzle: p.puzzle };
  const r = await jobs.run<PuzzleJobInput, never, StepsJobResult>('puzzle', input, `Solving puzzle ${k}…`);
  if (!r) return;
  status.textContent = `Puzzle ${k}: ${r.steps.length} steps.`;
  const solver = element('solver');
  element('solver-title').textContent = `Puzzle ${k}, step by step`;
  element('solver-summary').textContent = r.summary;
  showSteps(stepParts(), `puzzle ${k}, step by step`, p.puzzle, r);
  solver.hidden = false;
  solver.scrollIntoView({ block: 'nearest' });
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void make(null, null);
});
seed.addEventListener('input', () => {
  if (seed.value !== '') daily.value = '';
});
daily.addEventListener('input', () => {
  if (daily.value !== '') seed.value = '';
});
printButton.addEventListener('click', () => sheetFrame.contentWindow?.print());
const wanted = (name: string): number | null => (params.has(name) ? Number(params.get(name)) : null);
if (params.get('run') === '1') void make(wanted('solve'), wanted('play'));
