import { InputError } from '../grid/shape.js';
import type { ShardPlan } from '../io/shardFiles.js';
import type { ClassSum } from './classSum.js';

/**
 * A plan for counting `count` in `shards` shards: every class in exactly one shard, the shards balanced by the
 * classes' estimated costs (longest first, each to the least loaded shard; equal costs deal the classes out in
 * turn, so neighbouring classes, often alike, land in different shards), with the seconds and memory each shard is
 * expected to need. The estimate times a seeded random sample of classes on one thread here (memoisation cold, so
 * it errs long) and the setup a shard repeats (class list, tables).
 */
export interface ShardPlanOptions {
  readonly shards: number;
  /** Classes to time for the estimate (default 12; all when there are fewer). */
  readonly sample?: number;
}

export const DEFAULT_PLAN_SAMPLE = 12;

/** The classes of each shard: longest processing time first, each class to the least loaded shard. */
export function balanceShards(costs: Float64Array, shards: number): number[][] {
  const order = Array.from(costs.keys()).sort((a, b) => costs[b] - costs[a] || a - b);
  const load = new Float64Array(shards);
  const out: number[][] = Array.from({ length: shards }, () => []);
  for (const c of order) {
    let best = 0;
    for (let s = 1; s < shards; s++) if (load[s] < load[best]) best = s;
    load[best] += costs[c];
    out[best].push(c);
  }
  for (const ids of out) ids.sort((a, b) => a - b);
  return out;
}

/** `k` distinct numbers of 0..n−1, increasing, drawn with a fixed seed (a partial Fisher–Yates shuffle). */
function sampleIds(n: number, k: number): number[] {
  let x = 0x9e3779b9;
  const next = () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(next() * (n - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, k).sort((p, q) => p - q);
}

export async function makeShardPlan(count: ClassSum, options: ShardPlanOptions): Promise<Omit<ShardPlan, 'id'>> {
  const { shards } = options;
  if (!Number.isSafeInteger(shards) || shards < 1 || shards > count.classes)
    throw new InputError(
      `--shards ${shards}: a ${count.box} count by ${count.method} has ${count.classes} classes; give 1..${count.classes}`,
    );
  const costs = count.costs();
  const assignment = balanceShards(costs, shards);
  const sample = sampleIds(count.classes, Math.min(count.classes, options.sample ?? DEFAULT_PLAN_SAMPLE));
  const t0 = performance.now();
  const { setupSeconds } = await count.count(sample, { workers: 1, onClassDone: () => {} });
  const sampleSeconds = (performance.now() - t0) / 1000;
  const sampleCost = sample.reduce((a, c) => a + costs[c], 0);
  const perCost = sampleCost > 0 ? Math.max(0, sampleSeconds - setupSeconds) / sampleCost : 0;
  const shardSeconds = assignment.map((ids) =>
    round3(count.classSeconds + setupSeconds + perCost * ids.reduce((a, c) => a + costs[c], 0)),
  );
  const peakMB = process.resourceUsage().maxRSS / 1024;
  return {
    method: count.method,
    box: count.box,
    classes: count.classes,
    digest: count.digest,
    shards,
    estimate: {
      sampled: sample.length,
      sampleSeconds: round3(sampleSeconds),
      setupSeconds: round3(count.classSeconds + setupSeconds),
      shardSeconds,
      // the planning process's peak, with room: a shard holds the same tables and a share of the memo
      memoryMB: Math.ceil((peakMB * 1.5 + 64) / 64) * 64,
    },
    assignment,
  };
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;
