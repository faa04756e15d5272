import { SHAPE_3X3, type BoxShape } from '../grid/shape.js';
import { rulesProblem, shapeProblem } from '../grid/support.js';
import { MAX_VARIANT_COUNT_SIDE } from '../variants/variantCountSupport.js';
import type { Rules } from '../grid/rules.js';
import { toJson } from '../io/json.js';
import { prepareOutput } from '../io/outputFile.js';
import { VARIANT_CLASSES_OUTPUT, variantClassesToJson } from '../io/variantClassesJson.js';
import type { VariantCount, VariantPoolOptions } from '../variants/countVariantGrids.js';
import { variantCountSum } from '../classSum/variantCountSum.js';
import { antiKingEdgeFits } from '../variants/countAntiKingEdge.js';
import {
  middleBandUnits,
  variantUnitsOf,
  variantTableOf,
  type VariantTable,
  type VariantUnits,
} from '../variants/variantTable.js';
import type { VariantTableCheck, VariantTableCheckOptions } from '../shards/checkVariantTable.js';
import { SEAL_KEY_VARIABLE } from '../io/seal.js';
import { readVariantTable, VARIANT_TABLE_OUTPUT, variantTableBytes } from '../io/variantTableFile.js';
import { defaultThreads } from '../parallel/threads.js';
import { essentiallyDifferentVariantOf, type VariantEssential } from '../variants/essentiallyDifferentVariant.js';
import { variantBurnside, type VariantIdentityTerm } from '../variants/variantBurnside.js';
import { parseRules } from '../grid/rules.js';
import { readJigsaw } from '../io/readJigsaw.js';
import { CommandFailed } from './commandFailed.js';
import type { RecountRequest } from '../shards/recountUnits.js';
import { cliRules, flagsGiven, grouped, InputError, progressSpinner } from './common.js';
import { heldRun, oneCheckpoint, runCount } from './countRun.js';
import { variantCountText } from '../reports/variantCountText.js';
import { variantGroupDoc, variantGroupText } from '../reports/variantGroupText.js';
import { variantBurnsideText, variantEssentialText } from '../reports/burnsideText.js';
import { processIo } from '../io/processIo.js';

/** --box for a command that also takes --variant (in common.ts, which a plain run loads without this module). */
export { boxOrVariantBoxOption } from './common.js';

/** Options a variant run does not take, by flag name: one line naming them. */
export function refuseWithVariant(command: string, given: Record<string, unknown>): void {
  const used = flagsGiven(given);
  if (used.length > 0)
    throw new InputError(
      `${command} --variant takes --box, --json, --workers (and for count and classes --checkpoint, --resume; for ` +
        `classes --out, --force, --format) only, not ` +
        used.join(', '),
    );
}

/** The rules of a variant run, checked for the variant count. */
export function variantRunRules(
  given: BoxShape | undefined,
  variant: string,
  command?: 'essentially-different' | 'shards',
): Rules {
  const box = given ?? SHAPE_3X3;
  const problem = shapeProblem('variant-count', box);
  if (problem) throw new InputError(`box shape ${box.name}: ${problem}`);
  return cliRules('variant-count', box, variant, command);
}

export interface VariantRunOptions {
  readonly workers?: number | undefined;
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
}

/**
 * count --variant: the stages as text or one JSON object; status 1 when the routes differ. The n_C run on the
 * worker pool (--workers), with a checkpoint (--checkpoint FILE, --resume FILE) and Ctrl-C (the checkpoint is saved,
 * status 130). The exhaustive route runs where it takes under a second (n ≤ 6); on 9×9 it is the benchmark's.
 */
export async function runVariantCount(rules: Rules, json: boolean, opts: VariantRunOptions = {}): Promise<void> {
  const r = await pooledVariantCount(rules, opts, rules.n <= MAX_VARIANT_COUNT_SIDE ? 'row1' : 'none');
  processIo().stdout.write((json ? toJson(r) : variantCountText(r)) + '\n');
  if (r.exhaustive !== undefined && r.exhaustive !== r.total)
    throw new CommandFailed(
      1,
      `${r.rules}: the fast route gives ${r.total}, the exhaustive route ${r.exhaustive}: they must agree`,
    );
}

/** The count of `rules`, run by src/cli/countRun.ts (src/classSum/variantCountSum.ts), a spinner on stderr. */
async function pooledVariantCount(
  rules: Rules,
  opts: VariantRunOptions,
  exhaustive: 'row1' | 'none',
  onClassList?: VariantPoolOptions['onClassList'],
): Promise<VariantCount> {
  oneCheckpoint(opts);
  if (opts.resume !== undefined) {
    const held = heldRun(opts.resume, 'variant').box;
    if (held !== rules.name) throw new InputError(`checkpoint ${opts.resume} is for ${held}, not ${rules.name}`);
  }
  const spinner = await progressSpinner(`${rules.name}: top-block classes`);
  spinner.start();
  const sum = variantCountSum(rules, {
    exhaustive,
    ...(onClassList ? { onClassList } : {}),
    onProgress: (stage, done, total) => {
      spinner.text =
        stage === 'completions'
          ? `${rules.name}: n_C of ${grouped(done)}/${grouped(total)} classes`
          : stage === 'table'
            ? `${rules.name}: edge table, share ${done}/${total}`
            : stage === 'classes'
              ? `${rules.name}: classes`
              : `${rules.name}: exhaustive route${done > 0 ? `, ${grouped(done)} nodes` : ''}`;
    },
  });
  try {
    const workers = opts.workers ?? (rules.n >= 8 ? defaultThreads() : 1);
    const run = await runCount(sum, { workers, checkpoint: opts.checkpoint, resume: opts.resume });
    return (run.report as { readonly count: VariantCount }).count;
  } finally {
    spinner.stop();
  }
}

