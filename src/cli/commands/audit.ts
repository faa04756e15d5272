import { randomInt } from 'node:crypto';
import { InvalidArgumentError, type Command } from 'commander';
import { auditGrids, type GridAuditResult } from '../../audit/auditGrids.js';
import { auditSamples, MAX_AUDIT_SAMPLES, type AuditSampleResult } from '../../audit/auditSamples.js';
import { exactDistribution, type ExactLaw } from '../../audit/exactDistribution.js';
import { GENERATOR_NAMES, isGeneratorName, type GeneratorName } from '../../audit/gridGenerator.js';
import { templateReach, type TemplateReach } from '../../audit/templateReach.js';
import { countGrids, defaultWorkers } from '../../count/countGrids.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { requireShape, shapeProblem } from '../../grid/support.js';
import { AUDIT_REPORT_OUTPUT, writeAuditReport, writeGridAuditReport } from '../../io/auditReport.js';
import { toJson } from '../../io/json.js';
import {
  claimsJson,
  exactLawJson,
  exactLawText,
  fileAuditLines,
  reachLines,
  sampleJson,
  sampleLines,
  table,
} from '../../reports/auditText.js';
import { openGridFiles } from '../../io/openGridFiles.js';
import { prepareOutput } from '../../io/outputFile.js';
import { MAX_SEED } from '../../random/streamStates.js';
import {
  boxOption,
  fileOption,
  grouped,
  integerOption,
  pathOption,
  progressSpinner,
  seedOption,
  workersOption,
} from '../common.js';
import { processIo } from '../../io/processIo.js';

interface AuditCliOptions {
  generator?: GeneratorName;
  box?: BoxShape;
  samples?: number;
  seed?: number;
  exact?: boolean;
  json?: boolean;
  report?: string;
  force?: boolean;
  workers?: number;
  file?: string[];
  skipInvalid?: boolean;
}

const DEFAULT_SAMPLES = 10_000;

function generatorOption(value: string): GeneratorName {
  if (!isGeneratorName(value))
    throw new InvalidArgumentError(`unknown generator '${value}' (one of ${GENERATOR_NAMES.join(', ')})`);
  return value;
}

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .description(
      'judge a grid generator against the exact answers: its whole output distribution (--exact, small shapes), ' +
        'the template generators’ reach (any shape), a statistical audit of K grids, or grids from any source ' +
        '(--file)',
    )
    .option(`--generator <name>`, `the generator: ${GENERATOR_NAMES.join(', ')}`, generatorOption)
    .option(
      '--box <RxC>',
      'box shape (default 3x3; with --file, read off the first grid when n is a square)',
      boxOption('solve'),
    )
    .option(
      '--samples <K>',
      `grids to generate for the statistical audit (default ${grouped(DEFAULT_SAMPLES)}; accepts 1e5; at most ` +
        `${grouped(MAX_AUDIT_SAMPLES)})`,
      integerOption(1, MAX_AUDIT_SAMPLES),
    )
    .option('--seed <S>', `generator seed 0..${MAX_SEED} (default: random, printed)`, seedOption)
    .option(
      '--exact',
      'the whole output distribution as exact rationals (2x2; 2x3 and 3x2; uniform and templates more)',
    )
    .option('--json', 'print one JSON object on stdout')
    .option('--report <FILE>', 'statistical audit: write an HTML report with SVG charts', pathOption)
    .option('--force', '--report may replace a file that is not an audit report')
    .option('--workers <W>', 'threads for the samples (the result does not depend on it)', workersOption)
    .option(...fileOption('judge the grids of a file, one full grid a line'))
    .option('--skip-invalid', '--file: skip (and count) invalid or partial grids instead of refusing the run')
    .action(async (opts: AuditCliOptions, cmd: Command) => {
      const given = (name: string) => cmd.getOptionValueSource(name) === 'cli';
      if (opts.file !== undefined) {
        for (const flag of ['generator', 'exact', 'samples', 'seed', 'workers'])
          if (given(flag)) throw new InputError(`--${flag} is for the built-in generators; leave it out with --file`);
        await fileAudit(opts.file, opts);
        return;
      }
      if (opts.skipInvalid) throw new InputError('--skip-invalid is for --file');
      if (opts.generator === undefined)
        throw new InputError(`audit needs --generator (one of ${GENERATOR_NAMES.join(', ')}) or --file`);
      const generator = opts.generator;
      const shape = opts.box ?? SHAPE_3X3;
      const template = generator === 'template' || generator === 'template-blocks';
      if (opts.exact) {
        for (const flag of ['samples', 'seed', 'report', 'force', 'workers'])
          if (given(flag)) throw new InputError(`--${flag} is for the statistical audit; leave it out with --exact`);
        requireShape('audit-exact', shape, generator);
        await exactAudit(generator, shape, opts.json === true);
        return;
      }
      requireShape('audit', shape, generator);
      const reach = template ? templateReach(shape, generator === 'template-blocks') : null;
      const samplingProblem = shapeProblem('band-method', shape);
      if (samplingProblem !== null) {
        // only the template generators get here (support table): their reach is exact on any shape
        if (given('samples') || given('report') || given('seed'))
          throw new InputError(
            `box shape ${shape.name}: the statistical audit needs the exact count and classes (${samplingProblem}); ` +
              `without --samples, audit prints the template's exact reach`,
          );
        reachOnly(generator, shape, reach!, opts.json === true);
        return;
      }
      // the report path is checked before the work (and before the seed line), so a bad path fails at once
      const report =
        opts.report !== undefined
          ? prepareOutput(opts.report, { ...AUDIT_REPORT_OUTPUT, force: opts.force === true })
          : null;
      const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
      if (opts.seed === undefined) processIo().stderr.write(`sudoku-count: audit: seed ${seed}\n`);
      const samples = opts.samples ?? DEFAULT_SAMPLES;
      const workers = opts.workers ?? defaultWorkers(shape);
      const spinner = await progressSpinner(`audit of ${generator} on ${shape.name}`);
      spinner.start();
      let r: AuditSampleResult;
      try {
        r = await auditSamples({
          generator,
          box: shape,
          samples,
          seed,
          workers,
          onProgress: (stage, done, total) => {
            spinner.text =
              stage === 'samples'
                ? `audit of ${generator} on ${shape.name}: ${grouped(done)}/${grouped(total)} grids`
                : `audit of ${generator} on ${shape.name}: ${stage === 'count' ? 'the exact count' : 'the grid index'}`;
          },
        });
        if (report) await writeAuditReport(report, r, sampleLines(r, shape, reach));
      } finally {
        spinner.stop();
      }
      if (opts.json) {
        processIo().stdout.write(toJson(sampleJson(r, shape, reach, opts.report ?? null)) + '\n');
        return;
      }
      const lines = sampleLines(r, shape, reach);
      if (opts.report) lines.push(['report', opts.report]);
      processIo().stdout.write(
        `audit of ${r.generator} on ${r.box}: ${grouped(r.samples)} grids, seed ${r.seed}, ${r.workers} ` +
          `worker${r.workers > 1 ? 's' : ''}\n${table(lines)}`,
      );
    });
}

