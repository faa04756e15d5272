import { availableParallelism } from 'node:os';
import { InputError } from '../grid/shape.js';

/** Most threads a caller may ask for: 4 per core (at least 4). More only costs memory: each thread is a V8 isolate. */
export function maxWorkers(): number {
  return Math.max(4, 4 * availableParallelism());
}

/** The environment variable that sets defaultThreads (a whole number 1..maxWorkers(); anything else is ignored). */
export const THREADS_ENV = 'SUDOKU_COUNT_THREADS';

/**
 * Threads for a job that repays them: the cores, at most 2 (results never depend on the number), or what
 * SUDOKU_COUNT_THREADS says (a shared machine's share, a Slurm task's CPUs; a test suite that already runs a file a
 * core). An explicit --workers / `workers` always wins.
 */
export function defaultThreads(): number {
  const v = process.env[THREADS_ENV];
  const x = v === undefined || v.trim() === '' ? NaN : Number(v);
  if (Number.isSafeInteger(x) && x >= 1 && x <= maxWorkers()) return x;
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** `workers` if it is a whole number in 1..maxWorkers(); otherwise an InputError naming the limit. */
export function checkWorkers(workers: number): number {
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > maxWorkers())
    throw new InputError(`workers must be a whole number 1..${maxWorkers()}, not ${workers}`);
  return workers;
}
