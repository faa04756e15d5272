import type { RandomGenerator } from '../random/randomGenerator.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveRules } from '../grid/support.js';
import { asRules, preservesRules, type Rules } from '../grid/rules.js';
import { cellTables } from '../grid/cellTables.js';
import { learnsClauses, puzzleCounter, searchCounter, type PuzzleCounter } from '../solve/countSolutions.js';
import { clueOrbits, mirrorCell, type ClueOrbits, type ClueSymmetry } from './clueOrbits.js';
import { defaultGridSource } from './defaultGridSource.js';
import type { GridSource } from './gridSource.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { randomInt } from '../random/randomInt.js';
import { randomPermutation, shuffle } from '../random/shuffle.js';
import { puzzleRater, type PuzzleRater, type Rating } from './puzzleRater.js';
import {
  DEFAULT_MAX_RATING,
  describeDifficulty,
  difficultyRange,
  GRADES,
  type Difficulty,
  type Grade,
} from './techniques.js';

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
 *
 * The puzzle is unique by induction from the full grid: every removal kept left a puzzle that was answered
 * "unique" (exactly that puzzle), or removed a clue the others force. It is not counted again at the end (on
 * 25×25 that proof took 7.8 s of a 47 s puzzle); the tests count generated puzzles with the independent DLX.
 *
 * Randomness: the grid, the removal order and the seed of each question's transforms are drawn from `rng`; the
 * transforms only change how long an exact answer takes, so the puzzle depends on the draws alone, whoever
 * answers the questions (makeAhead sends them to other threads).
 */
export interface GenerateOptions {
  /** Box shape, as "RxC" or a BoxShape (default 3×3; up to 6×6). */
  readonly box?: BoxShape | string;
  /** Variants: "x,windoku", a list of names, or a Rules object (default none; src/grid/rules.ts). */
  readonly variant?: Rules | string | readonly string[];
  /** Stop at exactly this many clues (orbits that would go below are skipped). Default: as few as possible. */
  readonly clues?: number;
  /** Clue pattern symmetry (default none). */
  readonly symmetry?: ClueSymmetry;
  /**
   * Accept only puzzles of this grade or SE range. Default: rated at most DEFAULT_MAX_RATING (SE 7.0: no trial or
   * guessing) on plain grids up to 9×9; any puzzle on bigger ones and under variants.
   */
  readonly difficulty?: Difficulty;
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
  const rules = resolveRules('solve', options.box, options.variant);
  const shape = rules.shape;
  const N = shape.n * shape.n;
  if (options.clues !== undefined && (!Number.isInteger(options.clues) || options.clues < 0 || options.clues > N))
    throw new InputError(`clues ${options.clues}: must be a whole number 0..${N} for a ${shape.name} grid`);
  if (options.attempts !== undefined && !(Number.isInteger(options.attempts) && options.attempts >= 1))
    throw new InputError(`attempts ${options.attempts}: must be a whole number ≥ 1`);
  if (options.symmetry !== undefined) requireSymmetry(rules, options.symmetry);
  return puzzleMaker(rules).make(options, rng);
}

/**
 * `symmetry` if the clue symmetry keeps the rules (maps every house onto a house and every pair onto a pair: see
 * preservesRules), so that the clue pattern of a puzzle can keep it; otherwise an InputError naming both.
 */
export function requireSymmetry(rules: Rules, symmetry: ClueSymmetry): ClueSymmetry {
  if (rules.plain || symmetry === 'none') return symmetry;
  const perm = Array.from({ length: rules.cells }, (_, i) => mirrorCell(rules.shape, symmetry, i));
  if (!preservesRules(rules, perm))
    throw new InputError(
      `--symmetry ${symmetry} does not keep the houses of ${rules.name} (it maps one onto cells that are not a ` +
        'house): use another symmetry or none',
    );
  return symmetry;
}

const makers = new Map<string, PuzzleMaker>();

