/**
 * Worker thread for `estimate`: told once which estimator to build, then runs batches on request and
 * answers with their records. Holds one estimator and one scratch, reused for every batch.
 */
import { parentPort } from 'node:worker_threads';
import { boxShape } from '../grid/shape.js';
import { createEstimator } from './createEstimator.js';
import type { Estimator } from './estimator.js';
import { batchScratch, runBatch } from './runBatch.js';

export type WorkerRequest =
  | {
      readonly kind: 'init';
      readonly method: string;
      readonly rows: number;
      readonly cols: number;
      readonly fill: number | null;
    }
  | { readonly kind: 'batch'; readonly batch: number; readonly state: readonly number[]; readonly samples: number };

let estimator: Estimator | null = null;
const scratch = batchScratch();

parentPort?.on('message', (msg: WorkerRequest) => {
  try {
    if (msg.kind === 'init') {
      estimator = createEstimator({ method: msg.method, shape: boxShape(msg.rows, msg.cols), fill: msg.fill });
      return;
    }
    if (!estimator) throw new Error('batch before init');
    parentPort!.postMessage({ ok: true, record: runBatch(estimator, msg.batch, msg.state, msg.samples, scratch) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
