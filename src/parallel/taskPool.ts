import { setMaxListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Piscina as PiscinaType } from 'piscina';

/** piscina, loaded on first use: a run on one thread (a shard, `--workers 1`) never starts a worker, and skips it. */
let piscinaClass: typeof PiscinaType | null = null;
const loadPiscina = (): typeof PiscinaType =>
  (piscinaClass ??= (createRequire(import.meta.url)('piscina') as { Piscina: typeof PiscinaType }).Piscina);

/**
 * The one worker pool. A job is a task module: a plain ES module whose named exports are task functions
 * `(input) => output` over structured-cloneable data (typed arrays; SharedArrayBuffers are shared, not copied).
 * A task module keeps whatever it builds (tables, estimators) in module-level caches keyed by the input, so a
 * thread builds it once and every later task reuses it.
 *
 *   threads ≥ 2   piscina runs the tasks on that many worker threads (all started at once, so their start-up
 *                 overlaps whatever the caller does next); results come back as promises
 *   threads = 1   the module is imported here and each task runs in this thread, one at a time; between tasks
 *                 the event loop turns, so a spinner and Ctrl-C are served
 *
 * Why piscina: it is the Node.js project's own pool, keeps one protocol for every job (a task is a named
 * export), aborts running tasks by terminating their thread, and passes SharedArrayBuffers as they are, which
 * is what the count needs to hand the column-set table from the thread that builds it to the others.
 *
 * Results never depend on the number of threads: callers split work into tasks whose results are combined in
 * task order, never in completion order.
 */
export interface TaskPool {
  readonly threads: number;
  /** Run the task module's export `task` on `input`. Rejects with PoolClosedError once the pool is closed. */
  run<O>(task: string, input: unknown, transfer?: readonly ArrayBuffer[]): Promise<O>;
  /** Stop at once: terminate the threads (running tasks included) and reject what is pending. Idempotent. */
  close(): Promise<void>;
}

/** A task module's exports as a type (`typeof import('./tasks.js')`): the typed side of the task boundary. */
export type TaskModuleType = Record<string, unknown>;

/** Input and output of a task module's export, by name. */
export type TaskInput<F> = F extends (input: infer I) => unknown ? I : never;
export type TaskOutput<F> = F extends (input: never) => infer O ? Awaited<O> : never;

/**
 * A pool whose `run` knows its task module: the task is one of the module's export names, the input that export's
 * parameter and the answer its result, so a caller cannot send a task a shape it does not take.
 */
export interface TypedTaskPool<M extends TaskModuleType> {
  readonly threads: number;
  run<K extends keyof M & string>(
    task: K,
    input: TaskInput<M[K]>,
    transfer?: readonly ArrayBuffer[],
  ): Promise<TaskOutput<M[K]>>;
  close(): Promise<void>;
}

/** taskPool with the task boundary typed by the module's exports (M = typeof import(module)). */
export function typedTaskPool<M extends TaskModuleType>(
  module: URL,
  threads: number,
  options: TaskPoolOptions = {},
): TypedTaskPool<M> {
  const pool = taskPool(module, threads, options);
  return {
    threads: pool.threads,
    run: (task, input, transfer) => pool.run(task, input, transfer),
    close: () => pool.close(),
  };
}

/** What a closed pool answers to its pending and later tasks. */
export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}

export interface TaskPoolOptions {
  /**
   * threads ≥ 2: run the tasks on threads − 1 worker threads and on this thread, from one queue (a worker takes the
   * next task as soon as it is free; this thread takes one whenever its event loop turns). For jobs of many short
   * tasks whose run is not much longer than a thread's start-up (the count: milliseconds a task), this saves a
   * thread's start and keeps this thread busy instead of waiting. This thread serves a spinner and Ctrl-C between
   * its tasks only, so the tasks must be short. When the queue is empty this thread also runs, a second time, the
   * oldest task a worker still has, and the first answer wins: so the tasks must be pure (the same answer wherever
   * they run, nothing else done), and a worker that a loaded machine keeps waiting holds up nothing.
   */
  readonly thisThreadWorks?: boolean;
  /**
   * With thisThreadWorks: a task each worker thread runs first (loading what its tasks need); the queue gives a
   * thread work only once it has answered, so a thread still starting holds up nothing.
   */
  readonly warmUp?: { readonly task: string; readonly input: unknown };
  /**
   * threads = 1: run the tasks on one worker thread, not in this thread. For tasks of seconds or minutes (a 9×9
   * variant's n_C), so that Ctrl-C and SIGTERM stop the run at once (close terminates the thread) instead of after
   * the task.
   */
  readonly isolate?: boolean;
}

