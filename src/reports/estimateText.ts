import type { EstimatorComparison } from '../estimate/compareEstimators.js';
import type { EstimateProgress } from '../estimate/estimate.js';
import type { EstimateResult } from '../estimate/summarizeBatches.js';
import { grouped } from '../grid/grouped.js';
import type { Rules } from '../grid/rules.js';
import { bandMethodShapes } from '../grid/support.js';

/** 6.6709e21 for big numbers, 286.32 for small ones. */
const sci = (x: number) =>
  Math.abs(x) >= 1e7 ? x.toExponential(4).replace('e+', 'e') : String(Number(x.toPrecision(6)));
const short = (x: number) => x.toPrecision(3).replace('e+', 'e');
const pct = (x: number, digits = 2) => `${(100 * x).toFixed(digits)} %`;

/** A run's progress: samples, the estimate so far and its interval. */
export function estimateProgressText(label: string, p: EstimateProgress): string {
  const ci = p.ci95 ? ` [${sci(p.ci95[0])}, ${sci(p.ci95[1])}]` : '';
  const rel = p.ci95 && p.mean > 0 ? ` ±${pct((p.ci95[1] - p.mean) / p.mean)}` : '';
  return `${label}: ${grouped(p.samples)} samples, N ≈ ${sci(p.mean)}${ci}${rel}, ${p.elapsed.toFixed(1)} s`;
}

/** The command line that repeats a run exactly (a --seconds run is repeated by its sample count). */
function reproduce(r: EstimateResult): string {
  const fill = r.fill !== null ? ` --fill ${r.fill}` : '';
  return (
    `sudoku-count estimate --method ${r.method} --box ${r.box}${fill} --seed ${r.seed} --samples ` +
    `${r.samples} --batch ${r.batchSize}`
  );
}

/** The text report of an estimate. */
export function estimateText(r: EstimateResult): string {
  const n = Number(r.box.split('x')[0]) * Number(r.box.split('x')[1]);
  const out: string[] = [];
  const fill = r.fill !== null ? ` (first ${r.fill} cells at random, then exact)` : '';
  out.push(
    `${r.method}${fill} on ${r.box} boxes (${n}×${n} grids): ${grouped(r.samples)} samples in ` +
      `${grouped(r.batches)} batches of ${grouped(r.batchSize)}, seed ${r.seed}, ${r.workers} ` +
      `worker${r.workers > 1 ? 's' : ''}`,
  );
  const rows: Array<[string, string]> = [];
  if (r.nonzero === 0 && r.upper95 === null) {
    rows.push(['estimate', 'none: every walk hit a dead end before completing a grid (no estimate, no bound)']);
  } else if (r.nonzero === 0) {
    rows.push(['estimate', `0: no sample hit a valid grid`]);
    if (r.upper95 !== null)
      rows.push(['upper bound', `N < ${sci(r.upper95)} (95 %, one-sided: (n!)^n·(1 − 0.05^(1/S)) ≈ 3·(n!)^n/S)`]);
    if (r.ci95) rows.push(['95 % interval', `[0, ${sci(r.ci95[1])}] (exact binomial, two-sided)`]);
  } else {
    rows.push([
      'estimate',
      `${sci(r.mean)} ± ${r.stderr !== null ? sci(r.stderr) : '?'} (standard error; relative ` +
        `${r.relErr !== null ? pct(r.relErr) : '?'})`,
    ]);
    if (r.ci95)
      rows.push(['95 % interval', `[${sci(r.ci95[0])}, ${sci(r.ci95[1])}]  (±${pct((r.ci95[1] - r.mean) / r.mean)})`]);
  }
  if (r.exact !== null) {
    rows.push(['exact N', `${grouped(r.exact)} (${sci(Number(r.exact))})`]);
    const inside = r.ci95 !== null && r.ci95[0] <= Number(r.exact) && Number(r.exact) <= r.ci95[1];
    if (r.nonzero > 0) {
      rows.push([
        'mean / N',
        `${r.ratio !== null ? r.ratio.toFixed(5) : '?'}   z = ` +
          `${r.z !== null ? (r.z >= 0 ? '+' : '') + r.z.toFixed(2) : 'n/a'}   (N ` +
          `${inside ? 'inside' : 'outside'} the interval)`,
      ]);
    } else if (r.ci95 !== null) {
      rows.push(['check', `N ${inside ? 'is inside' : 'is outside'} the interval`]);
    }
  } else {
    rows.push(['exact N', `unknown for ${r.box} (the band method counts ${bandMethodShapes()})`]);
  }
  rows.push([
    'non-zero',
    r.nonzero > 0
      ? `${pct(r.nonzeroFraction, 1)} of samples (${grouped(r.nonzero)}); largest sample = ` +
        `${r.maxOverMean !== null ? short(r.maxOverMean) : '?'} × mean`
      : 'none',
  ]);
  rows.push([
    'time',
    `${r.seconds.toFixed(2)} s, ${grouped(Math.round(r.samplesPerSecond))} samples/s; efficiency 1/(RE²·s) = ` +
      `${r.efficiency !== null ? short(r.efficiency) : 'n/a'}`,
  ]);
  const m = r.measures;
  rows.push([
    'RE, RAT, EFF',
    `${m.re !== null ? pct(m.re) : 'n/a'}, ${m.rat !== null ? m.rat.toFixed(4) : 'n/a'}, ` +
      `${m.eff !== null ? short(m.eff) : 'n/a'} (Ridder's measures for γ = X/|Ω|, |Ω| = (n!)^n = ` +
      `10^${m.log10Omega.toFixed(1)}; docs/estimators.md)`,
  ]);
  if (r.method === 'ridder')
    rows.push([
      'note',
      "ridder draws exactly as knuth does and its likelihood ratio equals knuth's product: same seed, same numbers",
    ]);
  if (r.note && r.nonzero > 0) rows.push(['note', r.note]);
  rows.push(['reproduce', reproduce(r)]);
  const w = Math.max(...rows.map(([a]) => a.length));
  for (const [a, b] of rows) out.push(`  ${a.padEnd(w)}  ${b}`);
  return out.join('\n') + '\n';
}

