import type { RandomGenerator } from '../random/randomGenerator.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { learnsClauses, puzzleCounter, searchCounter, type PuzzleCounter } from '../solve/countSolutions.js';
import { clueOrbits, type ClueOrbits, type ClueSymmetry } from './clueOrbits.js';
import { defaultGridSource } from './defaultGridSource.js';
import type { GridSource } from './gridSource.js';
import { randomInt } from '../random/randomInt.js';
import { randomPermutation, shuffle } from '../random/shuffle.js';
import { puzzleRater, type PuzzleRater, type Rating } from './puzzleRater.js';
import { GRADES, type Grade } from './techniques.js';

/**
 * The puzzle makers' pipeline: draw a full grid; remove clues in random order (an orbit of the clue symmetry at a
 * time), keeping a removal only while the puzzle still has exactly one solution; stop at a target clue count or
 * when no clue can go (a minimal puzzle); grade the result by the human techniques it needs; start again with a
 * new grid when the result is not what was asked (a clue count not reached, another grade, a symmetric puzzle
 * that is not minimal clue by clue), at most `attempts` times.
 *
 * Uniqueness. The solution S is known, so "is the puzzle without the clue at a still unique?" is "is there a
 * solution other than S?", and any other would differ from S at a (the puzzle with a was unique). So it is one
 * production-counter search for a single solution under the guide { prefer: S, notCell: a }: a's digit in S left
 * out, S's digits tried first everywhere else. (For a pair {a, b}: differing at a, or else agreeing at a and
 * differing at b: two searches.) Before any search, a removed clue whose digit the remaining clues force is
 * plainly not needed: a naked single (every other digit is in its row, column or box) or a hidden single (the only
 * place for its digit in one of its units).
 *
 * Restarts. Searches for another solution have heavy-tailed costs that depend on the search order: the same
 * question asked of the puzzle transformed by a random symmetry (bands, rows in bands, stacks, columns in stacks,
 * digits renamed, a transpose for square boxes) often takes 100 nodes where the first order takes 100,000. So a
 * search that has not finished in its node budget starts again on a fresh random transform with twice the budget,
 * until one finishes. Every answer is still exact; the budget only decides when to try another order.
 *
 * Minimality. After one pass over every orbit, no orbit can go: if removing it failed earlier it fails later too,
 * since fewer clues allow more solutions. So a full pass with no symmetry gives a minimal puzzle.
 */
export interface GenerateOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3; up to 6×6). */
  readonly box?: BoxShape | string;
  /** Stop at exactly this many clues (orbits that would go below are skipped). Default: as few as possible. */
  readonly clues?: number;
  /** Clue pattern symmetry (default none). */
  readonly symmetry?: ClueSymmetry;
  /** Accept only puzzles of this grade. */
  readonly difficulty?: Grade;
  /** Grids to try before giving up (default: attemptsFor(shape)). */
  readonly attempts?: number;
  /** Where full grids come from (default: defaultGridSource(shape)). */
  readonly source?: GridSource;
}

export interface GeneratedPuzzle {
  /** n² digits, 0 = empty. */
  readonly puzzle: Uint8Array;
  /** Its one solution. */
  readonly solution: Uint8Array;
  readonly clues: number;
  /** Removing any one clue leaves more than one solution (checked clue by clue unless the pass proves it). */
  readonly minimal: boolean;
  readonly rating: Rating;
  /** Grids tried for this puzzle (1 when the first one did). */
  readonly attempts: number;
  /** Uniqueness questions asked, and the counter searches they took (restarts included). */
  readonly checks: number;
  readonly counterCalls: number;
  /** The grid source's name: "uniform" or "random-fill". */
  readonly source: string;
}

/** Node budget of the first search for another solution (then doubled at each restart; see the class comment). */
const FIRST_BUDGET = 100;
/** Where the counter learns clauses: depth-first searches (100, 200, 400, 800 nodes) before one that learns. */
const SEARCHES_BEFORE_LEARNING = 4;

/** Default bound on attempts: 1000 for 9×9, falling with the square of the cell count (at least 3). */
export function attemptsFor(shape: BoxShape): number {
  return Math.max(3, Math.round(1000 * (81 / (shape.n * shape.n)) ** 2));
}

