import type { BoxShape } from '../grid/shape.js';
import { plainRules, type Rules } from '../grid/rules.js';
import { CandidateGrid, type Step } from './candidateGrid.js';
import { TECHNIQUES, type Grade } from './techniques.js';

/**
 * Rates a puzzle by the human techniques of TECHNIQUES: at each step the easiest technique that does something
 * is used (singles place every cell they find in one pass; other techniques act on one pattern), and the search
 * starts again from the easiest. It stops when the grid is full, when nothing applies ("needs search"), or at a
 * contradiction (only on puzzles without a solution).
 *
 * One rater per shape, reused from puzzle to puzzle (it keeps its pencil marks); not safe to share across
 * concurrent callers.
 */
export interface Rating {
  readonly grade: Grade;
  /** Sudoku Explainer rating of the hardest step; 0 when there was nothing to do. */
  readonly rating: number;
  /** The hardest step's technique (index into TECHNIQUES), −1 when there was none. */
  readonly hardest: number;
  /** Uses of each technique, indexed as TECHNIQUES: cells placed for singles, patterns for the others. */
  readonly counts: readonly number[];
  /** The techniques stopped with open cells left. */
  readonly needsSearch: boolean;
  /** They reached a contradiction (the puzzle has no solution). */
  readonly contradiction: boolean;
  /** Open cells at the start. */
  readonly open: number;
  /** Cells the techniques placed. */
  readonly placed: number;
  /** The grid as far as the techniques got (n² digits, 0 = still open). */
  readonly grid: Uint8Array;
  /** Each deduction in words, when asked for. */
  readonly steps?: readonly Step[];
}

export interface RateOptions {
  /** Keep each deduction in words (slower). */
  readonly steps?: boolean;
}

export class PuzzleRater {
  private readonly g: CandidateGrid;
  private readonly counts = new Int32Array(TECHNIQUES.length);

  constructor(readonly rules: Rules) {
    this.g = new CandidateGrid(rules);
  }

  /** Rate n² digits (0 = open). Trusts its input's length and range; clashing givens give a contradiction. */
  rate(cells: ArrayLike<number>, options: RateOptions = {}): Rating {
    const { g, counts } = this;
    counts.fill(0);
    g.steps = options.steps ? [] : null;
    g.load(cells);
    const open = g.open;
    let hardest = -1;
    const T = TECHNIQUES.length;
    while (!g.broken && g.open > 0) {
      let t = 0;
      const before = g.open;
      while (t < T && !TECHNIQUES[t].apply(g, t)) t++;
      if (t === T) break;
      counts[t] += t <= 2 ? before - g.open : 1;
      if (t > hardest) hardest = t;
    }
    const contradiction = g.broken;
    const needsSearch = !contradiction && g.open > 0;
    const grade: Grade = needsSearch ? 'expert' : hardest < 0 ? 'easy' : TECHNIQUES[hardest].grade;
    const rating: Rating = {
      grade,
      rating: hardest < 0 ? 0 : TECHNIQUES[hardest].rating,
      hardest,
      counts: Array.from(counts),
      needsSearch,
      contradiction,
      open,
      placed: open - g.open,
      grid: Uint8Array.from(g.value),
      ...(g.steps ? { steps: g.steps } : {}),
    };
    g.steps = null;
    return rating;
  }

  /**
   * Just the grade, for the generator's inner loop: like rate() without the result object. Returns the index of
   * the hardest technique used (−1 for none), or TECHNIQUES.length when the techniques stall or contradict.
   */
  hardestTechnique(cells: ArrayLike<number>): number {
    const g = this.g;
    g.steps = null;
    g.load(cells);
    let hardest = -1;
    const T = TECHNIQUES.length;
    while (!g.broken && g.open > 0) {
      let t = 0;
      while (t < T && !TECHNIQUES[t].apply(g, t)) t++;
      if (t === T) break;
      if (t > hardest) hardest = t;
    }
    return g.broken || g.open > 0 ? T : hardest;
  }
}

const raters = new Map<string, PuzzleRater>();

/** The rater for a shape or rules, built once and reused (one rating at a time). */
export function puzzleRater(shape: BoxShape | Rules): PuzzleRater {
  const rules = 'houses' in shape ? shape : plainRules(shape);
  let r = raters.get(rules.name);
  if (!r) {
    r = new PuzzleRater(rules);
    raters.set(rules.name, r);
  }
  return r;
}
