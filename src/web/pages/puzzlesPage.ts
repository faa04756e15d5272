/**
 * The Puzzles page (jobs/puzzleJob.ts): make puzzles, show them, solve one step by step, print the sheet.
 * Address: `?box=3x3&variant=x&difficulty=hard&symmetry=rotational&count=4&seed=5&paper=A4&run=1&solve=2`
 * (or `daily=2025-03-14` for the seed; solve=K opens puzzle K's steps).
 */
import type { GenerateJobResult, MadePuzzle, PuzzleJobInput, StepsJobResult } from '../jobs/puzzleJob.js';
import { gridTable } from '../ui/gridTable.js';
import { pageJobs } from '../ui/pageJob.js';
import { addressReader, element, SEED_ERROR, seedFrom, setAddress, showIgnored, startPage } from '../ui/page.js';

const SHAPES = ['2x2', '2x3', '3x2', '2x4', '4x2', '3x3', '3x4', '4x3', '4x4'];
/** The variants that need no file (jigsaw needs its regions: the command line takes them). */
const VARIANTS = ['x', 'windoku', 'disjoint-groups', 'centre-dot', 'asterisk', 'girandola', 'anti-king', 'anti-knight'];
const GRADES = ['easy', 'medium', 'hard', 'expert'];
const SYMMETRIES = ['none', 'rotational', 'mirror', 'diagonal'];

startPage('puzzles');
const form = element<HTMLFormElement>('form');
const box = element<HTMLSelectElement>('box');
const variants = element<HTMLFieldSetElement>('variants');
const difficulty = element<HTMLSelectElement>('difficulty');
const symmetry = element<HTMLSelectElement>('symmetry');
const count = element<HTMLInputElement>('count');
const seed = element<HTMLInputElement>('seed');
const daily = element<HTMLInputElement>('daily');
const paper = element<HTMLSelectElement>('paper');
const runButton = element<HTMLButtonElement>('run');
const stopButton = element<HTMLButtonElement>('stop');
const printButton = element<HTMLButtonElement>('print');
const status = element<HTMLParagraphElement>('status');
const list = element<HTMLElement>('puzzles');
const sheetFrame = element<HTMLIFrameElement>('sheet');

for (const s of SHAPES) box.add(new Option(`${s.replace('x', '×')} boxes`, s));
for (const g of GRADES) difficulty.add(new Option(g, g));
for (const s of SYMMETRIES) symmetry.add(new Option(s, s));
for (const v of VARIANTS) {
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.value = v;
  input.name = 'variant';
  label.append(input, ` ${v}`);
  variants.append(label);
}

const params = addressReader();
box.value = params.choice('box', SHAPES, '3x3');
const chosen = params.list('variant', VARIANTS);
for (const input of variants.querySelectorAll('input')) input.checked = chosen.includes(input.value);
difficulty.value = params.choice('difficulty', ['', ...GRADES], '');
symmetry.value = params.choice('symmetry', SYMMETRIES, 'none');
count.value = params.get('count') ?? '4';
seed.value = params.get('seed') ?? '';
daily.value = params.date('daily');
paper.value = params.choice('paper', ['A4', 'Letter'], 'A4');
showIgnored(params);

const jobs = pageJobs({ runButton, stopButton, status });
let made: { box: string; variant: string; puzzles: readonly MadePuzzle[] } | null = null;

/** The seed of a day's puzzles: the date YYYY-MM-DD read as the number YYYYMMDD (as `generate --daily`). */
function dailySeed(date: string): number {
  return Number(date.replace(/-/g, ''));
}

function chosenVariants(): string {
  return [...variants.querySelectorAll('input')]
    .filter((i) => i.checked)
    .map((i) => i.value)
    .join(',');
}

async function make(solve: number | null): Promise<void> {
  const day = daily.value;
  const s = day ? dailySeed(day) : seedFrom(seed);
  if (s === null) return jobs.fail(SEED_ERROR);
  const input: PuzzleJobInput = {
    op: 'generate',
    box: box.value,
    variant: chosenVariants(),
    count: Number(count.value),
    seed: s,
    symmetry: symmetry.value as 'none',
    ...(difficulty.value ? { difficulty: difficulty.value as 'easy' } : {}),
    paper: paper.value as 'A4',
  };
  setAddress({
    box: input.box,
    variant: input.variant,
    difficulty: difficulty.value,
    symmetry: input.symmetry === 'none' ? undefined : input.symmetry,
    count: input.count,
    ...(day ? { daily: day } : { seed: s }),
    paper: input.paper,
    run: 1,
    solve: solve ?? undefined,
  });
  printButton.disabled = true;
  element('solver').hidden = true;
  const started = performance.now();
  const working = `Making ${input.count} puzzle${input.count === 1 ? '' : 's'}…`;
  const r = await jobs.run<PuzzleJobInput, never, GenerateJobResult>('puzzle', input, working);
  if (!r) return;
  made = { box: input.box, variant: input.variant, puzzles: r.puzzles };
  showPuzzles(input.box, r);
  const seconds = (performance.now() - started) / 1000;
  const made1 = `${r.puzzles.length} ${r.rules} puzzle${r.puzzles.length === 1 ? '' : 's'}`;
  status.textContent = `${made1} in ${seconds.toFixed(2)} s.`;
  printButton.disabled = false;
  if (solve !== null && solve >= 1 && solve <= r.puzzles.length) await steps(solve);
}

