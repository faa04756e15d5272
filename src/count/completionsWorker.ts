/**
 * Worker thread of a CompletionPool. Messages:
 *   { type: 'prepare', rows, cols, lexBands }  → builds the column-set table         → { type: 'prepared', seconds,
 *   table }
 *   { type: 'table', rows, cols, table }       → uses a table another thread built   → { type: 'prepared', seconds:
 *   0, table }
 *   { type: 'count', bands }                   → n(b) for each band, in order        → { type: 'counts', counts }
 * Any failure answers { type: 'error', message }.
 */
import { parentPort } from 'node:worker_threads';
import { boxShape } from '../grid/shape.js';
import { completionCounter, type CompletionCounter } from './bandCompletions.js';
import { columnPartitions } from '../grid/columnPartitions.js';
import { buildColumnSetTable } from './columnSetTable.js';

export type WorkerRequest =
  | { readonly type: 'prepare'; readonly rows: number; readonly cols: number; readonly lexBands: Uint8Array }
  | { readonly type: 'table'; readonly rows: number; readonly cols: number; readonly table: Uint32Array }
  | { readonly type: 'count'; readonly bands: Uint8Array };

export type WorkerReply =
  | { readonly type: 'prepared'; readonly seconds: number; readonly table: Uint32Array }
  | { readonly type: 'counts'; readonly counts: Float64Array }
  | { readonly type: 'error'; readonly message: string };

let counter: CompletionCounter | null = null;

parentPort?.on('message', (msg: WorkerRequest) => {
  const port = parentPort!;
  try {
    if (msg.type === 'prepare') {
      const t0 = performance.now();
      const shape = boxShape(msg.rows, msg.cols);
      const size = shape.rows * shape.n;
      const table = buildColumnSetTable({
        shape,
        count: 0,
        lexCount: msg.lexBands.length / size,
        lexBands: msg.lexBands,
      });
      counter = completionCounter(shape, table.partitions, table.table);
      // table.table lives in a SharedArrayBuffer: posting it shares it, nothing is copied
      const reply: WorkerReply = { type: 'prepared', seconds: (performance.now() - t0) / 1000, table: table.table };
      port.postMessage(reply);
    } else if (msg.type === 'table') {
      const shape = boxShape(msg.rows, msg.cols);
      counter = completionCounter(shape, columnPartitions(shape), msg.table);
      const reply: WorkerReply = { type: 'prepared', seconds: 0, table: msg.table };
      port.postMessage(reply);
    } else {
      if (!counter) throw new Error('count before prepare');
      const size = counter.shape.rows * counter.shape.n;
      const k = msg.bands.length / size;
      const counts = new Float64Array(k);
      for (let i = 0; i < k; i++) counts[i] = counter.completionsOfBand(msg.bands, i * size);
      const reply: WorkerReply = { type: 'counts', counts };
      port.postMessage(reply, [counts.buffer]);
    }
  } catch (e) {
    const reply: WorkerReply = { type: 'error', message: e instanceof Error ? e.message : String(e) };
    port.postMessage(reply);
  }
});
