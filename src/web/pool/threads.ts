/**
 * src/parallel/threads.ts in a browser (the site's build puts this module in place of that one): the same limits,
 * with the cores from `navigator.hardwareConcurrency`.
 */
import { InputError } from '../../grid/shape.js';
import { availableParallelism as cores } from './os.js';

export function maxWorkers(): number {
  return Math.max(4, 4 * cores());
}

export function defaultThreads(): number {
  return Math.max(1, Math.min(2, cores()));
}

export function checkWorkers(workers: number): number {
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > maxWorkers())
    throw new InputError(`workers must be a whole number 1..${maxWorkers()}, not ${workers}`);
  return workers;
}
