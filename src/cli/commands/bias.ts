import { randomInt } from 'node:crypto';
import { Option, type Command } from 'commander';
import { batchTests, MAX_BATCHES } from '../../bias/batchTests.js';
import { exactMoments } from '../../bias/exactMoments.js';
import { METHOD_NAMES, type MethodName } from '../../estimate/estimator.js';
import { MAX_SEED } from '../../random/streamStates.js';
import { boxShape, InputError, type BoxShape } from '../../grid/shape.js';
import { BIAS_REPORT_OUTPUT, writeBiasReport } from '../../io/biasReport.js';
import { prepareOutput } from '../../io/outputFile.js';
import { toJson } from '../../io/json.js';
import { batchSummary, batchText, exactJson, exactText } from '../../reports/biasText.js';
import {
  seedOption,
  pathOption,
  boxOption,
  grouped,
  integerOption,
  withSpinner,
  cliRules,
  VARIANT_FLAG,
  VARIANT_FLAG_HELP,
} from '../common.js';
import { processIo } from '../../io/processIo.js';

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
      // what both forms are told of the estimator
      const estimator = {
        method: opts.method,
        box: shape,
        ...(rules ? { variant: rules } : {}),
        fill: opts.fill ?? null,
      };
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
        const r = await withSpinner(`exact moments of ${opts.method} on ${box}`, (spinner) =>
          exactMoments({
            ...estimator,
            fullTree: opts.fullTree === true,
            onProgress: (done) => {
              spinner.text =
                `exact moments of ${opts.method} on ${box}: ${(100 * done).toFixed(1)} % of the ` + `probability`;
            },
          }),
        );
        processIo().stdout.write(opts.json ? toJson(exactJson(r)) + '\n' : exactText(r));
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
      const r = await withSpinner(`${opts.method} ${box}: batch tests`, async (spinner) => {
        const tests = await batchTests({
          ...estimator,
          batches: B,
          samples: opts.samples ?? DEFAULT_SAMPLES,
          seed,
          onProgress: (b) => {
            spinner.text = `${opts.method} ${box}: batch ${b} of ${B}`;
          },
        });
        if (report) await writeBiasReport(report, tests, batchSummary(tests));
        return tests;
      });
      processIo().stdout.write(
        opts.json ? toJson({ ...r, report: opts.report ?? null }) + '\n' : batchText(r, opts.report),
      );
    });
}
