/**
 * The task module of `rate` and `generate` for the worker pool (src/parallel/taskPool.ts): pure functions over
 * plain (structured-cloneable) data, so that threads can run slices of a batch side by side. The answer for
 * puzzle i depends on i alone, never on which thread ran it or how the batch was cut.
 *
 *   rateBlock({ rules, puzzles, steps })        → RatedPuzzle[]      (one per n² digits of `puzzles`)
 *   generateBlock({ rules, seed, first, count, … }) → GenerateOutcome[] (puzzles first .. first+count−1)
 *   askRemoval({ rules, puzzle, solution, a, b, seed })  → RemovalAnswer  (one removal question of a big
 *                                                       puzzle's pass, asked ahead by PuzzleMaker.makeAhead)
 * The rules cross as their spec (src/grid/rules.ts: RulesSpec), rebuilt once per thread by rulesFromSpec.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { InputError } from '../grid/shape.js';
import { rulesFromSpec, type Rules, type RulesSpec } from '../grid/rules.js';
import { streamStates } from '../random/streamStates.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import type { ClueSymmetry } from './clueOrbits.js';
import { gridSource, type GridSourceKind } from './defaultGridSource.js';
import {
  generatePuzzle,
  puzzleMaker,
  type GenerateOptions,
  type GeneratedPuzzle,
  type RemovalAnswer,
  type RemovalQuestion,
} from './generatePuzzle.js';
import { puzzleRater, type Rating } from './puzzleRater.js';
import type { Difficulty } from './techniques.js';

export interface RateBlockInput {
  readonly rules: RulesSpec;
  /** The puzzles, n² digits each (0 = empty), end to end. */
  readonly puzzles: Uint8Array;
  readonly steps: boolean;
  /** Techniques rated above this are not tried (RateOptions.budget). */
  readonly budget?: number;
}

export interface RatedPuzzle extends Rating {
  /** Solutions counted up to 2. */
  readonly solutions: 0 | 1 | 2;
  /** The solution when there is exactly one. */
  readonly solution: Uint8Array | null;
}

export function rateBlock(input: RateBlockInput): RatedPuzzle[] {
  const rules = rulesFromSpec(input.rules);
  const N = rules.cells;
  const counter = puzzleCounter(rules);
  const rater = puzzleRater(rules);
  const out: RatedPuzzle[] = [];
  for (let at = 0; at + N <= input.puzzles.length; at += N) {
    const cells = input.puzzles.subarray(at, at + N);
    const solution = new Uint8Array(N);
    const c = counter.count(cells, 2, solution).count;
    const solutions = c >= 2 ? 2 : c === 1 ? 1 : 0;
    out.push({
      ...rater.rate(cells, {
        steps: input.steps,
        unique: solutions === 1,
        ...(input.budget !== undefined ? { budget: input.budget } : {}),
      }),
      solutions,
      solution: solutions === 1 ? solution : null,
    });
  }
  return out;
}

export interface GenerateBlockInput {
  readonly rules: RulesSpec;
  readonly seed: number;
  /** Puzzles first .. first+count−1: puzzle i draws from random stream i of the seed. */
  readonly first: number;
  readonly count: number;
  readonly clues?: number;
  readonly symmetry: ClueSymmetry;
  readonly difficulty?: Difficulty;
  readonly attempts?: number;
  readonly grids?: GridSourceKind;
}

/** A puzzle made (with its number and time), or why none was: the attempts ran out. */
export type GenerateOutcome =
  | (GeneratedPuzzle & { readonly index: number; readonly seconds: number; readonly failure?: undefined })
  | { readonly index: number; readonly failure: string };

/** What a batch asks of every puzzle, as generatePuzzle's options (one grid source for all of them). */
export function puzzleOptions(
  rules: Rules,
  batch: {
    readonly symmetry?: ClueSymmetry;
    readonly clues?: number;
    readonly difficulty?: Difficulty;
    readonly attempts?: number;
    readonly grids?: GridSourceKind;
  },
): GenerateOptions {
  return {
    box: rules.shape,
    variant: rules,
    source: gridSource(rules, batch.grids),
    ...(batch.symmetry !== undefined ? { symmetry: batch.symmetry } : {}),
    ...(batch.clues !== undefined ? { clues: batch.clues } : {}),
    ...(batch.difficulty !== undefined ? { difficulty: batch.difficulty } : {}),
    ...(batch.attempts !== undefined ? { attempts: batch.attempts } : {}),
  };
}

/** Puzzle `index` could not be made: the attempts ran out (an InputError); anything else is a fault, thrown on. */
export function failure(index: number, e: unknown): GenerateOutcome {
  if (!(e instanceof InputError)) throw e;
  return { index, failure: e.message };
}

export function generateBlock(input: GenerateBlockInput): GenerateOutcome[] {
  const rules = rulesFromSpec(input.rules);
  const stream = streamStates(input.seed);
  const options = puzzleOptions(rules, input);
  const out: GenerateOutcome[] = [];
  for (let i = input.first; i < input.first + input.count; i++) {
    const rng = xoroshiro128plusFromState(stream(i));
    const t0 = performance.now();
    try {
      const p = generatePuzzle(options, rng);
      out.push({ ...p, index: i, seconds: (performance.now() - t0) / 1000 });
    } catch (e) {
      out.push(failure(i, e));
    }
  }
  return out;
}

export interface RemovalTaskInput extends RemovalQuestion {
  readonly rules: RulesSpec;
}

export function askRemoval(input: RemovalTaskInput): RemovalAnswer {
  const maker = puzzleMaker(rulesFromSpec(input.rules));
  const before = maker.counterCalls;
  const unique = maker.uniqueWithout(input.puzzle, input.solution, input.a, input.b, input.seed);
  return { unique, counterCalls: maker.counterCalls - before };
}
