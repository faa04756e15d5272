import { countGrids } from '../count/countGrids.js';
import { checkWorkers, defaultThreads } from '../parallel/threads.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveRules, shapeProblem } from '../grid/support.js';
import type { Rules } from '../grid/rules.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import { createEstimator } from './createEstimator.js';
import { omegaSize } from './ridderMeasures.js';
import type { Estimator, MethodName } from './estimator.js';
import { typedTaskPool, type TypedTaskPool } from '../parallel/taskPool.js';
import type * as BatchTask from './batchTask.js';
import type { BatchTaskInput } from './batchTask.js';
import type { BatchRecord } from './runBatch.js';
import { assertSeed, streamStates } from '../random/streamStates.js';
import { addBatch, emptyTotals, meanAndError, summarizeTotals, type EstimateResult } from './summarizeBatches.js';

/**
 * A Monte Carlo run: batches of samples, each from its own stream, on one or more threads, combined in
 * batch order into an `EstimateResult`.
 *
 *   batch b  = samples b·B .. b·B + B − 1  (B = batchSize; the last batch of a `samples` run may be short)
 *              drawn from stream b = the seed's generator jumped b times
 *   result   = summarizeBatches(batches 0..k−1): a function of (method, shape, fill, seed, B, k) only
 *
 * Budget: `samples` fixes k = ⌈samples/B⌉. `seconds` hands out batches in order until the time is up, then
 * waits for the ones running: the batches done are always 0..k−1, so the result is the one a `samples`
 * run with k·B samples gives, on any number of threads. With both, whichever ends first.
 * Resume: batches already done (from a checkpoint) are not run again; missing ones below the last done
 * are run even when the time is up, so the result is again a function of k.
 */
export interface EstimateOptions {
  readonly method: string;
  /** Box shape (default 3x3). */
  readonly box?: BoxShape | string;
  /** Variants: "x,windoku", a list of names, or a Rules object (default none; every method takes them). */
  readonly variant?: Rules | string | readonly string[];
  /** `hybrid` only: cells filled at random before the exact count. */
  readonly fill?: number | null;
  /** Seed of the generator, 0..2^32−1 (required: print it with the result). */
  readonly seed: number;
  /** Number of samples (rounded up to whole batches only when `seconds` ends the run). */
  readonly samples?: number;
  /** Time budget in seconds. */
  readonly seconds?: number;
  /** Samples per batch (default per method: `defaultBatchSize`). Part of what the result depends on. */
  readonly batchSize?: number;
  /** Threads (default `defaultWorkers()`: min(2, cores)); the result does not depend on it. */
  readonly workers?: number;
  /** The exact N to compare with; omitted: computed by `countGrids` when the band method applies, else null. */
  readonly exact?: bigint | null;
  /** Continue a run: its finished batches and the wall seconds it had used. */
  readonly resume?: { readonly batches: readonly BatchRecord[]; readonly elapsed: number };
  /** Called as each batch finishes (in completion order), with the run's wall seconds so far. */
  readonly onBatch?: (record: BatchRecord, elapsed: number) => void;
  /** Called when the finished prefix of batches grows. */
  readonly onProgress?: (progress: EstimateProgress) => void;
  /**
   * Stops the run at once (the threads are terminated): it then rejects with EstimateInterrupted; every batch that
   * finished was handed to `onBatch` first.
   */
  readonly signal?: AbortSignal;
}

/** A run stopped by its signal: `batches` had finished (`onBatch` heard each). */
export class EstimateInterrupted extends Error {
  override name = 'EstimateInterrupted';
  constructor(readonly batches: number) {
    super(`interrupted after ${batches} batches`);
  }
}

export interface EstimateProgress {
  readonly batches: number;
  readonly samples: number;
  readonly mean: number;
  readonly ci95: readonly [number, number] | null;
  readonly elapsed: number;
}

/** Samples per batch: about 20–60 ms of work on a 3×3 grid, so threads and checkpoints stay busy and fine-grained. */
export function defaultBatchSize(method: string): number {
  switch (method) {
    case 'crude':
      return 65536;
    case 'knuth-mrv':
      return 4096;
    case 'hybrid':
      return 512;
    default:
      return 16384;
  }
}

