import { Worker } from 'node:worker_threads';
import type { BoxShape } from '../grid/shape.js';
import { completionCounter } from './bandCompletions.js';
import type { ColumnSetTable } from './columnSetTable.js';
import type { CompletionsJob } from './completionsWorker.js';

/**
 * n_C for each band in `bands` (R·n cells each), on `workers` threads. Band i goes to thread i mod workers;
 * each count is exact and computed alone, so the result does not depend on the number of threads.
 * `onDone(k)` is told how many bands are finished, as threads report.
 */
export async function classCompletions(
  table: ColumnSetTable,
  bands: Uint8Array,
  workers: number,
  onDone?: (done: number, total: number) => void,
): Promise<Float64Array> {
  const { shape } = table;
  const size = shape.rows * shape.n;
  const k = bands.length / size;
  const out = new Float64Array(k);
  const threads = Math.max(1, Math.min(workers, k));
  if (threads <= 1) {
    const counter = completionCounter(shape, table.partitions, table.table);
    for (let i = 0; i < k; i++) {
      out[i] = counter.completionsOfBand(bands, i * size);
      onDone?.(i + 1, k);
    }
    return out;
  }
  let done = 0;
  await Promise.all(
    Array.from({ length: threads }, async (_, w) => {
      const mine: number[] = [];
      for (let i = w; i < k; i += threads) mine.push(i);
      const part = new Uint8Array(mine.length * size);
      mine.forEach((i, j) => part.set(bands.subarray(i * size, (i + 1) * size), j * size));
      const counts = await runJob(shape, table.table, part);
      mine.forEach((i, j) => { out[i] = counts[j]!; });
      done += mine.length;
      onDone?.(done, k);
    }),
  );
  return out;
}

function runJob(shape: BoxShape, table: Float64Array, bands: Uint8Array): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./completionsWorker.js', import.meta.url));
    const job: CompletionsJob = { rows: shape.rows, cols: shape.cols, table, bands };
    worker.once('message', (msg: { ok: true; counts: Float64Array } | { ok: false; error: string }) => {
      void worker.terminate();
      if (msg.ok) resolve(msg.counts); else reject(new Error(`completions worker: ${msg.error}`));
    });
    worker.once('error', reject);
    worker.postMessage(job);
  });
}
