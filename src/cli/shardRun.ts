import { lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileProblem, shownPath, sizeWords } from '../io/fileProblem.js';
import { prepareOutput, writtenThrough } from '../io/outputFile.js';
import { notRegular, readHead, READ_LIMITS } from '../io/readBounded.js';
import {
  PLAN_OUTPUT,
  planText,
  readPlan,
  readResult,
  RESULT_FORMAT,
  type ShardPlan,
  type ShardPlanHead,
  type ShardPlanSlice,
} from '../io/shardFiles.js';
import {
  classSum,
  classSumOf,
  classValues,
  countWords,
  type ClassSum,
  type ClassSumReport,
} from '../classSum/classSum.js';
import { countSpecOf } from '../grid/countSpec.js';
import { ClassSumInterrupted, runClassSum } from '../classSum/runClassSum.js';
import type { ShippedComparison } from '../shards/checkVariantTable.js';
import type { NamedResult } from '../shards/mergeShards.js';
import type {
  RecountRequest,
  RecountSummary,
  recountOrRefuse as recountUnitsOrRefuse,
} from '../shards/recountUnits.js';
import { grouped, interruptible, Interrupted, progressSpinner, type SlurmMemoryOption } from './common.js';
import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { defaultThreads } from '../parallel/threads.js';

/**
 * The shard protocol on the command line (count --plan/--shards, --shard, --merge, --slurm): file names, progress
 * and messages around the library (src/shards/; a shard is a run of src/classSum/runClassSum.ts).
 */

/** Environment variables that give a shard's index when --shard is absent, in order. */
export const SHARD_INDEX_VARIABLES = ['SLURM_ARRAY_TASK_ID', 'JOB_COMPLETION_INDEX'] as const;

const seconds = (s: number) => `${s.toFixed(3)} s`;

/**
 * The rules of `count --variant V --plan F`: what `count --variant` takes, 9×9 variants whatever their declared
 * cost (that is what shards are for); not a jigsaw (its regions are a file the plan does not name).
 */
export async function variantPlanRules(box: BoxShape | undefined, variant: string): Promise<Rules> {
  if (variant.split(',').some((v) => v.trim().startsWith('jigsaw')))
    throw new InputError(
      `--variant ${variant}: a jigsaw count is not sharded (its regions are a file the plan does not carry)`,
    );
  return (await import('./variantRun.js')).variantRunRules(box, variant, 'shards');
}

/** Threads of a shard without --workers: as the one-machine count of the plan's count. */
export async function shardWorkers(plan: Pick<ShardPlanHead, 'spec'>): Promise<number> {
  const shape = boxShape(plan.spec.rules.rows, plan.spec.rules.cols);
  if (plan.spec.route === 'variant') return shape.n >= 8 ? defaultThreads() : 1;
  return (await import('../count/defaultWorkers.js')).defaultWorkers(shape);
}

/** `count --box B --plan F --shards K`: write the plan; returns the summary printed. */
export async function writePlan(
  path: string,
  method: string,
  box: string,
  shards: number,
): Promise<{ text: string; json: unknown }> {
  const out = prepareOutput(path, PLAN_OUTPUT); // a plan we cannot write fails before the classes are found
  const count = await classSum(method, box);
  const plan = await (await import('../shards/makeShardPlan.js')).makeShardPlan(count, { shards });
  const { text, id } = planText(plan);
  out.write(text);
  const s = plan.estimate.shardSeconds;
  const total = s.reduce((a, b) => a + b, 0);
  return {
    text:
      `plan ${shownPath(path)} (id ${id}): ${countWords(method, box)}, ${grouped(plan.classes)} classes` +
      (plan.units !== plan.classes || plan.combine ? ` (${grouped(plan.units)} units of work)` : '') +
      ` in ${shards} shard${shards > 1 ? 's' : ''}\n` +
      (plan.estimate.sampled > 0
        ? `  estimated on one thread from ${plan.estimate.sampled} sampled units: `
        : '  estimated from the declared cost (src/grid/support.ts): ') +
      `${s.length > 1 ? `${Math.min(...s).toFixed(1)}–` : ''}${Math.max(...s).toFixed(1)} s per shard, ` +
      `${total.toFixed(1)} s in all; ${plan.estimate.memoryMB} MB per shard\n` +
      `  next: count --plan ${shownPath(path)} --shard I --out RESULTS (I = 0..${shards - 1}), then count --merge ` +
      'RESULTS\n',
    json: {
      plan: path,
      id,
      ...plan,
      assignment: undefined,
      payload: undefined,
      combine: undefined,
      classList: undefined,
    },
  };
}

