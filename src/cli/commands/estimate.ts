import { randomInt } from 'node:crypto';
import { Option, type Command } from 'commander';
import { defaultWorkers } from '../../count/countGrids.js';
import {
  estimate,
  EstimateInterrupted,
  estimatePlan,
  exactCount,
  type EstimatePlan,
  type EstimateProgress,
} from '../../estimate/estimate.js';
import { METHOD_NAMES, type MethodName } from '../../estimate/estimator.js';
import type { BatchRecord } from '../../estimate/runBatch.js';
import { MAX_SEED } from '../../random/streamStates.js';
import type { EstimateResult } from '../../estimate/summarizeBatches.js';
import { InputError, parseBoxShape, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { openEstimateRun } from '../../io/openEstimateRun.js';
import { toJson } from '../../io/json.js';
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
        const result = await interruptible((signal) =>
          estimate({
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
              spinner.text = progressText(label, p);
            },
            signal,
          }),
        ).catch((e: unknown) => {
          if (!(e instanceof EstimateInterrupted)) throw e;
          throw new Interrupted(
            file !== undefined
              ? `interrupted: the finished batches are in ${file}; go on with: sudoku-count estimate --resume ${file}`
              : `interrupted after ${e.batches} batches; nothing saved (--checkpoint FILE keeps the finished batches)`,
          );
        });
        spinner.stop();
        if (plan.rules.plain) process.stdout.write(opts.json ? toJson(result) + '\n' : formatResult(result));
        else
          process.stdout.write(
            opts.json
              ? toJson({ ...result, rules: plan.rules.name }) + '\n'
              : `rules: ${plan.rules.name}\n${formatResult(result)}`,
          );
      } finally {
        spinner.stop();
        writer?.close();
      }
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

/** 6.6709e21 for big numbers, 286.32 for small ones. */
const sci = (x: number) =>
  Math.abs(x) >= 1e7 ? x.toExponential(4).replace('e+', 'e') : String(Number(x.toPrecision(6)));
const short = (x: number) => x.toPrecision(3).replace('e+', 'e');
const pct = (x: number, digits = 2) => `${(100 * x).toFixed(digits)} %`;

function progressText(label: string, p: EstimateProgress): string {
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

function formatResult(r: EstimateResult): string {
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

async function compare(opts: EstimateCliOptions, workers: number): Promise<void> {
  const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
  const box = opts.box?.name ?? '3x3';
  const seconds = opts.seconds ?? (opts.samples === undefined ? DEFAULT_COMPARE_SECONDS : undefined);
  const budget = {
    ...(opts.samples !== undefined ? { samples: opts.samples } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
  };
  const rules = opts.variant !== undefined ? cliRules('estimate', opts.box ?? SHAPE_3X3, opts.variant) : null;
  // validate everything before the long runs start
  const plans = METHOD_NAMES.map(
    (method) =>
      estimatePlan({
        method,
        box,
        ...(rules ? { variant: rules } : {}),
        seed,
        ...budget,
        ...(method === 'hybrid' && opts.fill !== undefined ? { fill: opts.fill } : {}),
      }).plan,
  );
  const spinner = await progressSpinner(`computing the exact count of ${rules ? rules.name : box} grids`);
  spinner.start();
  const runs: EstimateResult[] = [];
  const records = new Map<string, BatchRecord[]>();
  let exact: bigint | null;
  try {
    exact = await exactCount(plans[0].rules);
    for (const plan of plans) {
      const mine: BatchRecord[] = [];
      records.set(plan.method, mine);
      const label = `${plan.method} ${plan.rules.name} (${runs.length + 1}/${plans.length})`;
      spinner.text = label;
      runs.push(
        await estimate({
          method: plan.method,
          box: plan.shape,
          variant: plan.rules,
          fill: plan.fill,
          seed,
          ...budget,
          workers,
          exact,
          ...(opts.batch !== undefined ? { batchSize: opts.batch } : {}),
          onBatch: (r) => {
            mine.push(r);
          },
          onProgress: (p) => {
            spinner.text = progressText(label, p);
          },
        }),
      );
    }
  } finally {
    spinner.stop();
  }
  const same = ridderVersusKnuth(records.get('knuth') ?? [], records.get('ridder') ?? []);
  if (opts.json) {
    process.stdout.write(
      toJson({
        box,
        ...(rules ? { rules: rules.name } : {}),
        seed,
        workers,
        budget: { samples: budget.samples ?? null, seconds: budget.seconds ?? null },
        exact,
        runs,
        ridderVersusKnuth: same,
      }) + '\n',
    );
    return;
  }
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
  process.stdout.write(out.join('\n') + '\n');
}

/** Sums of the first batches both runs finished: equal when ridder is knuth in another guise. */
function ridderVersusKnuth(knuth: readonly BatchRecord[], ridder: readonly BatchRecord[]) {
  const sorted = (xs: readonly BatchRecord[]) => [...xs].sort((a, b) => a.batch - b.batch);
  const a = sorted(knuth),
    b = sorted(ridder);
  let k = 0;
  while (k < a.length && k < b.length && a[k].batch === k && b[k].batch === k && a[k].samples === b[k].samples) k++;
  if (k === 0) return null;
  let sa = 0n,
    sb = 0n,
    samples = 0;
  for (let i = 0; i < k; i++) {
    sa += a[i].sum;
    sb += b[i].sum;
    samples += a[i].samples;
  }
  const diff = sa > sb ? sa - sb : sb - sa;
  return {
    batches: k,
    samples,
    knuthSum: sa,
    ridderSum: sb,
    identical: diff === 0n,
    relativeDifference: sa > 0n ? Number(diff) / Number(sa) : 0,
  };
}
