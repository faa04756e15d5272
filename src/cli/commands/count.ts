import { InvalidArgumentError, Option, type Command } from 'commander';
import type { ProgressEvent } from '../../count/countGrids.js';
import type { CounterName } from '../../count/dlxCompletions.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { countMethodShapes, requireShape, shapeProblem } from '../../grid/support.js';
import { affordableVariants9 } from '../../variants/variantCountSupport.js';
import { VARIANT_HELP } from '../../grid/rules.js';
import { LEVEL_NAMES, type LevelName } from '../../symmetry/levelNames.js';
import { MAX_SEED } from '../../random/maxSeed.js';
import type { ColumnSetRunOptions } from '../columnSetRun.js';
import { columnSetText } from '../../reports/columnSetText.js';
import { countProgressText, countText } from '../../reports/countText.js';
import { CommandFailed } from '../commandFailed.js';
import {
  boxOrVariantBoxOption,
  counterOption,
  flagsGiven,
  InputError,
  integerOption,
  memoryOption,
  pathOption,
  progressSpinner,
  seedOption,
  shardListOption,
  type SlurmMemoryOption,
  VARIANT_FLAG,
  workersOption,
} from '../common.js';
import { processIo } from '../../io/processIo.js';

/** toJson, loaded when a result is printed as JSON (json-bigint costs ~8 ms of a process; a shard never needs it). */
const toJson = async (value: unknown): Promise<string> => (await import('../../io/json.js')).toJson(value);

// The band method, the variant, DLX, column-set and shard runs are loaded when a run asks for them: a plain `count`
// (whose start-up is part of its time) loads the band method alone, a shard its own count's code alone.
const variantRun = () => import('../variantRun.js');
const dlxRun = () => import('../dlxRun.js');
const columnSetRun = () => import('../columnSetRun.js');
const shardRun = () => import('../shardRun.js');

/** --box, or the shape a --resume file names (column-set runs), or 3x3. */
async function runShape(opts: ColumnSetRunOptions): Promise<BoxShape> {
  if (opts.checkpoint === undefined && opts.resume === undefined) return opts.box ?? SHAPE_3X3;
  return (await columnSetRun()).columnSetRunShape(opts, SHAPE_3X3);
}

export type CountMethod = 'bands' | 'column-sets';

export interface CountCliOptions {
  box?: BoxShape;
  method?: CountMethod;
  json?: boolean;
  workers?: number;
  checkpoint?: string;
  resume?: string;
  /** How the band method counts n_C: the column-set sum (default) or the DLX route. */
  counter?: CounterName;
  /** --variant: a variant total by the two routes of src/variants/ (n ≤ 6; 9×9 within a declared cost). */
  variant?: string;
}

/** The shard protocol's options (src/cli/shardRun.ts). */
export interface ShardCliOptions {
  plan?: string;
  shards?: number;
  shard?: number[];
  out?: string;
  merge?: string[];
  slurm?: boolean;
  throttle?: number;
  pack?: number;
  mem?: SlurmMemoryOption;
  recount?: number;
  seed?: number;
}

/** --level for the DLX route: which classes to count, by name. */
export function dlxLevelOption(value: string): LevelName {
  if ((LEVEL_NAMES as readonly string[]).includes(value)) return value as LevelName;
  throw new InvalidArgumentError(`expected one of ${LEVEL_NAMES.join(', ')}`);
}

/**
 * The method a run uses: --method; else column sets with a checkpoint, or where the band method does not apply.
 * `sharded`: the count is a plan's (count --plan --shards), which also takes the column-set shapes only shards afford.
 */
export function countMethod(shape: BoxShape, opts: CountCliOptions, sharded = false): CountMethod {
  const saving = opts.checkpoint !== undefined || opts.resume !== undefined;
  const method = opts.method ?? (!saving && shapeProblem('band-method', shape) === null ? 'bands' : 'column-sets');
  requireShape(method === 'bands' ? 'band-method' : sharded ? 'column-set-shards' : 'column-sets', shape);
  if (method === 'bands' && saving)
    throw new InputError(
      `--checkpoint and --resume are for the column-set method (R×2 and 2×R boxes); ${shape.name} is counted by ` +
        'the band method in seconds',
    );
  return method;
}