/**
 * The shards a process counts: --shard (an index, a range or a list), else the index in SLURM_ARRAY_TASK_ID, else in
 * JOB_COMPLETION_INDEX, which with `pack` K names shards I·K … I·K + K − 1 (a Slurm task counting K shards);
 * checked against the plan.
 */
export function shardIndices(
  option: readonly number[] | undefined,
  pack: number | undefined,
  plan: ShardPlanHead,
  planPath: string,
): number[] {
  const range = `plan ${planPath} has ${plan.shards} shards, 0..${plan.shards - 1}`;
  if (option !== undefined) {
    if (pack !== undefined)
      throw new InputError(
        '--pack is for an index from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX; with --shard, name the shards ' +
          '(--shard 0-15)',
      );
    const bad = option.find((i) => i >= plan.shards);
    if (bad !== undefined) throw new InputError(`shard ${bad} (--shard) is out of range: ${range}`);
    return [...option];
  }
  for (const name of SHARD_INDEX_VARIABLES) {
    const v = process.env[name];
    if (v === undefined || v === '') continue;
    if (!/^\d+$/.test(v)) throw new InputError(`${name}=${v} is not a shard index (a whole number)`);
    const index = Number(v),
      k = pack ?? 1,
      shown = v.replace(/^0+(?=\d)/, ''); // as written: 10^21 is not "1e+21"
    if (!Number.isSafeInteger(index * k) || index * k >= plan.shards)
      throw new InputError(
        k === 1
          ? `shard ${shown} (${name}) is out of range: ${range}`
          : `task ${shown} (${name}) with --pack ${k} is out of range: ${range}, in tasks 0..` +
              `${Math.ceil(plan.shards / k) - 1}`,
      );
    return Array.from({ length: Math.min(k, plan.shards - index * k) }, (_, j) => index * k + j);
  }
  throw new InputError(
    `--plan ${planPath}: which shard? Give --shard I (or set ${SHARD_INDEX_VARIABLES.join(' or ')})`,
  );
}

/**
 * Whether --out names a folder for the results (shard-I-of-K.json in it): a folder that is there, a path that ends
 * in '/', or a path not there whose name does not end in .json (created by resultFolder). Anything else there (a
 * file, a link, a device) is the result file itself, under prepareOutput's rules.
 */
export function outIsFolder(out: string): boolean {
  try {
    return statSync(out).isDirectory();
  } catch {
    // not there, a dangling link, or a file in the way of a trailing '/'
  }
  if (/[/\\]$/.test(out)) return true;
  try {
    lstatSync(out);
    return false; // a dangling link: a file's name
  } catch {
    return !/\.json$/i.test(out);
  }
}

/** Make the results folder `out` (and the folders above it) unless it is there; refused by name when it cannot be. */
export function resultFolder(out: string): void {
  try {
    if (statSync(out).isDirectory()) return;
  } catch {
    // not there yet
  }
  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `--out ${out}: not a folder (a file is in the way)`
        : `--out ${out}: cannot create the folder (${code ?? (e as Error).message})`,
    );
  }
}

/** The file a shard's result goes to: `out`, or a file named after the shard in the folder `out`. */
export function resultPath(out: string, plan: ShardPlanHead, shard: number, folder = outIsFolder(out)): string {
  const width = String(plan.shards - 1).length;
  return folder ? join(out, `shard-${String(shard).padStart(width, '0')}-of-${plan.shards}.json`) : out;
}

/**
 * Whether `box` names the count of a plan of `plan.box`: the same shape, or its transpose for the column-set count
 * (2×6 is counted as 6×2: transposing a grid turns 2×6 boxes into 6×2 boxes, rows into columns, so N and every
 * class's F are the same; docs/sharding.md, "2x6: the same count").
 */
export function sameCount(plan: Pick<ShardPlanHead, 'box' | 'method'>, box: string): boolean {
  return box === plan.box || (plan.method === 'column-sets' && box.split('x').reverse().join('x') === plan.box);
}

