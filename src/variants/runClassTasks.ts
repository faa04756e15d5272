import type { RelabellingTypes } from '../essential/relabellingTypes.js';
import { runFixedTasks } from '../essential/runFixedTasks.js';
import type { TaskInput, TaskModuleType, TaskOutput } from '../parallel/taskPool.js';

/**
 * The fixed-grid terms of a variant's Burnside count (variantBurnside.ts under G_V, fullGroupBurnside.ts under Γ_V):
 * one task a class k > 0 and relabelling type τ the unit lemma leaves (`input` makes its input), run on the worker
 * pool by runFixedTasks; `onProgress` hears (0, tasks) first, then each task done. The identity's term (class 0)
 * is the caller's. Tasks and results in class order.
 */
export async function runClassTasks<
  M extends TaskModuleType,
  K extends keyof M & string,
  R extends { readonly k: number; readonly rt: RelabellingTypes },
>(
  module: URL,
  method: K,
  rows: readonly R[],
  input: (row: R, tauType: readonly number[]) => TaskInput<M[K]>,
  classSizes: ArrayLike<number>,
  workers: number,
  onProgress: ((done: number, total: number) => void) | undefined,
): Promise<{ tasks: Array<{ k: number; input: TaskInput<M[K]> }>; results: TaskOutput<M[K]>[] }> {
  const tasks: Array<{ k: number; input: TaskInput<M[K]> }> = [];
  for (const row of rows) {
    if (row.k === 0) continue;
    for (const tau of row.rt.admissible) tasks.push({ k: row.k, input: input(row, tau) });
  }
  onProgress?.(0, tasks.length);
  const results = await runFixedTasks<M, K>(module, method, tasks, classSizes, workers, (done, total) =>
    onProgress?.(done, total),
  );
  return { tasks, results };
}