/** The options count and classes share for the column-set method. */
export function addColumnSetOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--method <name>',
        'bands (Felgenhauer–Jarvis) or column-sets (R×2 and 2×R boxes); default: bands where it applies',
      ).choices(['bands', 'column-sets']),
    )
    .option(
      '--checkpoint <FILE>',
      'column-set method, --counter dlx or --variant: keep the finished classes in FILE (a new file)',
      pathOption,
    )
    .option(
      '--resume <FILE>',
      'column-set method, --counter dlx or --variant: continue the run kept in FILE (and keep saving to it)',
      pathOption,
    );
}

/** --plan, --shards, --shard, --out, --merge, --slurm, --throttle. */
function addShardOptions(command: Command): Command {
  return command
    .option(
      '--plan <FILE>',
      'a sharded count: with --shards K, write the plan FILE; with --shard I (or SLURM_ARRAY_TASK_ID, ' +
        'JOB_COMPLETION_INDEX), count one shard of it; with --slurm, write an sbatch job-array script for it',
      pathOption,
    )
    .option('--shards <K>', '--plan: split the count into K shards balanced by estimated cost', integerOption(1))
    .option(
      '--shard <I>',
      '--plan: count shard I (0-based), or shards A-B or a list (0,3,5-9) one after another, and write each to --out',
      shardListOption,
    )
    .option(
      '--out <PATH>',
      "--shard: a folder for shard-I-of-K.json (one that is there, or a path ending in '/' or not in .json: made), " +
        'or the result file; --slurm: the script file',
      pathOption,
    )
    .option('--merge <RESULT...>', 'add up shard results (files, or folders of them) and print N as count does')
    .option(
      '--recount <K>',
      '--merge: count K units drawn at random again and refuse on any difference (where the whole count takes ' +
        'under a minute, N is counted whole again instead, always)',
      integerOption(1),
    )
    .option(`--seed <S>`, `--merge --recount: seed of the draw, 0..${MAX_SEED} (default: random, printed)`, seedOption)
    .option('--slurm', '--plan: write an sbatch job-array script (shards as an array, the merge as a dependent job)')
    .option('--throttle <T>', '--slurm: at most T shards at once (the array %T; default 32)', integerOption(1))
    .option(
      '--pack <K>',
      '--slurm: K shards a task, one after another (array task t counts shards t·K … t·K+K−1); a shard run with ' +
        "its index from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX: count that task's K shards",
      integerOption(1),
    )
    .option(
      '--mem <SIZE>',
      "--slurm: memory a task (4096M, 16G) instead of the plan's estimate (at least the count's memory a worker, " +
        'times --workers); SHARDS:SIZE (0-1:16G) for some shards, submitted as an array of their own; repeatable',
      memoryOption,
    );
}

