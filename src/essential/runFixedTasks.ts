import { taskPool } from '../parallel/taskPool.js';

/**
 * Runs a Burnside count's fixed-grid tasks (one per class and relabelling type) on the worker pool: classes of few
 * elements first (large centralisers and, usually, many fixed grids), as many in flight as threads; the results come
 * back in the tasks' order whatever the order of completion, so the sum does not depend on the number of threads.
 */
export async function runFixedTasks<Input, Output>(
  module: URL,
  method: string,
  tasks: ReadonlyArray<{ readonly k: number; readonly input: Input }>,
  classSizes: ArrayLike<number>,
  workers: number,
  onDone: (done: number, total: number) => void,
): Promise<Output[]> {
  const schedule = tasks.map((_, i) => i).sort((a, b) => classSizes[tasks[a].k] - classSizes[tasks[b].k] || a - b);
  const results = new Array<Output>(tasks.length);
  const pool = taskPool(module, workers);
  try {
    let done = 0,
      next = 0;
    const runner = async (): Promise<void> => {
      while (next < schedule.length) {
        const i = schedule[next++];
        results[i] = await pool.run<Output>(method, tasks[i].input);
        onDone(++done, tasks.length);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, workers) }, runner));
  } finally {
    await pool.close();
  }
  return results;
}
