import { InputError } from '../grid/shape.js';
import { processIo } from '../io/processIo.js';
import type { ShardPlanHead } from '../io/shardFiles.js';

/** Environment variables that give a shard's index when --shard is absent, in order. */
export const SHARD_INDEX_VARIABLES = ['SLURM_ARRAY_TASK_ID', 'JOB_COMPLETION_INDEX'] as const;

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
  env: Readonly<Record<string, string | undefined>> = processIo().env,
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
    const v = env[name];
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
