/**
 * The DLX route's task module for the worker pool (src/parallel/taskPool.ts). It serves a whole
 * `count --counter dlx` run from one pool: the column-set table and the column-set sums come from the count's own
 * tasks (re-exported), and
 *
 *   countMiddleBands({ rows, cols, tableId, table, band, part, parts, stop, live, slot }) → MiddleBandTaskOutput
 *
 * counts one part of one top band by the middle-band counter (middleBandCounter.ts). All inputs are plain data:
 * `table` (F), `stop` and `live` live in SharedArrayBuffers and are shared, not copied. A thread keeps the
 * counter of the last table it saw (keyed by `tableId`).
 */
import { columnPartitions } from '../grid/columnPartitions.js';
import { boxShape } from '../grid/shape.js';
import { middleBandCounter, type MiddleBandCounter } from './middleBandCounter.js';

export { buildTable, countBands } from './completionsTask.js';

export interface MiddleBandTaskInput {
  readonly rows: number;
  readonly cols: number;
  /** Names the table for the thread's cache (unique per run). */
  readonly tableId: string;
  readonly table: Uint32Array;
  /** The top band, R·n cells. */
  readonly band: Uint8Array;
  /** Part `part` of `parts` (see MiddleBandOptions). */
  readonly part: number;
  readonly parts: number;
  /** stop[0] ≠ 0 asks the search to stop (checked every few thousand steps). */
  readonly stop: Int32Array;
  /** live[slot] is kept at the middle bands visited so far, for progress displays only. */
  readonly live: Float64Array;
  readonly slot: number;
}

export interface MiddleBandTaskOutput {
  readonly completions: number;
  readonly middleBands: number;
  readonly nodes: number;
  /** Wall seconds of the search in its thread. */
  readonly seconds: number;
  readonly stopped: boolean;
}

let cached: { readonly tableId: string; readonly counter: MiddleBandCounter } | null = null;

export function countMiddleBands(input: MiddleBandTaskInput): MiddleBandTaskOutput {
  if (cached?.tableId !== input.tableId) {
    const shape = boxShape(input.rows, input.cols);
    cached = { tableId: input.tableId, counter: middleBandCounter(shape, columnPartitions(shape), input.table) };
  }
  const { stop, live, slot } = input;
  const t0 = performance.now();
  const r = cached.counter.count(input.band, {
    part: input.part,
    parts: input.parts,
    shouldStop: () => Atomics.load(stop, 0) !== 0,
    onProgress: (visited) => {
      live[slot] = visited;
    },
  });
  live[slot] = r.middleBands;
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}
