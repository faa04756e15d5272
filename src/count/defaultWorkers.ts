import { SHAPE_3X3, type BoxShape } from '../grid/shape.js';
import { defaultThreads } from '../parallel/threads.js';

/**
 * Default threads: up to 2 (the machines here have 2 cores) for shapes whose count takes long enough to repay a
 * thread's start-up (n ≥ 8); 1 for the small shapes, which finish in milliseconds. For 3×3, 15 interleaved pairs
 * of runs: 2 threads faster in 13 (median wall 1.115 s against 1.293 s). Blocks of runs taken one after the other
 * disagreed with each other: these machines drift, so compare in pairs. In a module of its own, so that a shard
 * of another count does not load the band method's modules to learn it.
 */
export function defaultWorkers(shape: BoxShape = SHAPE_3X3): number {
  return shape.n >= 8 ? defaultThreads() : 1;
}
