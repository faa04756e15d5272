/**
 * The Count page's job: for the band method's shapes the whole Felgenhauer–Jarvis chain (chainTable), for R×2 and
 * 2×R boxes the count by column sets (columnSetClassTable), every stage reported as it ends, and the class table
 * as the JSON `classes` writes.
 */
import { lexMultiplicity } from '../../bands/lexReduce.js';
import { columnSetClassTable, type ColumnSetProgress } from '../../colsets/countByColumnSets.js';
import { chainTable } from '../../count/chainTable.js';
import type { ProgressEvent } from '../../count/countGrids.js';
import { resolveShape, shapeProblem } from '../../grid/support.js';
import { classTableToJson } from '../../io/classTableJson.js';
import { columnSetClassesToJson } from '../../io/columnSetClassesJson.js';

export interface CountJobInput {
  readonly box: string;
  readonly workers?: number;
}

/**
 * A stage's event: the band method's (the bands' end also says how many are lexicographically reduced), or the
 * column-set count's.
 */
export type CountJobProgress =
  | (ProgressEvent & { readonly method: 'bands'; readonly lexReduced?: number })
  | (ColumnSetProgress & { readonly method: 'column-sets' });

/** The count by column sets (R×2 and 2×R boxes). */
export interface ColumnSetJobResult {
  readonly method: 'column-sets';
  readonly box: string;
  readonly n: number;
  /** Configurations of one band, and their classes. */
  readonly configurations: bigint;
  readonly classes: number;
  /** Σ orbit·F: every band. */
  readonly bands: bigint;
  readonly total: bigint;
  readonly workers: number;
  readonly seconds: number;
  readonly json: string;
}

export interface CountJobResult {
  readonly method: 'bands';
  readonly box: string;
  readonly n: number;
  readonly bands: number;
  readonly lexReduced: number;
  readonly groupOrder: number;
  readonly levels: readonly { readonly name: string; readonly moves: string; readonly count: number }[];
  readonly distinctCompletions: number;
  readonly totalWithFixedBox: bigint;
  readonly total: bigint;
  readonly verified: boolean;
  readonly workers: number;
  /** Wall time in the worker, from the call to the table. */
  readonly seconds: number;
  readonly json: string;
}

export async function run(
  input: CountJobInput,
  emit: (p: CountJobProgress) => void,
): Promise<CountJobResult | ColumnSetJobResult> {
  const shape = resolveShape('count', input.box);
  const t0 = performance.now();
  if (shapeProblem('band-method', shape) !== null) {
    const table = await columnSetClassTable({
      box: shape,
      ...(input.workers ? { workers: input.workers } : {}),
      onProgress: (e) => emit({ ...e, method: 'column-sets' }),
    });
    return {
      method: 'column-sets',
      box: table.box,
      n: table.n,
      configurations: table.configurations,
      classes: table.classes,
      bands: table.bands,
      total: table.total,
      workers: table.workers ?? 1, // null only for a merge of shards, which this page does not make
      seconds: (performance.now() - t0) / 1000,
      json: columnSetClassesToJson(table),
    };
  }
  const table = await chainTable({
    box: shape,
    ...(input.workers ? { workers: input.workers } : {}),
    onProgress: (e) =>
      emit(
        e.stage === 'bands' && e.phase === 'end' && e.total !== undefined
          ? { ...e, method: 'bands', lexReduced: e.total / lexMultiplicity(shape) }
          : { ...e, method: 'bands' },
      ),
  });
  const seconds = (performance.now() - t0) / 1000;
  return {
    method: 'bands',
    box: table.box,
    n: table.n,
    bands: table.bands,
    lexReduced: table.lexReduced,
    groupOrder: table.groupOrder,
    levels: table.levels.map(({ name, moves, count }) => ({ name, moves, count })),
    distinctCompletions: table.distinctCompletions,
    totalWithFixedBox: table.totalWithFixedBox,
    total: table.total,
    verified: table.verified,
    workers: table.workers,
    seconds,
    json: classTableToJson(table),
  };
}
