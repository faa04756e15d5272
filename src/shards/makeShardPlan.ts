import { InputError } from '../grid/shape.js';
import type { ShardPlan } from '../io/shardFiles.js';
import { countWords, type ClassSum } from '../classSum/classSum.js';

/**
 * A plan for counting `count` in `shards` shards: every unit of work in exactly one shard, the shards balanced by
 * the units' estimated costs (longest first, each to the least loaded shard; equal costs deal the units out in
 * turn, so neighbouring units, often alike, land in different shards), with the seconds and memory each shard is
 * expected to need. The estimate times (in CPU seconds) a seeded random sample of units on one thread here
 * (memoisation cold, so it errs long) and the setup a shard repeats (class list, tables); a count that declares
 * its cost (a 9×9 variant) is sized from the declaration instead.
 */
export interface ShardPlanOptions {
  readonly shards: number;
  /** Classes to time for the estimate (default: the count's, else 12; all when there are fewer). */
  readonly sample?: number;
}

export const DEFAULT_PLAN_SAMPLE = 12;

/** The classes of each shard: longest processing time first, each class to the least loaded shard. */
export function balanceShards(costs: Float64Array, shards: number): number[][] {
  const order = Array.from(costs.keys()).sort((a, b) => costs[b] - costs[a] || a - b);
  const load = new Float64Array(shards);
  const out: number[][] = Array.from({ length: shards }, () => []);
  // the least loaded shard, the first of equals, from a binary heap ordered by (load, shard): the shard a scan of
  // every shard picks, in log(shards) steps (9×9 anti-king, 271,872 units in 1,000 shards: 1.2 s scanning)
  const heap = Int32Array.from({ length: shards }, (_, s) => s);
  const before = (a: number, b: number) => load[a] < load[b] || (load[a] === load[b] && a < b);
  for (const c of order) {
    const best = heap[0];
    load[best] += costs[c];
    out[best].push(c);
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      let m = i;
      if (l < shards && before(heap[l], heap[m])) m = l;
      if (l + 1 < shards && before(heap[l + 1], heap[m])) m = l + 1;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
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
  const list = count.classList();
  const t0 = performance.now();
  const units = count.units();
  const unitSeconds = (performance.now() - t0) / 1000;
  const payload = units.payload;
  if (!Number.isSafeInteger(shards) || shards < 1 || shards > units.units)
    throw new InputError(
      `--shards ${shards}: ${countWords(count.method, count.box)} has ${units.units} units of work; give ` +
        `1..${units.units}`,
    );
  const { costs } = units;
  const assignment = balanceShards(costs, shards);
  // a count that declares its cost (one unit may take minutes) is sized from that, with no sample timed
  const declared = units.declaredSeconds;
  const sample =
    declared === undefined
      ? sampleIds(units.units, Math.min(units.units, options.sample ?? units.sample ?? DEFAULT_PLAN_SAMPLE))
      : [];
  // CPU seconds of this process (one thread: the sample runs here), so a busy machine does not inflate them
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const countSample = async (ids: readonly number[]) => {
    const t = cpu();
    const counted = await count.countUnits(ids, (u) => payload?.[u] ?? [], { workers: 1, onUnitDone: () => {} });
    return { ...counted, seconds: cpu() - t };
  };
  const totalCost = costs.reduce((a, c) => a + c, 0);
  let setupSeconds = 0,
    sampleSeconds = 0,
    perCost = totalCost > 0 && declared !== undefined ? declared / totalCost : 0;
  if (sample.length > 0) {
    // the setup a shard repeats (threads, modules, tables) is what one unit costs beyond a unit's share
    const one = await countSample(sample.slice(0, 1));
    const timed = await countSample(sample);
    const perUnitCost = sample.length > 1 ? Math.max(0, timed.seconds - one.seconds) / (sample.length - 1) : 0;
    setupSeconds = Math.max(0, one.seconds - perUnitCost);
    sampleSeconds = timed.seconds;
    const sampleCost = sample.reduce((a, c) => a + costs[c], 0);
    perCost = sampleCost > 0 ? (perUnitCost * sample.length) / sampleCost : 0;
  }
  // a shard takes the class list from the plan (6×2's shards find nothing more); a band shard still enumerates the
  // reduced bands (most of the list's time) for its column-set table, and a variant shard finds its list again (the
  // plan does not carry it)
  const shardSetup = (payload || units.listFromPlan ? 0 : list.seconds) + setupSeconds;
  const shardSeconds = assignment.map((ids) => round3(shardSetup + perCost * ids.reduce((a, c) => a + costs[c], 0)));
  const peakMB = process.resourceUsage().maxRSS / 1024;
  return {
    method: count.method,
    box: count.box,
    spec: count.spec,
    classes: list.count,
    digest: list.digest,
    units: units.units,
    scale: units.scale,
    shards,
    estimate: {
      sampled: sample.length,
      sampleSeconds: round3(sampleSeconds),
      setupSeconds: round3(shardSetup),
      unitSeconds: round3(unitSeconds),
      shardSeconds,
      // the planning process's peak, with room: a shard holds the same tables and a share of the memo (at least
      // what the count says a unit may take)
      memoryMB: Math.ceil(Math.max(peakMB * 1.5 + 64, units.unitMemoryMB ?? 0) / 64) * 64,
    },
    assignment,
    payload,
    combine: units.combine,
    classList: count.classData(),
  };
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;
