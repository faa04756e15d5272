import { randomInt } from 'node:crypto';
import { Option, type Command } from 'commander';
import { batchTests, MAX_BATCHES, type BatchTests } from '../../bias/batchTests.js';
import { exactMoments, type ExactMoments } from '../../bias/exactMoments.js';
import { Rational } from '../../bias/rational.js';
import { METHOD_NAMES, type MethodName } from '../../estimate/estimator.js';
import { MAX_SEED } from '../../random/streamStates.js';
import { boxShape, InputError, type BoxShape } from '../../grid/shape.js';
import { BIAS_REPORT_OUTPUT, writeBiasReport } from '../../io/biasReport.js';
import { prepareOutput } from '../../io/outputFile.js';
import { toJson } from '../../io/json.js';
import {
  seedOption,
  pathOption,
  boxOption,
  grouped,
  integerOption,
  progressSpinner,
  cliRules,
  VARIANT_FLAG,
  VARIANT_FLAG_HELP,
} from '../common.js';

interface BiasCliOptions {
  method: MethodName;
  box?: BoxShape;
  variant?: string;
  fill?: number;
  exact?: boolean;
  fullTree?: boolean;
  batches?: number;
  samples?: number;
  seed?: number;
  report?: string;
  force?: boolean;
  json?: boolean;
}

const DEFAULT_BATCHES = 200,
  DEFAULT_SAMPLES = 1000;

export function registerBias(program: Command): void {
  program
    .command('bias')
    .description(
      'check an estimator for bias: exact moments on small shapes, or batch tests and interval coverage ' +
        'against the exact N',
    )
    .addOption(new Option('--method <name>', 'estimator').choices(METHOD_NAMES).default('knuth-mrv'))
    .option(
      '--box <RxC>',
      'box shape (default 3x3; --exact: 2x2 for every method, 2x3/3x2 for knuth, ridder, knuth-mrv)',
      boxOption('estimate'),
    )
    .option('--fill <K>', 'hybrid: cells filled at random before the exact count', integerOption(0))
    .option('--exact', 'walk the whole probability tree: exact E[X], E[X²], variance, CV, P(X > 0), distribution')
    .option('--full-tree', '--exact: do not use the digit-renaming symmetry of the first row (n! times slower)')
    .option(
      '--batches <B>',
      `batch tests: number of batches (default ${DEFAULT_BATCHES}; at most ${grouped(MAX_BATCHES)})`,
      integerOption(2, MAX_BATCHES),
    )
    .option('--samples <S>', `batch tests: samples per batch (default ${grouped(DEFAULT_SAMPLES)})`, integerOption(2))
    .option('--seed <s>', `generator seed 0..${MAX_SEED} (default: random, printed)`, seedOption)
    .option(
      '--report <FILE>',
      'batch tests: write an HTML report with three SVG charts (replaces only a report it wrote before)',
      pathOption,
    )
    .option('--force', '--report may replace a file that is not a bias report')
    .option(VARIANT_FLAG, `${VARIANT_FLAG_HELP}; batch tests: exact N up to n = 4; --exact: its shapes`)
    .option('--json', 'print one JSON object on stdout')
    .action(async (opts: BiasCliOptions) => {
      const shape = opts.box ?? boxShape(opts.exact ? 2 : 3, opts.exact ? 2 : 3);
      const rules =
        opts.variant !== undefined
          ? cliRules(
              opts.exact ? 'exact-moments' : 'estimate',
              shape,
              opts.variant,
              opts.exact ? opts.method : undefined,
            )
          : null;
      const box = rules?.name ?? shape.name;
      if (opts.exact) {
        for (const [flag, given] of [
          ['--batches', opts.batches],
          ['--samples', opts.samples],
          ['--seed', opts.seed],
          ['--report', opts.report],
          ['--force', opts.force],
        ] as const) {
          if (given !== undefined) throw new InputError(`${flag} is for the batch tests; leave it out with --exact`);
        }
        const spinner = await progressSpinner(`exact moments of ${opts.method} on ${box}`);
        spinner.start();
        let r: ExactMoments;
        try {
          r = await exactMoments({
            method: opts.method,
            box: shape,
            ...(rules ? { variant: rules } : {}),
            fill: opts.fill ?? null,
            fullTree: opts.fullTree === true,
            onProgress: (done) => {
              spinner.text =
                `exact moments of ${opts.method} on ${box}: ${(100 * done).toFixed(1)} % of the ` + `probability`;
            },
          });
        } finally {
          spinner.stop();
        }
        process.stdout.write(opts.json ? toJson(exactJson(r)) + '\n' : formatExact(r));
        return;
      }
      if (opts.fullTree) throw new InputError('--full-tree applies to --exact only');
      const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
      const B = opts.batches ?? DEFAULT_BATCHES;
      // the report path is checked before the work, so a bad path fails at once
      const report =
        opts.report !== undefined
          ? prepareOutput(opts.report, { ...BIAS_REPORT_OUTPUT, force: opts.force === true })
          : null;
      const spinner = await progressSpinner(`${opts.method} ${box}: batch tests`);
      spinner.start();
      let r: BatchTests;
      try {
        r = await batchTests({
          method: opts.method,
          box: shape,
          ...(rules ? { variant: rules } : {}),
          fill: opts.fill ?? null,
          batches: B,
          samples: opts.samples ?? DEFAULT_SAMPLES,
          seed,
          onProgress: (b) => {
            spinner.text = `${opts.method} ${box}: batch ${b} of ${B}`;
          },
        });
        if (report) await writeBiasReport(report, r, batchSummary(r));
      } finally {
        spinner.stop();
      }
      if (opts.json) {
        process.stdout.write(toJson({ ...r, report: opts.report ?? null }) + '\n');
      } else {
        const lines = batchSummary(r).map(([k, v]) => `  ${k.padEnd(16)}${v}`);
        if (opts.report) lines.push(`  ${'report'.padEnd(16)}${opts.report}`);
        process.stdout.write(
          `${r.method}${r.fill !== null ? ` (fill ${r.fill})` : ''} on ${r.rules}: ${B} batches of ` +
            `${grouped(r.samplesPerBatch)} samples, seed ${r.seed}\n${lines.join('\n')}\n`,
        );
      }
    });
}

const num = (x: number | null, digits = 4) =>
  x === null || !Number.isFinite(x) ? 'n/a' : Number(x.toPrecision(digits)).toString();

function exactJson(r: ExactMoments): object {
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

function formatExact(r: ExactMoments): string {
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
