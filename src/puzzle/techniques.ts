import type { CandidateGrid } from './candidateGrid.js';
import { alignedPairExclusion } from './techniques/alignedPairs.js';
import { DYNAMIC, LINK_X, LINK_Y, multipleChains, strongLinks, unaryChain } from './techniques/chains.js';
import { direct } from './techniques/direct.js';
import { fish } from './techniques/fish.js';
import { claiming, pointing } from './techniques/lockedCandidates.js';
import { hiddenSingles, lastValues, nakedSingles } from './techniques/singles.js';
import { hiddenSubset, nakedSubset } from './techniques/subsets.js';
import { nestedTrial } from './techniques/nestedTrial.js';
import { eliminateBySearch, forcingByTrial, type Apply } from './techniques/trial.js';
import { uniqueLoop } from './techniques/uniqueLoop.js';
import { bugPlusOne, bugTypes, uniqueRectangle } from './techniques/uniqueness.js';
import { vwxyzWing, wxyzWing, xyWing, xyzWing } from './techniques/wings.js';

/**
 * The human techniques the rater knows, easiest first, with their ratings on the public Sudoku Explainer scale
 * (SE) and our grade. The rater always uses the easiest technique that does something, then starts again from the
 * top; a puzzle's rating is its hardest step's rating (as SE defines it), and its grade is that technique's grade.
 * Chains are rated by SE's rule: a base value plus a length bonus (src/puzzle/techniques/chains.ts), so their
 * `rating` here is the base.
 *
 *   grade    techniques                                                                   SE rating of the step
 *   easy     last value, hidden singles, direct pointing/claiming/hidden pair, naked       1.0 – 2.5
 *            single, direct hidden triple
 *   medium   locked candidates (pointing, claiming)                                       2.6 – 2.8
 *            (under variants: pointing from a box or a variant's house, claiming from a row or column, into
 *            any house it meets in two or more cells)
 *   hard     naked/hidden pairs and triples, X-wing, swordfish, turbot fish (skyscraper,  3.0 – 4.6
 *            2-string kite), XY- and XYZ-wing, unique rectangles
 *   expert   naked/hidden quads, jellyfish, BUG + 1, aligned pair exclusion, X- and       5.0 and up
 *            XY-chains, forcing chains, Nishio, multiple and dynamic forcing chains,
 *            forcing by trial (dynamic +, nested), nested dynamic forcing chains (a
 *            trial inside a trial), search (never reached on any puzzle we tried)
 */
export type Grade = 'easy' | 'medium' | 'hard' | 'expert';
export const GRADES: readonly Grade[] = ['easy', 'medium', 'hard', 'expert'];

/** The SE range of each grade: [lowest, highest] rating of a puzzle of that grade. */
export const GRADE_RANGE: Readonly<Record<Grade, readonly [number, number]>> = {
  easy: [0, 2.5],
  medium: [2.6, 2.9],
  hard: [3.0, 4.9],
  expert: [5.0, Infinity],
};

/**
 * What the generator is asked for: a grade, or a range of SE ratings (inclusive: "4.0-6.0" is 4.0 ≤ rating ≤ 6.0).
 */
export type Difficulty = Grade | { readonly min: number; readonly max: number };

/**
 * The default of `generate`: puzzles rated at most SE 7.0, which a person solves without trial or guessing (at worst
 * with chains of implications: X- and XY-chains, forcing chains). On grids above 9×9, where the chains are not
 * tried, and under variants (whose minimal puzzles are mostly harder), any puzzle is kept, as before.
 */
export const DEFAULT_MAX_RATING = 7.0;

/** The SE range of a difficulty. */
export function difficultyRange(d: Difficulty): readonly [number, number] {
  return typeof d === 'string' ? GRADE_RANGE[d] : [d.min, d.max];
}

/** "hard" → "hard"; "4.0-6.0" → { min: 4, max: 6 }; anything else null. */
export function parseDifficulty(text: string): Difficulty | null {
  if (isGrade(text)) return text;
  const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const min = Number(m[1]),
    max = Number(m[2]);
  return min <= max && max <= 20 ? { min, max } : null;
}

