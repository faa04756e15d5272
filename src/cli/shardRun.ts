import { lstatSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockFile } from '../io/fileLock.js';
import { prepareOutput } from '../io/outputFile.js';
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_OUTPUT,
  checkpointText,
  PLAN_OUTPUT,
  planText,
  readCheckpoint,
  readPlan,
  readResult,
  RESULT_FORMAT,
  RESULT_OUTPUT,
  resultText,
  type ShardFacts,
  type ShardPlan,
  type ShardPlanHead,
  type ShardPlanSlice,
} from '../io/shardFiles.js';
import { classSum, classValues, countWords, type ClassSum, type ClassSumReport } from '../shards/classSum.js';
import type { NamedResult } from '../shards/mergeShards.js';
import { grouped, Interrupted, progressSpinner } from './common.js';
import { InputError, parseBoxShape, type BoxShape } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { defaultThreads } from '../parallel/threads.js';

/**
 * The shard protocol on the command line (count --plan/--shards, --shard, --merge, --slurm): files, locks,
 * checkpoints and signals around the library in src/shards/.
 */

/** Seconds between checkpoint writes while a shard's classes finish. */
const CHECKPOINT_EVERY = 2;

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
export async function shardWorkers(plan: ShardPlanHead): Promise<number> {
  const shape = parseBoxShape(plan.box.split('+')[0]);
  if (plan.method === 'variant') return shape.n >= 8 ? defaultThreads() : 1;
  return (await import('../count/countGrids.js')).defaultWorkers(shape);
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
      `plan ${path} (id ${id}): ${countWords(method, box)}, ${grouped(plan.classes)} classes` +
      (plan.units !== plan.classes || plan.combine ? ` (${grouped(plan.units)} units of work)` : '') +
      ` in ${shards} shard${shards > 1 ? 's' : ''}\n` +
      (plan.estimate.sampled > 0
        ? `  estimated on one thread from ${plan.estimate.sampled} sampled units: `
        : '  estimated from the declared cost (src/grid/support.ts): ') +
      `${s.length > 1 ? `${Math.min(...s).toFixed(1)}–` : ''}${Math.max(...s).toFixed(1)} s per shard, ` +
      `${total.toFixed(1)} s in all; ${plan.estimate.memoryMB} MB per shard\n` +
      `  next: count --plan ${path} --shard I --out RESULTS (I = 0..${shards - 1}), then count --merge RESULTS\n`,
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

/** The shard index: --shard, else SLURM_ARRAY_TASK_ID, else JOB_COMPLETION_INDEX; checked against the plan. */
export function shardIndex(option: number | undefined, plan: ShardPlanHead, planPath: string): number {
  let index = option;
  let where = '--shard';
  if (index === undefined) {
    for (const name of SHARD_INDEX_VARIABLES) {
      const v = process.env[name];
      if (v === undefined || v === '') continue;
      if (!/^\d+$/.test(v)) throw new InputError(`${name}=${v} is not a shard index (a whole number)`);
      index = Number(v);
      where = name;
      break;
    }
  }
  if (index === undefined)
    throw new InputError(
      `--plan ${planPath}: which shard? Give --shard I (or set ${SHARD_INDEX_VARIABLES.join(' or ')})`,
    );
  if (!Number.isSafeInteger(index) || index >= plan.shards)
    throw new InputError(
      `shard ${index} (${where}) is out of range: plan ${planPath} has ${plan.shards} shards, 0..${plan.shards - 1}`,
    );
  return index;
}

/** The file a shard's result goes to: `out`, or a file named after the shard in the folder `out`. */
export function resultPath(out: string, plan: ShardPlanHead, shard: number): string {
  let dir = false;
  try {
    dir = statSync(out).isDirectory();
  } catch {
    // not there yet: a file
  }
  const width = String(plan.shards - 1).length;
  return dir ? join(out, `shard-${String(shard).padStart(width, '0')}-of-${plan.shards}.json`) : out;
}

/** Check that a plan is for the count the options name (when they name one). */
export function checkPlanFits(plan: ShardPlanHead, planPath: string, box?: string, method?: string): void {
  if ((box !== undefined && box !== plan.box) || (method !== undefined && method !== plan.method))
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
async function classSumOf(
  plan: ShardPlanHead & Pick<ShardPlan, 'classList'>,
  planPath: string,
  check: boolean,
): Promise<ClassSum> {
  const count = await classSum(plan.method, plan.box, plan.classList);
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
  readonly workers: number;
}

/**
 * `count --plan F --shard I --out R`: count one shard. Idempotent: a finished result of the same plan and shard is
 * left as it is. The result's lock is held throughout; finished classes go to `R.part` every few seconds and on
 * SIGINT/SIGTERM, and the next run of the same shard goes on from there.
 */
export async function runShard(
  planPath: string,
  plan: ShardPlanSlice,
  out: string,
  options: ShardRunOptions,
): Promise<string> {
  const { shard } = plan;
  const path = resultPath(out, plan, shard);
  const partPath = `${path}.part`;
  const lock = lockFile(path, 'shard result');
  try {
    const done = finishedResult(path, plan, shard);
    if (done !== null) {
      removeIfOurs(partPath, CHECKPOINT_FORMAT); // left by a run stopped between writing the result and this
      return done;
    }
    const output = prepareOutput(path, RESULT_OUTPUT);
    const part = prepareOutput(partPath, CHECKPOINT_OUTPUT);
    const count = await classSumOf(plan, planPath, plan.payload === null);
    const previous = existsNonEmpty(partPath) ? readCheckpoint(partPath, plan.units) : null;
    if (previous && (previous.plan !== plan.id || previous.shard !== shard))
      throw new InputError(
        `shard checkpoint ${partPath} is of shard ${previous.shard} of plan ${previous.plan}, not shard ${shard} of ` +
          `${plan.id}: remove it or write the result elsewhere`,
      );
    const mine = new Set(plan.assignment[shard]);
    const values = new Map<number, bigint>();
    for (const [c, v] of previous?.values ?? []) {
      if (!mine.has(c)) throw new InputError(`shard checkpoint ${partPath}: unit ${c} is not in shard ${shard}`);
      values.set(c, v);
    }
    const todo = plan.assignment[shard].filter((c) => !values.has(c));
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    let facts: ShardFacts = previous?.facts ?? {};
    const elapsed = () => (previous?.seconds ?? 0) + (performance.now() - started) / 1000;
    const cpuSeconds = () => {
      const u = process.cpuUsage(cpu0);
      return (previous?.cpuSeconds ?? 0) + (u.user + u.system) / 1e6;
    };
    let lastSave = performance.now();
    const save = () => {
      part.write(checkpointText({ plan: plan.id, shard, seconds: elapsed(), cpuSeconds: cpuSeconds(), facts, values }));
      lastSave = performance.now();
    };

    const spinner = await progressSpinner(`shard ${shard} of ${plan.shards}: ${values.size}/${mine.size} units`);
    spinner.start();
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const fault: { error: Error | null } = { error: null };
    try {
      const payload = plan.payload;
      const counted = await count.countUnits(todo, (u) => payload?.get(u) ?? [], {
        workers: options.workers,
        signal: controller.signal,
        onUnitDone: (c, v) => {
          values.set(c, v);
          spinner.text = `shard ${shard} of ${plan.shards}: ${values.size}/${mine.size} units`;
          if (count.checkpointEachUnit || performance.now() - lastSave >= CHECKPOINT_EVERY * 1000) {
            try {
              save();
            } catch (e) {
              fault.error ??= e as Error; // a full disk: stop, keeping the last checkpoint that was written
              controller.abort();
            }
          }
        },
      });
      facts = counted.facts;
    } catch (e) {
      if (fault.error !== null) throw fault.error;
      if (!controller.signal.aborted) throw e;
      const saved = values.size > (previous?.values.size ?? 0);
      if (saved) save();
      throw new Interrupted(
        `interrupted (${values.size} of ${mine.size} units of shard ${shard} done); ` +
          (saved || previous
            ? `${saved ? 'saved to' : 'kept in'} ${partPath}: run the same command again to go on`
            : 'no unit had finished, nothing saved: run the same command again to start it'),
      );
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      spinner.stop();
    }
    if (fault.error !== null) throw fault.error;
    output.write(
      resultText({
        plan: plan.id,
        method: plan.method,
        box: plan.box,
        classes: plan.classes,
        digest: plan.digest,
        units: plan.units,
        combined: plan.combined,
        shards: plan.shards,
        shard,
        facts,
        seconds: elapsed(),
        cpuSeconds: cpuSeconds(),
        values,
      }),
    );
    removeIfOurs(partPath, CHECKPOINT_FORMAT);
    return (
      `shard ${shard} of ${plan.shards} (plan ${plan.id}): ${mine.size} units` +
      (previous ? ` (${previous.values.size} from ${partPath})` : '') +
      ` in ${seconds(elapsed())} → ${path}\n`
    );
  } finally {
    lock.release();
  }
}

function existsNonEmpty(path: string): boolean {
  try {
    return lstatSync(path).size > 0;
  } catch {
    return false;
  }
}

/** The message for a shard already counted at `path`; null when there is nothing there yet. */
function finishedResult(path: string, plan: ShardPlanHead, shard: number): string | null {
  if (!existsNonEmpty(path)) return null;
  const head = readFileSync(path, 'utf8').slice(0, 64);
  if (!head.startsWith(`{"format":"${RESULT_FORMAT}"`))
    throw new InputError(`${path} exists and is not a shard result: choose another path, or remove it`);
  const r = readResult(path);
  if (r.plan !== plan.id || r.shard !== shard)
    throw new InputError(
      `${path} holds shard ${r.shard} of plan ${r.plan}, not shard ${shard} of plan ${plan.id}: choose another ` +
        'path, or remove it',
    );
  return `shard ${shard} of ${plan.shards} (plan ${plan.id}): already counted in ${path}\n`;
}

function removeIfOurs(path: string, format: string): void {
  try {
    if (readFileSync(path, 'utf8').startsWith(`{"format":"${format}"`)) unlinkSync(path);
  } catch {
    // not there
  }
}

/** The result files named: files as given; in a folder, its *.json files that are shard results (any version). */
export function resultFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new InputError(`shard result ${p}: no such file or folder`);
    }
    if (!st.isDirectory()) {
      out.push(p);
      continue;
    }
    const found = readdirSync(p)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(p, name))
      .filter((f) => {
        try {
          return (
            statSync(f).isFile() && readFileSync(f, 'utf8').slice(0, 64).startsWith(`{"format":"${RESULT_FORMAT}"`)
          );
        } catch {
          return false;
        }
      });
    if (found.length === 0) throw new InputError(`${p}: a folder with no shard results (*.json)`);
    out.push(...found);
  }
  return out;
}

