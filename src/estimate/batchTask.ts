/**
 * The estimate's task module for the worker pool (src/parallel/taskPool.ts):
 *
 *   runBatchTask({ method, rows, cols, fill, batch, state, samples }) → BatchRecord
 *
 * A thread keeps the estimator (tables, scratch) of the last plan it saw, so only its first batch builds it.
 */
import { boxShape } from '../grid/shape.js';
import { rulesFromSpec, type RulesSpec } from '../grid/rules.js';
import { createEstimator } from './createEstimator.js';
import type { Estimator } from './estimator.js';
import { batchScratch, runBatch, type BatchRecord } from './runBatch.js';

export interface BatchTaskInput {
  readonly method: string;
  readonly rows: number;
  readonly cols: number;
  readonly fill: number | null;
  /** Variants: the rules' spec (absent: plain rules). */
  readonly rules?: RulesSpec;
  /** Batch number, which is also its stream number. */
  readonly batch: number;
  /** The stream's generator state (`streamStates(seed)(batch)`). */
  readonly state: readonly number[];
  readonly samples: number;
}

let cached: { readonly key: string; readonly estimator: Estimator } | null = null;
const scratch = batchScratch();

export function runBatchTask(input: BatchTaskInput): BatchRecord {
  const rules = input.rules ? rulesFromSpec(input.rules) : undefined;
  const key = `${input.method}/${rules?.name ?? `${input.rows}x${input.cols}`}/${input.fill}`;
  if (cached?.key !== key) {
    const shape = boxShape(input.rows, input.cols);
    cached = {
      key,
      estimator: createEstimator({ method: input.method, shape, fill: input.fill, ...(rules ? { rules } : {}) }),
    };
  }
  return runBatch(cached.estimator, input.batch, input.state, input.samples, scratch);
}