/** Check that a plan is for the count the options name (when they name one). */
export function checkPlanFits(plan: ShardPlanHead, planPath: string, box?: string, method?: string): void {
  if ((box !== undefined && !sameCount(plan, box)) || (method !== undefined && method !== plan.method))
    throw new InputError(
      `plan ${planPath} is for ${countWords(plan.method, plan.box)}, not ` +
        countWords(method ?? plan.method, box ?? plan.box).replace(/^the /, ''),
    );
}

/**
 * The count a plan is for, with the class list the plan carries (an older plan's is found again). A shard that
 * rebuilds its units from the class list checks the list's digest against the plan's (another version may list
 * the classes otherwise); units with a payload are taken from the plan, and such a shard neither needs the class
 * list nor checks it (the merge does): building it from the plan's rows and its digest cost ~5 ms a shard.
 */
async function planCount(
  plan: ShardPlanHead & Pick<ShardPlan, 'classList'>,
  planPath: string,
  check: boolean,
): Promise<ClassSum> {
  const count = await classSumOf(plan.spec, plan.classList);
  if (!check) return count;
  const list = planClassList(count, planPath);
  if (list.count !== plan.classes || list.digest !== plan.digest)
    throw new InputError(
      `plan ${planPath} names ${plan.classes} classes with digest ${plan.digest}; ` +
        (plan.classList
          ? `its class list has ${list.count} with digest ${list.digest} (the plan was edited)`
          : `this program finds ${list.count} with digest ${list.digest} (the plan was made by another version)`),
    );
  return count;
}

/** The class list of a count made from a plan; a list the plan carries that does not hold up names the plan. */
function planClassList(count: ClassSum, planPath: string): ReturnType<ClassSum['classList']> {
  try {
    return count.classList();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`plan ${planPath}: ${e.message}`);
    throw e;
  }
}

export interface ShardRunOptions {
  /** Threads (default: as the one-machine count of the plan's count, shardWorkers). */
  readonly workers?: number;
}

/**
 * `count --plan F --shard I --out R` (or `--shard 0-15`, or `--pack K`): count the shards `slices`, one after another
 * in this process, each into its own result (R a folder when there are several), printing a line as each ends.
 * Packing shards into one process spares each the start-up, modules, plan read and JIT warm-up of a process of its
 * own (~0.1 CPU s, docs/sharding.md "Overhead"); the count's tables are built once for the plan. Ctrl-C stops at once,
 * keeping what finished (the shard being counted saves its checkpoint).
 */
export async function runShards(
  planPath: string,
  slices: readonly ShardPlanSlice[],
  out: string,
  options: ShardRunOptions,
  print: (text: string) => void,
): Promise<void> {
  const folder = outIsFolder(out);
  if (slices.length > 1 && !folder)
    throw new InputError(
      `--out ${out}: ${slices.length} shards write ${slices.length} results: give a folder (one that is there, or a ` +
        "path ending in '/' or not in .json)",
    );
  if (folder) resultFolder(out);
  // a signal at any point (between shards, or while a shard reads its class list) stops the run: the shard being
  // counted hears it through `signal`
  await interruptible(async (signal) => {
    for (const [k, slice] of slices.entries()) {
      if (signal.aborted)
        throw new Interrupted(
          `interrupted after ${k} of ${slices.length} shards (${slices
            .slice(0, k)
            .map((x) => x.shard)
            .join(', ')} done): run the same command again to go on`,
        );
      const workers = options.workers ?? (await shardWorkers(slice));
      const path = resultPath(out, slice, slice.shard, folder);
      const line = await runShard(planPath, slice, path, { workers, signal });
      // a result written through (--out /dev/stdout, a pipe) may be stdout itself: the line goes to stderr
      if (writtenThrough(path)) process.stderr.write(line);
      else print(line);
    }
  });
}

/** The count of the last plan a shard of this process counted (shards packed in one process share its tables). */
let lastCount: { readonly plan: string; readonly checked: boolean; readonly count: ClassSum } | null = null;

/**
 * Count one shard into the result file `path` (runClassSum: the result's lock, its checkpoint `path.part`, resume).
 * Idempotent: a finished result of the same plan and shard is left as it is. A result written through (a device,
 * FIFO or socket: `--out /dev/stdout`) is neither locked nor read back, and has no `.part` beside it: the shard is
 * counted whole, and a stopped one starts again.
 */
