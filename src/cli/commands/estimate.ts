import { randomInt } from 'node:crypto';
import { Option, type Command } from 'commander';
import { defaultWorkers } from '../../count/countGrids.js';
import { estimate, EstimateInterrupted, estimatePlan, exactCount, type EstimatePlan } from '../../estimate/estimate.js';
import { METHOD_NAMES, type MethodName } from '../../estimate/estimator.js';
import { MAX_SEED } from '../../random/streamStates.js';
import { InputError, parseBoxShape, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { openEstimateRun } from '../../io/openEstimateRun.js';
import { toJson } from '../../io/json.js';
import { compareEstimators } from '../../estimate/compareEstimators.js';
import { compareText, estimateProgressText, estimateText } from '../../reports/estimateText.js';
import {
  pathOption,
  seedOption,
  workersOption,
  boxOption,
  grouped,
  integerOption,
  positiveNumberOption,
  progressSpinner,
  cliRules,
  interruptible,
  Interrupted,
  VARIANT_FLAG,
  VARIANT_FLAG_HELP,
} from '../common.js';
import { bandMethodShapes } from '../../grid/support.js';
import { processIo } from '../../io/processIo.js';

interface EstimateCliOptions {
  method: MethodName;
  compare?: boolean;
  box?: BoxShape;
  variant?: string;
  samples?: number;
  seconds?: number;
  seed?: number;
  workers?: number;
  fill?: number;
  batch?: number;
  checkpoint?: string;
  resume?: string;
  json?: boolean;
}

/** Default budgets: one run draws 100,000 samples; --compare gives every method 5 seconds. */
const DEFAULT_SAMPLES = 100_000;
const DEFAULT_COMPARE_SECONDS = 5;

export function registerEstimate(program: Command): void {
  program
    .command('estimate')
    .description('estimate the number of grids by Monte Carlo, and check the estimate against the exact count')
    .addOption(new Option('--method <name>', 'estimator').choices(METHOD_NAMES).default('knuth-mrv'))
    .option(
      '--compare',
      `run every method with the same budget (default --seconds ${DEFAULT_COMPARE_SECONDS} each) and print one table`,
    )
    .option('--box <RxC>', `box shape (default 3x3; exact N known for ${bandMethodShapes()})`, boxOption('estimate'))
    .option(VARIANT_FLAG, `${VARIANT_FLAG_HELP}; exact N by exhaustive count up to n = 4`)
    .option('--samples <S>', `number of samples (default ${grouped(DEFAULT_SAMPLES)}; accepts 1e6)`, integerOption(1))
    .option(
      '--seconds <T>',
      'time budget instead of a sample count (whole batches; result depends only on seed and batches done)',
      positiveNumberOption(),
    )
    .option('--seed <s>', `generator seed 0..${MAX_SEED} (default: random, printed)`, seedOption)
    .option('--workers <K>', 'threads (the result does not depend on it)', workersOption)
    .option(
      '--fill <K>',
      'hybrid: cells filled at random before the exact count (default ≈ 0.32·n², 26 on 3x3)',
      integerOption(0),
    )
    .option('--batch <B>', 'samples per batch (default per method); the result depends on it', integerOption(1))
    .option('--checkpoint <FILE>', 'append every finished batch to FILE (a new file; JSON lines)', pathOption)
    .option('--resume <FILE>', 'continue the run recorded in FILE (and keep appending to it)', pathOption)
    .option('--json', 'print one JSON object on stdout')
    .action(async (opts: EstimateCliOptions, cmd: Command) => {
      const workers = opts.workers ?? defaultWorkers();
      if (opts.compare) {
        if (opts.checkpoint || opts.resume)
          throw new InputError('--compare cannot be combined with --checkpoint or --resume');
        if (cmd.getOptionValueSource('method') === 'cli')
          throw new InputError('--compare runs every method: leave out --method');
        await compare(opts, workers);
        return;
      }
      const given = (name: string) => cmd.getOptionValueSource(name) === 'cli';
      // what the options say of a run, each compared with a resumed checkpoint's header (a difference is refused)
      const stated = <T>(name: string, value: T): T | undefined => (given(name) ? value : undefined);
      // the run listens for Ctrl-C and SIGTERM before its checkpoint's lock is taken: a stop at any moment after that
      // closes the checkpoint and removes the lock (a stop during the exact count is heard when the estimate starts)
      await interruptible(async (signal) => {
        const { plan, writer, resume } = openEstimateRun(
          { checkpoint: opts.checkpoint, resume: opts.resume },
          {
            method: stated('method', opts.method),
            box: stated('box', opts.box?.name),
            variant:
              opts.variant === undefined
                ? undefined
                : (held: string) =>
                    cliRules('estimate', opts.box ?? parseBoxShape(held), opts.variant).variants.join(','),
            seed: stated('seed', opts.seed),
            fill: stated('fill', opts.fill),
            batch: stated('batch', opts.batch),
            samples: stated('samples', opts.samples),
            seconds: stated('seconds', opts.seconds),
          },
          () => {
            // a checkpoint stopped before its header was written: only the run's own options can say what it was
            const missing = [
              given('method') ? null : '--method',
              given('seed') ? null : '--seed',
              given('samples') || given('seconds') ? null : '--samples or --seconds',
            ].filter((x) => x !== null);
            if (missing.length > 0 && opts.resume !== undefined)
              throw new InputError(
                `checkpoint ${opts.resume} has no header (the run was stopped before writing it): to resume it, ` +
                  `give the run's ${missing.join(', ')} (and --box, --fill, --batch if it used them)`,
              );
            return planFromOptions(opts);
          },
        );

        const spinner = await progressSpinner(`computing the exact count of ${plan.shape.name} grids`);
        spinner.start();
        try {
          const exact = await exactCount(plan.rules);
          const label = `${plan.method} ${plan.rules.name}`;
          spinner.text = `${label}: starting ${workers} worker${workers > 1 ? 's' : ''}`;
          // Ctrl-C stops the threads at once; every finished batch is in the checkpoint already (appended as it ends)
          const file = opts.resume ?? opts.checkpoint;
          const result = await estimate({
            method: plan.method,
            box: plan.shape,
            variant: plan.rules,
            fill: plan.fill,
            seed: plan.seed,
            batchSize: plan.batchSize,
            ...(plan.samples !== null ? { samples: plan.samples } : {}),
            ...(plan.seconds !== null ? { seconds: plan.seconds } : {}),
            workers,
            exact,
            ...(resume ? { resume } : {}),
            ...(writer ? { onBatch: (record, elapsed) => writer.append(record, elapsed) } : {}),
            onProgress: (p) => {
              spinner.text = estimateProgressText(label, p);
            },
            signal,
          }).catch((e: unknown) => {
            if (!(e instanceof EstimateInterrupted)) throw e;
            throw new Interrupted(
              file !== undefined
                ? `interrupted: the finished batches are in ${file}; go on with: sudoku-count estimate --resume ${file}`
                : `interrupted after ${e.batches} batches; nothing saved ` +
                    '(--checkpoint FILE keeps the finished batches)',
            );
          });
          spinner.stop();
          if (plan.rules.plain) processIo().stdout.write(opts.json ? toJson(result) + '\n' : estimateText(result));
          else
            processIo().stdout.write(
              opts.json
                ? toJson({ ...result, rules: plan.rules.name }) + '\n'
                : `rules: ${plan.rules.name}\n${estimateText(result)}`,
            );
        } finally {
          spinner.stop();
          writer?.close();
        }
      });
    });
}

function planFromOptions(opts: EstimateCliOptions): EstimatePlan {
  const seconds = opts.seconds;
  const samples = opts.samples ?? (seconds === undefined ? DEFAULT_SAMPLES : undefined);
  const box = opts.box ?? SHAPE_3X3;
  return estimatePlan({
    method: opts.method,
    box,
    ...(opts.variant !== undefined ? { variant: cliRules('estimate', box, opts.variant) } : {}),
    fill: opts.fill ?? null,
    seed: opts.seed ?? randomInt(0, MAX_SEED + 1),
    ...(samples !== undefined ? { samples } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
    ...(opts.batch !== undefined ? { batchSize: opts.batch } : {}),
  }).plan;
}

async function compare(opts: EstimateCliOptions, workers: number): Promise<void> {
  const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
  const box = opts.box?.name ?? '3x3';
  const seconds = opts.seconds ?? (opts.samples === undefined ? DEFAULT_COMPARE_SECONDS : undefined);
  const budget = {
    ...(opts.samples !== undefined ? { samples: opts.samples } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
  };
  const rules = opts.variant !== undefined ? cliRules('estimate', opts.box ?? SHAPE_3X3, opts.variant) : null;
  const spinner = await progressSpinner(`computing the exact count of ${rules ? rules.name : box} grids`);
  const c = await compareEstimators({
    box,
    rules,
    seed,
    budget,
    fill: opts.fill,
    batch: opts.batch,
    workers,
    onProgress: (label, p) => {
      if (label === null) spinner.start();
      else spinner.text = p !== null ? estimateProgressText(label, p) : label;
    },
  }).finally(() => spinner.stop());
  if (opts.json) {
    processIo().stdout.write(
      toJson({
        box,
        ...(rules ? { rules: rules.name } : {}),
        seed,
        workers,
        budget: { samples: budget.samples ?? null, seconds: budget.seconds ?? null },
        exact: c.exact,
        runs: c.runs,
        ridderVersusKnuth: c.ridderVersusKnuth,
      }) + '\n',
    );
    return;
  }
  processIo().stdout.write(compareText(c, { box, rules, seed, workers }, budget));
}
