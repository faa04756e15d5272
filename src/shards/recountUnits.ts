import { randomInt as secureInt } from 'node:crypto';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { InputError } from '../grid/shape.js';
import { MAX_SEED } from '../random/maxSeed.js';
import { randomInt } from '../random/randomInt.js';
import { assertSeed } from '../random/streamStates.js';
import type { ClassSum } from '../classSum/classSum.js';
import { grouped } from '../grid/grouped.js';

/**
 * Spot-check recounts (docs/sharding.md, "What the seal guards against"): a file's checksum catches accidents, not
 * edits (anyone can compute it again), so `count --merge --recount K` and `classes --verify --recount K` count K of
 * its units again, drawn at random, by the count's own engine (the ClassSum a shard runs), and refuse on any
 * difference. An edit of m of U units escapes K draws with probability C(U−m, K)/C(U, K) ≤ (1 − m/U)^K; where the
 * whole count is cheap (src/shards/recountSupport.ts, recountsWhole) every unit is counted again and nothing escapes.
 */

/** A unit whose value in the file is not the value counted again. */
export interface RecountDifference {
  readonly unit: number;
  readonly held: bigint;
  readonly recounted: bigint;
}

/**
 * `k` distinct units of 0..units−1 (all of them when k ≥ units), drawn uniformly by xoroshiro128+ seeded with `seed`
 * (the first k places of a Fisher–Yates shuffle, kept sparse), in increasing order. The same seed gives the same
 * units on any machine.
 */
export function drawUnits(units: number, k: number, seed: number): number[] {
  assertSeed(seed);
  if (k >= units) return Array.from({ length: units }, (_, i) => i);
  const rng = xoroshiro128plus(seed);
  const moved = new Map<number, number>(); // place → unit, where the shuffle moved one
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(rng, units - i);
    const at = moved.get(j) ?? j;
    moved.set(j, moved.get(i) ?? i);
    out.push(at);
  }
  return out.sort((a, b) => a - b);
}

export interface RecountOptions {
  readonly workers: number;
  readonly signal?: AbortSignal;
  /** Hears each unit as it is counted again (for progress). */
  readonly onUnitDone?: (done: number, total: number) => void;
}

/**
 * Count the units `ids` of `count` again (`payload(id)` as a shard takes it from the plan) and compare each with
 * `held(id)`, the value the file holds: the differences, by unit (empty when every one agrees).
 */
export async function recountUnits(
  count: Pick<ClassSum, 'countUnits'>,
  ids: readonly number[],
  payload: (id: number) => readonly number[],
  held: (id: number) => bigint,
  options: RecountOptions,
): Promise<RecountDifference[]> {
  const differences: RecountDifference[] = [];
  let done = 0;
  await count.countUnits(ids, payload, {
    workers: options.workers,
    ...(options.signal ? { signal: options.signal } : {}),
    onUnitDone: (unit, recounted) => {
      const value = held(unit);
      if (value !== recounted) differences.push({ unit, held: value, recounted });
      options.onUnitDone?.(++done, ids.length);
    },
  });
  return differences.sort((a, b) => a.unit - b.unit);
}

/** What `count --merge --recount K [--seed S]` and `classes --verify --recount K` ask of the recount. */
export interface RecountRequest {
  /** Units to draw and count again (undefined: none, unless the whole count is cheap: then every one). */
  readonly units?: number | undefined;
  /** The draw's seed (default: a random one, printed). */
  readonly seed?: number | undefined;
  readonly workers?: number | undefined;
}

/**
 * What was counted again: `units` of `of`, every one (`whole`: the count is cheap) or drawn with `seed`; `compared`
 * says whether their values were compared one by one ('units') or N counted whole on this machine ('total').
 */
export interface RecountSummary {
  readonly units: number;
  readonly of: number;
  readonly whole: boolean;
  readonly seed: number | null;
  readonly compared: 'units' | 'total';
  readonly seconds: number;
}

/**
 * Count units of a file again and refuse on any difference: every one of `units` when `whole`, else
 * `request.units` drawn with `request.seed` (a random seed when none is given; it is returned, to be printed). The
 * refusal is one InputError naming the first unit that differs, where its value came from (`source`) and the draw.
 * Null when nothing was asked and the count is not cheap.
 */
export async function recountOrRefuse(
  count: Pick<ClassSum, 'countUnits'>,
  units: number,
  whole: boolean,
  request: RecountRequest,
  payload: () => (id: number) => readonly number[],
  held: (id: number) => bigint,
  source: (id: number) => string,
  onUnitDone?: (done: number, total: number) => void,
): Promise<RecountSummary | null> {
  if (!whole && request.units === undefined) return null;
  const seed = whole ? null : (request.seed ?? secureInt(0, MAX_SEED + 1));
  const ids = seed === null ? drawUnits(units, units, 0) : drawUnits(units, request.units ?? units, seed);
  const t0 = performance.now();
  const differences = await recountUnits(count, ids, payload(), held, {
    workers: request.workers ?? 1,
    ...(onUnitDone ? { onUnitDone } : {}),
  });
  const drawn = seed === null ? `every unit counted again` : `${ids.length} units drawn with seed ${seed}`;
  if (differences.length > 0) {
    const d = differences[0];
    throw new InputError(
      `recount (${drawn}): unit ${d.unit} is ${d.held} in ${source(d.unit)}, counted again ${d.recounted}` +
        (differences.length > 1 ? ` (and ${differences.length - 1} more differ)` : '') +
        ': edited or miscounted; refused',
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  return { units: ids.length, of: units, whole: seed === null, seed, compared: 'units', seconds };
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
