import { SHAPE_3X3, type BoxShape } from '../grid/shape.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { checkWorkers } from '../parallel/threads.js';
import { streamStates } from '../random/streamStates.js';
import type * as SampleTask from './sampleTask.js';
import type { SampleBlockInput, SampleBlockOutput } from './sampleTask.js';

/**
 * K exactly uniform grids from a seed, the same ones whatever the number of threads.
 *
 * Grid j (0-based) is drawn by `GridIndex.sample` from stream ⌊j / BLOCK⌋ (the seed's xoroshiro128+ jumped that
 * many times, as every seeded run here does), as the (j mod BLOCK)-th draw of that stream. Blocks are the
 * tasks handed to the threads; they come back in order.
 */
export const SAMPLE_BLOCK = 1024;

export interface SampleGridsOptions {
  readonly box?: BoxShape;
  /** How many grids (≥ 1). */
  readonly count: number;
  /** Generator seed, 0..2^32−1. */
  readonly seed: number;
  /** Threads (default 1; results never depend on it). */
  readonly workers?: number;
}

export interface SampledGrid {
  /** The grid's number. */
  readonly index: bigint;
  /** Its cells (a view into the block's buffer). */
  readonly grid: Uint8Array;
}

/** Yield the grids in order, a block at a time. */
export async function* sampleGrids(options: SampleGridsOptions): AsyncGenerator<readonly SampledGrid[]> {
  const shape = options.box ?? SHAPE_3X3;
  const { count } = options;
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count must be a whole number ≥ 1, not ${count}`);
  const workers = checkWorkers(options.workers ?? 1);
  const states = streamStates(options.seed);
  const blocks = Math.ceil(count / SAMPLE_BLOCK);
  const pool = typedTaskPool<typeof SampleTask>(new URL('./sampleTask.js', import.meta.url), workers);
  const cells = shape.n * shape.n;
  const ahead = Math.max(2, 2 * workers);
  const pending: Promise<SampleBlockOutput>[] = [];
  let next = 0;
  const submit = () => {
    const input: SampleBlockInput = {
      rows: shape.rows,
      cols: shape.cols,
      state: states(next),
      count: Math.min(SAMPLE_BLOCK, count - next * SAMPLE_BLOCK),
    };
    const p = pool.run('sampleBlock', input);
    p.catch(() => {}); // awaited in order below
    pending.push(p);
    next++;
  };
  try {
    for (let b = 0; b < blocks; b++) {
      while (next < blocks && pending.length < ahead) submit();
      const out = await pending.shift()!;
      yield out.indices.map((index, j) => ({
        index: BigInt(index),
        grid: out.grids.subarray(j * cells, (j + 1) * cells),
      }));
    }
  } finally {
    await pool.close();
  }
}
