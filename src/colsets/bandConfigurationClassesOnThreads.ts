import { typedTaskPool } from '../parallel/taskPool.js';
import {
  bandConfigurationClasses,
  bandConfigurationProblem,
  mergeConfigurationParts,
  type BandConfigurationClasses,
} from './bandConfigurationClasses.js';
import type * as ClassTask from './configurationClassTask.js';

export interface ConfigurationClassesOptions {
  /** Worker threads (1: this thread, no pool). The classes, their order and the node count never depend on it. */
  readonly workers: number;
  /** Hears each share of the search as it ends: shares done, shares in all. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Lists of this many words split the search into shares (1,502 canonical ones for 4×3). */
const SPLIT_DEPTH = 5;
/**
 * One share a thread, dealt round robin over the canonical lists of SPLIT_DEPTH words, so they come out even.
 * Not more: V8 specialises the search's closures to the first call in a thread, and later calls run ~25–40 %
 * slower (4×3 in one thread: 24 CPU s whole, 30.5 in 4 shares, 34 in 16).
 */
const SHARES_PER_WORKER = 1;

/**
 * bandConfigurationClasses on `workers` threads: the search split at the canonical lists of SPLIT_DEPTH words,
 * the shares run on the pool and merged back into search order (the same result as one thread, node count too).
 */
export async function bandConfigurationClassesOnThreads(
  R: number,
  C: number,
  options: ConfigurationClassesOptions,
): Promise<BandConfigurationClasses> {
  const problem = bandConfigurationProblem(R, C);
  if (problem !== null) throw new RangeError(`configuration classes of ${R}x${C}: ${problem}`);
  const workers = options.workers;
  if (!Number.isInteger(workers) || workers < 1)
    throw new RangeError(`configuration classes: ${workers} workers (need a whole number ≥ 1)`);
  if (workers === 1) return bandConfigurationClasses(R, C);
  const depth = Math.min(SPLIT_DEPTH, R * C - 1),
    parts = SHARES_PER_WORKER * workers;
  const pool = typedTaskPool<typeof ClassTask>(new URL('./configurationClassTask.js', import.meta.url), workers);
  try {
    let done = 0;
    const shares = await Promise.all(
      Array.from({ length: parts }, (_, part) =>
        pool.run('classPart', { rows: R, cols: C, depth, parts, part }).then((share) => {
          options.onProgress?.(++done, parts);
          return share;
        }),
      ),
    );
    return mergeConfigurationParts(R, C, shares);
  } finally {
    await pool.close();
  }
}
