/**
 * The band-pair route's task module for the worker pool (src/parallel/taskPool.ts): n(b₁) for a run of column-set
 * keys (src/variants/houseKeyClasses.ts) of a 9×9 variant with one extra house (src/variants/oneHouseLayout.ts).
 *
 *   countHouseKeys({ spec, keys })  → Float64Array   n of each key (10 numbers per key: S_0..S_8, Q), in order
 *
 * A thread keeps the two house column-set tables of the last rules it saw (keyed by the spec), so only its first
 * task builds them (about 2 s).
 */
import { rulesFromSpec, type Rules, type RulesSpec } from '../grid/rules.js';
import { oneHouseLayout } from './oneHouseLayout.js';
import { houseColumnSetTable } from './houseColumnSetTable.js';
import { houseBandCompletions, type HouseBandCompletions } from './houseBandCompletions.js';

export interface CountHouseKeysInput {
  readonly spec: RulesSpec;
  /** 10 numbers per key: the nine column sets S_c still needed, then the house digits Q still needed. */
  readonly keys: Int32Array;
}

let cached: { readonly key: string; readonly counter: HouseBandCompletions } | null = null;

/** The band-pair sum for rules that fit it (throws otherwise: the caller checks oneHouseLayout first). */
export function houseCounter(rules: Rules): HouseBandCompletions {
  const layout = oneHouseLayout(rules);
  if (!layout) throw new Error(`internal: ${rules.name} does not fit the band-pair route`);
  const [mid, bot] = layout.bands;
  const tableMid = houseColumnSetTable(mid);
  const same = [0, 1, 2].every((k) => mid.rows[k] === bot.rows[k] && mid.cols[k] === bot.cols[k]);
  return houseBandCompletions(layout, tableMid, same ? tableMid : houseColumnSetTable(bot));
}

export function countHouseKeys(input: CountHouseKeysInput): Float64Array {
  const key = JSON.stringify(input.spec);
  if (cached?.key !== key) cached = { key, counter: houseCounter(rulesFromSpec(input.spec)) };
  return keyCompletions(cached.counter, input.keys);
}

/** n of each key (the one loop of both the pool and the library's sync run). */
export function keyCompletions(counter: HouseBandCompletions, keys: Int32Array): Float64Array {
  const out = new Float64Array(keys.length / 10);
  for (let i = 0; i < out.length; i++)
    out[i] = counter.completions(keys.subarray(i * 10, i * 10 + 9), keys[i * 10 + 9]);
  return out;
}
