import { typedTaskPool, type TaskInput, type TaskModuleType, type TaskOutput } from '../parallel/taskPool.js';

/**
 * Runs a Burnside count's fixed-grid tasks (one per class and relabelling type) on the worker pool: classes of few
 * elements first (large centralisers and, usually, many fixed grids), as many in flight as threads; the results come
 * back in the tasks' order whatever the order of completion, so the sum does not depend on the number of threads.
 * The task boundary is typed by the task module (M = typeof import(module)): `method` is one of its exports, each
 * task's input that export's parameter, and the results its answers.
 */
export async function runFixedTasks<M extends TaskModuleType, K extends keyof M & string>(
  module: URL,
  method: K,
  tasks: ReadonlyArray<{ readonly k: number; readonly input: TaskInput<M[K]> }>,
  classSizes: ArrayLike<number>,
  workers: number,
  onDone: (done: number, total: number) => void,
): Promise<TaskOutput<M[K]>[]> {
  const schedule = tasks.map((_, i) => i).sort((a, b) => classSizes[tasks[a].k] - classSizes[tasks[b].k] || a - b);
  const results = new Array<TaskOutput<M[K]>>(tasks.length);
  const pool = typedTaskPool<M>(module, workers);
  try {
    let done = 0,
      next = 0;
    const runner = async (): Promise<void> => {
      while (next < schedule.length) {
        const i = schedule[next++];
        results[i] = await pool.run(method, tasks[i].input);
        onDone(++done, tasks.length);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, workers) }, runner));
  } finally {
    await pool.close();
  }
  return results;
}
