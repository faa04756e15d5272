import type { CandidateGrid } from './candidateGrid.js';
import { fish } from './techniques/fish.js';
import { claiming, pointing } from './techniques/lockedCandidates.js';
import { hiddenSingles, nakedSingles } from './techniques/singles.js';
import { hiddenSubset, nakedSubset } from './techniques/subsets.js';
import { xyWing, xyzWing } from './techniques/wings.js';

/**
 * The human techniques the rater knows, easiest first, with their ratings on the public Sudoku Explainer scale
 * (SE: 1.2 hidden single in a box … 2.3 naked single … 4.2 XY-wing … 5.4 hidden quad) and our grade.
 *
 * The rater always uses the easiest technique that does something, then starts again from the top; a puzzle's
 * rating is its hardest step's rating (as SE defines it), and its grade is that technique's grade.
 *
 *   grade    techniques                                                          SE rating of the hardest step
 *   easy     hidden singles (box, then row or column), naked singles             ≤ 2.3
 *   medium   locked candidates (pointing, claiming)                              2.6 – 2.8
 *            (under variants: pointing from a box or a variant's house, claiming from a row or column, into
 *            any house it meets in two or more cells)
 *   hard     naked/hidden pairs and triples, X-wing, swordfish, XY- and XYZ-wing 3.0 – 4.4
 *   expert   naked/hidden quads, jellyfish; or none of these finishes it         ≥ 5.0, or "needs search"
 */
export type Grade = 'easy' | 'medium' | 'hard' | 'expert';
export const GRADES: readonly Grade[] = ['easy', 'medium', 'hard', 'expert'];

export interface Technique {
  /** Short key, used in JSON: "hidden-single-box", "x-wing", … */
  readonly key: string;
  /** In words: "hidden single in a box". */
  readonly name: string;
  /** Sudoku Explainer rating. */
  readonly rating: number;
  readonly grade: Grade;
  /** Apply it once (singles: every one found in a pass); true when it changed something. */
  readonly apply: (g: CandidateGrid, self: number) => boolean;
}

export const TECHNIQUES: readonly Technique[] = [
  {
    key: 'hidden-single-box',
    name: 'hidden single in a box',
    rating: 1.2,
    grade: 'easy',
    apply: (g, t) => hiddenSingles(g, t, 2 * g.n, 3 * g.n),
  },
  {
    key: 'hidden-single-line',
    name: 'hidden single in a row or column',
    rating: 1.5,
    grade: 'easy',
    // and in a variant's houses (diagonals, windows, groups, …), named in the steps
    apply: (g, t) => hiddenSingles(g, t, 0, 2 * g.n) || hiddenSingles(g, t, 3 * g.n, g.H),
  },
  { key: 'naked-single', name: 'naked single', rating: 2.3, grade: 'easy', apply: nakedSingles },
  { key: 'pointing', name: 'pointing', rating: 2.6, grade: 'medium', apply: pointing },
  { key: 'claiming', name: 'claiming', rating: 2.8, grade: 'medium', apply: claiming },
  { key: 'naked-pair', name: 'naked pair', rating: 3.0, grade: 'hard', apply: (g, t) => nakedSubset(g, t, 2) },
  { key: 'x-wing', name: 'X-wing', rating: 3.2, grade: 'hard', apply: (g, t) => fish(g, t, 2) },
  { key: 'hidden-pair', name: 'hidden pair', rating: 3.4, grade: 'hard', apply: (g, t) => hiddenSubset(g, t, 2) },
  { key: 'naked-triple', name: 'naked triple', rating: 3.6, grade: 'hard', apply: (g, t) => nakedSubset(g, t, 3) },
  { key: 'swordfish', name: 'swordfish', rating: 3.8, grade: 'hard', apply: (g, t) => fish(g, t, 3) },
  { key: 'hidden-triple', name: 'hidden triple', rating: 4.0, grade: 'hard', apply: (g, t) => hiddenSubset(g, t, 3) },
  { key: 'xy-wing', name: 'XY-wing', rating: 4.2, grade: 'hard', apply: xyWing },
  { key: 'xyz-wing', name: 'XYZ-wing', rating: 4.4, grade: 'hard', apply: xyzWing },
  { key: 'naked-quad', name: 'naked quad', rating: 5.0, grade: 'expert', apply: (g, t) => nakedSubset(g, t, 4) },
  { key: 'jellyfish', name: 'jellyfish', rating: 5.2, grade: 'expert', apply: (g, t) => fish(g, t, 4) },
  { key: 'hidden-quad', name: 'hidden quad', rating: 5.4, grade: 'expert', apply: (g, t) => hiddenSubset(g, t, 4) },
];

export function isGrade(x: string): x is Grade {
  return (GRADES as readonly string[]).includes(x);
}
