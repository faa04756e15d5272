import { classSumOf, classValues, countWords, type ClassSumReport } from '../classSum/classSum.js';
import { countSpecOf } from '../grid/countSpec.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { shownPath } from '../io/fileProblem.js';
import { readPlan, readResult } from '../io/shardFiles.js';
import { resultFiles } from '../io/shardResultFiles.js';
import type { ShippedComparison } from './checkVariantTable.js';
import type { NamedResult } from './mergeShards.js';
import { planClassList, sameCount, shardWorkers } from './planCount.js';
import type { RecountRequest, RecountSummary, recountOrRefuse as recountUnitsOrRefuse } from './recountUnits.js';

/**
 * The merge of shard results (`count --merge`): the one-machine report from every shard, each result checked
 * against the plan (src/shards/mergeShards.ts), the class list found again, and the values counted again where that
 * is cheap (or K units drawn at random, --recount K), else compared with the table the repository ships.
 */

export interface MergeOptions {
  /** Units to count again (--recount K, --seed S, --workers). */
  readonly request?: RecountRequest;
  /** Hears each file of a folder passed over (not a regular file, too large). */
  readonly skipped?: (line: string) => void;
  /** --box: a 2×6 merge of a 6×2 count names its transpose. */
  readonly box?: BoxShape | undefined;
  /** What the merge is counting again, as it goes (null: that stage is over). */
  readonly onProgress?: (text: string | null) => void;
}

export interface MergedCount {
  readonly report: ClassSumReport;
  readonly shards: number;
  readonly plan: string;
  readonly cpuSeconds: number;
  readonly seconds: number;
  readonly recount: RecountSummary | null;
  readonly shipped: ShippedComparison | null;
}

/** What a merge's comparison with the shipped table found, in words (nothing when there was none). */
export function shippedMergeWords(s: ShippedComparison | null): string {
  if (s === null) return '';
  return s.compared === 'units' ? `every value = the shipped ${s.shipped}'s ✓; ` : `N = the shipped ${s.shipped}'s ✓; `;
}

/** `count --merge R… [--plan F] [--recount K [--seed S]]`: the one-machine result, from every shard. */
export async function mergeResults(
  paths: readonly string[],
  planPath: string | undefined,
  options: MergeOptions = {},
): Promise<MergedCount> {
  const { request = {}, skipped, box, onProgress = () => {} } = options;
  // the merge needs no unit's payload (the shards' part, a third of a 5×2 plan): it is not parsed
  const plan = planPath !== undefined ? { ...readPlan(planPath, { payload: false }), path: planPath } : undefined;
  const results: NamedResult[] = resultFiles(paths, skipped).map((path) => ({ path, result: readResult(path) }));
  const merged = (await import('./mergeShards.js')).mergeShards(results, plan);
  if (plan === undefined && results[0].result.combined)
    throw new InputError(
      `the shards of plan ${merged.plan} count units that several classes share: give the plan (--plan FILE) to ` +
        'add them up',
    );
  // the plan's count, typed; without a plan, the one the results name; --box 2x6 names a 6x2 count's transpose
  const held = plan?.spec ?? countSpecOf(merged.method, merged.box);
  if (box !== undefined && !sameCount(merged, box.name))
    throw new InputError(
      `--box ${box.name}: the shards are of ${countWords(merged.method, merged.box)}` +
        (merged.method === 'column-sets' ? ` (or its transpose)` : ''),
    );
  const spec =
    box !== undefined && box.name !== merged.box
      ? { ...held, rules: { ...held.rules, rows: box.rows, cols: box.cols } }
      : held;
  const count = await classSumOf(spec, plan?.classList ?? null);
  const list = planPath !== undefined ? planClassList(count, planPath) : count.classList();
  if (list.count !== merged.classes || list.digest !== merged.digest)
    throw new InputError(
      `the shards name ${merged.classes} classes with digest ${merged.digest}; this program finds ` +
        `${list.count} with digest ${list.digest} (they were counted by another version)`,
    );
  const values = classValues(merged.values, plan?.combine ?? null, plan?.scale ?? 1);
  const report = count.report(
    values,
    merged.facts,
    { classes: list.seconds, counting: merged.seconds },
    merged.details,
  );
  // the seal catches accidents; counting again catches edits: N counted whole on this machine where that is cheap,
  // else the units --recount K draws
  const workers = request.workers ?? (await shardWorkers({ spec }));
  const recountUnits = (all: boolean) =>
    recountOrRefuse(
      onProgress,
      count,
      merged.units,
      all,
      { ...request, workers },
      () => {
        // a column-set unit's payload is in the plan (the merge read it without)
        const payload = planPath !== undefined && merged.method === 'column-sets' ? readPlan(planPath).payload : null;
        return (u) => payload?.[u] ?? [];
      },
      (u) => merged.values[u],
      (u) => shownPath(merged.paths[merged.shardOf[u]]),
    );
  let recount: RecountSummary | null;
  if ((await import('./recountSupport.js')).recountsWhole(spec)) {
    const t0 = performance.now();
    onProgress(`counting ${merged.box} again on this machine`);
    const fast = await (
      await import('./oneMachineTotal.js')
    )
      .oneMachineTotal(spec, workers)
      .finally(() => onProgress(null));
    if (fast !== report.total) {
      await recountUnits(true); // names the unit and its file, when a unit's value differs
      throw new InputError(
        `the merged N, ${report.total}, is not N counted whole on this machine, ${fast}: the plan or a result was ` +
          'edited; refused',
      );
    }
    const seconds = (performance.now() - t0) / 1000;
    recount = { units: merged.units, of: merged.units, whole: true, seed: null, compared: 'total', seconds };
  } else recount = await recountUnits(false);
  // a variant whose table the repository ships: every value compared with it (after any recount asked, which names a
  // unit drawn by its own words)
  const shipped =
    merged.method === 'variant'
      ? (await import('./checkVariantTable.js')).mergedAgainstShipped(
          merged.box,
          merged.units,
          merged.digest,
          (u) => merged.values[u],
          (u) => shownPath(merged.paths[merged.shardOf[u]]),
          report.total,
        )
      : null;
  return {
    report,
    shards: merged.shards,
    plan: merged.plan,
    cpuSeconds: merged.cpuSeconds,
    seconds: merged.seconds,
    recount,
    shipped,
  };
}

/** Count units again and refuse on any difference (recountUnits.ts recountOrRefuse), its progress told. */
async function recountOrRefuse(
  onProgress: (text: string | null) => void,
  ...args: Parameters<typeof recountUnitsOrRefuse>
): Promise<RecountSummary | null> {
  const [count, units, whole, request, payload, held, source] = args;
  if (!whole && request.units === undefined) return null;
  onProgress('counting units again');
  return (await import('./recountUnits.js'))
    .recountOrRefuse(count, units, whole, request, payload, held, source, (done, total) =>
      onProgress(`counting units again: ${done}/${total}`),
    )
    .finally(() => onProgress(null));
}
