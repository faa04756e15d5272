/**
 * The Puzzles page's job: make puzzles (generatePuzzles, the same as `generate --seed S`), with the printable
 * sheet (`generate --html`), and solve one step by step with the rater's techniques (`rate --steps`).
 */
import { formatGrid } from '../../grid/parseGrid.js';
import { InputError } from '../../grid/shape.js';
import { resolveRules } from '../../grid/support.js';
import { puzzleSheetHtml, type SheetPuzzle } from '../../io/puzzleSheet.js';
import type { ClueSymmetry } from '../../puzzle/clueOrbits.js';
import { describeRating } from '../../puzzle/describeRating.js';
import { generatePuzzles } from '../../puzzle/generatePuzzles.js';
import { ratePuzzle } from '../../puzzle/ratePuzzle.js';
import { TECHNIQUES, type Grade } from '../../puzzle/techniques.js';

export interface GenerateJobInput {
  readonly op: 'generate';
  readonly box: string;
  /** Variant names joined by commas ('' for none). */
  readonly variant: string;
  readonly count: number;
  readonly seed: number;
  readonly symmetry: ClueSymmetry;
  readonly difficulty?: Grade;
  readonly paper: 'A4' | 'Letter';
}

export interface StepsJobInput {
  readonly op: 'steps';
  readonly box: string;
  readonly variant: string;
  readonly puzzle: Uint8Array;
}

export type PuzzleJobInput = GenerateJobInput | StepsJobInput;

export interface MadePuzzle {
  readonly index: number;
  readonly puzzle: Uint8Array;
  readonly solution: Uint8Array;
  /** The puzzle as `generate` prints it (0 for an empty cell). */
  readonly line: string;
  readonly caption: string;
}

export interface GenerateJobResult {
  readonly rules: string;
  readonly puzzles: readonly MadePuzzle[];
  /** The printable sheet: puzzles, then the solutions on a page of their own. */
  readonly sheet: string;
}

export interface SolveStep {
  readonly technique: string;
  readonly text: string;
  readonly place?: { readonly cell: number; readonly digit: number };
}

export interface StepsJobResult {
  readonly steps: readonly SolveStep[];
  readonly summary: string;
  readonly needsSearch: boolean;
}

/** Most puzzles a page makes at once (a sheet of them prints on a few pages). */
export const MAX_PUZZLES = 24;

export async function run(input: PuzzleJobInput): Promise<GenerateJobResult | StepsJobResult> {
  const variant = input.variant === '' ? [] : input.variant.split(',');
  if (input.op === 'steps') {
    const r = ratePuzzle(input.puzzle, { box: input.box, variant, steps: true });
    return {
      steps: (r.steps ?? []).map((s) => ({
        technique: TECHNIQUES[s.technique]?.name ?? '',
        text: s.text,
        ...(s.place ? { place: s.place } : {}),
      })),
      summary: describeRating(r),
      needsSearch: r.needsSearch,
    };
  }
  if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > MAX_PUZZLES)
    throw new InputError(`count ${input.count}: must be a whole number 1..${MAX_PUZZLES}`);
  const rules = resolveRules('solve', input.box, variant);
  const puzzles: MadePuzzle[] = [];
  const sheet: SheetPuzzle[] = [];
  for await (const block of generatePuzzles({
    box: rules.shape,
    variant: rules,
    count: input.count,
    seed: input.seed,
    symmetry: input.symmetry,
    ...(input.difficulty ? { difficulty: input.difficulty } : {}),
  })) {
    for (const r of block) {
      if (r.failure !== undefined) throw new InputError(`puzzle ${r.index + 1} (seed ${input.seed}): ${r.failure}`);
      const caption = `#${r.index + 1} · seed ${input.seed} · ${describeRating(r.rating)} · ${r.clues} clues`;
      puzzles.push({
        index: r.index,
        puzzle: r.puzzle,
        solution: r.solution,
        line: formatGrid(rules.shape, r.puzzle),
        caption,
      });
      sheet.push({ puzzle: r.puzzle, solution: r.solution, caption });
    }
  }
  const title = `${input.count} ${rules.name} puzzle${input.count === 1 ? '' : 's'} · seed ${input.seed}`;
  return { rules: rules.name, puzzles, sheet: puzzleSheetHtml(rules, title, sheet, input.paper) };
}