/** The shard protocol's forms of count; false when the options name none of them. */
async function shardAction(opts: CountCliOptions & ShardCliOptions & { level?: LevelName }): Promise<boolean> {
  const { plan, shards, shard, out, merge, slurm, throttle, pack, mem, recount, seed } = opts;
  const used = flagsGiven;
  if (merge !== undefined) {
    const { method, variant, counter, checkpoint, resume, level } = opts;
    const given = { shards, shard, out, slurm, throttle, pack, mem, method, variant, counter, checkpoint, resume };
    const extra = used({ ...given, level });
    if (extra.length > 0)
      throw new InputError(
        `--merge takes shard results (and --plan, --box, --json, --recount, --seed, --workers), not ` +
          extra.join(', '),
      );
    if (seed !== undefined && recount === undefined)
      throw new InputError('--seed draws the units of --recount K: give --recount too');
    const m = await (
      await shardRun()
    ).mergeResults(merge, plan, {
      request: { units: recount, seed, workers: opts.workers },
      skipped: (line) => processIo().stderr.write(`sudoku-count: ${line}\n`),
      box: opts.box,
    });
    const { mergedDoc, mergedText } = await import('../../reports/mergedText.js');
    processIo().stdout.write(opts.json ? (await toJson(mergedDoc(m))) + '\n' : mergedText(m));
    return true;
  }
  if (recount !== undefined || seed !== undefined)
    throw new InputError('--recount and --seed are for --merge (and classes --verify): they check results read back');
  if (plan === undefined) {
    const extra = used({ shards, shard, out, slurm, throttle, pack, mem });
    if (extra.length > 0)
      throw new InputError(`${extra.join(', ')} ${extra.length > 1 ? 'need' : 'needs'} --plan FILE`);
    return false;
  }
  const extra = used({ counter: opts.counter, checkpoint: opts.checkpoint, resume: opts.resume, level: opts.level });
  if (extra.length > 0)
    throw new InputError(
      `--plan shards the band, column-set and variant counts; ${extra.join(', ')} ` +
        `${extra.length > 1 ? 'do' : 'does'} not apply (a shard keeps its own checkpoint)`,
    );
  if (shards !== undefined) {
    const extra2 = used({ shard, slurm, out, throttle, pack, mem });
    if (extra2.length > 0)
      throw new InputError(
        `--shards writes a plan; ${extra2.join(', ')} ${extra2.length > 1 ? 'come' : 'comes'} after, with the plan`,
      );
    let method: string, name: string;
    if (opts.variant !== undefined) {
      if (opts.method !== undefined)
        throw new InputError('--method is for the plain count; --variant counts by top blocks');
      [method, name] = ['variant', (await (await shardRun()).variantPlanRules(opts.box, opts.variant)).name];
    } else {
      const shape = await runShape(opts);
      [method, name] = [countMethod(shape, opts, true), shape.name];
    }
    const r = await (await shardRun()).writePlan(plan, method, name, shards);
    processIo().stdout.write(opts.json ? (await toJson(r.json)) + '\n' : r.text);
    return true;
  }
  const { readPlan, readShardPlans } = await import('../../io/shardFiles.js');
  const { checkPlanFits, runShards, shardIndices, variantPlanRules, writeSlurm } = await shardRun();
  const [fitsBox, fitsMethod] =
    opts.variant !== undefined
      ? [(await variantPlanRules(opts.box, opts.variant)).name, 'variant']
      : [opts.box?.name, opts.method];
  if (slurm) {
    const p = readPlan(plan);
    checkPlanFits(p, plan, fitsBox, fitsMethod);
    if (shard !== undefined)
      throw new InputError('--slurm writes a script for every shard; --shard counts shards here');
    processIo().stdout.write(
      await writeSlurm(plan, p, {
        ...(out !== undefined ? { out } : {}),
        ...(throttle !== undefined ? { throttle } : {}),
        ...(opts.workers !== undefined ? { cpus: opts.workers } : {}),
        ...(pack !== undefined ? { pack } : {}),
        ...(mem !== undefined ? { memory: mem } : {}),
      }),
    );
    return true;
  }
  // a shard reads only what it needs of the plan (its own units' payload): start-up is part of its cost
  const slices = readShardPlans(plan, (head) => {
    checkPlanFits(head, plan, fitsBox, fitsMethod);
    if (throttle !== undefined) throw new InputError('--throttle is for --slurm');
    if (mem !== undefined) throw new InputError('--mem is for --slurm (a shard takes what it needs)');
    return shardIndices(shard, pack, head, plan);
  });
  if (out === undefined)
    throw new InputError(
      `--plan ${plan} --shard ${slices.map((x) => x.shard).join(',')}: where to? Give --out FOLDER (or a file)`,
    );
  await runShards(plan, slices, out, opts.workers, (text) => processIo().stdout.write(text));
  return true;
}

