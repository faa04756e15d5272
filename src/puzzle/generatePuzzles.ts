import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { taskPool } from '../parallel/taskPool.js';
import type { ClueSymmetry } from './clueOrbits.js';
import type { GridSourceKind } from './defaultGridSource.js';
import type { GenerateBlockInput, GenerateOutcome, RateBlockInput, RatedPuzzle } from './puzzleTasks.js';
import type { Grade } from './techniques.js';
import { MAX_SEED } from '../random/streamStates.js';

/**
 * Batches of puzzles on the worker pool, the same whatever the number of threads: puzzle i of a seed draws from
 * random stream i (the seed's xoroshiro128+ jumped i times), so blocks can be cut and run anywhere; they come back
 * in order.
 */
export interface GeneratePuzzlesOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  readonly count: number;
  readonly seed: number;
  readonly clues?: number;
  readonly symmetry?: ClueSymmetry;
  readonly difficulty?: Grade;
  readonly attempts?: number;
  readonly grids?: GridSourceKind;
  /** Threads (default 1). */
  readonly workers?: number;
}

/** Puzzles per task: many small ones, one big one. */
function blockSize(shape: BoxShape): number {
  return Math.max(1, Math.floor(4096 / (shape.n * shape.n)));
}

/** Yield the outcomes in order, a block at a time. */
export async function* generatePuzzles(options: GeneratePuzzlesOptions): AsyncGenerator<readonly GenerateOutcome[]> {
  const shape = resolveShape('solve', options.box);
  if (!Number.isSafeInteger(options.count) || options.count < 1)
    throw new InputError(`count ${options.count}: must be a whole number ≥ 1`);
  if (!Number.isSafeInteger(options.seed) || options.seed < 0 || options.seed > MAX_SEED)
    throw new InputError(`seed ${options.seed}: must be a whole number 0..${MAX_SEED}`);
  const N = shape.n * shape.n;
  if (options.clues !== undefined && !(Number.isInteger(options.clues) && options.clues >= 0 && options.clues <= N))
    throw new InputError(`clues ${options.clues}: must be a whole number 0..${N} for a ${shape.name} grid`);
  const block = blockSize(shape);
  const base: Omit<GenerateBlockInput, 'first' | 'count'> = {
    rows: shape.rows,
    cols: shape.cols,
    seed: options.seed,
    symmetry: options.symmetry ?? 'none',
    ...(options.clues !== undefined ? { clues: options.clues } : {}),
    ...(options.difficulty !== undefined ? { difficulty: options.difficulty } : {}),
    ...(options.attempts !== undefined ? { attempts: options.attempts } : {}),
    ...(options.grids !== undefined ? { grids: options.grids } : {}),
  };
  yield* inOrder(options.workers ?? 1, Math.ceil(options.count / block), (b) => ({
    task: 'generateBlock',
    input: { ...base, first: b * block, count: Math.min(block, options.count - b * block) },
  }));
}

export interface RatePuzzlesOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  /** n² digits per puzzle, end to end. */
  readonly puzzles: Uint8Array;
  readonly steps?: boolean;
  readonly workers?: number;
}

/** Rated puzzles in order, a block at a time. */
export async function* ratePuzzles(options: RatePuzzlesOptions): AsyncGenerator<readonly RatedPuzzle[]> {
  const shape = resolveShape('solve', options.box);
  const N = shape.n * shape.n;
  if (options.puzzles.length % N !== 0)
    throw new InputError(`puzzles: ${options.puzzles.length} digits is not a whole number of ${shape.name} grids`);
  for (let i = 0; i < options.puzzles.length; i++) {
    if (options.puzzles[i] > shape.n)
      throw new InputError(`puzzle ${Math.floor(i / N) + 1}: cell ${(i % N) + 1} holds ${options.puzzles[i]}`);
  }
  const per = Math.max(1, Math.floor(200_000 / N));
  const total = Math.floor(options.puzzles.length / N);
  yield* inOrder(options.workers ?? 1, Math.ceil(total / per), (b) => {
    const input: RateBlockInput = {
      rows: shape.rows,
      cols: shape.cols,
      puzzles: options.puzzles.slice(b * per * N, Math.min(total, (b + 1) * per) * N),
      steps: options.steps === true,
    };
    return { task: 'rateBlock', input };
  });
}

/** Run `blocks` tasks on a pool, a few ahead of the consumer, and yield their results in block order. */
async function* inOrder<O>(
  workers: number,
  blocks: number,
  make: (b: number) => { task: string; input: unknown },
): AsyncGenerator<O> {
  const pool = taskPool(new URL('./puzzleTasks.js', import.meta.url), workers);
  const ahead = Math.max(2, 2 * workers);
  const pending: Promise<O>[] = [];
  let next = 0;
  try {
    for (let b = 0; b < blocks; b++) {
      while (next < blocks && pending.length < ahead) {
        const { task, input } = make(next++);
        const p = pool.run<O>(task, input);
        p.catch(() => {}); // awaited in order below
        pending.push(p);
      }
      yield await pending.shift()!;
    }
  } finally {
    await pool.close();
  }
}
