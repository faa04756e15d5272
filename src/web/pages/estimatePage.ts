/**
 * The Estimators page (jobs/estimateJob.ts): a run's estimate over the exact N, drawn live as an SVG line with
 * its 95 % interval. Address: `?box=3x3&method=knuth&seed=1&samples=1000000&run=1`.
 */
import type { EstimateJobInput, EstimateJobProgress, EstimateJobResult } from '../jobs/estimateJob.js';
import { element, grouped, SEED_ERROR, seedFrom, setAddress, showIgnored, startPage } from '../ui/page.js';

/** Shapes whose N the page computes to compare with (the band method's). */
const SHAPES = ['2x2', '2x3', '3x2', '2x4', '4x2', '3x3'];
const METHODS = ['knuth', 'knuth-random', 'knuth-mrv', 'hybrid', 'ridder', 'crude'];
const MAX_SAMPLES = 100_000_000;

const { form, box, status, params, jobs } = startPage('estimate');
const method = element<HTMLSelectElement>('method');
const seed = element<HTMLInputElement>('seed');
const samples = element<HTMLInputElement>('samples');
const chart = element<SVGSVGElement & HTMLElement>('chart');

for (const s of SHAPES) box.add(new Option(`${s.replace('x', '×')} boxes`, s));
for (const m of METHODS) method.add(new Option(m, m));
box.value = params.choice('box', SHAPES, '3x3');
method.value = params.choice('method', METHODS, 'knuth');
seed.value = params.get('seed') ?? '';
samples.value = params.get('samples') ?? '1000000';
showIgnored(params);

/** The chart's margins; its width is the space it has (at most 640), so its 12 px labels stay 12 px on a phone. */
const L = 56,
  R = 22,
  T = 12,
  B = 36;

/** Draw the points (samples, estimate/N, interval/N) so far; y from 0 to 2 (clipped), x log10 of the samples. */
function draw(points: readonly { s: number; r: number; lo: number | null; hi: number | null }[], total: number): void {
  const W = Math.max(280, Math.min(640, Math.round(chart.getBoundingClientRect().width) || 640));
  const H = W < 480 ? 260 : 320;
  chart.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const x0 = Math.log10(Math.max(1, points[0]?.s ?? 1)),
    x1 = Math.max(x0 + 1, Math.log10(total));
  const x = (s: number) => L + ((Math.log10(s) - x0) / (x1 - x0)) * (W - L - R);
  const y = (v: number) => T + (1 - Math.min(2, Math.max(0, v)) / 2) * (H - T - B);
  const band = points.filter((p) => p.lo !== null && p.hi !== null);
  const area =
    band.length > 1
      ? `M${band.map((p) => `${x(p.s).toFixed(1)},${y(p.hi ?? 0).toFixed(1)}`).join('L')}` +
        `L${[...band]
          .reverse()
          .map((p) => `${x(p.s).toFixed(1)},${y(p.lo ?? 0).toFixed(1)}`)
          .join('L')}Z`
      : '';
  const line = points.length > 0 ? `M${points.map((p) => `${x(p.s).toFixed(1)},${y(p.r).toFixed(1)}`).join('L')}` : '';
  const ticks: string[] = [];
  for (let k = Math.ceil(x0); k <= Math.floor(x1); k++)
    ticks.push(
      `<line x1="${x(10 ** k)}" y1="${H - B}" x2="${x(10 ** k)}" y2="${H - B + 5}" stroke="#444"/>` +
        `<text x="${x(10 ** k)}" y="${H - B + 20}" text-anchor="middle" font-size="12">10` +
        `<tspan dy="-5" font-size="10">${k}</tspan></text>`,
    );
  for (const v of [0, 0.5, 1, 1.5, 2])
    ticks.push(`<text x="${L - 6}" y="${y(v) + 4}" text-anchor="end" font-size="12">${v}</text>`);
  const mid = (T + H - B) / 2;
  chart.innerHTML =
    `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" class="plot" stroke="#999"/>` +
    `<path d="${area}" fill="#0b5cad" fill-opacity="0.18" data-series="interval"/>` +
    `<line x1="${L}" y1="${y(1)}" x2="${W - R}" y2="${y(1)}" stroke="#a4000f" stroke-dasharray="6 4" ` +
    `data-series="exact"/>` +
    `<path d="${line}" fill="none" stroke="#0b5cad" stroke-width="2" data-series="estimate"/>` +
    ticks.join('') +
    `<text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle" font-size="12">samples</text>` +
    `<text x="14" y="${mid}" text-anchor="middle" font-size="12" transform="rotate(-90 14 ${mid})">estimate / N</text>`;
}

async function go(): Promise<void> {
  const s = seedFrom(seed);
  if (s === null) return jobs.fail(SEED_ERROR);
  const k = Number(samples.value.trim().replace(/[,_\s]/g, ''));
  if (!Number.isSafeInteger(k) || k < 1 || k > MAX_SAMPLES)
    return jobs.fail(`samples must be a whole number 1…${grouped(MAX_SAMPLES)}`);
  setAddress({ box: box.value, method: method.value, seed: s, samples: k, run: 1 });
  element('summary').hidden = true;
  const points: { s: number; r: number; lo: number | null; hi: number | null }[] = [];
  let n = 1;
  draw(points, k);
  const input: EstimateJobInput = { method: method.value, box: box.value, seed: s, samples: k };
  const working = 'Computing the exact N, then sampling…';
  const r = await jobs.run<EstimateJobInput, EstimateJobProgress, EstimateJobResult>(
    'estimate',
    input,
    working,
    (p) => {
      if (p.kind === 'exact') {
        n = Number(p.total);
        status.textContent = `N = ${grouped(p.total)}; sampling…`;
        return;
      }
      points.push({
        s: p.samples,
        r: p.mean / n,
        lo: p.ci95 ? p.ci95[0] / n : null,
        hi: p.ci95 ? p.ci95[1] / n : null,
      });
      draw(points, k);
      status.textContent = `${grouped(p.samples)} samples: estimate / N = ${(p.mean / n).toFixed(4)}`;
      chart.dataset['points'] = String(points.length);
    },
  );
  if (!r) return;
  {
    chart.dataset['points'] = String(points.length);
    const rows: [string, string][] = [
      ['estimate', r.mean.toPrecision(6)],
      ['95 % interval', r.ci95 ? `${r.ci95[0].toPrecision(4)} … ${r.ci95[1].toPrecision(4)}` : 'n/a'],
      ['exact N', r.exact === null ? 'not counted for this shape' : grouped(r.exact)],
      ['estimate / N', r.ratio === null ? 'n/a' : r.ratio.toFixed(4)],
      ['z', r.z === null ? 'n/a' : r.z.toFixed(2)],
      ['samples', `${grouped(r.samples)} (${grouped(Math.round(r.samplesPerSecond))} a second)`],
      ['seed', String(r.seed)],
    ];
    const body = element('summary').querySelector('tbody');
    body?.replaceChildren(
      ...rows.map(([k2, v]) => {
        const tr = document.createElement('tr');
        const th = document.createElement('th');
        th.scope = 'row';
        th.textContent = k2;
        const td = document.createElement('td');
        td.textContent = v;
        td.dataset['key'] = k2;
        tr.append(th, td);
        return tr;
      }),
    );
    element('summary').dataset['mean'] = String(r.mean);
    element('summary').hidden = false;
    status.textContent = `Done: ${grouped(r.samples)} samples in ${r.seconds.toFixed(2)} s.`;
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void go();
});
if (params.get('run') === '1') void go();
