import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { streamStates } from '../random/streamStates.js';
import { boxShape, InputError } from '../grid/shape.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import type { ClueSymmetry } from './clueOrbits.js';
import { generatePuzzle, type GeneratedPuzzle } from './generatePuzzle.js';
import { puzzleRater, type Rating } from './puzzleRater.js';
import type { Grade } from './techniques.js';

/**
 * The batch work of `rate` and `generate` as pure functions over plain (structured-cloneable) data, so that a
 * worker pool can run slices of a batch side by side: the answer for puzzle i depends on i alone, never on which
 * worker ran it or how the batch was cut.
 */

/** Rate puzzles[i·n² .. (i+1)·n²) for each i: counted (up to 2 solutions) and rated. */
export interface RateTask {
  readonly rows: number;
  readonly cols: number;
  /** The puzzles, n² digits each (0 = empty), end to end. */
  readonly puzzles: Uint8Array;
  readonly steps: boolean;
}

export interface RateTaskResult extends Rating {
  readonly solutions: 0 | 1 | 2;
  readonly solution: Uint8Array | null;
}

export function rateTask(task: RateTask): RateTaskResult[] {
  const shape = boxShape(task.rows, task.cols);
  const N = shape.n * shape.n;
  const counter = puzzleCounter(shape);
  const rater = puzzleRater(shape);
  const out: RateTaskResult[] = [];
  for (let at = 0; at + N <= task.puzzles.length; at += N) {
    const cells = task.puzzles.subarray(at, at + N);
    const solution = new Uint8Array(N);
    const c = counter.count(cells, 2, solution).count;
    const solutions = c >= 2 ? 2 : c === 1 ? 1 : 0;
    out.push({ ...rater.rate(cells, { steps: task.steps }), solutions, solution: solutions === 1 ? solution : null });
  }
  return out;
}

/** Make puzzles first .. first+count−1 of a seeded batch: puzzle i draws from random stream i of the seed. */
export interface GenerateTask {
  readonly rows: number;
  readonly cols: number;
  readonly seed: number;
  readonly first: number;
  readonly count: number;
  readonly clues?: number;
  readonly symmetry: ClueSymmetry;
  readonly difficulty?: Grade;
  readonly attempts?: number;
}

export type GenerateTaskResult =
  | ({ readonly index: number; readonly seconds: number; readonly failure?: undefined } & GeneratedPuzzle)
  | { readonly index: number; readonly failure: string };

export function generateTask(task: GenerateTask): GenerateTaskResult[] {
  const shape = boxShape(task.rows, task.cols);
  const stream = streamStates(task.seed);
  const out: GenerateTaskResult[] = [];
  for (let i = task.first; i < task.first + task.count; i++) {
    const rng = xoroshiro128plusFromState(stream(i));
    const t0 = performance.now();
    try {
      const p = generatePuzzle(
        {
          box: shape,
          symmetry: task.symmetry,
          ...(task.clues !== undefined ? { clues: task.clues } : {}),
          ...(task.difficulty !== undefined ? { difficulty: task.difficulty } : {}),
          ...(task.attempts !== undefined ? { attempts: task.attempts } : {}),
        },
        rng,
      );
      out.push({ index: i, seconds: (performance.now() - t0) / 1000, ...p });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      out.push({ index: i, failure: e.message });
    }
  }
  return out;
}
