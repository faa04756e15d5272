/**
 * A run of task closures on the pool (src/parallel/taskPool.ts) that Ctrl-C can stop: each closure asks the pool
 * and records its answer; `run` keeps at most 2 per thread in flight (1 on one thread), in the list's order, and
 * rejects at once with `interrupted()` when `signal` aborts. A closure checks `stopping` after its await, so that
 * nothing is recorded after the abort. `race` gives the same treatment to a single promise; `dispose` (in a
 * finally, before closing the pool) removes the listener.
 */
export class TaskRun {
  stopping = false;
  private readonly aborted: Promise<never>;
  private readonly onAbort: () => void;

  constructor(
    private readonly signal: AbortSignal | undefined,
    interrupted: () => Error,
  ) {
    let reject: (e: Error) => void = () => {};
    this.aborted = new Promise<never>((_, r) => (reject = r));
    this.aborted.catch(() => {}); // raced below
    this.onAbort = () => {
      this.stopping = true;
      reject(interrupted());
    };
    if (signal?.aborted) this.onAbort();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The tasks, `onTaskDone` after each one that finished before an abort. */
  async run(tasks: ReadonlyArray<() => Promise<void>>, threads: number, onTaskDone?: () => void): Promise<void> {
    let next = 0;
    const runner = async (): Promise<void> => {
      while (next < tasks.length && !this.stopping) {
        await tasks[next++]();
        if (this.stopping) return;
        onTaskDone?.();
      }
    };
    const inFlight = threads <= 1 ? 1 : 2 * threads;
    await Promise.race([Promise.all(Array.from({ length: inFlight }, runner)), this.aborted]);
  }

  /** `p`, or the interruption if the signal aborts first. */
  race<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.aborted]);
  }

  dispose(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}
