import type { Rules } from '../grid/rules.js';
import { antiKingEdgeFits, bandText } from '../variants/countAntiKingEdge.js';
import {
  countVariantGridsPooled,
  type VariantClassDone,
  type VariantCount,
  type VariantPoolOptions,
} from '../variants/countVariantGrids.js';
import { antiKingMiddleBands, type AntiKingMiddleBands } from '../variants/antiKingMiddleBands.js';
import { middleBandTop } from '../variants/variantTable.js';
import { variantGroup, type VariantGroup } from '../variants/variantGroup.js';
import { variantTopBlocks, type TopBlockClasses } from '../variants/variantTopBlocks.js';
import { variantUnitDigest } from '../variants/variantUnitDigest.js';
import type { ClassList, ClassSum } from './classSum.js';
import { wholeRouteSum } from './wholeRouteSum.js';

/** The classes the one-machine count numbers: top-block classes, or (the edge-table route) middle-band classes. */
interface VariantCountList extends ClassList {
  readonly top: TopBlockClasses;
  /** The group, for the top-block routes (the edge-table route finds its own). */
  readonly group: VariantGroup | null;
  /** The edge-table route's middle-band classes. */
  readonly middle: AntiKingMiddleBands | null;
}

export type VariantCountSumOptions = Pick<VariantPoolOptions, 'exhaustive' | 'onProgress' | 'onClassList'>;

/**
 * `count --variant` (countVariantGridsPooled: every route, the exhaustive one where asked) as a class-sum count, so
 * that the one runner (runClassSum) keeps its checkpoint, resume and Ctrl-C: the units are the classes that count
 * numbers (the top-block classes; 9×9 anti-king's middle-band classes), a unit's value is n_C, and the report is the
 * count's own VariantCount. The class list is found only for a checkpoint (its digest names the run); a run hands
 * it to the count. A plan's variant count is src/classSum/variantClassSum.ts (units a shard rebuilds alone).
 */
export function variantCountSum(rules: Rules, options: VariantCountSumOptions = {}): ClassSum {
  const edge = rules.n === 9 && antiKingEdgeFits(rules);
  return wholeRouteSum<VariantCountList, VariantCount>({
    spec: { route: 'variant', rules: rules.spec },
    box: rules.name,
    findList() {
      const t0 = performance.now();
      // the list is the count's first stage, reported as it reports it (a tick every few milliseconds)
      const tick = () => options.onProgress?.('classes', 0, 1);
      tick();
      const group = edge ? null : variantGroup(rules, tick);
      const middle = edge ? antiKingMiddleBands(rules.shape.rows) : null;
      const top = group ? variantTopBlocks(group, tick) : middleBandTop(middle!);
      const digest = variantUnitDigest(rules, top);
      return { count: top.sizes.length, digest, seconds: (performance.now() - t0) / 1000, top, group, middle };
    },
    async count(known, held, run) {
      const L = held ? held.top.k * rules.n : 0;
      const resume = known.map(([id, { value }]): VariantClassDone => ({
        id,
        block: bandText(held!.top.representatives.subarray(id * L, (id + 1) * L), held!.top.k, rules.n),
        completions: Number(value),
      }));
      const result = await countVariantGridsPooled(rules, {
        ...options,
        workers: run.workers,
        resume,
        ...(run.signal ? { signal: run.signal } : {}),
        ...(held?.group ? { found: { group: held.group, top: held.top, seconds: held.seconds } } : {}),
        ...(held?.middle ? { foundMiddle: held.middle } : {}),
        onClassDone: (row) => run.onUnitDone(row.id, BigInt(row.completions)),
      });
      return { result, facts: {} };
    },
    report: (counted) => ({ method: 'variant', total: counted.total, count: counted }),
  });
}
