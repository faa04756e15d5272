import type { BatchTests } from '../bias/batchTests.js';
import type { ExactMoments } from '../bias/exactMoments.js';
import { Rational } from '../bias/rational.js';
import { grouped } from '../grid/grouped.js';

const num = (x: number | null, digits = 4) =>
  x === null || !Number.isFinite(x) ? 'n/a' : Number(x.toPrecision(digits)).toString();

/** `bias --exact --json`: the exact moments, fractions as such. */
export function exactJson(r: ExactMoments): object {
  return {
    method: r.method,
    box: r.box,
    rules: r.rules,
    fill: r.fill,
    technique: r.technique,
    size: r.size,
    count: r.count,
    unbiased: r.unbiased,
    mean: r.mean.toJSONValue(),
    secondMoment: r.secondMoment.toJSONValue(),
    variance: r.variance.toJSONValue(),
    cv: r.cv,
    cvSquared: r.cvSquared.toJSONValue(),
    pNonzero: r.pNonzero,
    rat: r.rat,
    pNonzeroExact: r.pNonzeroExact ? r.pNonzeroExact.toJSONValue() : null,
    distribution: r.distribution
      ? r.distribution.map((d) => ({
          value: d.value,
          probability: d.probability.toJSONValue(),
          p: d.probability.toNumber(),
        }))
      : null,
    seconds: r.seconds,
  };
}

/** `bias --exact`: the exact moments in words. */
export function exactText(r: ExactMoments): string {
  const out = [
    `exact moments of ${r.method}${r.fill !== null ? ` (fill ${r.fill})` : ''} on ${r.rules}: ` +
      `${r.technique === 'draw tree' ? `${grouped(r.size)} draw paths` : `${grouped(r.size)} partial grids`}, ` +
      `${r.seconds.toFixed(2)} s`,
  ];
  const rows: Array<[string, string]> = [
    ['E[X]', `${r.mean}`],
    ['N', grouped(r.count)],
    [
      r.unbiased ? 'unbiased' : 'BIASED',
      r.unbiased ? 'E[X] = N exactly' : `E[X] − N = ${r.mean.sub(Rational.of(r.count))}`,
    ],
    ['E[X²]', `${r.secondMoment}${r.secondMoment.isInteger() ? '' : ` ≈ ${num(r.secondMoment.toNumber(), 8)}`}`],
    ['Var X', `${r.variance}${r.variance.isInteger() ? '' : ` ≈ ${num(r.variance.toNumber(), 8)}`}`],
    ['CV per sample', `${num(r.cv, 6)}  (CV² = ${r.cvSquared}; relative error of a mean of S samples ≈ CV/√S)`],
    ['P(X > 0)', `${r.pNonzeroExact ? `${r.pNonzeroExact} = ` : ''}${num(r.pNonzero, 6)}`],
    [
      'RAT',
      `${r.rat === null ? 'n/a' : r.rat.toFixed(6)}  (log E[γ²]/log E[γ], γ = X/(n!)^n: 1 for crude, 2 for zero ` +
        'variance; docs/estimators.md)',
    ],
  ];
  if (r.distribution) {
    const shown = r.distribution
      .slice(0, 12)
      .map((d) => `${grouped(d.value)}: ${d.probability} (${num(d.probability.toNumber(), 4)})`);
    rows.push([
      'distribution',
      `${r.distribution.length} distinct values${r.distribution.length > 12 ? ' (first 12)' : ''}`,
    ]);
    for (const s of shown) rows.push(['', s]);
  } else {
    rows.push(['distribution', 'not computed (the state recursion gives moments only)']);
  }
  for (const [a, b] of rows) out.push(`  ${a.padEnd(14)}${b}`);
  return out.join('\n') + '\n';
}

/** `bias`: the batch tests' rows (label, text), for the terminal and the HTML report. */
export function batchSummary(r: BatchTests): Array<[string, string]> {
  const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(1)} %`);
  const o = r.overall;
  return [
    ['exact N', grouped(r.count)],
    ['overall', `${num(o.mean, 6)} [${num(o.lo, 6)}, ${num(o.hi, 6)}], mean/N = ${num(o.mean / Number(r.count), 5)}`],
    [
      'coverage',
      `${pct(r.coverage)} of the 95 % intervals hold N (P(Bin ≤ this) = ` +
        `${num(r.coveragePValue, 3)})${r.underCovers ? '  UNDER-COVERS: do not trust its intervals' : ''}`,
    ],
    [
      'z',
      `mean ${num(r.zMean, 3)}, sd ${num(r.zSd, 3)} (N(0,1): 0 and 1); KS D = ${num(r.ksStatistic, 3)}, p = ` +
        `${num(r.ksPValue, 3)}`,
    ],
    ['median/mean', `${num(r.medianOverMean, 4)} (of the batch means; < 1: right-skewed, most runs under-estimate)`],
    [
      'CV per sample',
      `${num(o.cv, 4)} (running: ${r.running
        .filter((_, i) => i === 0 || (i + 1) % Math.ceil(r.running.length / 4) === 0)
        .map((p) => num(p.cv, 3))
        .join(' → ')})`,
    ],
    ['zeros', `${pct(r.zeros / (r.batches * r.samplesPerBatch))} of samples`],
    ['time', `${r.seconds.toFixed(2)} s`],
  ];
}

/** `bias`: the batch tests as text, a heading and a line a row of batchSummary (and the report's path, if written). */
export function batchText(r: BatchTests, report?: string): string {
  const lines = batchSummary(r).map(([k, v]) => `  ${k.padEnd(16)}${v}`);
  if (report) lines.push(`  ${'report'.padEnd(16)}${report}`);
  return (
    `${r.method}${r.fill !== null ? ` (fill ${r.fill})` : ''} on ${r.rules}: ${r.batches} batches of ` +
    `${grouped(r.samplesPerBatch)} samples, seed ${r.seed}\n${lines.join('\n')}\n`
  );
}