/**
 * classes --variant: the class table as JSON (every class's block, m_C, n_C), on stdout or to --out; or with
 * `format` 'table' the compact table (src/io/variantTableFile.ts), to --out only.
 */
export async function runVariantClasses(
  rules: Rules,
  outPath: string | undefined,
  force: boolean,
  opts: VariantRunOptions & { readonly format?: 'json' | 'table' | undefined } = {},
): Promise<void> {
  const table = opts.format === 'table';
  const middleBands = rules.n === 9 && antiKingEdgeFits(rules);
  if (middleBands && !table)
    throw new InputError(
      `classes --variant: ${rules.name} is counted by middle bands (the edge-table route), not by top-block ` +
        'classes; --format table writes its middle-band classes and their n(B), as count --variant anti-king ' +
        '--json lists them',
    );
  if (table && outPath === undefined)
    throw new InputError('classes --format table writes a binary file: give --out FILE');
  const out =
    outPath !== undefined
      ? prepareOutput(outPath, { ...(table ? VARIANT_TABLE_OUTPUT : VARIANT_CLASSES_OUTPUT), force })
      : null;
  let units: VariantUnits | null = null;
  const r = await pooledVariantCount(rules, opts, 'none', (top, house) => {
    units = variantUnitsOf(rules, top, house);
  });
  if (table && out) {
    if (units === null && middleBands) units = middleBandUnits(rules);
    if (units === null) throw new Error('internal: no class list');
    const t = variantTableOf(rules, r, units);
    out.write(variantTableBytes(t));
    processIo().stderr.write(
      `wrote the ${grouped(t.count)} ${t.units} of ${r.rules} (${t.route} route, digest ${t.digest}; ` +
        `N = ${grouped(r.total)}) to ${outPath}\n`,
    );
    return;
  }
  const text = variantClassesToJson(r);
  if (out) {
    out.write(text);
    processIo().stderr.write(
      `wrote the ${r.classes} top-block classes of ${r.rules} (N = ${grouped(r.total)}) to ${outPath}\n`,
    );
  } else processIo().stdout.write(text);
}

/**
 * classes --verify FILE [--recount K [--seed S]]: read a compact table (tag, body SHA-256, sums, the keyed seal when
 * SUDOKU_COUNT_SEAL_KEY is set) and check it (src/shards/checkVariantTable.ts, as asked: the shipped table of its
 * rules compared value by value where there is one, its units listed again, every unit counted again where the whole
 * count is cheap, else K drawn at random). One line on stdout. Every failure is an InputError: one line, status 2.
 */
export async function runVariantTableCheck(path: string, request: RecountRequest = {}): Promise<void> {
  const t0 = performance.now();
  const table = readVariantTable(path);
  const check = await checkedTable(table, path, { need: 'as-asked', request });
  const { variantTableCheckText } = await import('../reports/variantTableText.js');
  processIo().stdout.write(variantTableCheckText(path, table, check, (performance.now() - t0) / 1000));
}

/** checkVariantTable with a spinner on stderr while units are listed and counted again. */
async function checkedTable(
  table: VariantTable,
  path: string,
  options: VariantTableCheckOptions,
): Promise<VariantTableCheck> {
  const { checkVariantTable } = await import('../shards/checkVariantTable.js');
  const spinner = await progressSpinner(`${table.rules}: checking the table`);
  spinner.start();
  return checkVariantTable(table, path, {
    ...options,
    onUnitDone: (done, total) => (spinner.text = `${table.rules}: counting units again: ${done}/${total}`),
  }).finally(() => spinner.stop());
}

export interface VariantEssentialOptions {
  readonly workers?: number | undefined;
  /** A compact table of the same rules (classes --variant V --format table): N/n! from it, every value confirmed. */
  readonly identityFrom?: string | undefined;
  /** N/n! as a number, taken as given. */
  readonly identityTerm?: bigint | undefined;
  /** The count this command runs itself (9×9, no identity's term given): its checkpoint, as count --variant's. */
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
}

/**
 * essentially-different --variant: Burnside over the conjugacy classes of G_V (src/variants/variantBurnside.ts);
 * on n ≤ 6 also the direct route (every grid listed, Burnside element by element and the orbits by union-find),
 * status 1 when they differ. The identity's term N/n! is counted (n ≤ 6: a moment; 9×9: count --variant's fast
 * route, within its declared cost) or read from --identity-from FILE, or given by --identity-term N.
 */