function showPuzzles(shapeName: string, r: GenerateJobResult): void {
  const [R, C] = shapeName.split('x').map(Number);
  const wrap = document.createElement('div');
  wrap.className = 'puzzle-list';
  r.puzzles.forEach((p, k) => {
    const figure = document.createElement('figure');
    figure.dataset['line'] = p.line;
    const caption = document.createElement('figcaption');
    caption.textContent = p.caption;
    const solveButton = document.createElement('button');
    solveButton.type = 'button';
    solveButton.className = 'secondary';
    solveButton.textContent = `Solve #${k + 1} step by step`;
    solveButton.addEventListener('click', () => void steps(k + 1));
    figure.append(
      gridTable(R, C, p.puzzle, `puzzle ${k + 1}`, (i) => (p.puzzle[i] ? 'given' : '')),
      caption,
      solveButton,
    );
    wrap.append(figure);
  });
  list.replaceChildren(wrap);
  sheetFrame.srcdoc = r.sheet;
  element('sheet-section').hidden = false;
}

/** Solve puzzle k (1-based) step by step. */
async function steps(k: number): Promise<void> {
  if (!made) return;
  const p = made.puzzles[k - 1];
  const params = new URLSearchParams(location.search);
  params.set('solve', String(k));
  history.replaceState(null, '', `${location.pathname}?${params.toString()}`);
  const { box: shape, variant } = made;
  const input: PuzzleJobInput = { op: 'steps', box: shape, variant, puzzle: p.puzzle };
  const r = await jobs.run<PuzzleJobInput, never, StepsJobResult>('puzzle', input, `Solving puzzle ${k}…`);
  if (!r) return;
  status.textContent = `Puzzle ${k}: ${r.steps.length} steps.`;
  startSolver(shape, k, p, r);
}

function startSolver(shapeName: string, k: number, p: MadePuzzle, r: StepsJobResult): void {
  const [R, C] = shapeName.split('x').map(Number);
  const solver = element('solver');
  element('solver-title').textContent = `Puzzle ${k}, step by step`;
  element('solver-summary').textContent = r.summary;
  const stepList = element<HTMLOListElement>('steps');
  stepList.replaceChildren(
    ...r.steps.map((s) => {
      const li = document.createElement('li');
      li.textContent = `${s.technique}: ${s.text}`;
      li.hidden = true;
      return li;
    }),
  );
  let shown = 0;
  const draw = (): void => {
    const cells = p.puzzle.slice();
    let latest = -1;
    for (let i = 0; i < shown; i++) {
      const place = r.steps[i].place;
      if (place) {
        cells[place.cell] = place.digit;
        if (i === shown - 1) latest = place.cell;
      }
    }
    element('solver-grid').replaceChildren(
      gridTable(R, C, cells, `puzzle ${k} after ${shown} steps`, (i) =>
        i === latest ? 'placed latest' : p.puzzle[i] ? 'given' : cells[i] ? 'placed' : '',
      ),
    );
    stepList.querySelectorAll('li').forEach((li, i) => {
      li.hidden = i >= shown;
      li.className = i === shown - 1 ? 'current' : '';
    });
    element<HTMLButtonElement>('back').disabled = shown === 0;
    element<HTMLButtonElement>('next').disabled = shown === r.steps.length;
    element<HTMLButtonElement>('all').disabled = shown === r.steps.length;
    solver.dataset['shown'] = String(shown);
  };
  element('back').onclick = () => {
    shown = Math.max(0, shown - 1);
    draw();
  };
  element('next').onclick = () => {
    shown = Math.min(r.steps.length, shown + 1);
    draw();
  };
  element('all').onclick = () => {
    shown = r.steps.length;
    draw();
  };
  draw();
  solver.hidden = false;
  solver.scrollIntoView({ block: 'nearest' });
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void make(null);
});
seed.addEventListener('input', () => {
  if (seed.value !== '') daily.value = '';
});
daily.addEventListener('input', () => {
  if (daily.value !== '') seed.value = '';
});
printButton.addEventListener('click', () => sheetFrame.contentWindow?.print());
if (params.get('run') === '1') void make(params.has('solve') ? Number(params.get('solve')) : null);
