import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveRules } from '../grid/support.js';
import type { Rules } from '../grid/rules.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { checkWorkers, defaultThreads } from '../parallel/threads.js';
import type { ClueSymmetry } from './clueOrbits.js';
import type { GridSourceKind } from './defaultGridSource.js';
import type {
  GenerateBlockInput,
  GenerateOutcome,
  RateBlockInput,
  RatedPuzzle,
  RemovalTaskInput,
} from './puzzleTasks.js';
import type { Difficulty } from './techniques.js';
import { MAX_SEED, streamStates } from '../random/streamStates.js';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { learnsClauses } from '../solve/countSolutions.js';
import {
  PuzzleMaker,
  requireSymmetry,
  type MakeProgress,
  type RemovalAnswer,
  type RemovalQuestion,
} from './generatePuzzle.js';
import { failure, puzzleOptions } from './puzzleTasks.js';
import type * as PuzzleTaskModule from './puzzleTasks.js';

/**
 * Batches of puzzles on the worker pool, the same whatever the number of threads: puzzle i of a seed draws from
 * random stream i (the seed's xoroshiro128+ jumped i times), so blocks can be cut and run anywhere; they come back
 * in order. Big shapes (those whose counter learns clauses: a puzzle takes seconds to minutes) are made one at a
 * time here instead, their removal questions answered on the pool, several ahead (PuzzleMaker.makeAhead): every
 * thread works on the one puzzle, which comes out the same as from one thread.
 */
export interface GeneratePuzzlesOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  /** Variants: "x,windoku", a list of names, or a Rules object (default none). */
  readonly variant?: Rules | string | readonly string[];
  readonly count: number;
  readonly seed: number;
  readonly clues?: number;
  readonly symmetry?: ClueSymmetry;
  readonly difficulty?: Difficulty;
  readonly attempts?: number;
  readonly grids?: GridSourceKind;
  /** Threads (default 1; for the big shapes, whose puzzles take seconds to minutes, the cores, at most 2). */
  readonly workers?: number;
  /** Big shapes only (one puzzle at a time): where the puzzle being made is, after each question settled. */
  readonly onProgress?: (progress: MakeProgress) => void;
}

/** Puzzles per task: many small ones, one big one. */
function blockSize(shape: BoxShape): number {
  return Math.max(1, Math.floor(4096 / (shape.n * shape.n)));
}

/** Yield the outcomes in order, a block at a time. */
export async function* generatePuzzles(options: GeneratePuzzlesOptions): AsyncGenerator<readonly GenerateOutcome[]> {
  const rules = resolveRules('solve', options.box, options.variant);
  const shape = rules.shape;
  if (!Number.isSafeInteger(options.count) || options.count < 1)
    throw new InputError(`count ${options.count}: must be a whole number ≥ 1`);
  if (!Number.isSafeInteger(options.seed) || options.seed < 0 || options.seed > MAX_SEED)
    throw new InputError(`seed ${options.seed}: must be a whole number 0..${MAX_SEED}`);
  if (options.workers !== undefined) checkWorkers(options.workers);
  const N = shape.n * shape.n;
  if (options.clues !== undefined && !(Number.isInteger(options.clues) && options.clues >= 0 && options.clues <= N))
    throw new InputError(`clues ${options.clues}: must be a whole number 0..${N} for a ${shape.name} grid`);
  if (options.symmetry !== undefined) requireSymmetry(rules, options.symmetry);
  if (learnsClauses(rules)) {
    yield* generateAhead(rules, options);
    return;
  }
  const block = blockSize(shape);
  const base: Omit<GenerateBlockInput, 'first' | 'count'> = {
    rules: rules.spec,
    seed: options.seed,
    symmetry: options.symmetry ?? 'none',
    ...(options.clues !== undefined ? { clues: options.clues } : {}),
    ...(options.difficulty !== undefined ? { difficulty: options.difficulty } : {}),
    ...(options.attempts !== undefined ? { attempts: options.attempts } : {}),
    ...(options.grids !== undefined ? { grids: options.grids } : {}),
  };
  yield* inOrder(options.workers ?? 1, Math.ceil(options.count / block), (b) => ({
    task: 'generateBlock' as const,
    input: { ...base, first: b * block, count: Math.min(block, options.count - b * block) },
  }));
}

/** Big puzzles one at a time, their removal questions on the pool (see generatePuzzles). */
async function* generateAhead(
  rules: Rules,
  options: GeneratePuzzlesOptions,
): AsyncGenerator<readonly GenerateOutcome[]> {
  const pool = typedTaskPool<PuzzleTasks>(
    new URL('./puzzleTasks.js', import.meta.url),
    options.workers ?? defaultThreads(),
  );
  const ask = (q: RemovalQuestion): Promise<RemovalAnswer> =>
    pool.run('askRemoval', { rules: rules.spec, ...q } satisfies RemovalTaskInput);
  const ahead = pool.threads === 1 ? 1 : 2 * pool.threads;
  const stream = streamStates(options.seed);
  const generate = puzzleOptions(rules, options);
  // a maker of this run's own, not the shared one: makeAhead awaits between its steps, and two runs at once in one
  // process sharing a maker's scratch space would give other puzzles than their seeds do
  const maker = new PuzzleMaker(rules);
  try {
    for (let i = 0; i < options.count; i++) {
      const rng = xoroshiro128plusFromState(stream(i));
      const t0 = performance.now();
      try {
        const p = await maker.makeAhead(generate, rng, ask, ahead, options.onProgress);
        yield [{ ...p, index: i, seconds: (performance.now() - t0) / 1000 }];
      } catch (e) {
        yield [failure(i, e)];
      }
    }
  } finally {
    await pool.close();
  }
}

