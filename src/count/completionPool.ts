import { Worker } from 'node:worker_threads';
import type { BandEnumeration } from '../bands/enumerateBands.js';
import type { BoxShape } from '../grid/shape.js';
import { completionCounter, type CompletionCounter } from './bandCompletions.js';
import { buildColumnSetTable } from './columnSetTable.js';
import type { WorkerReply, WorkerRequest } from './completionsWorker.js';

/**
 * Counts n(b) for many bands on several threads. Threads start as soon as the pool is made, so their
 * start-up overlaps the caller's band enumeration; `prepare` hands the reduced bands to the first thread,
 * which builds the column-set table in shared memory while the caller goes on (with the classes), and
 * then hands that table to the others (so no two threads build it, and with 2 cores the caller and the
 * builder have one each); `count` then splits the bands:
 * band i goes to thread i mod threads. Every count is exact and computed alone, so the result does not
 * depend on the number of threads. With one thread everything runs here, in order.
 */
export interface CompletionPool {
  readonly threads: number;
  /** Build the column-set table from the reduced bands; resolves with its build time (the slowest thread) and size. */
  prepare(bands: BandEnumeration): Promise<{ seconds: number; entries: number }>;
  /** n(b) for each band (R·n cells each), in order. `onDone` hears how many are finished. */
  count(bands: Uint8Array, onDone?: (done: number, total: number) => void): Promise<Float64Array>;
  close(): Promise<void>;
}

export function completionPool(shape: BoxShape, threads: number): CompletionPool {
  return threads <= 1 ? localPool(shape) : workerPool(shape, threads);
}

function localPool(shape: BoxShape): CompletionPool {
  let counter: CompletionCounter | null = null;
  const size = shape.rows * shape.n;
  return {
    threads: 1,
    prepare(bands) {
      const t0 = performance.now();
      const table = buildColumnSetTable(bands);
      counter = completionCounter(shape, table.partitions, table.table);
      return Promise.resolve({ seconds: (performance.now() - t0) / 1000, entries: table.table.length });
    },
    count(bands, onDone) {
      if (!counter) return Promise.reject(new Error('internal: count before prepare'));
      const k = bands.length / size;
      const out = new Float64Array(k);
      for (let i = 0; i < k; i++) {
        out[i] = counter.completionsOfBand(bands, i * size);
        onDone?.(i + 1, k);
      }
      return Promise.resolve(out);
    },
    async close() {},
  };
}

function workerPool(shape: BoxShape, threads: number): CompletionPool {
  const size = shape.rows * shape.n;
  const workers = Array.from({ length: threads }, () => new Worker(new URL('./completionsWorker.js', import.meta.url)));
  const ask = (w: Worker, req: WorkerRequest): Promise<WorkerReply> =>
    new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        w.off('error', onError);
        if (reply.type === 'error') reject(new Error(`completions worker: ${reply.message}`));
        else resolve(reply);
      };
      const onError = (e: Error) => {
        w.off('message', onMessage);
        reject(e);
      };
      w.once('message', onMessage);
      w.once('error', onError);
      w.postMessage(req);
    });
  return {
    threads,
    async prepare(bands) {
      const [first, ...rest] = workers;
      const built = await ask(first, { type: 'prepare', rows: shape.rows, cols: shape.cols, lexBands: bands.lexBands });
      if (built.type !== 'prepared') throw new Error('internal: unexpected worker reply');
      await Promise.all(
        rest.map((w) => ask(w, { type: 'table', rows: shape.rows, cols: shape.cols, table: built.table })),
      );
      return { seconds: built.seconds, entries: built.table.length };
    },
    async count(bands, onDone) {
      const k = bands.length / size;
      const out = new Float64Array(k);
      let done = 0;
      await Promise.all(
        workers.map(async (w, t) => {
          const mine: number[] = [];
          for (let i = t; i < k; i += threads) mine.push(i);
          const part = new Uint8Array(mine.length * size);
          mine.forEach((i, j) => part.set(bands.subarray(i * size, (i + 1) * size), j * size));
          const reply = await ask(w, { type: 'count', bands: part });
          if (reply.type !== 'counts') throw new Error('internal: unexpected worker reply');
          mine.forEach((i, j) => {
            out[i] = reply.counts[j]!;
          });
          done += mine.length;
          onDone?.(done, k);
        }),
      );
      return out;
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
