import { InputError } from '../grid/shape.js';
import { formatGrid } from '../grid/parseGrid.js';
import { resolveRules } from '../grid/support.js';
import { generatePuzzles, type GeneratePuzzlesOptions } from './generatePuzzles.js';
import type { Grade } from './techniques.js';

/** A made puzzle as text, in the grid format `solve` reads and prints ('.' for empty). */
export interface PuzzleText {
  readonly puzzle: string;
  /** Its one solution. */
  readonly solution: string;
  readonly grade: Grade;
  /** Sudoku Explainer rating of its hardest step. */
  readonly rating: number;
  readonly clues: number;
}

/** generatePuzzles' options, with `count` 1 by default. */
export type GenerateListOptions = Omit<GeneratePuzzlesOptions, 'count' | 'onProgress'> & { readonly count?: number };

/**
 * `count` puzzles as strings with their solutions and grades, in order: the streaming generatePuzzles collected,
 * so puzzle i is the one it yields for the same seed (and the one generatePuzzle draws from seededGenerator(seed,
 * i)). A puzzle that could not be made (a grade not reached in its attempts) is an InputError naming it.
 *
 *   const [p] = await generate({ box: '3x3', count: 1, seed: 42, difficulty: 'hard' }); // p.puzzle, p.grade
 */
export async function generate(options: GenerateListOptions): Promise<PuzzleText[]> {
  const shape = resolveRules('solve', options.box, options.variant).shape;
  const out: PuzzleText[] = [];
  for await (const block of generatePuzzles({ ...options, count: options.count ?? 1 })) {
    for (const p of block) {
      if (p.failure !== undefined) throw new InputError(`puzzle ${p.index + 1} (seed ${options.seed}): ${p.failure}`);
      out.push({
        puzzle: formatGrid(shape, p.puzzle),
        solution: formatGrid(shape, p.solution),
        grade: p.rating.grade,
        rating: p.rating.rating,
        clues: p.clues,
      });
    }
  }
  return out;
}
