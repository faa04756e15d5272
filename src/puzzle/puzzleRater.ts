import type { BoxShape } from '../grid/shape.js';
import { asRules, type Rules } from '../grid/rules.js';
import { CandidateGrid, type Step } from './candidateGrid.js';
import { GRADE_RANGE, GRADES, TECHNIQUES, type Grade, type Technique } from './techniques.js';

/**
 * Rates a puzzle by the human techniques of TECHNIQUES: at each step the easiest technique that does something
 * is used (singles place every cell they find in one pass; other techniques act on one pattern), and the search
 * starts again from the easiest. It stops when the grid is full or at a contradiction (on puzzles without a
 * solution, or with several: the uniqueness techniques assume one). The last technique (search) always applies to
 * a grid with a solution, so "needs search" is left only for grids with none.
 *
 * One rater per shape, reused from puzzle to puzzle (it keeps its pencil marks); not safe to share across
 * concurrent callers.
 */
export interface Rating {
  readonly grade: Grade;
  /** Sudoku Explainer rating of the hardest step (chains: with their length bonus); 0 when there was nothing to do. */
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
  /**
   * The puzzle is known to have one solution (default true): only then are the uniqueness techniques, the chains
   * and search tried (TECHNIQUES' tiers).
   */
  readonly unique?: boolean;
  /** Try only techniques whose SE rating (chains: base) is at most this (default: all). */
  readonly budget?: number;
  /** Stop after this many technique applications (a hint needs only the next step; default: until the end). */
  readonly maxSteps?: number;
  /** The techniques to try, by index (1 = try), in place of `unique` and `budget` (nextStep's search step). */
  readonly only?: Uint8Array;
}

/** The hardest technique a hint tries before the fallback (nextStep): dynamic forcing chains, SE 8.5. */
export const HINT_BUDGET = 8.5;

/**
 * What a hint tries when nothing up to HINT_BUDGET applies: the nested trial (milliseconds on the hardest puzzles
 * known, where the trials between, SE 9.0 and 9.5, take seconds), and search only if even that fails.
 */
const HINT_FALLBACK: readonly string[] = ['nested-dynamic-forcing-chains', 'search'];

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
    const steps: Step[] | null = options.steps ? [] : null;
    g.steps = steps;
    g.load(cells);
    const open = g.open;
    const { hardest, rating } = this.run(
      counts,
      steps,
      options.only ?? this.allowed(options),
      options.maxSteps ?? Infinity,
    );
    const contradiction = g.broken;
    const needsSearch = !contradiction && g.open > 0;
    const grade: Grade = needsSearch ? 'expert' : hardest < 0 ? 'easy' : gradeOf(rating);
    const result: Rating = {
      grade,
      rating,
      hardest,
      counts: Array.from(counts),
      needsSearch,
      contradiction,
      open,
      placed: open - g.open,
      grid: Uint8Array.from(g.value),
      ...(steps ? { steps } : {}),
    };
    g.steps = null;
    return result;
  }

  /**
   * The rating loop: the easiest technique that does something, then from the top again, until the grid is full,
   * nothing applies or it breaks. Counts uses in `counts` (when given) and fills in each new step's rating.
   */
  private run(
    counts: Int32Array | null,
    steps: Step[] | null,
    allowed: Uint8Array,
    maxSteps = Infinity,
  ): { hardest: number; rating: number } {
    const g = this.g;
    let hardest = -1;
    let rating = 0;
    const T = TECHNIQUES.length;
    for (let applied = 0; applied < maxSteps && !g.broken && g.open > 0; applied++) {
      let t = 0;
      const before = g.open;
      const stepsBefore = steps ? steps.length : 0;
      g.stepRating = -1;
      while (t < T && (!allowed[t] || !TECHNIQUES[t].apply(g, t))) {
        t++;
        g.stepRating = -1;
      }
      if (t === T) break;
      const r = g.stepRating >= 0 ? g.stepRating : TECHNIQUES[t].rating;
      if (counts) counts[t] += TECHNIQUES[t].places ? before - g.open : 1;
      if (steps)
        for (let i = stepsBefore; i < steps.length; i++) if (steps[i].rating < 0) steps[i] = { ...steps[i], rating: r };
      if (r > rating || (r === rating && t > hardest)) {
        rating = r;
        hardest = t;
      }
    }
    return { hardest, rating };
  }

  /**
   * Just the rating, for the generator's inner loop: like rate() without the result object. Returns the rating of
   * the hardest step (0 for none), or Infinity when the techniques stall or contradict.
   */
  hardestRating(cells: ArrayLike<number>, options: RateOptions = {}): number {
    const g = this.g;
    g.steps = null;
    g.load(cells);
    const { rating } = this.run(null, null, this.allowed(options));
    return g.broken || g.open > 0 ? Infinity : rating;
  }

  /**
   * The next step from a position, for a hint: the easiest technique rated at most `budget` (default
   * HINT_BUDGET: up to dynamic forcing chains, tens of milliseconds on the hardest puzzles known), else the nested
   * trial (HINT_FALLBACK: a nested dynamic forcing chain, milliseconds), else the search step (a candidate that no
   * solution has, found by the exact solver), so that a hint never waits seconds for the trials at 9.0 and 9.5.
   * The result's steps hold that one step (none when the grid is full, broken or nothing applies).
   */
  nextStep(cells: ArrayLike<number>, budget = HINT_BUDGET): Rating {
    const first = this.rate(cells, { steps: true, maxSteps: 1, budget });
    if (first.steps?.length || first.contradiction || first.open === 0) return first;
    const allowed = this.allowed({});
    for (let t = 0; t < allowed.length; t++) if (!HINT_FALLBACK.includes(TECHNIQUES[t].key)) allowed[t] = 0;
    return this.rate(cells, { steps: true, maxSteps: 1, only: allowed });
  }

  /** Which techniques these options let the rater try (1) or not (0). */
  private allowed(options: RateOptions): Uint8Array {
    const unique = options.unique !== false;
    const budget = options.budget ?? Infinity;
    const small = this.g.n <= 9;
    // the trials under rules of houses alone (pairs, anti-king and anti-knight, leave them a trial of minutes)
    const houses = this.rules.pairCount === 0;
    const tierOk = (tier: Technique['tier']) =>
      tier === undefined ||
      (unique &&
        (tier === 'unique' ||
          ((tier === 'chain' || tier === 'search') && small) ||
          (tier === 'trial' && small && houses)));
    return Uint8Array.from(TECHNIQUES, (t) => (t.rating <= budget && tierOk(t.tier) ? 1 : 0));
  }
}

/** The grade of an SE rating (GRADE_RANGE). */
export function gradeOf(rating: number): Grade {
  for (const grade of GRADES) if (rating <= GRADE_RANGE[grade][1]) return grade;
  return 'expert';
}

const raters = new Map<string, PuzzleRater>();

/** The rater for a shape or rules, built once and reused (one rating at a time). */
export function puzzleRater(shape: BoxShape | Rules): PuzzleRater {
  const rules = asRules(shape);
  let r = raters.get(rules.name);
  if (!r) {
    r = new PuzzleRater(rules);
    raters.set(rules.name, r);
  }
  return r;
}