export function registerCount(program: Command): void {
  const command = program
    .command('count')
    .description(
      'count all n×n Sudoku grids exactly, stage by stage (Felgenhauer–Jarvis band reduction; R×2 boxes by ' +
        'column sets)',
    )
    .option(
      '--box <RxC>',
      `box shape: R rows by C columns (${countMethodShapes()}; 6x2 and 2x6 as shards, with --plan; with ` +
        '--variant, n ≤ 6)',
      boxOrVariantBoxOption('sharded-count'),
    )
    .option(
      VARIANT_FLAG,
      `count the grids of a variant (n ≤ 6, and 9x9 within a declared cost: ${affordableVariants9()}; the ` +
        `dearer 9x9 ones as shards, with --plan; a fast route and an exhaustive one, which must agree on n ≤ 6): ` +
        VARIANT_HELP,
    )
    .option('--json', 'print one JSON object on stdout')
    .option('--workers <K>', 'threads (the result does not depend on it)', workersOption)
    .option(
      '--counter <name>',
      'band method: how n_C is counted, column-set-sum (default) or dlx (every middle band enumerated, the bottom ' +
        'band from F; checked class by class against the column-set sum)',
      counterOption,
    )
    .option(
      '--level <level>',
      `--counter dlx: count one representative per class of this level: ${LEVEL_NAMES.join(' | ')} (default ` +
        'symmetry)',
      dlxLevelOption,
    );
  addShardOptions(addColumnSetOptions(command)).action(
    async (opts: CountCliOptions & ShardCliOptions & { level?: LevelName }) => {
      if (opts.variant !== undefined && opts.plan !== undefined) {
        // a sharded variant count: the plan (--shards), or a shard or --slurm checked against the variant named
        await shardAction(opts);
        return;
      }
      if (opts.variant !== undefined) {
        const { box, json, workers, variant, checkpoint, resume, ...rest } = opts;
        const { refuseWithVariant, runVariantCount, variantRunRules } = await variantRun();
        refuseWithVariant('count', rest);
        await runVariantCount(variantRunRules(box, variant), json === true, { workers, checkpoint, resume });
        return;
      }
      if (opts.box)
        requireShape(opts.plan === undefined && opts.merge === undefined ? 'count' : 'sharded-count', opts.box);
      if (await shardAction(opts)) return;
      if (opts.counter === 'dlx') {
        const { dlxRunPlan, runDlxCount } = await dlxRun();
        const { shape, level } = dlxRunPlan(opts);
        const r = await runDlxCount(shape, level, opts);
        processIo().stdout.write((opts.json ? await toJson(r) : countText(r)) + '\n');
        const bad = r.dlx?.firstMismatch;
        if (bad)
          throw new CommandFailed(
            1,
            `n_C of class ${bad.id} (band ${bad.band}) differs: DLX route ${bad.completions}, column-set sum ` +
              `${bad.columnSetSum}`,
          );
        return;
      }
      if (opts.level !== undefined) throw new InputError('--level is for --counter dlx');
      const shape = await runShape(opts);
      if (countMethod(shape, opts) === 'column-sets') {
        const r = await (await columnSetRun()).runColumnSetCount(shape, opts);
        if (opts.json) {
          const { classRows: _rows, digest: _digest, ...count } = r;
          processIo().stdout.write((await toJson({ method: 'column-sets', ...count })) + '\n');
        } else {
          processIo().stdout.write(columnSetText(r));
        }
        return;
      }
      const spinner = await progressSpinner('counting');
      spinner.start();
      const onProgress = (e: ProgressEvent) => {
        const text = countProgressText(e);
        if (text !== null) spinner.text = text;
      };
      const { countGrids, defaultWorkers } = await import('../../count/countGrids.js');
      const r = await countGrids({
        box: shape,
        workers: opts.workers ?? defaultWorkers(shape),
        onProgress,
      }).finally(() => spinner.stop());
      processIo().stdout.write((opts.json ? await toJson(r) : countText(r)) + '\n');
    },
  );
}