export function taskPool(module: URL, threads: number, options: TaskPoolOptions = {}): TaskPool {
  if (threads <= 1) return options.isolate ? threadPool(module, 1) : localPool(module);
  return options.thisThreadWorks ? sharedPool(module, threads, options.warmUp) : threadPool(module, threads);
}

/** threads − 1 worker threads and this thread on one queue (TaskPoolOptions.thisThreadWorks). */
function sharedPool(module: URL, threads: number, warmUp: TaskPoolOptions['warmUp']): TaskPool {
  const here = localPool(module);
  const there = threadPool(module, threads - 1);
  interface Job {
    readonly task: string;
    readonly input: unknown;
    readonly transfer: readonly ArrayBuffer[] | undefined;
    readonly resolve: (value: unknown) => void;
    readonly reject: (error: unknown) => void;
    settled: boolean;
    /** Also running here, after the queue ran dry while a thread still had it. */
    twice: boolean;
  }
  const queue: Job[] = [];
  const onThreads: Job[] = []; // in flight on the threads, oldest first
  let threadsBusy = 0;
  let threadsReady = warmUp ? 0 : threads - 1;
  let hereBusy = false;
  let closed = false;
  const settle = (job: Job, ok: boolean, value: unknown): void => {
    if (job.settled) return; // the other copy answered first (a task's answer does not depend on where it ran)
    job.settled = true;
    if (ok) job.resolve(value);
    else job.reject(value);
  };
  if (warmUp) {
    for (let t = 1; t < threads; t++) {
      // a failed warm-up leaves the thread to the queue, where the task's own failure will say what is wrong
      void there
        .run(warmUp.task, warmUp.input)
        .catch(() => {})
        .finally(() => {
          threadsReady++;
          dispatch();
        });
    }
  }
  const dispatch = (): void => {
    if (closed) return;
    while (queue.length > 0 && threadsBusy < threadsReady) {
      const job = queue.shift() as Job;
      threadsBusy++;
      onThreads.push(job);
      void there
        .run(job.task, job.input, job.transfer)
        .then(
          (v) => settle(job, true, v),
          (e) => settle(job, false, e),
        )
        .finally(() => {
          threadsBusy--;
          onThreads.splice(onThreads.indexOf(job), 1);
          dispatch();
        });
    }
    if (hereBusy) return;
    // the next queued task; when none is left, the oldest task a thread still has (if its input was not transferred
    // away): a thread that a loaded machine keeps waiting then holds up nothing
    let job = queue.shift();
    if (!job) {
      job = onThreads.find((j) => !j.settled && !j.twice && !j.transfer);
      if (!job) return;
      job.twice = true;
    }
    const mine = job;
    hereBusy = true;
    // localPool turns the event loop before each task, so what the threads were given goes out first
    void here
      .run(mine.task, mine.input)
      .then(
        (v) => settle(mine, true, v),
        (e) => settle(mine, false, e),
      )
      .finally(() => {
        hereBusy = false;
        dispatch();
      });
  };
  return {
    threads,
    run<O>(task: string, input: unknown, transfer?: readonly ArrayBuffer[]): Promise<O> {
      if (closed) return Promise.reject(new PoolClosedError('the pool is closed'));
      return new Promise<O>((resolve, reject) => {
        queue.push({
          task,
          input,
          transfer,
          resolve: resolve as (value: unknown) => void,
          reject,
          settled: false,
          twice: false,
        });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) settle(job, false, new PoolClosedError('the pool is closed'));
      await Promise.all([here.close(), there.close()]);
      for (const job of onThreads) settle(job, false, new PoolClosedError('the pool is closed'));
    },
  };
}

type TaskModule = Record<string, (input: unknown) => unknown>;

function localPool(module: URL): TaskPool {
  let loaded: Promise<TaskModule> | null = null;
  let closed = false;
  // tasks run one after another, with a turn of the event loop before each (timers, the spinner, signal
  // handlers), however many are queued at once
  let tail: Promise<unknown> = Promise.resolve();
  const runOne = async <O>(task: string, input: unknown): Promise<O> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (closed) throw new PoolClosedError('the pool is closed');
    loaded ??= import(module.href) as Promise<TaskModule>;
    const fn = (await loaded)[task];
    if (typeof fn !== 'function') throw new Error(`internal: task module has no export '${task}'`);
    return (await fn(input)) as O;
  };
  return {
    threads: 1,
    run<O>(task: string, input: unknown): Promise<O> {
      if (closed) return Promise.reject(new PoolClosedError('the pool is closed'));
      const result = tail.then(() => runOne<O>(task, input));
      tail = result.catch(() => {});
      return result;
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}

/**
 * Node.js ≥ 20.19 lets `require` load ES modules, and piscina's worker tries `require(filename)` before `import()`.
 * Two task lookups in one worker can then meet a module that one of them is still instantiating, and Node.js 20
 * aborts the whole process ("v8::Module::IsGraphAsync must be used on an instantiated module"; seen about once in
 * 40–60 `estimate --compare` runs under load). With require(esm) off in the workers, piscina's require fails at
 * once and it takes the `import()` path, which has no such race. Older Node.js versions do not know the flag.
 */
const WORKER_EXEC_ARGV = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? [...process.execArgv, '--no-experimental-require-module']
  : [...process.execArgv];

/**
 * The file a worker thread runs for the task module `module`: the module itself, or, when a caller runs from its
 * TypeScript source (the tests, under vitest) and names a `src/….js` file that only the build has, that file in
 * dist/ (the build of src/: a worker thread runs JavaScript). test/globalSetup.ts builds dist/ when src/ is newer.
 */
function workerFile(module: URL): string {
  if (module.protocol !== 'file:' || existsSync(module)) return module.href;
  return module.href.replace(/\/src\/(?!.*\/src\/)/, '/dist/');
}

function threadPool(module: URL, threads: number): TaskPool {
  const Piscina = loadPiscina();
  const piscina = new Piscina({
    filename: workerFile(module),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Infinity,
    // workers wait for tasks on the event loop rather than in Atomics.wait, so `close` can stop them at once
    atomics: 'disabled',
    recordTiming: false,
    execArgv: WORKER_EXEC_ARGV,
  });
  let closed: Promise<void> | null = null;
  // Closing aborts the tasks in flight; a thread whose answer was already on its way then posts it to a pool that
  // no longer knows the task, and piscina reports that as an 'error' event. After close that is expected and
  // dropped; before it, an error event is a fault and is thrown as piscina would without a listener.
  piscina.on('error', (e: unknown) => {
    if (closed) return;
    process.nextTick(() => {
      throw e;
    });
  });
  const controller = new AbortController();
  // every task in flight listens on the one signal: as many listeners as tasks is not a leak
  setMaxListeners(Infinity, controller.signal);
  return {
    threads,
    async run<O>(task: string, input: unknown, transfer?: readonly ArrayBuffer[]): Promise<O> {
      if (closed) throw new PoolClosedError('the pool is closed');
      try {
        return (await piscina.run(input, {
          name: task,
          signal: controller.signal,
          ...(transfer ? { transferList: [...transfer] } : {}),
        })) as O;
      } catch (e) {
        if (closed) throw new PoolClosedError('the pool is closed');
        throw e;
      }
    },
    close() {
      if (!closed) {
        controller.abort();
        closed = piscina.destroy().catch(() => {});
      }
      return closed;
    },
  };
}
