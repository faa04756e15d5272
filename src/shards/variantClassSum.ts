import { createHash } from 'node:crypto';
import type { Rules } from '../grid/rules.js';
import { InputError } from '../grid/shape.js';
import { resolveRules, VARIANT_COUNT_COST_9X9 } from '../grid/support.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { assemble } from '../variants/countVariantGrids.js';
import type * as VariantCompletionsTask from '../variants/variantCompletionsTask.js';
import { variantGroup, type VariantGroup } from '../variants/variantGroup.js';
import { variantTopBlocks, type TopBlockClasses } from '../variants/variantTopBlocks.js';
import type { ClassList, ClassSum } from './classSum.js';

/** The variant count's class list: the top-block classes under the variant's own group (src/variants/). */
interface VariantList extends ClassList {
  readonly group: VariantGroup;
  readonly top: TopBlockClasses;
}

/**
 * The rules a sharded variant count is for, from their name ("3x3+anti-king", as a plan's "box" holds it): every
 * variant `count --variant` takes on that shape, 9×9 ones whatever their declared cost (src/grid/support.ts,
 * method 'shards'). A jigsaw is not sharded: its regions are a file, not a name.
 */
export function variantShardRulesOf(name: string): Rules {
  const [box, ...variants] = name.split('+');
  if (variants.length === 0) throw new InputError(`'${name}' names no variant (a variant count is "RxC+variant")`);
  if (variants.some((v) => v.startsWith('jigsaw')))
    throw new InputError(`${name}: a jigsaw count is not sharded (its regions are a file the plan does not carry)`);
  const rules = resolveRules('variant-count', box, variants, 'shards');
  if (rules.name !== name)
    throw new InputError(`'${name}' is not the name of a variant count (it reads ${rules.name})`);
  return rules;
}

/** Declared CPU seconds of a 9×9 variant's whole count (src/grid/support.ts), or undefined (small shapes). */
function declaredSeconds(rules: Rules): number | undefined {
  if (rules.n !== 9) return undefined;
  const hours = VARIANT_COUNT_COST_9X9[rules.variants.join(',')];
  return hours === undefined ? undefined : hours * 3600;
}

/**
 * A variant count (docs/variant-counts.md, the fast route) as a class-sum count: the units are the top-block
 * classes, a class's value is n_C (the completions of its representative, by the solver's engine for the rules,
 * as variantCompletionsTask counts them), N = n!·Σ m_C·n_C. The class list (1–2 s for 9×9) is found again by every
 * shard and the merge, and checked against the plan's digest, rather than carried in the plan (271,872 blocks of
 * 27 cells for 9×9 anti-king: ~20 MB). Units cost alike in the plan (dealt out in turn); a 9×9 variant's plan is
 * sized from its declared cost. On 9×9 the classes are counted on worker threads even with one worker, so that
 * SIGINT/SIGTERM stop a shard at once rather than after a class of seconds.
 */
export function variantClassSum(name: string): ClassSum {
  const rules = variantShardRulesOf(name);
  const declared = declaredSeconds(rules);
  let found: VariantList | null = null;
  const classList = (): VariantList => {
    if (found) return found;
    const t0 = performance.now();
    const group = variantGroup(rules);
    const top = variantTopBlocks(group);
    const digest = createHash('sha256')
      .update(rules.name)
      .update(top.representatives)
      .update(new Uint8Array(top.sizes.buffer, top.sizes.byteOffset, top.sizes.byteLength))
      .digest('hex')
      .slice(0, 16);
    found = { count: top.sizes.length, digest, seconds: (performance.now() - t0) / 1000, group, top };
    return found;
  };
  return {
    method: 'variant',
    box: rules.name,
    classList,
    classData: () => null,
    units() {
      const { count } = classList();
      return {
        units: count,
        payload: null,
        combine: null,
        scale: 1,
        costs: new Float64Array(count).fill(1),
        ...(declared !== undefined ? { declaredSeconds: declared } : {}),
      };
    },
    async countUnits(ids, _payload, options) {
      const { top } = classList();
      const t1 = performance.now();
      const B = top.k * rules.n;
      // classes per task: one where a class takes a tenth of a second or more (a checkpoint per class), else a few
      const perTask = declared !== undefined && declared / top.sizes.length >= 0.1 ? 1 : 8;
      const pool = typedTaskPool<typeof VariantCompletionsTask>(
        new URL('../variants/variantCompletionsTask.js', import.meta.url),
        options.workers,
        { isolate: rules.n >= 8 },
      );
      const onAbort = () => void pool.close();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      let next = 0;
      const runner = async (): Promise<void> => {
        while (next < ids.length && !options.signal?.aborted) {
          const start = next;
          next = Math.min(ids.length, start + perTask);
          const blocks = new Uint8Array((next - start) * B);
          for (let i = start; i < next; i++)
            blocks.set(top.representatives.subarray(ids[i] * B, (ids[i] + 1) * B), (i - start) * B);
          const out = await pool.run('countBlocks', { spec: rules.spec, blocks, blockLength: B });
          out.forEach((v, i) => {
            if (!Number.isSafeInteger(v)) throw new Error(`internal: n_C of class ${ids[start + i]} is not exact`);
            options.onUnitDone(ids[start + i], BigInt(v));
          });
        }
      };
      try {
        await Promise.all(Array.from({ length: pool.threads <= 1 ? 1 : 2 * pool.threads }, runner));
        options.signal?.throwIfAborted();
        return { facts: {}, setupSeconds: (performance.now() - t1) / 1000 };
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
        await pool.close();
      }
    },
    report(values, _facts, seconds) {
      const { group, top } = classList();
      const completions = Float64Array.from(values, (v) => {
        if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('internal: an n_C past 2^53');
        return Number(v);
      });
      const t2 = performance.now();
      const t0 = t2 - (seconds.classes + seconds.counting) * 1000;
      const count = assemble(rules, group, top, completions, [t0, t0 + seconds.classes * 1000, t2], {
        exhaustive: 'none',
      });
      return { method: 'variant', total: count.total, count };
    },
  };
}
