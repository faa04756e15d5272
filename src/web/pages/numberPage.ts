/**
 * The Grid-by-number page (jobs/numberJob.ts). Address: `?box=3x3&op=sample&seed=7&run=1`,
 * `?op=unrank&index=123&run=1` or `?op=rank&grid=…&run=1`.
 */
import type { NumberJobInput, NumberJobResult } from '../jobs/numberJob.js';
import { gridTable } from '../ui/gridTable.js';
import { element, grouped, SEED_ERROR, seedFrom, setAddress, showIgnored, startPage } from '../ui/page.js';

/** The shapes the grid index numbers (src/grid/support.ts, 'rank'). */
const SHAPES = ['2x2', '2x3', '3x2', '4x2', '3x3'];
const OPS = ['sample', 'unrank', 'rank'] as const;
type Op = (typeof OPS)[number];

const { form, box, status, params, jobs } = startPage('number');
const op = element<HTMLSelectElement>('op');
const seed = element<HTMLInputElement>('seed');
const index = element<HTMLInputElement>('index');
const grid = element<HTMLTextAreaElement>('grid');
const result = element<HTMLElement>('result');

for (const s of SHAPES) box.add(new Option(`${s.replace('x', '×')} boxes`, s));
box.value = params.choice('box', SHAPES, '3x3');
op.value = params.choice('op', OPS, 'sample');
seed.value = params.get('seed') ?? '';
index.value = params.get('index') ?? '';
grid.value = params.get('grid') ?? '';
showIgnored(params);

function showInputs(): void {
  element('seed-label').hidden = op.value !== 'sample';
  element('index-label').hidden = op.value !== 'unrank';
  element('grid-label').hidden = op.value !== 'rank';
}
showInputs();
op.addEventListener('change', showInputs);

async function go(): Promise<void> {
  const which = op.value as Op;
  let input: NumberJobInput;
  if (which === 'sample') {
    const s = seedFrom(seed);
    if (s === null) return jobs.fail(SEED_ERROR);
    input = { op: which, box: box.value, seed: s };
    setAddress({ box: box.value, op: which, seed: s, run: 1 });
  } else if (which === 'unrank') {
    input = { op: which, box: box.value, index: index.value };
    setAddress({ box: box.value, op: which, index: index.value.trim(), run: 1 });
  } else {
    input = { op: which, box: box.value, grid: grid.value };
    setAddress({ box: box.value, op: which, grid: grid.value.replace(/\s+/g, ''), run: 1 });
  }
  const started = performance.now();
  result.hidden = true;
  const r = await jobs.run<NumberJobInput, never, NumberJobResult>('number', input, 'Working…');
  if (!r) return;
  const [R, C] = r.box.split('x').map(Number);
  element('grid-out').replaceChildren(gridTable(R, C, r.cells, `grid number ${r.index}`));
  element('number').textContent = grouped(BigInt(r.index));
  element('number').dataset['index'] = r.index;
  element('line').textContent = r.grid;
  element('n-total').textContent = grouped(BigInt(r.total));
  result.hidden = false;
  status.textContent = `Done in ${((performance.now() - started) / 1000).toFixed(2)} s.`;
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void go();
});
if (params.get('run') === '1') void go();