/** The run plan every caller (CLI, checkpoint) agrees on. */
export interface EstimatePlan {
  readonly method: MethodName;
  readonly shape: BoxShape;
  /** The rules sampled (plain for a bare shape). */
  readonly rules: Rules;
  readonly fill: number | null;
  readonly seed: number;
  readonly samples: number | null;
  readonly seconds: number | null;
  readonly batchSize: number;
}

/** Check the options and resolve defaults; throws InputError for what a user typed wrong. */
export function estimatePlan(options: EstimateOptions): { plan: EstimatePlan; estimator: Estimator } {
  const rules = resolveRules('estimate', options.box, options.variant);
  const shape = rules.shape;
  const estimator = createEstimator({ method: options.method, shape, fill: options.fill ?? null, rules });
  try {
    assertSeed(options.seed);
  } catch (e) {
    throw new InputError((e as Error).message);
  }
  const { samples, seconds } = options;
  if (samples !== undefined && (!Number.isSafeInteger(samples) || samples < 1))
    throw new InputError(`samples must be a whole number ≥ 1, not ${samples}`);
  if (seconds !== undefined && !(Number.isFinite(seconds) && seconds > 0))
    throw new InputError(`seconds must be a number > 0, not ${seconds}`);
  if (samples === undefined && seconds === undefined)
    throw new InputError('give a number of samples or a time budget in seconds');
  const batchSize = options.batchSize ?? defaultBatchSize(estimator.method);
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new InputError(`batch size must be a whole number ≥ 1, not ${batchSize}`);
  return {
    plan: {
      method: estimator.method,
      shape,
      rules,
      fill: estimator.fill,
      seed: options.seed,
      samples: samples ?? null,
      seconds: seconds ?? null,
      batchSize,
    },
    estimator,
  };
}

/** Largest n whose grids under variants are counted exhaustively (the solver on the empty grid) for comparison. */
export const MAX_EXHAUSTIVE_VARIANT_SIDE = 4;

/**
 * The exact N for a shape when the band method can count it (3×3: ~0.6 s), else null. Under variants: the
 * solution counter's count of the empty grid on shapes small enough to count exhaustively (n ≤ 4), else null.
 */
export async function exactCount(shape: BoxShape | Rules): Promise<bigint | null> {
  if ('houses' in shape) {
    if (shape.plain) return exactCount(shape.shape);
    if (shape.n > MAX_EXHAUSTIVE_VARIANT_SIDE) return null;
    return BigInt(puzzleCounter(shape).count(new Uint8Array(shape.cells)).count);
  }
  if (shapeProblem('band-method', shape) !== null) return null;
  return (await countGrids({ box: shape })).total;
}

/** The worker pool of estimates: its threads run batches of any method, shape and rules (batchTask.ts). */
export type BatchPool = TypedTaskPool<typeof BatchTask>;

/** A pool of `workers` threads for estimates (compareEstimators runs every method on one). */
export function batchPool(workers: number): BatchPool {
  return typedTaskPool<typeof BatchTask>(new URL('./batchTask.js', import.meta.url), workers);
}

/**
 * Run an estimate. `shared`: a pool of batchPool(workers) to run on, which the caller closes (a stop by the signal
 * closes it too); without it the estimate starts its own and closes it.
 */
