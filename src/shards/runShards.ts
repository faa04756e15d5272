import { ClassSumInterrupted, runClassSum, type ClassSumRun } from '../classSum/runClassSum.js';
import type { ClassSum } from '../classSum/classSum.js';
import { InputError } from '../grid/shape.js';
import { shownPath } from '../io/fileProblem.js';
import type { ShardPlanSlice } from '../io/shardFiles.js';
import { outIsFolder, resultFolder, resultPath } from '../io/shardResultFiles.js';
import { planCount, shardWorkers } from './planCount.js';

/**
 * Shards of a plan counted in one process, one after another, each into its own result: a shard is a run of its
 * units by src/classSum/runClassSum.ts (the result's lock, its checkpoint `<result>.part`, resume). Packing shards
 * into one process spares each the start-up, modules, plan read and JIT warm-up of a process of its own (~0.1 CPU s,
 * docs/sharding.md "Overhead"); the count's tables are built once for the plan.
 */

/** A run of shards stopped by its signal; the message says what was kept and how to go on. */
export class ShardsInterrupted extends Error {
  override name = 'ShardsInterrupted';
}

/** One shard counted (or found counted already). */
export interface ShardOutcome {
  readonly slice: ShardPlanSlice;
  /** The result file. */
  readonly path: string;
  readonly run: ClassSumRun;
}

export interface RunShardsOptions {
  /** Threads (default: as the one-machine count of the plan's count, shardWorkers). */
  readonly workers?: number;
  /** Stops the run at once, keeping what finished (the shard being counted saves its checkpoint). */
  readonly signal?: AbortSignal;
  /** A shard starts (its class list is found, then its units counted), its units finish, it ends (or fails). */
  readonly onShardStart?: (slice: ShardPlanSlice) => void;
  readonly onProgress?: (slice: ShardPlanSlice, done: number, total: number) => void;
  readonly onShardStop?: (slice: ShardPlanSlice) => void;
  /** A shard's result is written (or was there). */
  readonly onShardDone?: (outcome: ShardOutcome) => void;
}

/**
 * Count the shards `slices` of the plan at `planPath` into `out`: the result file, or a folder for several
 * (shard-I-of-K.json in it, made when it is not there).
 */
export async function runShards(
  planPath: string,
  slices: readonly ShardPlanSlice[],
  out: string,
  options: RunShardsOptions = {},
): Promise<void> {
  const folder = outIsFolder(out);
  if (slices.length > 1 && !folder)
    throw new InputError(
      `--out ${out}: ${slices.length} shards write ${slices.length} results: give a folder (one that is there, or a ` +
        "path ending in '/' or not in .json)",
    );
  if (folder) resultFolder(out);
  for (const [k, slice] of slices.entries()) {
    if (options.signal?.aborted)
      throw new ShardsInterrupted(
        `interrupted after ${k} of ${slices.length} shards (${slices
          .slice(0, k)
          .map((x) => x.shard)
          .join(', ')} done): run the same command again to go on`,
      );
    const workers = options.workers ?? (await shardWorkers(slice));
    const path = resultPath(out, slice, slice.shard, folder);
    options.onShardStart?.(slice);
    let run;
    try {
      run = await runShard(planPath, slice, path, workers, options);
    } finally {
      options.onShardStop?.(slice);
    }
    options.onShardDone?.({ slice, path, run });
  }
}

/** The count of the last plan a shard of this process counted (shards packed in one process share its tables). */
let lastCount: { readonly plan: string; readonly checked: boolean; readonly count: ClassSum } | null = null;

/**
 * Count one shard into the result file `path`. Idempotent: a finished result of the same plan and shard is left as
 * it is. A result written through (a device, FIFO or socket: `--out /dev/stdout`) is neither locked nor read back,
 * and has no `.part` beside it: the shard is counted whole, and a stopped one starts again.
 */
async function runShard(
  planPath: string,
  plan: ShardPlanSlice,
  path: string,
  workers: number,
  options: RunShardsOptions,
): Promise<ClassSumRun> {
  const { shard } = plan;
  const check = plan.payload === null;
  const onProgress = options.onProgress;
  try {
    return await runClassSum(
      async () => {
        if (lastCount === null || lastCount.plan !== plan.id || (check && !lastCount.checked))
          lastCount = { plan: plan.id, checked: check, count: await planCount(plan, planPath, check) };
        return lastCount.count;
      },
      plan.assignment[shard],
      {
        workers,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(onProgress ? { onProgress: (done: number, total: number) => onProgress(plan, done, total) } : {}),
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
    throw new ShardsInterrupted(
      `interrupted (${e.done} of ${e.total} units of shard ${shard} done); ` +
        (e.kept === 'none'
          ? `nothing saved (no checkpoint beside ${shownPath(path)}, which is not a regular file): run the ` +
            'same command again to start it'
          : e.kept === 'nothing'
            ? 'no unit had finished, nothing saved: run the same command again to start it'
            : `${e.kept === 'saved' ? 'saved to' : 'kept in'} ${kept}: run the same command again to go on`),
    );
  }
}
