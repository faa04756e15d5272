import { variantShardRules, variantShardRulesOf } from '../grid/countSpec.js';
import type { Rules, RulesSpec } from '../grid/rules.js';
import { VARIANT_COUNT_COST_9X9, VARIANT_SOLVER_COST_9X9 } from '../variants/variantCountSupport.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { oneHouseLayout } from '../variants/oneHouseLayout.js';
import { assemble } from '../variants/countVariantGrids.js';
import type * as HouseCompletionsTask from '../variants/houseCompletionsTask.js';
import { houseKeyClasses } from '../variants/houseKeyClasses.js';
import type * as VariantCompletionsTask from '../variants/variantCompletionsTask.js';
import { variantGroup, type VariantGroup } from '../variants/variantGroup.js';
import { variantTopBlocks, type TopBlockClasses } from '../variants/variantTopBlocks.js';
import { variantUnitDigest } from '../variants/variantUnitDigest.js';
import { classUnits, type ClassList, type ClassSum } from './classSum.js';
import { drainTasks } from './drainTasks.js';

/** The variant count's class list: the top-block classes under the variant's own group (src/variants/). */
interface VariantList extends ClassList {
  readonly group: VariantGroup;
  readonly top: TopBlockClasses;
}

/** Column-set keys per pool task on the band-pair route (10–20 ms each). */
const HOUSE_KEYS_PER_TASK = 16;

/**
 * Declared CPU seconds of a 9×9 variant's whole count by the solver route (src/variants/variantCountSupport.ts), or
 * undefined.
 */
function declaredSeconds(rules: Rules): number | undefined {
  if (rules.n !== 9) return undefined;
  const name = rules.variants.join(',');
  const hours = VARIANT_SOLVER_COST_9X9[name] ?? VARIANT_COUNT_COST_9X9[name];
  return hours === undefined ? undefined : hours * 3600;
}

/**
 * A variant count (docs/variant-counts.md, the fast route) as a class-sum count: the units are the top-block
 * classes, a class's value is n_C (the completions of its representative, by the solver's engine for the rules,
 * as variantCompletionsTask counts them), N = n!·Σ m_C·n_C. The class list (1–2 s for 9×9) is found again by every
 * shard and the merge, and checked against the plan's digest, rather than carried in the plan (271,872 blocks of
 * 27 cells for 9×9 anti-king: ~20 MB). Units cost alike in the plan (dealt out in turn); a 9×9 variant's plan is
 * sized from its declared cost. On 9×9 the classes are counted on worker threads even with one worker, so that
 * SIGINT/SIGTERM stop a shard at once rather than after a class of seconds. Where the one-machine count takes the
 * band-pair route (one extra house of three cells a band: src/variants/oneHouseLayout.ts), a shard does too: its
 * classes are grouped by their column-set keys (src/variants/houseKeyClasses.ts), each key summed once.
 */
export function variantClassSum(rules: RulesSpec | string): ClassSum {
  return variantRulesSum(typeof rules === 'string' ? variantShardRulesOf(rules) : variantShardRules(rules));
}

function variantRulesSum(rules: Rules): ClassSum {
  const declared = declaredSeconds(rules);
  let found: VariantList | null = null;
  const classList = (): VariantList => {
    if (found) return found;
    const t0 = performance.now();
    const group = variantGroup(rules);
    const top = variantTopBlocks(group);
    const digest = variantUnitDigest(rules, top);
    found = { count: top.sizes.length, digest, seconds: (performance.now() - t0) / 1000, group, top };
    return found;
  };
  return {
    method: 'variant',
    spec: { route: 'variant', rules: { rows: rules.shape.rows, cols: rules.shape.cols, variants: rules.variants } },
    box: rules.name,
    classList,
    classData: () => null,
    units() {
      const { count } = classList();
      return { ...classUnits(count), ...(declared !== undefined ? { declaredSeconds: declared } : {}) };
    },
    async countUnits(ids, _payload, options) {
      const { top } = classList();
      const t1 = performance.now();
      const layout = rules.n === 9 ? oneHouseLayout(rules) : null;
      if (layout) {
        // the band-pair route: the shard's classes grouped by their column-set keys, each key summed once
        const house = houseKeyClasses(layout, top);
        const members = new Map<number, number[]>();
        for (const id of ids) {
          const k = house.keyOf[id];
          const list = members.get(k);
          if (list) list.push(id);
          else members.set(k, [id]);
        }
        const open = [...members.keys()];
        const pool = typedTaskPool<typeof HouseCompletionsTask>(
          new URL('../variants/houseCompletionsTask.js', import.meta.url),
          options.workers,
          { isolate: true },
        );
        await drainTasks(pool, Math.ceil(open.length / HOUSE_KEYS_PER_TASK), options.signal, async (t) => {
          const run = open.slice(t * HOUSE_KEYS_PER_TASK, (t + 1) * HOUSE_KEYS_PER_TASK);
          const keys = new Int32Array(run.length * 10);
          run.forEach((k, j) => keys.set(house.keys.subarray(k * 10, k * 10 + 10), j * 10));
          const out = await pool.run('countHouseKeys', { spec: rules.spec, keys });
          run.forEach((k, j) => {
            if (!Number.isSafeInteger(out[j])) throw new Error(`internal: n of key ${k} is not exact`);
            for (const id of members.get(k) ?? []) options.onUnitDone(id, BigInt(out[j]));
          });
        });
        return { facts: {}, setupSeconds: (performance.now() - t1) / 1000 };
      }
      const B = top.k * rules.n;
      // classes per task: one where a class takes a tenth of a second or more (a checkpoint per class), else a few
      const perTask = declared !== undefined && declared / top.sizes.length >= 0.1 ? 1 : 8;
      const pool = typedTaskPool<typeof VariantCompletionsTask>(
        new URL('../variants/variantCompletionsTask.js', import.meta.url),
        options.workers,
        { isolate: rules.n >= 8 },
      );
      await drainTasks(pool, Math.ceil(ids.length / perTask), options.signal, async (t) => {
        const start = t * perTask;
        const end = Math.min(ids.length, start + perTask);
        const blocks = new Uint8Array((end - start) * B);
        for (let i = start; i < end; i++)
          blocks.set(top.representatives.subarray(ids[i] * B, (ids[i] + 1) * B), (i - start) * B);
        const out = await pool.run('countBlocks', { spec: rules.spec, blocks, blockLength: B });
        out.forEach((v, i) => {
          if (!Number.isSafeInteger(v)) throw new Error(`internal: n_C of class ${ids[start + i]} is not exact`);
          options.onUnitDone(ids[start + i], BigInt(v));
        });
      });
      return { facts: {}, setupSeconds: (performance.now() - t1) / 1000 };
    },
    report(values, _facts, seconds) {
      const { group, top } = classList();
      const completions = Float64Array.from(values, (v) => {
        if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('internal: an n_C past 2^53');
        return Number(v);
      });
      const t2 = performance.now();
      const t0 = t2 - (seconds.classes + seconds.counting) * 1000;
      const layout = rules.n === 9 ? oneHouseLayout(rules) : null;
      const t3 = performance.now();
      const house = layout ? houseKeyClasses(layout, top) : null;
      const keySeconds = (performance.now() - t3) / 1000;
      const times = [t0, t0 + seconds.classes * 1000, t2] as const;
      const count = assemble(rules, group, top, completions, times, { exhaustive: 'none' }, house, keySeconds);
      return { method: 'variant', total: count.total, count };
    },
  };
}

export { variantShardRulesOf };
