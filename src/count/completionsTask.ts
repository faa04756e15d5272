/**
 * The count's task module for the worker pool (src/parallel/taskPool.ts): the column-set table F is built by
 * one thread, in shared memory, and every thread then counts completions of the bands it is given.
 *
 *   prepare({ rows, cols })                        → boolean              warm-up: tables, the WebAssembly core
 *   buildTable({ rows, cols, lexBands })          → { seconds, table }   table: Uint32Array on a SharedArrayBuffer
 *   countBands({ rows, cols, tableId, table, bands }) → Float64Array     n(b) for each band, in order
 *
 * A thread keeps the counter of the last table it saw (keyed by `tableId`), so only the first task of a run
 * on each thread sets it up.
 */
import { boxShape, type BoxShape } from '../grid/shape.js';
import { columnPartitions, type ColumnPartitions } from '../grid/columnPartitions.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import { loadBandSum } from './wasmBandSum.js';
import { completionCounter, type CompletionCounter } from './bandCompletions.js';
import { buildColumnSetTable } from './columnSetTable.js';

export interface BuildTableInput {
  readonly rows: number;
  readonly cols: number;
  readonly lexBands: Uint8Array;
}

export interface BuildTableOutput {
  readonly seconds: number;
  readonly table: Uint32Array;
}

export interface CountBandsInput {
  readonly rows: number;
  readonly cols: number;
  /** Names the table for the thread's cache (unique per run). */
  readonly tableId: string;
  readonly table: Uint32Array;
  /** Bands of R·n cells, back to back. */
  readonly bands: Uint8Array;
}

let cached: { readonly tableId: string; readonly counter: CompletionCounter } | null = null;

/** The column partitions of a shape, made once per thread. */
const partitionsOf = new Map<string, ColumnPartitions>();
function partitionsFor(shape: BoxShape): ColumnPartitions {
  let p = partitionsOf.get(shape.name);
  if (!p) partitionsOf.set(shape.name, (p = columnPartitions(shape)));
  return p;
}

export interface PrepareInput {
  readonly rows: number;
  readonly cols: number;
}

/** A thread's warm-up (the pool's `warmUp` task): the partitions, their pair table and the WebAssembly core. */
export function prepare(input: PrepareInput): boolean {
  const shape = boxShape(input.rows, input.cols);
  const partitions = partitionsFor(shape);
  if (shape.cols !== 3) return false;
  partitionOfTwoBlocks(partitions);
  return loadBandSum();
}

export function buildTable(input: BuildTableInput): BuildTableOutput {
  const t0 = performance.now();
  const shape = boxShape(input.rows, input.cols);
  const size = shape.rows * shape.n;
  const lexCount = input.lexBands.length / size;
  const table = buildColumnSetTable({ shape, count: 0, lexCount, lexBands: input.lexBands });
  return { seconds: (performance.now() - t0) / 1000, table: table.table };
}

export function countBands(input: CountBandsInput): Float64Array {
  if (cached?.tableId !== input.tableId) {
    const shape = boxShape(input.rows, input.cols);
    cached = { tableId: input.tableId, counter: completionCounter(shape, partitionsFor(shape), input.table) };
  }
  const { counter } = cached;
  const size = counter.shape.rows * counter.shape.n;
  const k = input.bands.length / size;
  const counts = new Float64Array(k);
  for (let i = 0; i < k; i++) counts[i] = counter.completionsOfBand(input.bands, i * size);
  return counts;
}
