import * as specs from '../charts/vegaSpecs.js';
import type { AuditSampleResult } from './auditSamples.js';
import type { GridAuditResult } from './auditGrids.js';

/**
 * The pictures of an audit, as Vega specs (rendered to SVG by src/io/auditReport.ts):
 *   classes   each top-band class: observed frequency against its exact probability (log–log, the diagonal is a
 *             uniform generator), and with probabilities the reweighted frequency Σw/K as a second series
 *   logNP     histogram of log10 N·P(grid) over the sampled grids (0 for a uniform generator; red rule at 0)
 *   index     the numbers of the grids' standard forms in 100 equal bins of 0..N/n!−1, against the uniform count
 * Specs are plain JSON objects.
 */
export interface AuditCharts {
  readonly classes: object;
  readonly logNP: object | null;
  readonly index: object | null;
}

export function auditCharts(r: AuditSampleResult, indexBins: readonly number[] | null): AuditCharts {
  const K = r.samples;
  const classes = classChart(
    `Top-band classes: frequency in ${K.toLocaleString('en-US')} grids of ${r.generator} against the exact ` +
      `probability (diagonal: uniform)`,
    r.classes,
    K,
  );

  let logNP: object | null = null;
  if (r.probabilities) {
    const bins = r.probabilities.histogram.map((b) => ({ x0: b.lo, x1: b.lo + 0.05, count: b.count }));
    logNP = specs.histogramWithMarker({
      title: `log10 N·P(grid) over the ${K.toLocaleString('en-US')} grids (a uniform generator has all at 0, red)`,
      bins,
      marker: 0,
      xTitle: 'log10 N·P(grid)',
      yTitle: 'grids',
    });
  }

  const index = indexBins ? standardNumberChart(indexBins, K) : null;
  return { classes, logNP, index };
}

/**
 * The pictures of `audit --file` (src/io/auditReport.ts): the top-band classes as above, the grids' numbers over N
 * and their standard forms' numbers in 100 equal bins, and the p-values of the digit-by-cell tests in 20 bins
 * (uniform on [0, 1] for a uniform source).
 */
export function gridAuditCharts(r: GridAuditResult): Array<[string, object | null]> {
  const K = r.grids;
  const classes = r.classes
    ? classChart(
        `Top-band classes: frequency in ${K.toLocaleString('en-US')} grids against the exact probability ` +
          '(diagonal: uniform)',
        r.classes.map((c) => ({ ...c, reweighted: null })),
        K,
      )
    : null;
  const m = r.rankBins?.length ?? 0;
  const rank = r.rankBins
    ? specs.histogramWithReference({
        title: `The grids' numbers over N in ${m} equal bins (red: uniform, K/${m})`,
        bins: r.rankBins.map((count, b) => ({ x0: b / m, x1: (b + 1) / m, count })),
        reference: { name: 'uniform', shape: 'level', values: [{ y: K / m }] },
        xScale: { name: 'x', type: 'linear', domain: [0, 1], range: 'width' },
        xTitle: 'number(grid) / N',
        yTitle: 'grids',
      })
    : null;
  const standard = r.standardBins ? standardNumberChart(r.standardBins, K) : null;
  let digits: object | null = null;
  if (r.digitP) {
    const B = 20;
    const counts = new Array<number>(B).fill(0);
    for (const p of r.digitP) counts[Math.min(B - 1, Math.floor(p * B))]++;
    digits = specs.histogramWithReference({
      title: `p-values of the digit-by-cell tests, ${r.digitP.length} cells (red: a uniform source, ${B} bins)`,
      bins: counts.map((count, b) => ({ x0: b / B, x1: (b + 1) / B, count })),
      reference: { name: 'uniform', shape: 'level', values: [{ y: r.digitP.length / B }] },
      xScale: { name: 'x', type: 'linear', domain: [0, 1], range: 'width' },
      xTitle: 'p-value of the cell',
      yTitle: 'cells',
    });
  }
  return [
    ['classes', classes],
    ['rank', rank],
    ['index', standard],
    ['digits', digits],
  ];
}

function standardNumberChart(bins: readonly number[], K: number): object {
  const m = bins.length;
  return specs.histogramWithReference({
    title: `Numbers of the grids' standard forms (box 1 = 1..n) in ${m} equal bins of 0..N/n!−1 (red: uniform, K/${m})`,
    bins: bins.map((count, b) => ({ x0: b / m, x1: (b + 1) / m, count })),
    reference: { name: 'uniform', shape: 'level', values: [{ y: K / m }] },
    xScale: { name: 'x', type: 'linear', domain: [0, 1], range: 'width' },
    xTitle: '(number(grid) mod N/n!) / (N/n!)',
    yTitle: 'grids',
  });
}

/** Classes: observed frequency (and reweighted, when given) against the exact probability, log–log. */
function classChart(
  title: string,
  rows: readonly { readonly expected: number; readonly observed: number; readonly reweighted: number | null }[],
  K: number,
): object {
  const points: { p: number; f: number; series: string }[] = [];
  let floor = Infinity;
  for (const c of rows) floor = Math.min(floor, c.expected);
  floor = Math.min(floor, 1 / K) / 2; // where a class with no grid is drawn
  for (const c of rows) {
    points.push({ p: c.expected, f: Math.max(floor, c.observed / K), series: 'observed frequency' });
    if (c.reweighted !== null)
      points.push({ p: c.expected, f: Math.max(floor, c.reweighted), series: 'reweighted by 1/(N·P)' });
  }
  const lo = floor,
    hi = Math.max(...points.map((x) => Math.max(x.p, x.f))) * 1.2;
  return specs.vegaFrame(
    title,
    [
      { name: 'points', values: points },
      {
        name: 'diagonal',
        values: [
          { x: lo, y: lo },
          { x: hi, y: hi },
        ],
      },
    ],
    [
      { name: 'x', type: 'log', domain: [lo, hi], range: 'width' },
      { name: 'y', type: 'log', domain: [lo, hi], range: 'height' },
      {
        name: 'colour',
        type: 'ordinal',
        domain: ['observed frequency', 'reweighted by 1/(N·P)'],
        range: ['#3182bd', '#e6550d'],
      },
    ],
    specs.axesXY('exact probability of the class (uniform grid)', 'frequency in the sample', '.0e', '.0e'),
    [
      specs.mark('line', 'diagonal', {
        x: specs.on('x', 'x'),
        y: specs.on('y', 'y'),
        ...specs.stroke('#888', { dash: [4, 4] }),
      }),
      specs.mark('symbol', 'points', {
        x: specs.on('x', 'p'),
        y: specs.on('y', 'f'),
        fill: specs.on('colour', 'series'),
        fillOpacity: { value: 0.6 },
        size: { value: 18 },
      }),
    ],
    points.some((x) => x.series !== 'observed frequency'),
  );
}
