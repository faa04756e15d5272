import { availableParallelism } from 'node:os';
import { InputError } from '../grid/shape.js';

/** Most threads a caller may ask for: 4 per core (at least 4). More only costs memory: each thread is a V8 isolate. */
export function maxWorkers(): number {
  return Math.max(4, 4 * availableParallelism());
}

/** Threads for a job that repays them: the cores, at most 2 (results never depend on the number). */
export function defaultThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** `workers` if it is a whole number in 1..maxWorkers(); otherwise an InputError naming the limit. */
export function checkWorkers(workers: number): number {
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > maxWorkers())
    throw new InputError(`workers must be a whole number 1..${maxWorkers()}, not ${workers}`);
  return workers;
}
