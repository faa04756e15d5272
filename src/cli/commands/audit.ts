import { randomInt } from 'node:crypto';
import { InvalidArgumentError, type Command } from 'commander';
import { auditGrids, type GridAuditResult, type ReachEstimate } from '../../audit/auditGrids.js';
import { auditSamples, MAX_AUDIT_SAMPLES, type AuditSampleResult } from '../../audit/auditSamples.js';
import { exactDistribution, type ExactLaw } from '../../audit/exactDistribution.js';
import { GENERATOR_NAMES, isGeneratorName, type GeneratorName } from '../../audit/gridGenerator.js';
import { judgeBlogClaims, templateReach, type ClaimVerdict, type TemplateReach } from '../../audit/templateReach.js';
import { countGrids, defaultWorkers } from '../../count/countGrids.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { requireShape, shapeProblem } from '../../grid/support.js';
import { AUDIT_REPORT_OUTPUT, writeAuditReport, writeGridAuditReport } from '../../io/auditReport.js';
import { toJson } from '../../io/json.js';
import { openGridFiles } from '../../io/openGridFiles.js';
import { prepareOutput } from '../../io/outputFile.js';
import { MAX_SEED } from '../../random/streamStates.js';
import {
  boxOption,
  grouped,
  integerOption,
  pathOption,
  progressSpinner,
  seedOption,
  workersOption,
} from '../common.js';

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
    .option(
      '--file <path>',
      "judge the grids of a file, one full grid a line ('-' for stdin); may be repeated",
      (v: string, prev: string[] = []) => [...prev, v],
    )
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
      if (opts.seed === undefined) process.stderr.write(`sudoku-count: audit: seed ${seed}\n`);
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
        process.stdout.write(toJson(sampleJson(r, shape, reach, opts.report ?? null)) + '\n');
        return;
      }
      const lines = sampleLines(r, shape, reach);
      if (opts.report) lines.push(['report', opts.report]);
      process.stdout.write(
        `audit of ${r.generator} on ${r.box}: ${grouped(r.samples)} grids, seed ${r.seed}, ${r.workers} ` +
          `worker${r.workers > 1 ? 's' : ''}\n${table(lines)}`,
      );
    });
}

const num = (x: number | null, digits = 4) =>
  x === null || !Number.isFinite(x)
    ? x === Infinity
      ? '∞'
      : 'n/a'
    : Math.abs(x) >= 1e6 || (Math.abs(x) < 1e-3 && x !== 0)
      ? x.toExponential(digits - 1).replace('e+', 'e')
      : String(Number(x.toPrecision(digits)));

/** A p-value; 0 means below what the function resolves (1 − CDF: ~1e-16; the chi-square tail: ~1e-308). */
const pv = (p: number) => (p === 0 ? 'p ≈ 0' : `p = ${num(p, 3)}`);

function table(rows: readonly (readonly [string, string])[]): string {
  const w = Math.max(...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `  ${a.padEnd(w)}  ${b}`).join('\n') + '\n';
}

function verdict(p: number): string {
  return p < 0.01 ? 'NOT UNIFORM (p < 0.01)' : 'consistent with uniform (p ≥ 0.01)';
}

function reachLines(generator: GeneratorName, shape: BoxShape, reach: TemplateReach, total: bigint | null) {
  const { rows: R, cols: C, n } = shape;
  const group =
    `columns in stacks (${C}!)^${R}, rows in bands (${R}!)^${C}, digits ${n}!` +
    (reach.blocks ? `, stacks ${R}!, bands ${C}!` : '');
  const rows: Array<[string, string]> = [
    ['transformations', `|G| = ${grouped(reach.transformations)} (${group}), each drawn with probability 1/|G|`],
    [
      'stabiliser',
      `${reach.stabiliser} of them leave the template as it is, so each grid reached comes from ${reach.stabiliser}`,
    ],
    [
      'orbit',
      `|G|/|Stab| = ${grouped(reach.grids)} distinct grids` +
        (total !== null
          ? ` of N = ${grouped(total)} (${num(Number(reach.grids) / Number(total), 4)} of all grids)`
          : ` (N is not known for ${shape.name})`),
    ],
  ];
  for (const v of judgeBlogClaims(shape, generator === 'template-blocks', total))
    rows.push([v.correct ? "blog's claim: right" : "blog's claim: WRONG", `"${v.claim.text}": ${v.verdict}`]);
  return rows;
}

