/**
 * The Play page (jobs/puzzleJob.ts, op `analyse`): a puzzle pasted, typed or taken from the address is checked
 * (wrong length, clashing givens: one line beside the grid), its solutions counted up to SOLUTION_LIMIT with the
 * one solution counter, rated, solved step by step, and played.
 * Address: `?box=3x3&variant=x&p=4.....8.5.3…` (p: the puzzle, '.' for an empty cell; `regions=AAABBBCCC…`, a
 * jigsaw's regions, n² letters).
 */
import type { AnalyseJobInput, AnalyseJobResult } from '../jobs/puzzleJob.js';
import { startPlay } from '../ui/play.js';
import { chosenVariants, fillPuzzleControls, SHAPES, stepParts, VARIANTS } from '../ui/puzzleControls.js';
import { showSteps } from '../ui/stepViewer.js';
import { element, grouped, setAddress, showIgnored, startPage } from '../ui/page.js';

const { form, box, status, params, jobs } = startPage('play', 'entry-status');
const variants = element<HTMLFieldSetElement>('variants');
const text = element<HTMLTextAreaElement>('puzzle-text');
const regions = element<HTMLTextAreaElement>('regions');
const verdict = element<HTMLParagraphElement>('verdict');

const shape = params.choice('box', SHAPES, '3x3');
fillPuzzleControls(box, variants, params.list('variant', VARIANTS));
box.value = shape;
text.value = params.get('p') ?? '';
regions.value = params.get('regions') ?? '';
showIgnored(params);

let stopPlay = (): void => {};

function solutionsText(r: AnalyseJobResult): string {
  if (r.solutions === 0) return `No solution: these givens cannot be completed (${r.summary}).`;
  if (r.solutions === 1) return `One solution. Rated ${r.summary}.`;
  const many = r.limited ? `At least ${grouped(r.limit)} solutions` : `${grouped(r.solutions)} solutions`;
  return `${many}: not a proper puzzle (a puzzle has one), so ${r.summary}.`;
}

async function analyse(): Promise<void> {
  stopPlay();
  verdict.hidden = true;
  element('play-section').hidden = true;
  element('solver').hidden = true;
  const jigsaw = regions.value.trim();
  const input: AnalyseJobInput = {
    op: 'analyse',
    box: box.value,
    variant: chosenVariants(variants),
    text: text.value,
    ...(jigsaw ? { regions: jigsaw } : {}),
  };
  const r = await jobs.run<AnalyseJobInput, never, AnalyseJobResult>('puzzle', input, 'Checking the puzzle…');
  if (!r) return;
  setAddress({ box: input.box, variant: input.variant, p: r.line, regions: jigsaw.replace(/\s+/g, '') });
  status.textContent = '';
  verdict.textContent = solutionsText(r);
  verdict.className = `verdict ${r.solutions === 1 ? 'ok' : 'error'}`;
  verdict.dataset['solutions'] = String(r.solutions);
  verdict.hidden = false;
  if (r.solutions === 0) return;
  element('play-section').hidden = false;
  stopPlay = startPlay(element('play'), {
    view: r.view,
    box: input.box,
    variant: input.variant,
    regions: jigsaw,
    puzzle: r.puzzle,
    solution: r.solution,
    link: location.href,
    title: 'The puzzle',
  });
  showSteps(stepParts(), 'the puzzle, step by step', r.puzzle, r);
  element('solver').hidden = false;
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void analyse();
});
if (text.value.trim() !== '') void analyse();