export async function estimate(options: EstimateOptions, shared?: BatchPool): Promise<EstimateResult> {
  const { plan, estimator } = estimatePlan(options);
  const workers = checkWorkers(options.workers ?? defaultThreads());
  if (shared !== undefined && shared.threads !== workers)
    throw new Error(`internal: a pool of ${shared.threads} threads for an estimate on ${workers}`);
  const exact = options.exact !== undefined ? options.exact : await exactCount(plan.rules);
  const { batchSize, samples, seconds } = plan;
  const totalBatches = samples === null ? Infinity : Math.ceil(samples / batchSize);
  const sizeOf = (b: number) => (samples === null ? batchSize : Math.min(batchSize, samples - b * batchSize));

  // batches already done (resume)
  const done = new Map<number, BatchRecord>();
  let holesBelow = 0; // batches below this index are run whatever the clock says
  for (const r of options.resume?.batches ?? []) {
    if (!Number.isSafeInteger(r.batch) || r.batch < 0 || r.batch >= totalBatches || r.samples !== sizeOf(r.batch)) {
      throw new InputError(
        `resume: batch ${r.batch} of ${r.samples} samples does not belong to this run (${totalBatches} ` +
          `batches of ${batchSize})`,
      );
    }
    const seen = done.get(r.batch);
    if (seen && (seen.sum !== r.sum || seen.sumSq !== r.sumSq || seen.nonzero !== r.nonzero))
      throw new InputError(`resume: batch ${r.batch} appears twice with different sums`);
    done.set(r.batch, r);
    holesBelow = Math.max(holesBelow, r.batch + 1);
  }
  const elapsed0 = options.resume?.elapsed ?? 0;
  const t0 = performance.now();
  const elapsed = () => elapsed0 + (performance.now() - t0) / 1000;
  const states = streamStates(plan.seed);

  let next = 0;
  const nextBatch = (): number | null => {
    while (next < totalBatches && (next < prefix.batches || done.has(next))) next++;
    if (next >= totalBatches) return null;
    // the clock ends a run only after its first batch: a result always has at least one
    if (next > 0 && next >= holesBelow && seconds !== null && elapsed() >= seconds) return null;
    return next++;
  };

  // batches 0..k−1 are summed into the prefix and forgotten: memory holds only the batches finished out of order
  const prefix = emptyTotals();
  const advancePrefix = () => {
    const before = prefix.batches;
    for (let r = done.get(prefix.batches); r; r = done.get(prefix.batches)) {
      addBatch(prefix, r);
      done.delete(r.batch);
    }
    if (prefix.batches > before && options.onProgress) {
      const { mean, ci95 } = meanAndError(prefix, estimator.scale);
      options.onProgress({ batches: prefix.batches, samples: prefix.samples, mean, ci95, elapsed: elapsed() });
    }
  };
  const finish = (record: BatchRecord) => {
    done.set(record.batch, record);
    options.onBatch?.(record, elapsed());
    advancePrefix();
  };
  advancePrefix();

  const pool = shared ?? batchPool(workers);
  let finished = options.resume?.batches.length ?? 0;
  const onAbort = () => void pool.close();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    await runInOrder(
      pool,
      nextBatch,
      (b): BatchTaskInput => ({
        method: plan.method,
        rows: plan.shape.rows,
        cols: plan.shape.cols,
        ...(plan.rules.plain ? {} : { rules: plan.rules.spec }),
        fill: plan.fill,
        batch: b,
        state: states(b),
        samples: sizeOf(b),
      }),
      (record) => {
        finished++;
        finish(record);
      },
    );
  } catch (e) {
    if (options.signal?.aborted) throw new EstimateInterrupted(finished);
    throw e;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (shared === undefined) await pool.close();
  }

  if (done.size !== 0)
    throw new Error(`internal: ${done.size} batches done beyond the contiguous 0..${prefix.batches - 1}`);
  return summarizeTotals(prefix, {
    method: plan.method,
    box: plan.shape.name,
    fill: plan.fill,
    scale: estimator.scale,
    indicator: estimator.indicator,
    seed: plan.seed,
    workers,
    batchSize,
    exact,
    seconds: elapsed(),
    omega: omegaSize(plan.shape),
  });
}

/**
 * Keep every thread busy with the next batch `nextBatch` hands out until it hands out none; `finish` hears
 * each record as it comes (the caller orders them by batch number).
 */
function runInOrder(
  pool: TypedTaskPool<typeof BatchTask>,
  nextBatch: () => number | null,
  input: (b: number) => BatchTaskInput,
  finish: (record: BatchRecord) => void,
): Promise<void> {
  const lane = async (): Promise<void> => {
    for (let b = nextBatch(); b !== null; b = nextBatch()) finish(await pool.run('runBatchTask', input(b)));
  };
  return Promise.all(Array.from({ length: pool.threads }, lane)).then(() => {});
}
