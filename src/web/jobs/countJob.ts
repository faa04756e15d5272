/**
 * The Count page's job: the whole Felgenhauer–Jarvis chain (chainTable) for one box shape, with every stage
 * reported as it ends, and the class table as the JSON `classes` writes.
 */
import { lexMultiplicity } from '../../bands/lexReduce.js';
import { chainTable } from '../../count/chainTable.js';
import type { ProgressEvent } from '../../count/countGrids.js';
import { resolveShape } from '../../grid/support.js';
import { classTableToJson } from '../../io/classTableJson.js';

export interface CountJobInput {
  readonly box: string;
  readonly workers?: number;
}

/** A stage's event; the bands' end also says how many are lexicographically reduced. */
export type CountJobProgress = ProgressEvent & { readonly lexReduced?: number };

export interface CountJobResult {
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

export async function run(input: CountJobInput, emit: (p: CountJobProgress) => void): Promise<CountJobResult> {
  const shape = resolveShape('band-method', input.box);
  const t0 = performance.now();
  const table = await chainTable({
    box: shape,
    ...(input.workers ? { workers: input.workers } : {}),
    onProgress: (e) =>
      emit(
        e.stage === 'bands' && e.phase === 'end' && e.total !== undefined
          ? { ...e, lexReduced: e.total / lexMultiplicity(shape) }
          : e,
      ),
  });
  const seconds = (performance.now() - t0) / 1000;
  return {
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