/** "hard", "SE 4.0–6.0". */
export function describeDifficulty(d: Difficulty): string {
  return typeof d === 'string' ? d : `SE ${d.min.toFixed(1)}–${d.max.toFixed(1)}`;
}

export interface Technique {
  /** Short key, used in JSON: "hidden-single-box", "x-wing", … */
  readonly key: string;
  /** In words: "hidden single in a box". */
  readonly name: string;
  /** Sudoku Explainer rating (chains: the base, before the length bonus). */
  readonly rating: number;
  readonly grade: Grade;
  /** It places digits (counted in cells placed); the others count patterns. */
  readonly places?: boolean;
  /**
   * "unique": sound only when the puzzle has one solution (uniqueness); "chain": chains and forcing chains, which
   * also assume one solution (they end in search) and are tried on grids up to 9×9 only (their cost grows with the
   * square of the candidates); "trial": the trials, like "chain" but not under rules with pairs (anti-king,
   * anti-knight: there a trial of every candidate takes minutes a puzzle); "search": like "chain", under any rules.
   * Absent: the basic techniques, sound on any puzzle and shape.
   */
  readonly tier?: 'unique' | 'chain' | 'trial' | 'search';
  /** Apply it once (singles: every one found in a pass); true when it changed something. */
  readonly apply: (g: CandidateGrid, self: number) => boolean;
}

const hiddenSinglesBox: Apply = (g, t) => hiddenSingles(g, t, 2 * g.n, 3 * g.n);
// and in a variant's houses (diagonals, windows, groups, …), named in the steps
const hiddenSinglesLine: Apply = (g, t) => hiddenSingles(g, t, 0, 2 * g.n) || hiddenSingles(g, t, 3 * g.n, g.H);
const hiddenPair: Apply = (g, t) => hiddenSubset(g, t, 2);
const hiddenTriple: Apply = (g, t) => hiddenSubset(g, t, 3);

/**
 * The techniques of index < `below` that the trials run on a copy of the grid: not the direct steps (a direct
 * pointing is a pointing and a single, which the copy takes in two steps anyway; looking for them first cost a fifth
 * of the trials' time).
 */
const easier = (below: number): Apply[] =>
  TECHNIQUES.slice(0, below)
    .filter((x) => !x.key.startsWith('direct-'))
    .map((x) => x.apply);
let basic: Apply[] | null = null;
let allChains: Apply[] | null = null;