export async function runShard(
  planPath: string,
  plan: ShardPlanSlice,
  path: string,
  options: { readonly workers: number; readonly signal?: AbortSignal },
): Promise<string> {
  const { shard } = plan;
  const check = plan.payload === null;
  const spinner = await progressSpinner(`shard ${shard} of ${plan.shards}`);
  spinner.start();
  let run;
  try {
    run = await runClassSum(
      async () => {
        if (lastCount === null || lastCount.plan !== plan.id || (check && !lastCount.checked))
          lastCount = { plan: plan.id, checked: check, count: await planCount(plan, planPath, check) };
        return lastCount.count;
      },
      plan.assignment[shard],
      {
        workers: options.workers,
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (done, total) => (spinner.text = `shard ${shard} of ${plan.shards}: ${done}/${total} units`),
        payload: (u) => plan.payload?.get(u) ?? [],
        tag: { plan: plan.id, shard },
        result: {
          path,
          head: {
            method: plan.method,
            box: plan.box,
            classes: plan.classes,
            digest: plan.digest,
            units: plan.units,
            combined: plan.combined,
            shards: plan.shards,
          },
        },
      },
    );
  } catch (e) {
    if (!(e instanceof ClassSumInterrupted)) throw e;
    const kept = e.checkpoint !== null ? shownPath(e.checkpoint) : '';
    throw new Interrupted(
      `interrupted (${e.done} of ${e.total} units of shard ${shard} done); ` +
        (e.kept === 'none'
          ? `nothing saved (no checkpoint beside ${shownPath(path)}, which is not a regular file): run the ` +
            'same command again to start it'
          : e.kept === 'nothing'
            ? 'no unit had finished, nothing saved: run the same command again to start it'
            : `${e.kept === 'saved' ? 'saved to' : 'kept in'} ${kept}: run the same command again to go on`),
    );
  } finally {
    spinner.stop();
  }
  if (run.alreadyCounted)
    return `shard ${shard} of ${plan.shards} (plan ${plan.id}): already counted in ${shownPath(path)}\n`;
  return (
    `shard ${shard} of ${plan.shards} (plan ${plan.id}): ${run.values.size} units` +
    (run.resumed > 0 ? ` (${run.resumed} from ${shownPath(`${path}.part`)})` : '') +
    ` in ${seconds(run.seconds)} → ${shownPath(path)}\n`
  );
}

/**
 * The result files named: files as given (read and checked by readResult, which names what is wrong); in a folder,
 * its *.json files that are shard results (any version). A *.json in a folder that is not a regular file, or too
 * large to be a result (READ_LIMITS.shardFile), is skipped and named through `skipped`; one that cannot be read
 * (permission denied, a loop of links) is kept, so that readResult says why it cannot be merged.
 */
export function resultFiles(paths: readonly string[], skipped: (line: string) => void = () => {}): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      throw new InputError(`shard result ${shownPath(p)}: ${fileProblem(e)}`);
    }
    if (!st.isDirectory()) {
      out.push(p);
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(p);
    } catch (e) {
      throw new InputError(`shard results ${shownPath(p)}: ${fileProblem(e)}`);
    }
    const found = names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(p, name))
      .filter((f) => {
        let fst;
        try {
          fst = statSync(f);
        } catch {
          return true; // unreadable: readResult says why
        }
        if (!fst.isFile()) {
          skipped(`skipped ${shownPath(f)}: ${notRegular(fst)}`);
          return false;
        }
        if (fst.size > READ_LIMITS.shardFile) {
          skipped(
            `skipped ${shownPath(f)}: ${sizeWords(fst.size)}, more than the ${sizeWords(READ_LIMITS.shardFile)} a ` +
              'shard result can be',
          );
          return false;
        }
        const head = readHead(f, 64);
        return head === null || head.startsWith(`{"format":"${RESULT_FORMAT}"`);
      });
    if (found.length === 0) throw new InputError(`${shownPath(p)}: a folder with no shard results (*.json)`);
    out.push(...found);
  }
  return out;
}

export type { RecountRequest, RecountSummary };

