import { SHAPE_3X3, type BoxShape } from '../grid/shape.js';
import { shapeProblem } from '../grid/support.js';
import { MAX_VARIANT_COUNT_SIDE } from '../variants/variantCountSupport.js';
import type { Rules } from '../grid/rules.js';
import { toJson } from '../io/json.js';
import { prepareOutput } from '../io/outputFile.js';
import { VARIANT_CLASSES_OUTPUT, variantClassesToJson } from '../io/variantClassesJson.js';
import type { VariantCount, VariantPoolOptions } from '../variants/countVariantGrids.js';
import { variantCountSum } from '../classSum/variantCountSum.js';
import {
  countedVariantTable,
  topBlockClassesProblem,
  variantUnitsOf,
  type VariantTable,
  type VariantUnits,
} from '../variants/variantTable.js';
import type { VariantTableCheck, VariantTableCheckOptions } from '../shards/checkVariantTable.js';
import { readVariantTable, VARIANT_TABLE_OUTPUT, variantTableBytes } from '../io/variantTableFile.js';
import { defaultThreads } from '../parallel/threads.js';
import { variantEssentialCount, type VariantEssentialCountOptions } from '../shards/variantEssentialCount.js';
import { parseRules } from '../grid/rules.js';
import { readJigsaw } from '../io/readJigsaw.js';
import { CommandFailed } from './commandFailed.js';
import type { RecountRequest } from '../shards/recountUnits.js';
import { cliRules, flagsGiven, grouped, InputError, progressSpinner, stageSpinner } from './common.js';
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
  const problem = table ? null : topBlockClassesProblem(rules);
  if (problem !== null) throw new InputError(problem);
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
    const t = countedVariantTable(rules, r, units);
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

export type VariantEssentialOptions = Pick<
  VariantEssentialCountOptions,
  'workers' | 'identityFrom' | 'identityTerm' | 'checkpoint' | 'resume'
>;

/**
 * essentially-different --variant: Burnside over the conjugacy classes of G_V, and on n ≤ 6 the direct route beside
 * it (src/shards/variantEssentialCount.ts), status 1 when they differ. The identity's term N/n! is counted (n ≤ 6:
 * a moment; 9×9: count --variant's fast route, within its declared cost, with its checkpoint and spinner here) or
 * read from --identity-from FILE, or given by --identity-term N.
 */
export async function runVariantEssential(
  rules: Rules,
  json: boolean,
  opts: VariantEssentialOptions = {},
): Promise<void> {
  const { checkpoint, resume } = opts;
  const spinner = await stageSpinner();
  const c = await variantEssentialCount(rules, {
    ...opts,
    countIdentity: async (workers) =>
      (await pooledVariantCount(rules, { workers, checkpoint, resume }, 'none')).totalWithFixedRow,
    onProgress: ({ stage, phase, done, total }) => {
      if (phase === 'end') spinner.stop();
      else if (phase === 'start')
        spinner.text(`${rules.name}: ${stage === 'table' ? 'checking the table' : 'the classes of G_V'}`);
      else
        spinner.text(`${rules.name}: ${stage === 'table' ? 'counting units again:' : 'fixed grids'} ${done}/${total}`);
    },
  });
  const { burnside: r, direct, identityCheck } = c;
  if (r !== null) {
    const doc = { ...r, ...(direct ? { direct } : {}), ...(identityCheck ? { identityCheck } : {}) };
    processIo().stdout.write((json ? toJson(doc) : variantBurnsideText(r, direct)) + '\n');
  } else if (direct) processIo().stdout.write((json ? toJson(direct) : variantEssentialText(direct)) + '\n');
  if (c.disagreement !== null) throw new CommandFailed(1, c.disagreement);
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
