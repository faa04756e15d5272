import { parseGrid } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveRules } from '../grid/support.js';
import { refuseClash, type Rules } from '../grid/rules.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import { puzzleRater, type Rating } from './puzzleRater.js';

export interface RatePuzzleOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3; up to 6×6). */
  readonly box?: BoxShape | string;
  /** Variants: "x,windoku", a list of names, or a Rules object (default none). */
  readonly variant?: Rules | string | readonly string[];
  /** Keep each deduction in words. */
  readonly steps?: boolean;
  /** Try only techniques rated (SE, chains: base) at most this (default: all). */
  readonly budget?: number;
}

export interface PuzzleRating extends Rating {
  /** Solutions, counted up to 2: 0 none, 1 one, 2 several. Only a puzzle with one is properly rated. */
  readonly solutions: 0 | 1 | 2;
  /** The solution when there is exactly one, else null. */
  readonly solution: Uint8Array | null;
}

/**
 * Rate a puzzle (text in the shape's grid format, or n² digits with 0 for empty) by the human techniques of
 * TECHNIQUES: its grade, its hardest step on the Sudoku Explainer scale, how often each technique was used,
 * and whether they finish it ("needs search" when not). The solutions are counted too (up to 2), and a puzzle
 * with none or several is rated as far as the techniques go. Throws InputError for a malformed grid or givens
 * that clash.
 */
export function ratePuzzle(puzzle: string | ArrayLike<number>, options: RatePuzzleOptions = {}): PuzzleRating {
  const rules = resolveRules('solve', options.box, options.variant);
  const shape = rules.shape;
  const cells = typeof puzzle === 'string' ? parseGrid(shape, puzzle) : puzzle;
  const { n } = shape;
  if (cells.length !== n * n)
    throw new InputError(`puzzle has ${cells.length} cells, a ${shape.name} grid has ${n * n}`);
  for (let i = 0; i < n * n; i++) {
    const d = cells[i];
    if (!Number.isInteger(d) || d < 0 || d > n)
      throw new InputError(`puzzle cell ${i + 1} holds ${d}, not a digit 0..${n}`);
  }
  refuseClash(rules, cells);
  const solution = new Uint8Array(n * n);
  const counted = puzzleCounter(rules).count(cells, 2, solution);
  const solutions = counted.count >= 2 ? 2 : counted.count === 1 ? 1 : 0;
  // the uniqueness techniques, chains and search only for a puzzle with one solution
  const rating = puzzleRater(rules).rate(cells, {
    steps: options.steps === true,
    unique: solutions === 1,
    ...(options.budget !== undefined ? { budget: options.budget } : {}),
  });
  return { ...rating, solutions, solution: solutions === 1 ? solution : null };
}
