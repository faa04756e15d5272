import * as specs from '../charts/vegaSpecs.js';
import type { BatchTests } from './batchTests.js';
import { normalCdf } from '../stats/distributions.js';

/**
 * The three pictures of a batch-test run, as Vega specs (rendered to SVG by src/io/biasReport.ts):
 *   running    running estimate with its 95 % band (area) against the exact N (rule), by samples drawn
 *   zHistogram histogram of the batch z values against the N(0, 1) density scaled to the histogram
 *   logX       histogram of log10 X over all non-zero samples (the share of zeros in the title)
 * Specs are plain JSON objects (vega's `Spec` type is not needed to build them).
 */
export interface BiasCharts {
  readonly running: object;
  readonly zHistogram: object;
  readonly logX: object;
}

export function biasCharts(r: BatchTests): BiasCharts {
  const N = Number(r.count);
  const running = specs.vegaFrame(
    `Running estimate with 95 % band, ${r.method} on ${r.box} (exact N dashed)`,
    [
      {
        name: 'run',
        values: r.running.filter((p) => p.lo !== null).map((p) => ({ s: p.samples, mean: p.mean, lo: p.lo, hi: p.hi })),
      },
      { name: 'exact', values: [{ n: N }] },
    ],
    [
      { name: 'x', type: 'linear', domain: { data: 'run', field: 's' }, range: 'width', zero: false },
      {
        name: 'y',
        type: 'linear',
        domain: specs.fieldsDomain(['run', 'lo'], ['run', 'hi'], ['exact', 'n']),
        range: 'height',
        zero: false,
        nice: true,
      },
    ],
    specs.axesXY('samples', 'estimate of N', '~s', '.4~g'),
    [
      specs.mark('area', 'run', {
        x: specs.on('x', 's'),
        y: specs.on('y', 'lo'),
        y2: specs.on('y', 'hi'),
        ...specs.fill('#9ecae1', 0.6),
      }),
      specs.mark('line', 'run', {
        x: specs.on('x', 's'),
        y: specs.on('y', 'mean'),
        ...specs.stroke('#08519c', { width: 1.5 }),
      }),
      specs.mark('rule', 'exact', {
        x: { value: 0 },
        x2: { signal: 'width' },
        y: specs.on('y', 'n'),
        ...specs.stroke('#d62728', { dash: [6, 4], width: 1.5 }),
      }),
    ],
  );

  const zs = r.rows.map((row) => row.z).filter((z): z is number => z !== null);
  const width = 0.5;
  const lo = Math.floor(Math.min(-4, ...zs) / width) * width,
    hi = Math.ceil(Math.max(4, ...zs) / width) * width;
  const zBins: { x0: number; x1: number; count: number }[] = [];
  for (let x = lo; x < hi - 1e-9; x += width) zBins.push({ x0: x, x1: x + width, count: 0 });
  for (const z of zs) zBins[Math.min(zBins.length - 1, Math.floor((z - lo) / width))].count++;
  const curve: { x: number; y: number }[] = [];
  for (let x = lo; x <= hi + 1e-9; x += 0.05)
    curve.push({ x, y: zs.length * (normalCdf(x + width / 2) - normalCdf(x - width / 2)) });
  const zHistogram = specs.histogramWithReference({
    title: `Batch z = (mean − N)/SE: ${zs.length} batches of ${r.samplesPerBatch} (curve: N(0,1))`,
    bins: zBins,
    reference: { name: 'normal', shape: 'curve', values: curve },
    xScale: { name: 'x', type: 'linear', domain: [lo, hi], range: 'width', zero: false },
    xTitle: 'z',
    yTitle: 'batches',
  });

  const total = r.zeros + r.logHistogram.reduce((a, b) => a + b.count, 0);
  const logN = Math.log10(N);
  const logX = specs.histogramWithMarker({
    title:
      `log10 X over ${total} samples (${((100 * r.zeros) / Math.max(1, total)).toFixed(1)} % are 0, not shown); ` +
      `red: log10 N`,
    bins: r.logHistogram.map((b) => ({ x0: b.lo, x1: b.lo + 0.1, count: b.count })),
    marker: logN,
    xTitle: 'log10 X',
    yTitle: 'samples',
  });
  return { running, zHistogram, logX };
}
