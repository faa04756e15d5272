/**
 * Worker thread for `classCompletions`: receives the shape, the shared column-set table and the bands
 * whose completions it should count; answers with their counts in the same order.
 */
import { parentPort } from 'node:worker_threads';
import { boxShape } from '../grid/shape.js';
import { completionCounter } from './bandCompletions.js';
import { columnPartitions } from './columnPartitions.js';

export interface CompletionsJob {
  readonly rows: number;
  readonly cols: number;
  readonly table: Float64Array;
  readonly bands: Uint8Array;
}

parentPort?.on('message', (job: CompletionsJob) => {
  try {
    const shape = boxShape(job.rows, job.cols);
    const counter = completionCounter(shape, columnPartitions(shape), job.table);
    const size = shape.rows * shape.n;
    const k = job.bands.length / size;
    const out = new Float64Array(k);
    for (let i = 0; i < k; i++) out[i] = counter.completionsOfBand(job.bands, i * size);
    parentPort!.postMessage({ ok: true, counts: out }, [out.buffer]);
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