/** `count --merge R… [--plan F]`: the one-machine result, from every shard. */
export async function mergeResults(
  paths: readonly string[],
  planPath: string | undefined,
): Promise<{ report: ClassSumReport; shards: number; plan: string; cpuSeconds: number; seconds: number }> {
  // the merge needs no unit's payload (the shards' part, a third of a 5×2 plan): it is not parsed
  const plan = planPath !== undefined ? { ...readPlan(planPath, { payload: false }), path: planPath } : undefined;
  const results: NamedResult[] = resultFiles(paths).map((path) => ({ path, result: readResult(path) }));
  const merged = (await import('../shards/mergeShards.js')).mergeShards(results, plan);
  if (plan === undefined && results[0].result.combined)
    throw new InputError(
      `the shards of plan ${merged.plan} count units that several classes share: give the plan (--plan FILE) to ` +
        'add them up',
    );
  const count = await classSum(merged.method, merged.box, plan?.classList ?? null);
  const list = planPath !== undefined ? planClassList(count, planPath) : count.classList();
  if (list.count !== merged.classes || list.digest !== merged.digest)
    throw new InputError(
      `the shards name ${merged.classes} classes with digest ${merged.digest}; this program finds ` +
        `${list.count} with digest ${list.digest} (they were counted by another version)`,
    );
  const values = classValues(merged.values, plan?.combine ?? null, plan?.scale ?? 1);
  const report = count.report(values, merged.facts, { classes: list.seconds, counting: merged.seconds });
  return { report, shards: merged.shards, plan: merged.plan, cpuSeconds: merged.cpuSeconds, seconds: merged.seconds };
}

export interface SlurmOptions {
  readonly out?: string;
  readonly throttle?: number;
  readonly cpus?: number;
}

/** `count --plan F --slurm [--out S]`: the sbatch script, written to S or returned for stdout. */
export async function writeSlurm(planPath: string, plan: ShardPlan, options: SlurmOptions): Promise<string> {
  const abs = resolve(planPath);
  const text = (await import('../shards/slurmScript.js')).slurmScript(plan, {
    planPath: abs,
    command: [process.execPath, resolve(process.argv[1])],
    results: abs.replace(/\.json(\.gz)?$/, '') + '.results',
    throttle: Math.min(plan.shards, options.throttle ?? 32),
    cpus: options.cpus ?? 1,
  });
  if (options.out === undefined) return text;
  prepareOutput(options.out, {
    what: 'Slurm script',
    isOurs: (head) => head.startsWith('#!/usr/bin/env bash\n# sudoku-count/slurm-script '),
  }).write(text);
  return `wrote ${options.out}: submit with \`bash ${options.out}\`\n`;
}