/** What a merge's comparison with the shipped table found, in words (nothing when there was none). */
export function shippedMergeWords(s: ShippedComparison | null): string {
  if (s === null) return '';
  return s.compared === 'units' ? `every value = the shipped ${s.shipped}'s ✓; ` : `N = the shipped ${s.shipped}'s ✓; `;
}

/** What a recount did, in words for a report: what was counted again, and that every value agreed. */
export function recountWords(r: RecountSummary | null): string {
  if (r === null) return 'values not counted again (--recount K counts K units drawn at random again)';
  if (r.compared === 'total')
    return (
      'N counted whole again on this machine, from no file (the count is cheap): the same ✓ ' +
      `(${r.seconds.toFixed(1)} s)`
    );
  const what = r.whole
    ? `every one of the ${grouped(r.of)} units counted again (the whole count is cheap)`
    : `${grouped(r.units)} of ${grouped(r.of)} units drawn at random (seed ${r.seed}) counted again`;
  return `${what}: each agrees ✓ (${r.seconds.toFixed(1)} s)`;
}

/**
 * Count units again and refuse on any difference (src/shards/recountUnits.ts recountOrRefuse), with a spinner on
 * stderr.
 */
export async function recountOrRefuse(
  ...args: Parameters<typeof recountUnitsOrRefuse>
): Promise<RecountSummary | null> {
  const [count, units, whole, request, payload, held, source] = args;
  if (!whole && request.units === undefined) return null;
  const spinner = await progressSpinner('counting units again');
  spinner.start();
  return (await import('../shards/recountUnits.js'))
    .recountOrRefuse(count, units, whole, request, payload, held, source, (done, total) => {
      spinner.text = `counting units again: ${done}/${total}`;
    })
    .finally(() => spinner.stop());
}

/** `count --merge R… [--plan F] [--recount K [--seed S]]`: the one-machine result, from every shard. */
export async function mergeResults(
  paths: readonly string[],
  planPath: string | undefined,
  request: RecountRequest = {},
  skipped?: (line: string) => void,
  box?: BoxShape,
): Promise<{
  report: ClassSumReport;
  shards: number;
  plan: string;
  cpuSeconds: number;
  seconds: number;
  recount: RecountSummary | null;
  shipped: ShippedComparison | null;
}> {
  // the merge needs no unit's payload (the shards' part, a third of a 5×2 plan): it is not parsed
  const plan = planPath !== undefined ? { ...readPlan(planPath, { payload: false }), path: planPath } : undefined;
  const results: NamedResult[] = resultFiles(paths, skipped).map((path) => ({ path, result: readResult(path) }));
  const merged = (await import('../shards/mergeShards.js')).mergeShards(results, plan);
  if (plan === undefined && results[0].result.combined)
    throw new InputError(
      `the shards of plan ${merged.plan} count units that several classes share: give the plan (--plan FILE) to ` +
        'add them up',
    );
  // the plan's count, typed; without a plan, the one the results name; --box 2x6 names a 6x2 count's transpose
  const held = plan?.spec ?? countSpecOf(merged.method, merged.box);
  if (box !== undefined && !sameCount(merged, box.name))
    throw new InputError(
      `--box ${box.name}: the shards are of ${countWords(merged.method, merged.box)}` +
        (merged.method === 'column-sets' ? ` (or its transpose)` : ''),
    );
  const spec =
    box !== undefined && box.name !== merged.box
      ? { ...held, rules: { ...held.rules, rows: box.rows, cols: box.cols } }
      : held;
  const count = await classSumOf(spec, plan?.classList ?? null);
  const list = planPath !== undefined ? planClassList(count, planPath) : count.classList();
  if (list.count !== merged.classes || list.digest !== merged.digest)
    throw new InputError(
      `the shards name ${merged.classes} classes with digest ${merged.digest}; this program finds ` +
        `${list.count} with digest ${list.digest} (they were counted by another version)`,
    );
  const values = classValues(merged.values, plan?.combine ?? null, plan?.scale ?? 1);
  const report = count.report(values, merged.facts, { classes: list.seconds, counting: merged.seconds });
  // the seal catches accidents; counting again catches edits: N counted whole on this machine where that is cheap,
  // else the units --recount K draws
  const workers = request.workers ?? (await shardWorkers({ spec }));
  const recountUnits = (all: boolean) =>
    recountOrRefuse(
      count,
      merged.units,
      all,
      { ...request, workers },
      () => {
        // a column-set unit's payload is in the plan (the merge read it without)
        const payload = planPath !== undefined && merged.method === 'column-sets' ? readPlan(planPath).payload : null;
        return (u) => payload?.[u] ?? [];
      },
      (u) => merged.values[u],
      (u) => shownPath(merged.paths[merged.shardOf[u]]),
    );
  let recount: RecountSummary | null;
  if ((await import('../grid/support.js')).recountsWhole(spec)) {
    const t0 = performance.now();
    const spinner = await progressSpinner(`counting ${merged.box} again on this machine`);
    spinner.start();
    const fast = await (
      await import('../shards/oneMachineTotal.js')
    )
      .oneMachineTotal(spec, workers)
      .finally(() => spinner.stop());
    if (fast !== report.total) {
      await recountUnits(true); // names the unit and its file, when a unit's value differs
      throw new InputError(
        `the merged N, ${report.total}, is not N counted whole on this machine, ${fast}: the plan or a result was ` +
          'edited; refused',
      );
    }
    const seconds = (performance.now() - t0) / 1000;
    recount = { units: merged.units, of: merged.units, whole: true, seed: null, compared: 'total', seconds };
  } else recount = await recountUnits(false);
  // a variant whose table the repository ships: every value compared with it (after any recount asked, which names a
  // unit drawn by its own words)
  const shipped =
    merged.method === 'variant'
      ? (await import('../shards/checkVariantTable.js')).mergedAgainstShipped(
          merged.box,
          merged.units,
          merged.digest,
          (u) => merged.values[u],
          (u) => shownPath(merged.paths[merged.shardOf[u]]),
          report.total,
        )
      : null;
  return {
    report,
    shards: merged.shards,
    plan: merged.plan,
    cpuSeconds: merged.cpuSeconds,
    seconds: merged.seconds,
    recount,
    shipped,
  };
}