export async function runVariantEssential(
  rules: Rules,
  json: boolean,
  opts: VariantEssentialOptions = {},
): Promise<void> {
  const small = rules.n <= MAX_VARIANT_COUNT_SIDE;
  if (opts.identityFrom !== undefined && opts.identityTerm !== undefined)
    throw new InputError("--identity-from and --identity-term both give the identity's term: give one of them");
  if (small && (opts.identityFrom !== undefined || opts.identityTerm !== undefined))
    throw new InputError(
      `--identity-from and --identity-term are for 9x9: for n ≤ ${MAX_VARIANT_COUNT_SIDE} every grid is listed here`,
    );
  if (rules.variants.includes('jigsaw')) {
    const d = essentiallyDifferentVariantOf(rules);
    processIo().stdout.write((json ? toJson(d) : variantEssentialText(d)) + '\n');
    if (d.burnside !== BigInt(d.direct))
      throw new CommandFailed(1, `${d.rules}: Burnside gives ${d.burnside} orbits, the direct route ${d.direct}`);
    return;
  }
  const counts = !small && opts.identityFrom === undefined && opts.identityTerm === undefined;
  if (!counts && (opts.checkpoint !== undefined || opts.resume !== undefined))
    throw new InputError(
      '--checkpoint and --resume keep the count this command runs itself (9x9, no --identity-from or ' +
        `--identity-term)${small ? `; for n ≤ ${MAX_VARIANT_COUNT_SIDE} every grid is listed here, in a moment` : ''}`,
    );
  const workers = opts.workers ?? (small ? 1 : defaultThreads());
  let identity: VariantIdentityTerm;
  let identityCheck: VariantTableCheck | undefined; // --identity-from: how its values were confirmed
  let direct: VariantEssential | undefined;
  if (small) {
    direct = essentiallyDifferentVariantOf(rules);
    identity = {
      value: BigInt(direct.grids),
      source: 'every grid with row 1 = 1..n listed (exact cover)',
      seconds: direct.seconds,
    };
  } else if (opts.identityFrom !== undefined) {
    const { identityFromTable } = await import('../shards/identityFromTable.js');
    const from = opts.identityFrom;
    const spinner = await progressSpinner(`${rules.name}: checking the table`);
    spinner.start();
    ({ identity, check: identityCheck } = await identityFromTable(rules, from, (done, total) => {
      spinner.text = `${rules.name}: counting units again: ${done}/${total}`;
    }).finally(() => spinner.stop()));
  } else if (opts.identityTerm !== undefined) {
    identity = { value: opts.identityTerm, source: 'given (--identity-term)' };
  } else {
    const problem = rulesProblem('variant-count', rules);
    if (problem)
      throw new InputError(
        `rules ${rules.name}: the identity's term N/9! is the count's, and ${problem}; ` +
          `give it with --identity-from FILE (a table under the keyed seal, ${SEAL_KEY_VARIABLE}) or --identity-term N`,
      );
    const t0 = performance.now();
    const r = await pooledVariantCount(rules, { workers, checkpoint: opts.checkpoint, resume: opts.resume }, 'none');
    identity = {
      value: r.totalWithFixedRow,
      source: 'count --variant, this run',
      seconds: (performance.now() - t0) / 1000,
    };
  }
  const spinner = await progressSpinner(`${rules.name}: the classes of G_V`);
  spinner.start();
  const r = await variantBurnside(rules, identity, {
    workers,
    onProgress: (done, total) => (spinner.text = `${rules.name}: fixed grids ${done}/${total}`),
  }).finally(() => spinner.stop());
  const { values, shipped, recount } = identityCheck ?? {};
  const check = identityCheck ? { identityCheck: { values, shipped, recount } } : {};
  const doc = { ...r, ...(direct ? { direct } : {}), ...check };
  processIo().stdout.write((json ? toJson(doc) : variantBurnsideText(r, direct)) + '\n');
  if (direct && (direct.burnside !== r.total || BigInt(direct.direct) !== r.total))
    throw new CommandFailed(
      1,
      `${r.rules}: Burnside over the classes gives ${r.total}, element by element ${direct.burnside}, ` +
        `the direct route ${direct.direct}: they must agree`,
    );
}

/** Largest n for which `--group` lists G (its line groups have at most 65,535 elements each). */
export const MAX_GROUP_SIDE = 9;

/**
 * essentially-different --variant V --group: the variant's own symmetry group G_V (any shape up to n = 9, 9×9
 * included): its order, the order with relabelling, and its generators in words. No grid is counted.
 */
export function runVariantGroup(box: BoxShape | undefined, variant: string, json: boolean): void {
  const shape = box ?? SHAPE_3X3;
  if (shape.n > MAX_GROUP_SIDE)
    throw new InputError(`--group: box shape ${shape.name}: the group is listed for n ≤ ${MAX_GROUP_SIDE}`);
  const rules = parseRules(shape, variant, readJigsaw);
  const { doc, transposable } = variantGroupDoc(rules);
  processIo().stdout.write(json ? toJson(doc) + '\n' : variantGroupText(rules, doc, transposable));
}