/** `estimate --compare`: one table, a row a method. */
export function compareText(
  c: EstimatorComparison,
  what: { readonly box: string; readonly rules: Rules | null; readonly seed: number; readonly workers: number },
  budget: { readonly samples?: number; readonly seconds?: number },
): string {
  const { box, rules, seed, workers } = what;
  const { exact, runs, ridderVersusKnuth: same } = c;
  const head = [
    'method',
    'samples',
    'mean',
    '95 % interval',
    '±',
    'mean/N',
    'z',
    'non-zero',
    'max/mean',
    'seconds',
    'samples/s',
    'efficiency',
    'RE',
    'RAT',
    'EFF',
  ];
  const table = runs.map((r) => [
    r.method + (r.fill !== null ? ` (fill ${r.fill})` : ''),
    grouped(r.samples),
    r.nonzero === 0 ? (r.upper95 !== null ? '0 (no hit)' : 'none') : sci(r.mean),
    r.ci95 ? `[${sci(r.ci95[0])}, ${sci(r.ci95[1])}]` : '-',
    r.nonzero > 0 && r.ci95 ? pct((r.ci95[1] - r.mean) / r.mean) : '-',
    r.ratio !== null ? r.ratio.toFixed(4) : '-',
    r.z !== null ? r.z.toFixed(2) : '-',
    pct(r.nonzeroFraction, 1),
    r.maxOverMean !== null ? short(r.maxOverMean) : '-',
    r.seconds.toFixed(1),
    grouped(Math.round(r.samplesPerSecond)),
    r.efficiency !== null ? short(r.efficiency) : '-',
    r.measures.re !== null ? pct(r.measures.re) : '-',
    r.measures.rat !== null ? r.measures.rat.toFixed(4) : '-',
    r.measures.eff !== null ? short(r.measures.eff) : '-',
  ]);
  const widths = head.map((h, k) => Math.max(h.length, ...table.map((row) => row[k].length)));
  const line = (cells: string[]) =>
    '  ' + cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join('  ');
  const budgetText = [
    budget.seconds !== undefined ? `${budget.seconds} s` : null,
    budget.samples !== undefined ? `${grouped(budget.samples)} samples` : null,
  ]
    .filter((x) => x !== null)
    .join(' or ');
  const out = [
    `Every estimator on ${rules ? rules.name : `${box} boxes`}, ${budgetText} each, seed ${seed}, ${workers} ` +
      `worker${workers > 1 ? 's' : ''}`,
    exact !== null
      ? `  exact N = ${grouped(exact)} (${sci(Number(exact))})`
      : `  exact N unknown for ${rules ? rules.name : box}`,
    line(head),
    ...table.map(line),
  ];
  out.push(
    `  RE = standard error/mean; RAT = log E[γ²]/log E[γ] and EFF = 1/(Var(ℓ̂)·CPU s) for γ = X/|Ω|, ` +
      `|Ω| = (n!)^n = 10^${runs[0]?.measures.log10Omega.toFixed(1) ?? '?'} (crude: RAT 1; zero variance: 2)`,
  );
  for (const r of runs) if (r.note) out.push(`  ${r.method}: ${r.note}`);
  if (same) {
    out.push(
      `  ridder vs knuth on their common ${grouped(same.samples)} samples (same seed, same streams): Σx ` +
        (same.identical
          ? 'identical'
          : `differs by a relative ${same.relativeDifference.toExponential(1)} (rounding order of the products)`) +
        ': ' +
        `one estimator, two derivations`,
    );
  }
  return out.join('\n') + '\n';
}
