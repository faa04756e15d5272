/** A dedicated worker's global scope, typed by what it receives (I) and posts (O). */
export interface WorkerScope<I, O> {
  onmessage: ((e: MessageEvent<I>) => void) | null;
  postMessage(message: O, transfer?: Transferable[]): void;
}

export function workerScope<I, O>(): WorkerScope<I, O> {
  return globalThis as unknown as WorkerScope<I, O>;
}