export interface SlurmOptions {
  readonly out?: string;
  readonly throttle?: number;
  readonly cpus?: number;
  /** Shards a task counts (--pack). */
  readonly pack?: number;
  /** --mem: every task's memory, and some shards'. */
  readonly memory?: SlurmMemoryOption;
}

/** `count --plan F --slurm [--out S]`: the sbatch script, written to S or returned for stdout. */
export async function writeSlurm(planPath: string, plan: ShardPlan, options: SlurmOptions): Promise<string> {
  const abs = resolve(planPath);
  const { indexRanges, shellWord, slurmScript } = await import('../shards/slurmScript.js'); // not a shard's start-up
  for (const o of options.memory?.shards ?? []) {
    const bad = o.shards.find((i) => i >= plan.shards);
    if (bad !== undefined)
      throw new InputError(
        `--mem ${indexRanges(o.shards)}:…: shard ${bad} is out of range: plan ${planPath} has ${plan.shards} ` +
          `shards, 0..${plan.shards - 1}`,
      );
  }
  // how much a worker holds is the count's to say (6×2: a class's tables in each); its class list is not found
  const { workerMemoryMB } = await classSumOf(plan.spec, plan.classList);
  const text = slurmScript(plan, {
    planPath: abs,
    command: [process.execPath, resolve(process.argv[1])],
    results: abs.replace(/\.json(\.gz)?$/, '') + '.results',
    throttle: Math.min(plan.shards, options.throttle ?? 32),
    cpus: options.cpus ?? 1,
    ...(options.pack !== undefined ? { pack: options.pack } : {}),
    ...(workerMemoryMB !== undefined ? { workerMemoryMB } : {}),
    ...(options.memory?.memoryMB !== undefined ? { memoryMB: options.memory.memoryMB } : {}),
    memoryShards: options.memory?.shards ?? [],
  });
  if (options.out === undefined) return text;
  prepareOutput(options.out, {
    what: 'Slurm script',
    // version 3 (#!/bin/sh) replaces an earlier one (#!/usr/bin/env bash)
    isOurs: (head) => /^#!(\/bin\/sh|\/usr\/bin\/env bash)\n# sudoku-count\/slurm-script /.test(head),
  }).write(text);
  return `wrote ${shownPath(options.out)}: submit with \`sh ${shownPath(shellWord(options.out))}\`\n`;
}
