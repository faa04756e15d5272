import { InputError, type BoxShape } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { writtenThrough } from '../io/outputFile.js';
import type { ShardPlan, ShardPlanSlice } from '../io/shardFiles.js';
import { shardLine, shardName } from '../reports/shardLine.js';
import type { MergedCount, MergeOptions } from '../shards/mergeResults.js';
import { ShardsInterrupted } from '../shards/runShards.js';
import type { SlurmOptions } from '../shards/writeSlurm.js';
import { interruptible, Interrupted, progressSpinner, stageSpinner, type Spinner } from './common.js';
import { processIo } from '../io/processIo.js';

/**
 * The shard protocol on the command line (count --plan/--shards, --shard, --merge, --slurm): progress and messages
 * around the library (src/shards/; a shard is a run of src/classSum/runClassSum.ts).
 */

export { checkPlanFits } from '../shards/planCount.js';
export { shardIndices } from '../shards/shardIndices.js';
export { recountWords } from '../shards/recountUnits.js';
export { shippedMergeWords } from '../shards/mergeResults.js';
export type { RecountRequest } from '../shards/recountUnits.js';

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

/** `count --box B --plan F --shards K`: write the plan; returns the summary printed. */
export async function writePlan(
  path: string,
  method: string,
  box: string,
  shards: number,
): Promise<{ text: string; json: unknown }> {
  const { plan, id } = await (await import('../shards/writeShardPlan.js')).writeShardPlan(path, method, box, shards);
  return (await import('../reports/planSummary.js')).planSummary(path, id, plan, method, box, shards);
}

/**
 * `count --plan F --shard I --out R` (or `--shard 0-15`, or `--pack K`): count the shards `slices` (src/shards/
 * runShards.ts), a spinner for each, printing a line as each ends. Ctrl-C stops at once, keeping what finished.
 */
export async function runShards(
  planPath: string,
  slices: readonly ShardPlanSlice[],
  out: string,
  workers: number | undefined,
  print: (text: string) => void,
): Promise<void> {
  const { runShards: run } = await import('../shards/runShards.js');
  let spinner: Spinner | null = null;
  try {
    // a signal at any point (between shards, or while a shard reads its class list) stops the run
    await interruptible(async (signal) => {
      spinner = await progressSpinner('');
      const shown = spinner;
      await run(planPath, slices, out, {
        ...(workers !== undefined ? { workers } : {}),
        signal,
        onShardStart: (s) => {
          shown.text = shardName(s);
          shown.start();
        },
        onProgress: (s, done, total) => (shown.text = `${shardName(s)}: ${done}/${total} units`),
        onShardStop: () => shown.stop(),
        onShardDone: ({ slice, path, run: r }) => {
          const line = shardLine(slice, path, r);
          // a result written through (--out /dev/stdout, a pipe) may be stdout itself: the line goes to stderr
          if (writtenThrough(path)) processIo().stderr.write(line);
          else print(line);
        },
      });
    });
  } catch (e) {
    if (e instanceof ShardsInterrupted) throw new Interrupted(e.message);
    throw e;
  }
}

/** `count --merge R… [--plan F] [--recount K [--seed S]]` (src/shards/mergeResults.ts), a spinner on stderr. */
export async function mergeResults(
  paths: readonly string[],
  planPath: string | undefined,
  options: Omit<MergeOptions, 'onProgress'>,
): Promise<MergedCount> {
  const spinner = await stageSpinner();
  return (await import('../shards/mergeResults.js')).mergeResults(paths, planPath, {
    ...options,
    onProgress: (text) => (text === null ? spinner.stop() : spinner.text(text)),
  });
}

/** `count --plan F --slurm [--out S]`: the sbatch script (src/shards/writeSlurm.ts), this program on the nodes. */
export async function writeSlurm(planPath: string, plan: ShardPlan, options: SlurmOptions): Promise<string> {
  const command = [...processIo().command];
  return (await import('../shards/writeSlurm.js')).writeSlurm(planPath, plan, command, options);
}
