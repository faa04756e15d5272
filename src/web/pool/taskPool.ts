/**
 * The worker pool in a browser: src/parallel/taskPool.ts's interface on Web Workers (the site's build puts this
 * module in place of that one; src/web/vite.config.ts). A task module is known by its file's name (the last part
 * of the URL the caller passes, `completionsTask`); each worker (taskWorker.ts) loads it on first use.
 *
 * Unlike in Node there is always at least one worker: the page's thread is never the one that computes.
 * Results come back in task order for callers that ask for them in order; `close` terminates the workers at once.
 */
import type { TaskPool, TaskModuleType, TypedTaskPool } from '../../parallel/taskPool.js';
import { settleReply } from './settleReply.js';

export type { TaskPool, TaskModuleType, TypedTaskPool };

export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}

/** What a pool worker answers: the task's value, or the error's name and message. */
export type TaskReply =
  | { readonly id: number; readonly value: unknown }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string } };

/** What the pool asks a worker. */
export interface TaskRequest {
  readonly id: number;
  readonly module: string;
  readonly task: string;
  readonly input: unknown;
}

interface Pending {
  readonly request: TaskRequest;
  readonly transfer: readonly ArrayBuffer[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** `task:completionsTask` or `…/completionsTask.js` → `completionsTask`. */
export function taskModuleName(module: URL): string {
  return module.href
    .replace(/^task:/, '')
    .replace(/^.*\//, '')
    .replace(/\.[jt]s$/, '');
}

export function taskPool(module: URL, threads: number): TaskPool {
  const name = taskModuleName(module);
  const count = Math.max(1, threads);
  const workers: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let closed = false;
  let nextId = 0;

  const dispatch = (): void => {
    for (const w of workers) {
      if (queue.length === 0) return;
      if (busy.has(w)) continue;
      const job = queue.shift() as Pending;
      busy.set(w, job);
      w.postMessage(job.request, [...job.transfer]);
    }
  };
  const fail = (e: Error): void => {
    for (const job of [...busy.values(), ...queue]) job.reject(e);
    busy.clear();
    queue.length = 0;
  };
  for (let i = 0; i < count; i++) {
    const w = new Worker(new URL('./taskWorker.ts', import.meta.url), { type: 'module', name: `${name} ${i + 1}` });
    w.onmessage = (e: MessageEvent<TaskReply>) => {
      const job = busy.get(w);
      busy.delete(w);
      if (job) settleReply(job, e.data);
      dispatch();
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      fail(new Error(`worker ${name}: ${e.message || 'failed to load'}`));
    };
    workers.push(w);
  }
  return {
    threads: count,
    run<O>(task: string, input: unknown, transfer?: readonly ArrayBuffer[]): Promise<O> {
      if (closed) return Promise.reject(new PoolClosedError('the pool is closed'));
      return new Promise<O>((resolve, reject) => {
        queue.push({
          request: { id: nextId++, module: name, task, input },
          transfer: transfer ?? [],
          resolve: resolve as (v: unknown) => void,
          reject,
        });
        dispatch();
      });
    },
    close(): Promise<void> {
      if (!closed) {
        closed = true;
        for (const w of workers) w.terminate();
        fail(new PoolClosedError('the pool is closed'));
      }
      return Promise.resolve();
    },
  };
}

export function typedTaskPool<M extends TaskModuleType>(module: URL, threads: number): TypedTaskPool<M> {
  const pool = taskPool(module, threads);
  return {
    threads: pool.threads,
    run: (task, input, transfer) => pool.run(task, input, transfer),
    close: () => pool.close(),
  };
}