/** The maker for a shape or rules, built once and reused (one puzzle at a time: it keeps scratch space). */
export function puzzleMaker(shape: BoxShape | Rules): PuzzleMaker {
  const rules = asRules(shape);
  let m = makers.get(rules.name);
  if (!m) {
    m = new PuzzleMaker(rules);
    makers.set(rules.name, m);
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
  private readonly orbitsBySymmetry = new Map<ClueSymmetry, ClueOrbits>();
  /** Scratch for transform(). */
  private readonly tDigit: Uint8Array;
  private readonly tRow: Int32Array;
  private readonly tCol: Int32Array;
  private readonly tPuzzle: Uint8Array;
  private readonly tSolution: Uint8Array;
  private readonly perm: Int32Array;
  private readonly perm2: Int32Array;
  private readonly perm3: Int32Array;
  /** The clues' unit counts, for the passes and the minimality checks (one puzzle at a time). */
  private readonly clueCounts: ClueCounter;
  private checks = 0;
  /** Counter searches so far (read by the pool's removal task to report its own). */
  counterCalls = 0;

  readonly shape: BoxShape;

  readonly rules: Rules;

  constructor(shapeOrRules: BoxShape | Rules) {
    const rules = asRules(shapeOrRules);
    this.rules = rules;
    const shape = rules.shape;
    this.shape = shape;
    const { rows: R, cols: C, n } = shape;
    this.n = n;
    this.N = n * n;
    this.counter = puzzleCounter(rules);
    this.search = searchCounter(rules);
    this.learning = learnsClauses(rules);
    this.rater = puzzleRater(rules);
    this.clueCounts = rules.plain ? new ClueCounts(shape) : new HouseClueCounts(rules);
    this.tDigit = new Uint8Array(n + 1);
    this.tRow = new Int32Array(n);
    this.tCol = new Int32Array(n);
    this.tPuzzle = new Uint8Array(this.N);
    this.tSolution = new Uint8Array(this.N);
    this.perm = new Int32Array(n);
    this.perm2 = new Int32Array(C);
    this.perm3 = new Int32Array(R);
  }

  /** One puzzle (options already checked; their box is this maker's shape). */
  make(options: GenerateOptions, rng: RandomGenerator): GeneratedPuzzle {
    const steps = this.steps(options, rng);
    for (let step = steps.next(); ;) {
      if (step.done) return step.value;
      const pass = step.value;
      if (pass instanceof MinimalityCheck) {
        for (const q of pass.questions)
          if (pass.settle(this.uniqueWithout(q.puzzle, q.solution, q.a, q.b, q.seed))) break;
      } else {
        while (pass.next()) pass.settle(this.uniqueWithout(pass.puzzle, pass.solution, pass.a, pass.b, pass.seed));
      }
      step = steps.next();
    }
  }

  /**
   * The same puzzle as make(options, rng), its removal questions answered by `ask` (on other threads), up to
   * `ahead` of them at once: while the question at the pass's position is out, the next ones are asked of the
   * puzzle as it stands. An answer "another solution exists" stays true whatever is removed meanwhile (fewer clues
   * allow more solutions); an answer "unique" holds only if no removal was accepted since it was asked, and is asked
   * again otherwise. Answers are exact, so the puzzle is make()'s, whatever the threads and their timing.
   */
  async makeAhead(
    options: GenerateOptions,
    rng: RandomGenerator,
    ask: (question: RemovalQuestion) => Promise<RemovalAnswer>,
    ahead: number,
    onProgress?: (progress: MakeProgress) => void,
  ): Promise<GeneratedPuzzle> {
    const steps = this.steps(options, rng);
    let attempt = 0;
    for (let step = steps.next(); ;) {
      if (step.done) return step.value;
      const pass = step.value;
      const report = () =>
        onProgress?.({
          attempt,
          stage: pass instanceof MinimalityCheck ? 'minimality' : 'removal',
          clues: pass.clues,
          questions: this.checks + pass.checks,
        });
      if (pass instanceof RemovalPass) attempt++;
      report();
      if (pass instanceof MinimalityCheck) {
        // independent questions of one puzzle: `ahead` out at once, taken in order
        const { questions } = pass;
        const answers: Promise<RemovalAnswer>[] = [];
        for (let k = 0; k < questions.length; k++) {
          while (answers.length < questions.length && answers.length < k + ahead) {
            const answer = ask(questions[answers.length]);
            answer.catch(() => {}); // met below, or not needed
            answers.push(answer);
          }
          const answer = await answers[k];
          this.counterCalls += answer.counterCalls;
          const over = pass.settle(answer.unique);
          report();
          if (over) break;
        }
        step = steps.next();
        continue;
      }
      const asked = new Map<number, Asked>();
      let out = 0;
      // wakes the pass when any answer comes back, so that a free thread gets the next question at once
      let wake = () => {};
      const launch = (t: number): Asked => {
        out++;
        const entry: Asked = { version: pass.version, answer: ask(pass.question(t)), done: false };
        entry.answer
          .finally(() => {
            entry.done = true;
            out--;
            wake();
          })
          .catch(() => {}); // the rejection is met where the answer is awaited
        asked.set(t, entry);
        return entry;
      };
      while (pass.next()) {
        const t = pass.position;
        let entry = asked.get(t) ?? launch(t);
        for (;;) {
          for (let u = t + 1; out < ahead && u < pass.end && u < t + LOOK_AHEAD; u++)
            if (!asked.has(u) && pass.worthAsking(u)) launch(u);
          if (!entry.done) {
            await Promise.race([entry.answer, new Promise<void>((resolve) => (wake = resolve))]);
            continue;
          }
          const answer = await entry.answer;
          if (answer.unique && entry.version !== pass.version) {
            entry = launch(t); // asked before a removal was accepted: ask again
            continue;
          }
          asked.delete(t);
          this.counterCalls += answer.counterCalls;
          pass.settle(answer.unique);
          report();
          break;
        }
      }
      step = steps.next();
    }
  }

  /**
   * make()'s steps: yields each removal pass for the caller to run to its end (answering its questions), and
   * returns the puzzle.
   */
  private *steps(
    options: GenerateOptions,
    rng: RandomGenerator,
  ): Generator<RemovalPass | MinimalityCheck, GeneratedPuzzle, void> {
    const { shape, N, rules } = this;
    const source = options.source ?? defaultGridSource(rules);
    const symmetry = options.symmetry ?? 'none';
    const target = options.clues;
    const attempts = options.attempts ?? attemptsFor(shape);
    let orbits = this.orbitsBySymmetry.get(symmetry);
    if (!orbits) {
      orbits = clueOrbits(shape, symmetry);
      this.orbitsBySymmetry.set(symmetry, orbits);
    }
    this.checks = 0;
    this.counterCalls = 0;
    let fewest = N + 1;
    let notMinimal = 0;
    const grades = new Map<Grade, number>();
    // up to plain 9×9 the ladder finishes every puzzle with one solution, so there the techniques rated above the
    // highest rating wanted are left out: stopping short means rated above it
    const finishesAll = rules.plain && shape.n <= 9;
    const budget = !finishesAll
      ? Infinity
      : options.difficulty !== undefined
        ? difficultyRange(options.difficulty)[1]
        : DEFAULT_MAX_RATING;
    let above = 0;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const solution = source.sample(rng);
      const puzzle = Uint8Array.from(solution);
      const pass = new RemovalPass(this.clueCounts, puzzle, solution, orbits, target, rng);
      yield pass;
      const clues = pass.clues;
      this.checks += pass.checks;
      fewest = Math.min(fewest, clues);
      if (target !== undefined && clues !== target) continue;
      // a pass that went through every orbit without symmetry is minimal; otherwise ask clue by clue
      let minimal = true;
      if (target !== undefined || symmetry !== 'none') {
        const check = new MinimalityCheck(this.clueCounts, puzzle, solution, rng);
        yield check;
        this.checks += check.checks;
        minimal = check.minimal;
      }
      if (target === undefined && !minimal) {
        notMinimal++;
        continue;
      }
      // a puzzle within the budget never uses a technique above it (its rating is its hardest step's), so it is
      // rated the same; one that needs more stops early
      const rating = this.rater.rate(puzzle, budget === Infinity ? {} : { budget });
      if (rating.needsSearch && budget !== Infinity) above++;
      else grades.set(rating.grade, (grades.get(rating.grade) ?? 0) + 1);
      if (options.difficulty !== undefined) {
        const [min, max] = difficultyRange(options.difficulty);
        if (rating.needsSearch || rating.rating < min || rating.rating > max) continue;
      } else if (finishesAll && (rating.needsSearch || rating.rating > DEFAULT_MAX_RATING)) continue;
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
    const wanted = options.difficulty
      ? `a ${rules.name} puzzle of difficulty ${describeDifficulty(options.difficulty)}`
      : `a ${rules.name} puzzle`;
    const seen: string[] = [];
    if (target !== undefined) seen.push(`fewest clues reached: ${fewest}`);
    if (notMinimal > 0) seen.push(`${notMinimal} symmetric puzzles were not minimal clue by clue`);
    if (options.difficulty !== undefined)
      seen.push(
        `grades seen: ${GRADES.map((g) => `${g} ${grades.get(g) ?? 0}`).join(', ')}` +
          (above > 0 ? `, above SE ${budget.toFixed(1)} ${above}` : ''),
      );
    throw new InputError(
      `no ${wanted.replace(/^an? /, '')} with ${what} in ${attempts} attempts (${seen.join('; ')}); ` +
        `try more --attempts or ask for less`,
    );
  }

  /**
   * Is the puzzle (clues `puzzle`, emptied at a and at b ≥ 0; the clues do not force them) still unique? Any
   * other solution differs from `solution` at a, or else agrees at a and differs at b. The searches' random
   * transforms draw from a generator seeded with `seed` (they change the time, never the answer).
   */
  uniqueWithout(puzzle: Uint8Array, solution: Uint8Array, a: number, b: number, seed: number): boolean {
    const rng: Lazy = { seed, rng: null };
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
  private otherSolutionAt(puzzle: Uint8Array, solution: Uint8Array, cell: number, lazy: Lazy): boolean {
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
      lazy.rng ??= xoroshiro128plus(lazy.seed);
      notCell = this.transform(lazy.rng, puzzle, solution, cell);
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
    if (!this.rules.plain) {
      // under variants the digits are renamed only (every renaming keeps every house and pair)
      for (let i = 0; i < N; i++) {
        tPuzzle[i] = tDigit[puzzle[i]];
        tSolution[i] = tDigit[solution[i]];
      }
      return cell;
    }
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
}

/** How far past the pass's position makeAhead asks (orbits in the pass's order). */
const LOOK_AHEAD = 64;

/** A question makeAhead has out: the pass's version when it was asked, and whether its answer is back. */
interface Asked {
  readonly version: number;
  readonly answer: Promise<RemovalAnswer>;
  done: boolean;
}

/** The answer to a RemovalQuestion, and the counter searches it took. */
/** Where makeAhead is with a puzzle: its grid attempt, the stage, the clues left, uniqueness questions settled. */
export interface MakeProgress {
  readonly attempt: number;
  readonly stage: 'removal' | 'minimality';
  readonly clues: number;
  readonly questions: number;
}

export interface RemovalAnswer {
  readonly unique: boolean;
  readonly counterCalls: number;
}

/** A random generator made on first use (most questions never restart a search). */
interface Lazy {
  readonly seed: number;
  rng: RandomGenerator | null;
}

/** The seed of question `k` of a pass or a minimality check whose base draw was `base`. */
function questionSeed(base: number, k: number): number {
  return (base + Math.imul(k + 1, 0x9e3779b9)) | 0;
}

/** What a removal question sends to another thread: is `puzzle` (emptied at a and at b ≥ 0) still unique? */
export interface RemovalQuestion {
  readonly puzzle: Uint8Array;
  readonly solution: Uint8Array;
  readonly a: number;
  readonly b: number;
  readonly seed: number;
}

/**
 * One removal pass over the orbits in random order (see the class comment): the order and the questions' seeds
 * are drawn at the start, so the pass's result depends on them and on the (exact) answers alone. Its position
 * moves over orbits the target skips and orbits the clues force by itself; next() stops at an orbit that needs a
 * search, with the puzzle emptied there, and settle() takes the answer.
 */
class RemovalPass {
  /** The orbit being decided (an index into the random order); `end` when the pass is over. */
  position = 0;
  readonly end: number;
  /** Removals accepted so far: an answer "unique" holds for the version it was asked at. */
  version = 0;
  clues: number;
  checks = 0;
  /** The question at `position`: the cells emptied (b < 0 for a single cell) and its seed. */
  a = -1;
  b = -1;
  seed = 0;
  private readonly order: Int32Array;
  private readonly base: number;

  constructor(
    private readonly counts: ClueCounter,
    readonly puzzle: Uint8Array,
    readonly solution: Uint8Array,
    private readonly orbits: ClueOrbits,
    private readonly target: number | undefined,
    rng: RandomGenerator,
  ) {
    counts.reset(solution);
    this.order = new Int32Array(orbits.count);
    for (let k = 0; k < orbits.count; k++) this.order[k] = k;
    shuffle(rng, this.order, orbits.count);
    this.base = rng.next();
    this.clues = puzzle.length;
    this.end = orbits.count;
    if (target !== undefined && this.clues <= target) this.position = this.end;
  }

  /** Move to the next orbit that needs a search, its cells emptied; false when the pass is over. */
  next(): boolean {
    while (this.position < this.end) {
      const { a, b } = this.orbitAt(this.position);
      if (this.beyondTarget(b)) {
        this.position++;
        continue;
      }
      this.checks++;
      this.give(a, b, false);
      this.a = a;
      this.b = b;
      this.seed = questionSeed(this.base, this.position);
      if (this.forced(a, b)) {
        this.settle(true);
        continue;
      }
      return true;
    }
    return false;
  }

  /** The answer for the orbit at `position`: unique, so its clues go; or not, so they stay. */
  settle(unique: boolean): void {
    if (unique) {
      this.clues -= this.b < 0 ? 1 : 2;
      this.version++;
    } else {
      this.give(this.a, this.b, true);
    }
    this.position = unique && this.clues === this.target ? this.end : this.position + 1;
  }

  /** The question of orbit t ≥ position, asked of the puzzle as it stands (the orbit at `position` kept). */
  question(t: number): RemovalQuestion {
    const { solution } = this;
    const puzzle = Uint8Array.from(this.puzzle);
    if (t !== this.position) {
      puzzle[this.a] = solution[this.a];
      if (this.b >= 0) puzzle[this.b] = solution[this.b];
    }
    const { a, b } = this.orbitAt(t);
    puzzle[a] = 0;
    if (b >= 0) puzzle[b] = 0;
    return { puzzle, solution, a, b, seed: questionSeed(this.base, t) };
  }

  /** Is orbit t > position worth asking about ahead: within the target, and not forced by the clues as they stand? */
  worthAsking(t: number): boolean {
    if (t === this.position) return true;
    const { a, b } = this.orbitAt(t);
    if (this.beyondTarget(b)) return false;
    this.give(this.a, this.b, true);
    this.give(a, b, false);
    const forced = this.forced(a, b);
    this.give(a, b, true);
    this.give(this.a, this.b, false);
    return !forced;
  }

  private orbitAt(t: number): { a: number; b: number } {
    const k = this.order[t];
    return { a: this.orbits.first[k], b: this.orbits.second[k] };
  }

  /** Would removing the orbit {a, b ≥ 0} go below the target clue count? */
  private beyondTarget(b: number): boolean {
    return this.target !== undefined && this.clues - (b < 0 ? 1 : 2) < this.target;
  }

  /** Give the orbit's cells again (their clue counts following), or empty them. */
  private give(a: number, b: number, given: boolean): void {
    const { puzzle, solution, counts } = this;
    const delta = given ? 1 : -1;
    puzzle[a] = given ? solution[a] : 0;
    counts.add(a, solution[a], delta);
    if (b >= 0) {
      puzzle[b] = given ? solution[b] : 0;
      counts.add(b, solution[b], delta);
    }
  }

  /** Do the clues force the emptied orbit's digits back? */
  private forced(a: number, b: number): boolean {
    const { puzzle, solution, counts } = this;
    return counts.forced(puzzle, a, solution[a]) && (b < 0 || counts.forced(puzzle, b, solution[b]));
  }
}

/**
 * Is every clue needed? One question per clue, in cell order ("unique without it?"), up to the first clue the
 * others force: the puzzle is minimal when every answer is "no". The caller answers them in order (settle()) and
 * stops at the first "unique"; they are independent, so makeAhead asks several at once.
 */
class MinimalityCheck {
  readonly questions: RemovalQuestion[] = [];
  minimal = true;
  /** The clues of the puzzle checked. */
  readonly clues: number;
  /** Questions settled, the forced clue included. */
  checks = 0;
  /** A clue the other clues force comes after the questions. */
  private readonly forcedAfter: boolean;

  constructor(counts: ClueCounter, puzzle: Uint8Array, solution: Uint8Array, rng: RandomGenerator) {
    const base = rng.next();
    counts.reset(puzzle);
    this.clues = 0;
    for (const d of puzzle) if (d !== 0) this.clues++;
    let forced = false;
    for (let i = 0; i < puzzle.length && !forced; i++) {
      const d = puzzle[i];
      if (d === 0) continue;
      puzzle[i] = 0;
      counts.add(i, d, -1);
      forced = counts.forced(puzzle, i, d);
      if (!forced)
        this.questions.push({ puzzle: Uint8Array.from(puzzle), solution, a: i, b: -1, seed: questionSeed(base, i) });
      puzzle[i] = d;
      counts.add(i, d, 1);
    }
    this.forcedAfter = forced;
    if (this.questions.length === 0) this.finish();
  }

  /** The answer to the next question; true when the check is over. */
  settle(unique: boolean): boolean {
    this.checks++;
    if (unique) {
      this.minimal = false;
      return true;
    }
    if (this.checks < this.questions.length) return false;
    this.finish();
    return true;
  }

  private finish(): void {
    if (this.forcedAfter) {
      this.checks++;
      this.minimal = false;
    }
  }
}

/** What the removal pass asks of the clues: counts per house, and whether they force a digit into a cell. */
interface ClueCounter {
  reset(puzzle: Uint8Array): void;
  add(i: number, d: number, delta: number): void;
  forced(puzzle: Uint8Array, i: number, d: number): boolean;
}

/** How many clues of each digit each unit holds, and what they force: plain rules (rows, columns, boxes). */
class ClueCounts implements ClueCounter {
  private readonly n: number;
  /** Clues of digit d in unit u: count[u·(n+1) + d] (units as in cellTables: rows, columns, boxes). */
  private readonly count: Uint8Array;
  private readonly cellUnits: Int32Array;
  private readonly unitCells: Int32Array;

  constructor(shape: BoxShape) {
    this.n = shape.n;
    this.count = new Uint8Array(3 * shape.n * (shape.n + 1));
    const tables = cellTables(shape);
    this.cellUnits = tables.cellUnits;
    this.unitCells = tables.unitCells;
  }

  reset(puzzle: Uint8Array): void {
    this.count.fill(0);
    for (let i = 0; i < puzzle.length; i++) if (puzzle[i] !== 0) this.add(i, puzzle[i], 1);
  }

  add(i: number, d: number, delta: number): void {
    const m = this.n + 1;
    for (let k = 3 * i; k < 3 * i + 3; k++) this.count[this.cellUnits[k] * m + d] += delta;
  }

  /** Can digit d go in open cell i, given the clues? */
  private possible(i: number, d: number): boolean {
    const m = this.n + 1,
      { count, cellUnits } = this;
    return (
      count[cellUnits[3 * i] * m + d] === 0 &&
      count[cellUnits[3 * i + 1] * m + d] === 0 &&
      count[cellUnits[3 * i + 2] * m + d] === 0
    );
  }

  /** Do the clues alone force digit d into open cell i (a naked single, or a hidden single in one of its units)? */
  forced(puzzle: Uint8Array, i: number, d: number): boolean {
    const { n } = this;
    let naked = true;
    for (let e = 1; e <= n && naked; e++) if (e !== d && this.possible(i, e)) naked = false;
    if (naked) return true;
    for (let kind = 0; kind < 3; kind++) {
      const u = this.cellUnits[3 * i + kind];
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

/**
 * How many clues of each digit each house holds, and what they force, under any rules (the houses and pairs of
 * the rules: a clue's digit leaves its pair partners too). The variants' ClueCounts.
 */
class HouseClueCounts implements ClueCounter {
  private readonly n: number;
  /** Clues of digit d in house h: count[h·(n+1) + d]. */
  private readonly count: Uint8Array;
  private readonly houseStart: Int32Array;
  private readonly houseList: Int32Array;
  private readonly houses: Int32Array;
  private readonly pairStart: Int32Array;
  private readonly pairList: Int32Array;
  private readonly hasPairs: boolean;

  constructor(rules: Rules) {
    this.n = rules.n;
    this.count = new Uint8Array(rules.houseCount * (rules.n + 1));
    this.houseStart = rules.cellHouseStart;
    this.houseList = rules.cellHouseList;
    this.houses = rules.houses;
    // the pair partners of each cell (peers outside its houses)
    const partners: number[][] = Array.from({ length: rules.cells }, () => []);
    for (let k = 0; k < rules.pairs.length; k += 2) {
      partners[rules.pairs[k]].push(rules.pairs[k + 1]);
      partners[rules.pairs[k + 1]].push(rules.pairs[k]);
    }
    this.pairStart = new Int32Array(rules.cells + 1);
    partners.forEach((p, i) => (this.pairStart[i + 1] = this.pairStart[i] + p.length));
    this.pairList = Int32Array.from(partners.flat());
    this.hasPairs = rules.pairCount > 0;
  }

  reset(puzzle: Uint8Array): void {
    this.count.fill(0);
    for (let i = 0; i < puzzle.length; i++) if (puzzle[i] !== 0) this.add(i, puzzle[i], 1);
  }

  add(i: number, d: number, delta: number): void {
    const m = this.n + 1;
    for (let k = this.houseStart[i], end = this.houseStart[i + 1]; k < end; k++)
      this.count[this.houseList[k] * m + d] += delta;
  }

  /** Can digit d go in open cell i, given the clues? */
  private possible(puzzle: Uint8Array, i: number, d: number): boolean {
    const m = this.n + 1,
      { count, houseStart, houseList } = this;
    for (let k = houseStart[i], end = houseStart[i + 1]; k < end; k++)
      if (count[houseList[k] * m + d] !== 0) return false;
    if (this.hasPairs)
      for (let k = this.pairStart[i], end = this.pairStart[i + 1]; k < end; k++)
        if (puzzle[this.pairList[k]] === d) return false;
    return true;
  }

  /** Do the clues alone force digit d into open cell i (a naked single, or a hidden single in one of its houses)? */
  forced(puzzle: Uint8Array, i: number, d: number): boolean {
    const { n } = this;
    let naked = true;
    for (let e = 1; e <= n && naked; e++) if (e !== d && this.possible(puzzle, i, e)) naked = false;
    if (naked) return true;
    for (let k = this.houseStart[i], end = this.houseStart[i + 1]; k < end; k++) {
      const u = this.houseList[k];
      let hidden = true;
      for (let x = u * n, stop = x + n; x < stop && hidden; x++) {
        const j = this.houses[x];
        if (j !== i && puzzle[j] === 0 && this.possible(puzzle, j, d)) hidden = false;
      }
      if (hidden) return true;
    }
    return false;
  }
}