function reachOnly(generator: GeneratorName, shape: BoxShape, reach: TemplateReach, json: boolean): void {
  if (json) {
    processIo().stdout.write(
      toJson({
        generator,
        box: shape.name,
        total: null,
        reach,
        blogClaims: claimsJson(shape, reach.blocks, null),
      }) + '\n',
    );
    return;
  }
  processIo().stdout.write(`${generator} on ${shape.name}: exact reach (orbit–stabiliser)\n`);
  processIo().stdout.write(table(reachLines(generator, shape, reach, null)));
}

async function exactAudit(generator: GeneratorName, shape: BoxShape, json: boolean): Promise<void> {
  const spinner = await progressSpinner(`exact distribution of ${generator} on ${shape.name}`);
  spinner.start();
  let law: ExactLaw;
  const t0 = performance.now();
  try {
    const total = (await countGrids({ box: shape })).total;
    law = exactDistribution(generator, shape, total);
  } finally {
    spinner.stop();
  }
  const seconds = (performance.now() - t0) / 1000;
  const reach =
    generator === 'template' || generator === 'template-blocks'
      ? templateReach(shape, generator === 'template-blocks')
      : null;
  processIo().stdout.write(
    json
      ? toJson(exactLawJson(generator, shape, law, reach, seconds)) + '\n'
      : exactLawText(generator, shape, law, reach, seconds),
  );
}

/** `audit --file`: the grids of files (and stdin), judged against a uniform source (src/audit/auditGrids.ts). */
async function fileAudit(files: readonly string[], opts: AuditCliOptions): Promise<void> {
  const report =
    opts.report !== undefined
      ? prepareOutput(opts.report, { ...AUDIT_REPORT_OUTPUT, force: opts.force === true })
      : null;
  const sources = files.map((f) => (f === '-' ? 'stdin' : f)).join(', ');
  const input = await openGridFiles(files, { box: opts.box, skipInvalid: opts.skipInvalid === true });
  const shape = input.shape;
  const spinner = await progressSpinner(`audit of ${sources}: ${shape.name}, the exact side`);
  spinner.start();
  let r: GridAuditResult;
  try {
    r = await auditGrids(input.grids, {
      box: shape,
      trusted: true,
      onProgress: (k) => (spinner.text = `audit of ${sources}: ${grouped(k)} grids`),
    });
  } finally {
    spinner.stop();
  }
  const lines = fileAuditLines(r, input.skipped);
  if (report) await writeGridAuditReport(report, r, sources, lines);
  if (opts.json) {
    processIo().stdout.write(
      toJson({ files: sources, ...r, skipped: input.skipped, report: opts.report ?? null }) + '\n',
    );
    return;
  }
  if (opts.report) lines.splice(lines.length - 1, 0, ['report', opts.report]);
  processIo().stdout.write(
    `audit of ${grouped(r.grids)} ${r.box} grids from ${sources}` +
      (input.skipped.count > 0
        ? ` (${grouped(input.skipped.count)} invalid line${input.skipped.count > 1 ? 's' : ''} skipped)`
        : '') +
      `\n${table(lines)}`,
  );
}