export interface RatePuzzlesOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  /** Variants (as for generatePuzzles). */
  readonly variant?: Rules | string | readonly string[];
  /**
   * n² digits per puzzle, end to end; or pieces of such, as they are read (each a whole number of puzzles), which
   * are rated as they come, a few pieces ahead of the consumer at most.
   */
  readonly puzzles: Uint8Array | AsyncIterable<Uint8Array>;
  readonly steps?: boolean;
  /** Techniques rated above this SE value are not tried (RateOptions.budget). */
  readonly budget?: number;
  readonly workers?: number;
}

/**
 * Cells of puzzles in one rating block at most (about 2,000 9×9 puzzles): the CLI writes its lines this many at a
 * time, so that a refusal within them leaves nothing written.
 */
export const RATE_BLOCK_CELLS = 200_000;

/** Rated puzzles in order, a block at a time. */
export async function* ratePuzzles(options: RatePuzzlesOptions): AsyncGenerator<readonly RatedPuzzle[]> {
  const rules = resolveRules('solve', options.box, options.variant);
  const shape = rules.shape;
  const N = shape.n * shape.n;
  const cap = Math.max(1, Math.floor(RATE_BLOCK_CELLS / N));
  const workers = options.workers ?? 1;
  const source = options.puzzles;
  let done = 0;
  async function* tasks(): AsyncGenerator<BlockTask> {
    for await (const piece of source instanceof Uint8Array ? [source] : source) {
      if (piece.length % N !== 0)
        throw new InputError(`puzzles: ${piece.length} digits is not a whole number of ${shape.name} grids`);
      for (let i = 0; i < piece.length; i++) {
        if (piece[i] > shape.n)
          throw new InputError(`puzzle ${done + Math.floor(i / N) + 1}: cell ${(i % N) + 1} holds ${piece[i]}`);
      }
      const total = piece.length / N;
      // blocks of up to `cap` puzzles, and at least four per worker when the piece allows (a hard 9×9 puzzle takes
      // milliseconds: a small file would otherwise be one block on one thread); a puzzle's rating is the same
      // whichever block and thread rates it
      const per = Math.min(cap, Math.max(16, Math.ceil(total / (4 * workers))));
      for (let b = 0; b * per < total; b++) {
        const input: RateBlockInput = {
          rules: rules.spec,
          puzzles: piece.slice(b * per * N, Math.min(total, (b + 1) * per) * N),
          steps: options.steps === true,
          ...(options.budget !== undefined ? { budget: options.budget } : {}),
        };
        yield { task: 'rateBlock' as const, input };
      }
      done += total;
    }
  }
  yield* inOrderOf<readonly RatedPuzzle[]>(workers, tasks());
}

/** Run the tasks `source` gives on a pool, a few ahead of the consumer, and yield their results in order. */
async function* inOrderOf<O>(workers: number, source: AsyncIterator<BlockTask>): AsyncGenerator<O> {
  const pool = typedTaskPool<PuzzleTasks>(new URL('./puzzleTasks.js', import.meta.url), workers);
  const ahead = Math.max(2, 2 * workers);
  const pending: Promise<O>[] = [];
  let more = true;
  try {
    for (;;) {
      while (more && pending.length < ahead) {
        const next = await source.next();
        if (next.done) {
          more = false;
          break;
        }
        const t = next.value;
        const p = (
          t.task === 'rateBlock' ? pool.run('rateBlock', t.input) : pool.run('generateBlock', t.input)
        ) as Promise<O>;
        p.catch(() => {}); // awaited in order below
        pending.push(p);
      }
      if (pending.length === 0) return;
      yield await pending.shift()!;
    }
  } finally {
    await pool.close();
  }
}

/** The task module's exports, by name: the pool's typed boundary. */
type PuzzleTasks = typeof PuzzleTaskModule;

/** A block of work for the pool. */
type BlockTask =
  | { readonly task: 'rateBlock'; readonly input: RateBlockInput }
  | { readonly task: 'generateBlock'; readonly input: GenerateBlockInput };

/** Run `blocks` tasks on a pool, a few ahead of the consumer, and yield their results in block order. */
async function* inOrder<O>(workers: number, blocks: number, make: (b: number) => BlockTask): AsyncGenerator<O> {
  const pool = typedTaskPool<PuzzleTasks>(new URL('./puzzleTasks.js', import.meta.url), workers);
  const ahead = Math.max(2, 2 * workers);
  const pending: Promise<O>[] = [];
  let next = 0;
  try {
    for (let b = 0; b < blocks; b++) {
      while (next < blocks && pending.length < ahead) {
        const t = make(next++);
        const p = (
          t.task === 'rateBlock' ? pool.run('rateBlock', t.input) : pool.run('generateBlock', t.input)
        ) as Promise<O>;
        p.catch(() => {}); // awaited in order below
        pending.push(p);
      }
      yield await pending.shift()!;
    }
  } finally {
    await pool.close();
  }
}
