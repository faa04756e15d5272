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
  /** The details the results hold beside their values (a Burnside term's statistics), by unit. */
  readonly details: ReadonlyMap<number, readonly bigint[]>;
}

const listed = (xs: readonly number[]) =>
  xs.length <= 8 ? xs.join(', ') : `${xs.slice(0, 8).join(', ')} and ${xs.length - 8} more`;

/**
 * Shard results checked against each other and against the plan (when given): one plan, one count, each shard at
 * most once, and (with the plan) each holding exactly its units. By shard.
 */
function checkedShards(
  results: readonly NamedResult[],
  plan?: ShardPlan & { readonly path: string },
): {
  ref: Pick<ShardPlan, 'id' | 'method' | 'box' | 'digest' | 'shards' | 'units' | 'classes'> & { where: string };
  byShard: Map<number, NamedResult>;
} {
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
    const expected = plan?.assignment[x.shard];
    if (expected && (expected.length !== x.values.size || expected.some((c) => !x.values.has(c))))
      throw new InputError(`${r.path} does not hold the units the plan gives shard ${x.shard}`);
  }
  return { ref, byShard };
}

/** Some shards of a plan (a count under way): their units' values, each unit's file, and the shards missing. */
export interface PartialShards {
  readonly plan: string;
  readonly shards: number;
  /** The shards given, increasing, and those missing. */
  readonly present: readonly number[];
  readonly missing: readonly number[];
  /** Value of each unit held, and the file it came from. */
  readonly values: ReadonlyMap<number, bigint>;
  readonly source: ReadonlyMap<number, string>;
}

/**
 * The shards given of `plan`, checked as a merge checks them (src/io/shardFiles.ts has checked each file's seal when
 * it was read), but without refusing missing shards: what a partial certificate is made of.
 */
export function partialShards(
  results: readonly NamedResult[],
  plan: ShardPlan & { readonly path: string },
): PartialShards {
  const { byShard } = checkedShards(results, plan);
  const values = new Map<number, bigint>();
  const source = new Map<number, string>();
  const present = [...byShard.keys()].sort((a, b) => a - b);
  for (const s of present) {
    const r = byShard.get(s)!;
    for (const [u, v] of r.result.values) {
      values.set(u, v);
      source.set(u, r.path);
    }
  }
  const missing: number[] = [];
  for (let s = 0; s < plan.shards; s++) if (!byShard.has(s)) missing.push(s);
  return { plan: plan.id, shards: plan.shards, present, missing, values, source };
}

export function mergeShards(
  results: readonly NamedResult[],
  plan?: ShardPlan & { readonly path: string },
): MergedShards {
  const { ref, byShard } = checkedShards(results, plan);
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
  const details = new Map<number, readonly bigint[]>();
  let seconds = 0,
    slowest = 0,
    cpu = 0;
  for (let s = 0; s < ref.shards; s++) {
    const r = byShard.get(s)!;
    for (const [c, v] of r.result.values) {
      if (owner[c] >= 0) throw new InputError(`unit ${c} is in ${byShard.get(owner[c])!.path} and in ${r.path}`);
      owner[c] = s;
      values[c] = v;
    }
    for (const [c, d] of r.result.details ?? []) details.set(c, d);
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
    details,
  };
}
