import { batchPool, estimate, estimatePlan, exactCount, type EstimateProgress } from './estimate.js';
import { checkWorkers } from '../parallel/threads.js';
import { METHOD_NAMES } from './estimator.js';
import type { BatchRecord } from './runBatch.js';
import type { EstimateResult } from './summarizeBatches.js';
import type { Rules } from '../grid/rules.js';

/**
 * `estimate --compare`: every estimator on the same shape (or rules), seed and budget, one after another, and the
 * check that ridder is knuth in another guise (the same sums on their common batches).
 */
export interface CompareOptions {
  /** The box shape's name (3x3). */
  readonly box: string;
  readonly rules: Rules | null;
  readonly seed: number;
  readonly budget: { readonly samples?: number; readonly seconds?: number };
  /** hybrid's cells filled at random. */
  readonly fill?: number | undefined;
  readonly batch?: number | undefined;
  readonly workers: number;
  /**
   * The method running (label: its name, rules and place) and its progress; (null, null) when every plan is checked
   * and the exact count starts.
   */
  readonly onProgress?: (label: string | null, p: EstimateProgress | null) => void;
}

export interface EstimatorComparison {
  readonly exact: bigint | null;
  readonly runs: EstimateResult[];
  readonly ridderVersusKnuth: RidderVersusKnuth | null;
}

/** Run every method; every plan is checked before the first run starts. */
export async function compareEstimators(o: CompareOptions): Promise<EstimatorComparison> {
  const { box, rules, seed, budget, workers } = o;
  const plans = METHOD_NAMES.map(
    (method) =>
      estimatePlan({
        method,
        box,
        ...(rules ? { variant: rules } : {}),
        seed,
        ...budget,
        ...(method === 'hybrid' && o.fill !== undefined ? { fill: o.fill } : {}),
      }).plan,
  );
  const runs: EstimateResult[] = [];
  const records = new Map<string, BatchRecord[]>();
  o.onProgress?.(null, null);
  const exact = await exactCount(plans[0].rules);
  // one pool for every method: its threads start once (a batch task runs any method)
  const pool = batchPool(checkWorkers(workers));
  try {
    for (const plan of plans) await runOne(plan);
  } finally {
    await pool.close();
  }
  return { exact, runs, ridderVersusKnuth: ridderVersusKnuth(records.get('knuth') ?? [], records.get('ridder') ?? []) };

  async function runOne(plan: (typeof plans)[number]): Promise<void> {
    const mine: BatchRecord[] = [];
    records.set(plan.method, mine);
    const label = `${plan.method} ${plan.rules.name} (${runs.length + 1}/${plans.length})`;
    o.onProgress?.(label, null);
    runs.push(
      await estimate(
        {
          method: plan.method,
          box: plan.shape,
          variant: plan.rules,
          fill: plan.fill,
          seed,
          ...budget,
          workers,
          exact,
          ...(o.batch !== undefined ? { batchSize: o.batch } : {}),
          onBatch: (r) => {
            mine.push(r);
          },
          onProgress: (p) => o.onProgress?.(label, p),
        },
        pool,
      ),
    );
  }
}

/** The sums of the first batches both runs finished. */
export interface RidderVersusKnuth {
  readonly batches: number;
  readonly samples: number;
  readonly knuthSum: bigint;
  readonly ridderSum: bigint;
  readonly identical: boolean;
  readonly relativeDifference: number;
}

/** Sums of the first batches both runs finished: equal when ridder is knuth in another guise. */
export function ridderVersusKnuth(
  knuth: readonly BatchRecord[],
  ridder: readonly BatchRecord[],
): RidderVersusKnuth | null {
  const sorted = (xs: readonly BatchRecord[]) => [...xs].sort((a, b) => a.batch - b.batch);
  const a = sorted(knuth),
    b = sorted(ridder);
  let k = 0;
  while (k < a.length && k < b.length && a[k].batch === k && b[k].batch === k && a[k].samples === b[k].samples) k++;
  if (k === 0) return null;
  let sa = 0n,
    sb = 0n,
    samples = 0;
  for (let i = 0; i < k; i++) {
    sa += a[i].sum;
    sb += b[i].sum;
    samples += a[i].samples;
  }
  const diff = sa > sb ? sa - sb : sb - sa;
  return {
    batches: k,
    samples,
    knuthSum: sa,
    ridderSum: sb,
    identical: diff === 0n,
    relativeDifference: sa > 0n ? Number(diff) / Number(sa) : 0,
  };
}