/** One puzzle, drawing everything from `rng`. Throws InputError when `attempts` grids do not give what was asked. */
export function generatePuzzle(options: GenerateOptions, rng: RandomGenerator): GeneratedPuzzle {
  const shape = resolveShape('solve', options.box);
  const N = shape.n * shape.n;
  if (options.clues !== undefined && (!Number.isInteger(options.clues) || options.clues < 0 || options.clues > N))
    throw new InputError(`clues ${options.clues}: must be a whole number 0..${N} for a ${shape.name} grid`);
  if (options.attempts !== undefined && !(Number.isInteger(options.attempts) && options.attempts >= 1))
    throw new InputError(`attempts ${options.attempts}: must be a whole number ≥ 1`);
  return puzzleMaker(shape).make(options, rng);
}

const makers = new Map<string, PuzzleMaker>();

/** The maker for a shape, built once and reused (one puzzle at a time: it keeps scratch space). */
export function puzzleMaker(shape: BoxShape): PuzzleMaker {
  let m = makers.get(shape.name);
  if (!m) {
    m = new PuzzleMaker(shape);
    makers.set(shape.name, m);
  }
  return m;
}

export class PuzzleMaker {
  private readonly n: number;
  private readonly N: number;
  private readonly counter: PuzzleCounter;
  /** The depth-first counter, for the searches with restarts. */
  private readonly search: PuzzleCounter;
  /** The shape's counter learns clauses: after a few depth-first searches, one of those (see otherSolutionAt). */
  private readonly learning: boolean;
  private readonly rater: PuzzleRater;
  /** Clues of digit d in unit u: count[u·(n+1) + d] (units as in cellTables: rows, columns, boxes). */
  private readonly count: Uint8Array;
  private readonly rowOf: Int32Array;
  private readonly colOf: Int32Array;
  private readonly boxOf: Int32Array;
  private readonly unitCells: Int32Array;
  private readonly orbitsBySymmetry = new Map<ClueSymmetry, ClueOrbits>();
  private order = new Int32Array(0);
  /** Scratch for transform(). */
  private readonly tDigit: Uint8Array;
  private readonly tRow: Int32Array;
  private readonly tCol: Int32Array;
  private readonly tPuzzle: Uint8Array;
  private readonly tSolution: Uint8Array;
  private readonly perm: Int32Array;
  private readonly perm2: Int32Array;
  private readonly perm3: Int32Array;
  private checks = 0;
  private counterCalls = 0;

  constructor(readonly shape: BoxShape) {
    const { rows: R, cols: C, n } = shape;
    this.n = n;
    this.N = n * n;
    this.counter = puzzleCounter(shape);
    this.search = searchCounter(shape);
    this.learning = learnsClauses(shape);
    this.rater = puzzleRater(shape);
    this.count = new Uint8Array(3 * n * (n + 1));
    this.rowOf = new Int32Array(this.N);
    this.colOf = new Int32Array(this.N);
    this.boxOf = new Int32Array(this.N);
    this.unitCells = new Int32Array(3 * this.N);
    this.tDigit = new Uint8Array(n + 1);
    this.tRow = new Int32Array(n);
    this.tCol = new Int32Array(n);
    this.tPuzzle = new Uint8Array(this.N);
    this.tSolution = new Uint8Array(this.N);
    this.perm = new Int32Array(n);
    this.perm2 = new Int32Array(C);
    this.perm3 = new Int32Array(R);
    const fill = new Int32Array(3 * n);
    for (let i = 0; i < this.N; i++) {
      const r = Math.floor(i / n),
        c = i % n,
        b = Math.floor(r / R) * R + Math.floor(c / C);
      this.rowOf[i] = r;
      this.colOf[i] = n + c;
      this.boxOf[i] = 2 * n + b;
      for (const u of [r, n + c, 2 * n + b]) this.unitCells[u * n + fill[u]++] = i;
    }
  }