export const TECHNIQUES: readonly Technique[] = [
  { key: 'last-value', name: 'last value in a house', rating: 1.0, grade: 'easy', places: true, apply: lastValues },
  {
    key: 'hidden-single-box',
    name: 'hidden single in a box',
    rating: 1.2,
    grade: 'easy',
    places: true,
    apply: hiddenSinglesBox,
  },
  {
    key: 'hidden-single-line',
    name: 'hidden single in a row or column',
    rating: 1.5,
    grade: 'easy',
    places: true,
    apply: hiddenSinglesLine,
  },
  {
    key: 'direct-pointing',
    name: 'direct pointing',
    rating: 1.7,
    grade: 'easy',
    apply: (g, t) => direct(g, t, pointing),
  },
  {
    key: 'direct-claiming',
    name: 'direct claiming',
    rating: 1.9,
    grade: 'easy',
    apply: (g, t) => direct(g, t, claiming),
  },
  {
    key: 'direct-hidden-pair',
    name: 'direct hidden pair',
    rating: 2.0,
    grade: 'easy',
    apply: (g, t) => direct(g, t, hiddenPair),
  },
  { key: 'naked-single', name: 'naked single', rating: 2.3, grade: 'easy', places: true, apply: nakedSingles },
  {
    key: 'direct-hidden-triple',
    name: 'direct hidden triple',
    rating: 2.5,
    grade: 'easy',
    apply: (g, t) => direct(g, t, hiddenTriple),
  },
  { key: 'pointing', name: 'pointing', rating: 2.6, grade: 'medium', apply: pointing },
  { key: 'claiming', name: 'claiming', rating: 2.8, grade: 'medium', apply: claiming },
  { key: 'naked-pair', name: 'naked pair', rating: 3.0, grade: 'hard', apply: (g, t) => nakedSubset(g, t, 2) },
  { key: 'x-wing', name: 'X-wing', rating: 3.2, grade: 'hard', apply: (g, t) => fish(g, t, 2) },
  { key: 'hidden-pair', name: 'hidden pair', rating: 3.4, grade: 'hard', apply: hiddenPair },
  { key: 'naked-triple', name: 'naked triple', rating: 3.6, grade: 'hard', apply: (g, t) => nakedSubset(g, t, 3) },
  { key: 'swordfish', name: 'swordfish', rating: 3.8, grade: 'hard', apply: (g, t) => fish(g, t, 3) },
  { key: 'hidden-triple', name: 'hidden triple', rating: 4.0, grade: 'hard', apply: hiddenTriple },
  {
    key: 'turbot-fish',
    name: 'turbot fish (skyscraper, 2-string kite, empty rectangle)',
    rating: 4.0,
    grade: 'hard',
    apply: (g, t) => strongLinks(g, t, 2),
  },
  { key: 'xy-wing', name: 'XY-wing', rating: 4.2, grade: 'hard', apply: xyWing },
  { key: 'xyz-wing', name: 'XYZ-wing', rating: 4.4, grade: 'hard', apply: xyzWing },
  {
    key: 'unique-rectangle-1',
    tier: 'unique',
    name: 'unique rectangle type 1',
    rating: 4.5,
    grade: 'hard',
    apply: (g, t) => uniqueRectangle(g, t, 1),
  },
  {
    key: 'unique-rectangle-2',
    tier: 'unique',
    name: 'unique rectangle type 2',
    rating: 4.6,
    grade: 'hard',
    apply: (g, t) => uniqueRectangle(g, t, 2),
  },
  {
    key: 'unique-rectangle-4',
    tier: 'unique',
    name: 'unique rectangle type 4',
    rating: 4.6,
    grade: 'hard',
    apply: (g, t) => uniqueRectangle(g, t, 4),
  },
  {
    key: 'unique-rectangle-3',
    tier: 'unique',
    name: 'unique rectangle type 3',
    rating: 4.6,
    grade: 'hard',
    apply: (g, t) => uniqueRectangle(g, t, 3),
  },
  {
    key: 'unique-loop',
    tier: 'unique',
    name: 'unique loop',
    rating: 4.6,
    grade: 'hard',
    apply: uniqueLoop,
  },
  { key: 'naked-quad', name: 'naked quad', rating: 5.0, grade: 'expert', apply: (g, t) => nakedSubset(g, t, 4) },
  { key: 'jellyfish', name: 'jellyfish', rating: 5.2, grade: 'expert', apply: (g, t) => fish(g, t, 4) },
  { key: 'hidden-quad', name: 'hidden quad', rating: 5.4, grade: 'expert', apply: (g, t) => hiddenSubset(g, t, 4) },
  {
    key: 'three-strong-links',
    name: 'three strong links (an X-chain)',
    rating: 5.4,
    grade: 'expert',
    apply: (g, t) => strongLinks(g, t, 3),
  },
  { key: 'wxyz-wing', name: 'WXYZ-wing', rating: 5.5, grade: 'expert', apply: wxyzWing },
  {
    key: 'bug-plus-one',
    tier: 'unique',
    name: 'BUG + 1',
    rating: 5.6,
    grade: 'expert',
    places: true,
    apply: bugPlusOne,
  },
  {
    key: 'bug',
    tier: 'unique',
    name: 'BUG types 2 to 4',
    rating: 5.7,
    grade: 'expert',
    apply: bugTypes,
  },
  {
    key: 'four-strong-links',
    name: 'four strong links (an X-chain)',
    rating: 5.8,
    grade: 'expert',
    apply: (g, t) => strongLinks(g, t, 4),
  },
  { key: 'vwxyz-wing', name: 'VWXYZ-wing', rating: 6.2, grade: 'expert', apply: vwxyzWing },
  {
    key: 'aligned-pair-exclusion',
    tier: 'chain',
    name: 'aligned pair exclusion',
    rating: 6.2,
    grade: 'expert',
    apply: alignedPairExclusion,
  },
  {
    key: 'five-strong-links',
    tier: 'chain',
    name: 'five strong links (an X-chain)',
    rating: 6.2,
    grade: 'expert',
    apply: (g, t) => strongLinks(g, t, 5),
  },
  {
    key: 'six-strong-links',
    tier: 'chain',
    name: 'six strong links (an X-chain)',
    rating: 6.6,
    grade: 'expert',
    apply: (g, t) => strongLinks(g, t, 6),
  },
  {
    key: 'x-chain',
    tier: 'chain',
    name: 'X-chain',
    rating: 6.6,
    grade: 'expert',
    apply: (g, t) => unaryChain(g, t, LINK_X, 6.6, 'X-chain'),
  },
  {
    key: 'xy-chain',
    tier: 'chain',
    name: 'XY-chain',
    rating: 6.6,
    grade: 'expert',
    apply: (g, t) => unaryChain(g, t, LINK_Y, 6.6, 'XY-chain'),
  },
  {
    key: 'forcing-chain',
    tier: 'chain',
    name: 'forcing chain (alternating inference chain)',
    rating: 7.0,
    grade: 'expert',
    apply: (g, t) => unaryChain(g, t, LINK_X | LINK_Y, 7.0, 'forcing chain'),
  },
  {
    key: 'nishio',
    tier: 'chain',
    name: 'Nishio forcing chain',
    rating: 7.5,
    grade: 'expert',
    apply: (g, t) => multipleChains(g, t, LINK_X | DYNAMIC, 7.5, 'Nishio forcing chain', true),
  },
  {
    key: 'multiple-forcing-chains',
    tier: 'chain',
    name: 'cell, region or double forcing chains',
    rating: 8.0,
    grade: 'expert',
    apply: (g, t) => multipleChains(g, t, LINK_X | LINK_Y, 8.0, 'forcing chains', false),
  },
  {
    key: 'dynamic-forcing-chains',
    tier: 'chain',
    name: 'dynamic forcing chains',
    rating: 8.5,
    grade: 'expert',
    apply: (g, t) => multipleChains(g, t, LINK_X | LINK_Y | DYNAMIC, 8.5, 'dynamic forcing chains', false),
  },
  {
    key: 'dynamic-forcing-chains-plus',
    tier: 'trial',
    name: 'dynamic forcing chains (+), by trial with the basic techniques',
    rating: 9.0,
    grade: 'expert',
    apply: (g, t) => forcingByTrial(g, t, (basic ??= easier(BASIC_END)), 9.0, 'dynamic forcing chains (+)'),
  },
  {
    key: 'nested-forcing-chains',
    tier: 'trial',
    name: 'nested forcing chains, by trial with the static chains',
    rating: 9.5,
    grade: 'expert',
    apply: (g, t) => forcingByTrial(g, t, (allChains ??= staticChains()), 9.5, 'nested forcing chains'),
  },
  {
    key: 'nested-dynamic-forcing-chains',
    tier: 'chain',
    name: 'nested dynamic forcing chains, by a trial inside a trial (singles)',
    rating: 10.5,
    grade: 'expert',
    apply: (g, t) => nestedTrial(g, t, 10.5, 'nested dynamic forcing chains'),
  },
  { key: 'search', tier: 'search', name: 'search (guessing)', rating: 12.0, grade: 'expert', apply: eliminateBySearch },
];

/**
 * The techniques the dynamic forcing chains (+) trial runs inside: SE's (singles, locked candidates, naked and hidden
 * pairs and triples, X-wing and swordfish), up to the hidden triple.
 */
const BASIC_END = TECHNIQUES.findIndex((x) => x.key === 'turbot-fish');
/**
 * The techniques the nested trial runs inside: SE's basic ones, then the static chains (X-, XY- and forcing chains),
 * as SE nests its chains (not the wings, uniqueness patterns and strong-link fish, which SE does not run inside a
 * chain; nor the multiple and dynamic chains: inside a trial of every candidate they cost a minute a puzzle).
 */
function staticChains(): Apply[] {
  const chains = ['x-chain', 'xy-chain', 'forcing-chain'].map((k) => TECHNIQUES.find((x) => x.key === k)!.apply);
  return [...easier(BASIC_END), ...chains];
}

export function isGrade(x: string): x is Grade {
  return (GRADES as readonly string[]).includes(x);
}
