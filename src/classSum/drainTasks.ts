/**
 * Runs tasks 0..count−1 on the pool, two in flight per thread, in order of start; stops taking tasks when `signal`
 * aborts (the pool is closed at once, and the call rejects), and closes the pool at the end.
 */
export async function drainTasks(
  pool: { readonly threads: number; close(): Promise<void> },
  count: number,
  signal: AbortSignal | undefined,
  task: (t: number) => Promise<void>,
): Promise<void> {
  const onAbort = () => void pool.close();
  signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  const runner = async (): Promise<void> => {
    while (next < count && !signal?.aborted) await task(next++);
  };
  try {
    await Promise.all(Array.from({ length: pool.threads <= 1 ? 1 : 2 * pool.threads }, runner));
    signal?.throwIfAborted();
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.close();
  }
}