  /** One puzzle (options already checked; their box is this maker's shape). */
  make(options: GenerateOptions, rng: RandomGenerator): GeneratedPuzzle {
    const { shape, N } = this;
    const source = options.source ?? defaultGridSource(shape);
    const symmetry = options.symmetry ?? 'none';
    const target = options.clues;
    const attempts = options.attempts ?? attemptsFor(shape);
    let orbits = this.orbitsBySymmetry.get(symmetry);
    if (!orbits) {
      orbits = clueOrbits(shape, symmetry);
      this.orbitsBySymmetry.set(symmetry, orbits);
    }
    if (this.order.length < orbits.count) this.order = new Int32Array(orbits.count);
    this.checks = 0;
    this.counterCalls = 0;
    let fewest = N + 1;
    let notMinimal = 0;
    const grades = new Map<Grade, number>();
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const solution = source.sample(rng);
      const puzzle = Uint8Array.from(solution);
      const clues = this.removeClues(puzzle, solution, orbits, target, rng);
      fewest = Math.min(fewest, clues);
      if (target !== undefined && clues !== target) continue;
      // a pass that went through every orbit without symmetry is minimal; otherwise ask clue by clue
      const minimal = target === undefined && symmetry === 'none' ? true : this.isMinimal(puzzle, solution, rng);
      if (target === undefined && !minimal) {
        notMinimal++;
        continue;
      }
      const rating = this.rater.rate(puzzle);
      grades.set(rating.grade, (grades.get(rating.grade) ?? 0) + 1);
      if (options.difficulty !== undefined && rating.grade !== options.difficulty) continue;
      if (this.counter.count(puzzle, 2).count !== 1) throw new Error('generate: a puzzle lost its uniqueness'); // never
      return {
        puzzle,
        solution,
        clues,
        minimal,
        rating,
        attempts: attempt,
        checks: this.checks,
        counterCalls: this.counterCalls,
        source: source.name,
      };
    }
    const what =
      target !== undefined
        ? `${target} clues`
        : symmetry !== 'none'
          ? `a minimal puzzle with ${symmetry} symmetry`
          : 'a minimal puzzle';
    const wanted = options.difficulty ? `an ${options.difficulty} ${shape.name} puzzle` : `a ${shape.name} puzzle`;
    const seen: string[] = [];
    if (target !== undefined) seen.push(`fewest clues reached: ${fewest}`);
    if (notMinimal > 0) seen.push(`${notMinimal} symmetric puzzles were not minimal clue by clue`);
    if (options.difficulty !== undefined)
      seen.push(`grades seen: ${GRADES.map((g) => `${g} ${grades.get(g) ?? 0}`).join(', ')}`);
    throw new InputError(
      `no ${wanted.replace(/^an? /, '')} with ${what} in ${attempts} attempts (${seen.join('; ')}); ` +
        `try more --attempts or ask for less`,
    );
  }

  /**
   * One removal pass over the orbits in random order (see the class comment). Leaves the puzzle in `puzzle` and
   * returns its clue count.
   */
  private removeClues(
    puzzle: Uint8Array,
    solution: Uint8Array,
    orbits: ClueOrbits,
    target: number | undefined,
    rng: RandomGenerator,
  ): number {
    const { N, count, order } = this;
    count.fill(0);
    for (let i = 0; i < N; i++) this.add(i, solution[i], 1);
    for (let k = 0; k < orbits.count; k++) order[k] = k;
    shuffle(rng, order, orbits.count);
    let clues = N;
    if (target !== undefined && clues <= target) return clues;
    for (let t = 0; t < orbits.count; t++) {
      const k = order[t];
      const a = orbits.first[k],
        b = orbits.second[k];
      const size = b < 0 ? 1 : 2;
      if (target !== undefined && clues - size < target) continue;
      puzzle[a] = 0;
      this.add(a, solution[a], -1);
      if (b >= 0) {
        puzzle[b] = 0;
        this.add(b, solution[b], -1);
      }
      if (this.stillUnique(puzzle, solution, a, b, rng)) {
        clues -= size;
        if (clues === target) break;
      } else {
        puzzle[a] = solution[a];
        this.add(a, solution[a], 1);
        if (b >= 0) {
          puzzle[b] = solution[b];
          this.add(b, solution[b], 1);
        }
      }
    }
    return clues;
  }

  /** Is the puzzle (clues `puzzle`, just emptied at a and b ≥ 0) still unique? Its unit counts are up to date. */
  private stillUnique(puzzle: Uint8Array, solution: Uint8Array, a: number, b: number, rng: RandomGenerator): boolean {
    this.checks++;
    if (this.forced(puzzle, a, solution[a]) && (b < 0 || this.forced(puzzle, b, solution[b]))) return true;
    if (this.otherSolutionAt(puzzle, solution, a, rng)) return false;
    if (b < 0) return true;
    puzzle[a] = solution[a];
    const other = this.otherSolutionAt(puzzle, solution, b, rng);
    puzzle[a] = 0;
    return !other;
  }

  /**
   * Has the puzzle a solution other than `solution` that differs at `cell`? Depth-first searches with restarts
   * on random transforms (see the class comment); where the shape's counter learns clauses, only the first few
   * of them, then one clause-learning search to the end.
   */
  private otherSolutionAt(puzzle: Uint8Array, solution: Uint8Array, cell: number, rng: RandomGenerator): boolean {
    let budget = FIRST_BUDGET;
    let cells: Uint8Array = puzzle,
      prefer: Uint8Array = solution,
      notCell = cell;
    for (let attempt = 0; ; attempt++) {
      this.counterCalls++;
      if (this.learning && attempt === SEARCHES_BEFORE_LEARNING)
        return this.counter.count(puzzle, 1, undefined, { prefer: solution, notCell: cell }).count > 0;
      const r = this.search.count(cells, 1, undefined, { prefer, notCell, maxNodes: budget });
      if (!r.aborted) return r.count > 0;
      budget *= 2;
      notCell = this.transform(rng, puzzle, solution, cell);
      cells = this.tPuzzle;
      prefer = this.tSolution;
    }
  }

  /**
   * A random symmetry of the shape applied to puzzle and solution (into tPuzzle and tSolution): digits renamed,
   * bands and the rows in each band, stacks and the columns in each stack permuted, and for square boxes a
   * transpose half the time. Returns where `cell` goes.
   */
  private transform(rng: RandomGenerator, puzzle: Uint8Array, solution: Uint8Array, cell: number): number {
    const { n, N, tDigit, tRow, tCol, tPuzzle, tSolution, perm } = this;
    const { rows: R, cols: C } = this.shape;
    randomPermutation(rng, perm, n);
    for (let d = 1; d <= n; d++) tDigit[d] = perm[d - 1] + 1;
    tDigit[0] = 0;
    for (let band = 0; band < C; band++) {
      const to = band === 0 ? randomPermutation(rng, this.perm2, C) : this.perm2;
      randomPermutation(rng, perm, R);
      for (let i = 0; i < R; i++) tRow[band * R + i] = to[band] * R + perm[i];
    }
    for (let stack = 0; stack < R; stack++) {
      const to = stack === 0 ? randomPermutation(rng, this.perm3, R) : this.perm3;
      randomPermutation(rng, perm, C);
      for (let j = 0; j < C; j++) tCol[stack * C + j] = to[stack] * C + perm[j];
    }
    const transpose = R === C && randomInt(rng, 2) === 1;
    let moved = -1;
    for (let i = 0; i < N; i++) {
      const r = tRow[Math.floor(i / n)],
        c = tCol[i % n];
      const j = transpose ? c * n + r : r * n + c;
      tPuzzle[j] = tDigit[puzzle[i]];
      tSolution[j] = tDigit[solution[i]];
      if (i === cell) moved = j;
    }
    return moved;
  }

  /** Is every clue needed? Asks each clue in turn (the forced test first, then the counter). */
  private isMinimal(puzzle: Uint8Array, solution: Uint8Array, rng: RandomGenerator): boolean {
    const { N } = this;
    let minimal = true;
    for (let i = 0; i < N && minimal; i++) {
      const d = puzzle[i];
      if (d === 0) continue;
      puzzle[i] = 0;
      this.add(i, d, -1);
      if (this.stillUnique(puzzle, solution, i, -1, rng)) minimal = false;
      puzzle[i] = d;
      this.add(i, d, 1);
    }
    return minimal;
  }

  private add(i: number, d: number, delta: number): void {
    const m = this.n + 1;
    this.count[this.rowOf[i] * m + d] += delta;
    this.count[this.colOf[i] * m + d] += delta;
    this.count[this.boxOf[i] * m + d] += delta;
  }

  /** Can digit d go in open cell i, given the clues? */
  private possible(i: number, d: number): boolean {
    const m = this.n + 1,
      count = this.count;
    return (
      count[this.rowOf[i] * m + d] === 0 && count[this.colOf[i] * m + d] === 0 && count[this.boxOf[i] * m + d] === 0
    );
  }

  /** Do the clues alone force digit d into open cell i (a naked single, or a hidden single in one of its units)? */
  private forced(puzzle: Uint8Array, i: number, d: number): boolean {
    const { n } = this;
    let naked = true;
    for (let e = 1; e <= n && naked; e++) if (e !== d && this.possible(i, e)) naked = false;
    if (naked) return true;
    for (let kind = 0; kind < 3; kind++) {
      const u = kind === 0 ? this.rowOf[i] : kind === 1 ? this.colOf[i] : this.boxOf[i];
      let hidden = true;
      for (let k = u * n, end = k + n; k < end && hidden; k++) {
        const j = this.unitCells[k];
        if (j !== i && puzzle[j] === 0 && this.possible(j, d)) hidden = false;
      }
      if (hidden) return true;
    }
    return false;
  }
}