function claimsJson(shape: BoxShape, blocks: boolean, total: bigint | null) {
  return judgeBlogClaims(shape, blocks, total).map((v: ClaimVerdict) => ({
    claim: v.claim.text,
    correct: v.correct,
    verdict: v.verdict,
  }));
}

function reachOnly(generator: GeneratorName, shape: BoxShape, reach: TemplateReach, json: boolean): void {
  if (json) {
    process.stdout.write(
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
  process.stdout.write(`${generator} on ${shape.name}: exact reach (orbit–stabiliser)\n`);
  process.stdout.write(table(reachLines(generator, shape, reach, null)));
}

function sampleLines(r: AuditSampleResult, shape: BoxShape, reach: TemplateReach | null): Array<[string, string]> {
  const t = r.classTest;
  const rows: Array<[string, string]> = [['exact N', grouped(r.total)]];
  if (reach) rows.push(...reachLines(r.generator, shape, reach, r.total));
  rows.push([
    'class test',
    `X² = ${num(t.statistic, 5)} on ${t.df} df (${t.bins} bins of the ${r.classes.length} top-band classes), ` +
      `${pv(t.pValue)}; G = ${num(t.g, 5)}, ${pv(t.gPValue)}: ${verdict(t.pValue)}`,
  ]);
  const law = r.bandLaw;
  if (law) {
    const o = law.ownTest;
    rows.push([
      "generator's law",
      `the top band's exact class law under this generator (Π 1/V over the band, ${law.seconds.toFixed(2)} s): ` +
        `the sample against it X² = ${num(o.statistic, 5)} on ${o.df} df, ${pv(o.pValue)} ` +
        `(${o.pValue < 0.01 ? 'REJECTED: the derivation or the generator is wrong' : 'consistent'})`,
    ]);
    rows.push([
      'power',
      `X² against uniform grows by ${num(law.lambdaPerGrid, 4)} per grid: power ${num(100 * law.power, 3)} % at ` +
        `this K (α = 0.01); 50 % from K ≈ ${law.k50 === null ? 'n/a' : grouped(law.k50)}, 90 % from K ≈ ` +
        `${law.k90 === null ? 'n/a' : grouped(law.k90)}`,
    ]);
  }
  if (r.indexTest) {
    const x = r.indexTest;
    rows.push([
      'index test',
      `standard form's number/(N/n!): KS D = ${num(x.ks.statistic, 3)}, ${pv(x.ks.pValue)}; X² over ` +
        `${x.bins.bins} equal bins = ${num(x.bins.statistic, 4)} on ${x.bins.df} df, ${pv(x.bins.pValue)}`,
    ]);
  }
  const p = r.probabilities;
  if (p) {
    const q = p.np;
    rows.push([
      'N·P(grid)',
      `min ${num(q.min, 3)}, 1 % ${num(q.q01, 3)}, 10 % ${num(q.q10, 3)}, median ${num(q.median, 3)}, 90 % ` +
        `${num(q.q90, 3)}, 99 % ${num(q.q99, 3)}, max ${num(q.max, 3)} (uniform: every grid 1)`,
    ]);
    rows.push([
      '',
      `mean ${num(p.meanNP, 4)} (N·Σ P² in expectation, 1 only for a uniform generator); ` +
        `${(100 * p.aboveUniform).toFixed(1)} % of the grids are more likely than 1/N`,
    ]);
    const inv = p.inverse;
    rows.push([
      'E[1/P] = N',
      `mean of 1/P(grid) = ${num(inv.mean, 5)} ± ${num(inv.stderr, 3)} (mean/N = ${num(inv.ratio, 5)}, z = ` +
        `${num(inv.z, 3)}): the generator is an importance sampler of N (relative error ${num(100 * inv.relErr, 3)} %)`,
    ]);
    const rw = p.reweighted;
    const u = p.unweightedSameBins;
    rows.push([
      'reweighted',
      rw === null
        ? 'weights constant: nothing to reweight'
        : `class test with weights 1/(N·P): W = ${num(rw.statistic, 4)} on ${rw.df} df (${rw.bins} bins), ` +
          `${pv(rw.pValue)}: ${verdict(rw.pValue)} (unweighted on the same bins: ${pv(u.pValue)})`,
    ]);
  }
  if (r.nodes)
    rows.push([
      'search',
      `${num(r.nodes.mean, 4)} nodes per grid on average (largest ${grouped(r.nodes.max)})` +
        (p ? `; ${grouped(p.checks)} completion checks for the probabilities` : ''),
    ]);
  rows.push([
    'time',
    `set-up ${r.seconds.setup.toFixed(2)} s, sampling ${r.seconds.sampling.toFixed(2)} s, total ` +
      `${r.seconds.total.toFixed(2)} s`,
  ]);
  rows.push([
    'reproduce',
    `sudoku-count audit --generator ${r.generator} --box ${r.box} --samples ${r.samples} --seed ${r.seed}`,
  ]);
  return rows;
}

function sampleJson(r: AuditSampleResult, shape: BoxShape, reach: TemplateReach | null, report: string | null): object {
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const p = r.probabilities;
  return {
    ...r,
    probabilities: p
      ? {
          ...p,
          reweighted: p.reweighted
            ? {
                bins: p.reweighted.bins,
                df: p.reweighted.df,
                statistic: finite(p.reweighted.statistic),
                pValue: p.reweighted.pValue,
              }
            : null,
        }
      : null,
    reach,
    blogClaims: reach ? claimsJson(shape, reach.blocks, r.total) : null,
    report,
  };
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
  if (json) {
    process.stdout.write(
      toJson({
        generator,
        box: shape.name,
        total: law.total,
        technique: law.technique,
        reached: law.reached,
        levels: law.levels.map((l) => ({
          probability: l.probability.toJSONValue(),
          grids: l.grids,
          np: l.probability.toNumber() * Number(law.total),
        })),
        smallest: law.smallest.toJSONValue(),
        largest: law.largest.toJSONValue(),
        ratio: law.ratio.toJSONValue(),
        totalVariation: law.totalVariation.toJSONValue(),
        totalVariationApprox: law.totalVariation.toNumber(),
        uniform: law.uniform,
        nodes: law.nodes,
        reach,
        blogClaims: reach ? claimsJson(shape, reach.blocks, law.total) : null,
        seconds,
      }) + '\n',
    );
    return;
  }
  const N = law.total;
  const np = (x: ExactLaw['smallest']) => num(x.toNumber() * Number(N), 4);
  const how =
    law.technique === 'search tree'
      ? `the search tree walked whole, ${grouped(law.nodes)} nodes`
      : law.technique === 'orbit'
        ? 'orbit–stabiliser'
        : 'a uniform number below N through a bijection';
  const rows: Array<[string, string]> = [
    [
      'grids reached',
      `${grouped(law.reached)} of N = ${grouped(N)}` +
        (law.reached === N ? ' (all)' : ` (${num(Number(law.reached) / Number(N), 4)} of them)`),
    ],
  ];
  const shown = law.levels
    .slice(0, 12)
    .map((l) => `${grouped(l.grids)} grids × ${l.probability} (N·P = ${np(l.probability)})`);
  rows.push([
    'probabilities',
    `${law.levels.length} distinct value${law.levels.length > 1 ? 's' : ''}` +
      (law.levels.length > 12 ? ' (the 12 smallest)' : ''),
  ]);
  for (const s of shown) rows.push(['', s]);
  rows.push(['smallest', `${law.smallest} (N·P = ${np(law.smallest)})`]);
  rows.push(['largest', `${law.largest} (N·P = ${np(law.largest)})`]);
  rows.push(['ratio', `${law.ratio}${law.ratio.isInteger() ? '' : ` ≈ ${num(law.ratio.toNumber(), 5)}`}`]);
  rows.push([
    'total variation',
    `${law.totalVariation}${law.totalVariation.p === 0n ? '' : ` ≈ ${num(law.totalVariation.toNumber(), 5)}`} ` +
      '(½ Σ |P(g) − 1/N| over all grids)',
  ]);
  rows.push(['uniform', law.uniform ? 'yes' : 'no']);
  if (reach) rows.push(...reachLines(generator, shape, reach, N));
  rows.push(['time', `${seconds.toFixed(2)} s (with the count of N)`]);
  process.stdout.write(`exact output distribution of ${generator} on ${shape.name} (${how})\n${table(rows)}`);
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
    process.stdout.write(toJson({ files: sources, ...r, skipped: input.skipped, report: opts.report ?? null }) + '\n');
    return;
  }
  if (opts.report) lines.splice(lines.length - 1, 0, ['report', opts.report]);
  process.stdout.write(
    `audit of ${grouped(r.grids)} ${r.box} grids from ${sources}` +
      (input.skipped.count > 0
        ? ` (${grouped(input.skipped.count)} invalid line${input.skipped.count > 1 ? 's' : ''} skipped)`
        : '') +
      `\n${table(lines)}`,
  );
}

function fileAuditLines(r: GridAuditResult, skipped: { count: number; first: string | null }): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  rows.push(['exact N', r.total !== null ? grouped(r.total) : `not counted for ${r.box}`]);
  if (skipped.count > 0)
    rows.push([
      'skipped',
      `${grouped(skipped.count)} invalid line${skipped.count > 1 ? 's' : ''}; the first: ${skipped.first}`,
    ]);
  for (const t of r.tests) {
    const stat =
      t.id === 'repeats'
        ? `${grouped(t.statistic)} pairs of equal grids`
        : t.df !== null
          ? `${t.id === 'bands-stacks' ? 'W' : 'X²'} = ${num(t.statistic, 5)} on ${t.df} df`
          : `D = ${num(t.statistic, 3)}`;
    const power =
      t.k50 !== null || t.k90 !== null
        ? `; ${t.departure}: detected half the time from K ≈ ${t.k50 === null ? 'n/a' : grouped(t.k50)}, 90 % from ` +
          `K ≈ ${t.k90 === null ? 'n/a' : grouped(t.k90)}`
        : `; ${t.departure}`;
    rows.push([t.id, `${t.name}: ${stat}, ${pv(t.pValue)}: ${t.rejects ? 'REJECTS' : 'passes'}${power}`]);
  }
  const g = r.repeats.grids;
  rows.push([
    'reach',
    reachText(g, 'grids') + (r.repeats.expectedPairs !== null ? ` (a uniform source: N = ${grouped(r.total!)})` : ''),
  ]);
  const c = r.repeats.classes;
  if (c) rows.push(['up to symmetry', reachText(c, 'classes')]);
  rows.push([
    'time',
    `set-up ${r.seconds.setup.toFixed(2)} s, grids ${r.seconds.grids.toFixed(2)} s, ` +
      `total ${r.seconds.total.toFixed(2)} s`,
  ]);
  rows.push(['verdict', r.verdict]);
  return rows;
}

/** A reach: whole below a million, three significant digits above. */
const reachNumber = (x: number) => (x >= 1e6 ? num(x, 3) : grouped(Math.round(x)));

function reachText(e: ReachEstimate, what: string): string {
  const dup =
    (e.fraction < 1 ? `of the 1/${Math.round(1 / e.fraction)} kept by hash (bounded memory), ` : '') +
    `${grouped(e.distinct)} distinct of ${grouped(e.seen)}, ${grouped(e.repeated)} repeated ` +
    `(${grouped(e.pairs)} equal pairs)`;
  return e.estimate === null
    ? `${dup}: the source reaches at least ${reachNumber(e.low)} ${what} (95 %)`
    : `${dup}: about ${reachNumber(e.estimate)} ${what} reached, 95 % interval ${reachNumber(e.low)} to ` +
        `${reachNumber(e.high!)} ` +
        '(as if uniform on them)';
}
