import { InputError } from '../grid/shape.js';
import type { ShardFacts, ShardPlan, ShardResult } from '../io/shardFiles.js';

/**
 * The merge of a sharded count: every shard of one plan exactly once, each holding exactly its units. Refuses,
 * naming the file: a result of another plan (foreign), a shard twice, missing shards, a shard whose units are not
 * the plan's. (Corrupt and version-mismatched files are refused when read: src/io/shardFiles.ts.)
 */
export interface NamedResult {
  readonly path: string;
  readonly result: ShardResult;
}

export interface MergedShards {
  readonly plan: string;
  readonly method: string;
  readonly box: string;
  readonly classes: number;
  readonly digest: string;
  readonly units: number;
  readonly shards: number;
  /** The value of every unit, in unit order. */
  readonly values: bigint[];
  /** The shard that holds each unit, and each shard's file (to name the file a unit's value came from). */
  readonly shardOf: Int32Array;
  readonly paths: readonly string[];
  /** Each shard's facts, in shard order. */
  readonly facts: ShardFacts[];
  /** Wall seconds counting, summed over the shards, and the slowest shard's. */
  readonly seconds: number;
  readonly slowestSeconds: number;
  /** CPU seconds, summed over the shards. */
  readonly cpuSeconds: number;
}

const listed = (xs: readonly number[]) =>
  xs.length <= 8 ? xs.join(', ') : `${xs.slice(0, 8).join(', ')} and ${xs.length - 8} more`;

export function mergeShards(
  results: readonly NamedResult[],
  plan?: ShardPlan & { readonly path: string },
): MergedShards {
  if (results.length === 0) throw new InputError('no shard results to merge');
  const first = results[0];
  const ref = plan
    ? { where: `plan ${plan.path}`, ...plan }
    : { id: first.result.plan, where: first.path, ...first.result };
  const byShard = new Map<number, NamedResult>();
  for (const r of results) {
    const x = r.result;
    if (x.plan !== ref.id)
      throw new InputError(`${r.path} is a shard of another plan (${x.plan}), not of ${ref.where}'s (${ref.id})`);
    if (
      x.method !== ref.method ||
      x.box !== ref.box ||
      x.digest !== ref.digest ||
      x.shards !== ref.shards ||
      x.units !== ref.units
    )
      throw new InputError(`${r.path} names plan ${x.plan} but not its count (${x.box} by ${x.method})`);
    const twin = byShard.get(x.shard);
    if (twin) throw new InputError(`shard ${x.shard} is given twice: ${twin.path} and ${r.path}`);
    byShard.set(x.shard, r);
  }
  const missing: number[] = [];
  for (let s = 0; s < ref.shards; s++) if (!byShard.has(s)) missing.push(s);
  if (missing.length > 0)
    throw new InputError(
      `shard${missing.length > 1 ? 's' : ''} ${listed(missing)} of ${ref.shards} missing (plan ${ref.id}): count ` +
        `${missing.length > 1 ? 'them' : 'it'} (--shard ${missing[0]}${missing.length > 1 ? ', …' : ''}), then ` +
        'merge again',
    );
  const values = new Array<bigint>(ref.units);
  const owner = new Int32Array(ref.units).fill(-1);
  const facts: ShardFacts[] = [];
  const paths: string[] = [];
  let seconds = 0,
    slowest = 0,
    cpu = 0;
  for (let s = 0; s < ref.shards; s++) {
    const r = byShard.get(s)!;
    const expected = plan?.assignment[s];
    if (expected && (expected.length !== r.result.values.size || expected.some((c) => !r.result.values.has(c))))
      throw new InputError(`${r.path} does not hold the units the plan gives shard ${s}`);
    for (const [c, v] of r.result.values) {
      if (owner[c] >= 0) throw new InputError(`unit ${c} is in ${byShard.get(owner[c])!.path} and in ${r.path}`);
      owner[c] = s;
      values[c] = v;
    }
    facts.push(r.result.facts);
    paths.push(r.path);
    seconds += r.result.seconds;
    slowest = Math.max(slowest, r.result.seconds);
    cpu += r.result.cpuSeconds;
  }
  const unowned = owner.indexOf(-1);
  if (unowned >= 0) throw new InputError(`unit ${unowned} is in no shard result (plan ${ref.id})`);
  return {
    plan: ref.id,
    method: ref.method,
    box: ref.box,
    classes: ref.classes,
    digest: ref.digest,
    units: ref.units,
    shards: ref.shards,
    values,
    shardOf: owner,
    paths,
    facts,
    seconds,
    slowestSeconds: slowest,
    cpuSeconds: cpu,
  };
}
