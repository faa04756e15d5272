/**
 * The Count page: the exact count of one box shape, stage by stage as the job (jobs/countJob.ts) reports them,
 * with a plain-language line for each. Address: `?box=3x3&run=1` (run=1 counts on opening).
 */
import type { ColumnSetJobResult, CountJobInput, CountJobProgress, CountJobResult } from '../jobs/countJob.js';
import { download, element, grouped, html, setAddress, showIgnored, startPage } from '../ui/page.js';

/**
 * The shapes the CLI counts in under a minute (src/grid/support.ts): the band method's, seconds at most; and 5×2,
 * 2×5 by column sets (10×10 grids, about half a minute).
 */
const SHAPES = ['2x2', '2x3', '3x2', '2x4', '4x2', '3x3', '5x2', '2x5'];

const { form, box: boxSelect, status, params, jobs } = startPage('count');
const downloadButton = element<HTMLButtonElement>('download');
const stages = element<HTMLOListElement>('stages');

for (const s of SHAPES) boxSelect.add(new Option(`${s.replace('x', '×')} boxes (${shapeN(s)}×${shapeN(s)} grid)`, s));
boxSelect.value = params.choice('box', SHAPES, '3x3');
showIgnored(params);

let last: CountJobResult | ColumnSetJobResult | null = null;

function shapeN(box: string): number {
  const [r, c] = box.split('x').map(Number);
  return r * c;
}

/** The stage's list item (made on first use), with its value, explanation and state. */
function stage(key: string, title: string, explain: string): { value: (v: string) => void; done: () => void } {
  let li = stages.querySelector<HTMLLIElement>(`li[data-stage="${key}"]`);
  if (!li) {
    li = document.createElement('li');
    li.dataset['stage'] = key;
    li.className = 'running';
    li.innerHTML =
      `<div><strong>${html(title)}</strong>: <span class="value" data-value></span></div>` +
      `<div class="explain">${html(explain)}</div>`;
    stages.append(li);
  }
  const item = li;
  return {
    value: (v) => {
      (item.querySelector('[data-value]') as HTMLElement).textContent = v;
    },
    done: () => {
      item.className = 'done';
    },
  };
}

/** A stage that ends with a count: at its end, `total unit` shown and the stage marked done; true then. */
function endWithTotal(
  s: ReturnType<typeof stage>,
  e: CountJobProgress,
  unit: string,
): e is CountJobProgress & { readonly total: number } {
  if (e.phase !== 'end' || e.total === undefined) return false;
  s.value(`${grouped(e.total)} ${unit}`);
  s.done();
  return true;
}

function describe(box: string): { R: number; C: number; n: number } {
  const [R, C] = box.split('x').map(Number);
  return { R, C, n: R * C };
}

function onProgress(box: string, e: CountJobProgress): void {
  const { R, C, n } = describe(box);
  if (e.method === 'column-sets') return onColumnSetProgress(box, e);
  if (e.stage === 'bands') {
    const s = stage(
      'bands',
      'Bands',
      `A band is the top ${R} rows. Every grid is one of ${n}! relabellings of a grid whose first box reads ` +
        `1…${n}, so fix that box and list every way to fill the rest of the band.`,
    );
    if (endWithTotal(s, e, 'bands')) {
      const lex = stage(
        'lexReduced',
        'Reduced bands',
        `Sort the columns inside the other boxes of the band and put those boxes in order: each reduced band ` +
          `stands for ${grouped(e.total / (e.lexReduced ?? 1))} bands with the same number of completions.`,
      );
      lex.value(grouped(e.lexReduced ?? 0));
      lex.done();
    }
  } else if (e.stage === 'classes') {
    endWithTotal(
      stage(
        'classes',
        'Symmetry classes',
        `Swapping boxes, columns inside a box, rows of the band and renaming digits never changes how many ways ` +
          `the grid can be completed, so bands fall into classes; one band of each class is enough.`,
      ),
      e,
      'classes',
    );
  } else if (e.stage === 'columnSets') {
    endWithTotal(
      stage(
        'columnSets',
        'Column-set table',
        `How many bands fit below a given set of digits in each column: the table that makes completing a band fast.`,
      ),
      e,
      'entries',
    );
  } else if (e.stage === 'completions') {
    const s = stage(
      'completions',
      'Completions',
      `For one band of each class, count every way to fill the ${C - 1} band${C > 2 ? 's' : ''} below it.`,
    );
    if (e.phase === 'progress' && e.done !== undefined && e.total !== undefined) {
      s.value(`${grouped(e.done)} of ${grouped(e.total)} classes`);
    }
    if (e.phase === 'end') s.done();
  }
}

const LEVEL_TEXT: Record<string, string> = {
  'pair-swaps':
    'Where two digits fill a 2×2 rectangle of the band (two rows, two columns), swapping them gives a band with ' +
    'the same completions, so more classes merge',
  rectangles: 'Larger swaps of the same kind (two rows across more columns, or two columns across all rows) merge more',
  'column-sets': 'In the end only which digits each column holds matters (up to box and column order and renaming)',
};

function onColumnSetProgress(box: string, e: CountJobProgress & { method: 'column-sets' }): void {
  const { R, C } = describe(box);
  const rows = Math.max(R, C);
  if (e.stage === 'classes') {
    endWithTotal(
      stage(
        'configurations',
        'Configuration classes',
        `With boxes of ${rows} rows and 2 columns${R < C ? ' (counted as their mirror image)' : ''}, a band is ` +
          `decided, as far as the rest of the grid cares, by which digits stand in each box's left column: its ` +
          `configuration. Configurations that differ by renaming digits, swapping boxes or columns have the same ` +
          `number of bands, so one of each class is enough.`,
      ),
      e,
      'classes',
    );
  } else if (e.stage === 'bands') {
    const s = stage(
      'bandsOfClasses',
      'Bands per configuration',
      `For one configuration of each class, count F: the ways to fill a band of ${rows} boxes with it.`,
    );
    if (e.done !== undefined && e.total !== undefined) s.value(`${grouped(e.done)} of ${grouped(e.total)} classes`);
    if (e.phase === 'end') s.done();
  }
}

function showColumnSetResult(r: ColumnSetJobResult): void {
  const t = stage(
    'total',
    'Grids',
    `N = Σ over the classes of (configurations in the class × F²), with ${grouped(r.configurations)} ` +
      `configurations of a band and ${grouped(r.bands)} bands in all.`,
  );
  const li = stages.querySelector('li[data-stage="total"] [data-value]') as HTMLElement;
  li.innerHTML = `<span class="total" id="total" data-total="${r.total}">${grouped(r.total)}</span>`;
  t.done();
}

function showResult(r: CountJobResult): void {
  for (const level of r.levels.slice(1)) {
    const s = stage(level.name, `Classes after ${level.name}`, `${LEVEL_TEXT[level.name] ?? level.moves}.`);
    s.value(`${grouped(level.count)} classes`);
    s.done();
  }
  const t = stage(
    'total',
    'Grids',
    `N = ${r.n}! × Σ (bands in a class × completions of the class) = ${r.n}! × ${grouped(r.totalWithFixedBox)}. ` +
      (r.verified ? 'Every level of the chain gives the same sum.' : 'WARNING: the levels disagree.'),
  );
  t.value('');
  const li = stages.querySelector('li[data-stage="total"] [data-value]') as HTMLElement;
  li.innerHTML = `<span class="total" id="total" data-total="${r.total}">${grouped(r.total)}</span>`;
  t.done();
}

async function count(): Promise<void> {
  const box = boxSelect.value;
  setAddress({ box, run: 1 });
  stages.replaceChildren();
  last = null;
  downloadButton.disabled = true;
  const started = performance.now();
  const r = await jobs.run<CountJobInput, CountJobProgress, CountJobResult | ColumnSetJobResult>(
    'count',
    { box },
    `Counting the ${box.replace('x', '×')} grids…`,
    (e) => onProgress(box, e),
  );
  if (!r) return;
  last = r;
  if (r.method === 'bands') showResult(r);
  else showColumnSetResult(r);
  const wall = (performance.now() - started) / 1000;
  status.textContent =
    `Counted in ${wall.toFixed(2)} s (${r.seconds.toFixed(2)} s in the worker, ${r.workers} ` +
    `thread${r.workers > 1 ? 's' : ''}).`;
  status.dataset['seconds'] = String(r.seconds);
  status.dataset['wall'] = String(wall);
  downloadButton.disabled = false;
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void count();
});
boxSelect.addEventListener('change', () => setAddress({ box: boxSelect.value }));
downloadButton.addEventListener('click', () => {
  if (last) download(`classes-${last.box}.json`, last.json);
});
if (params.get('run') === '1') void count();
