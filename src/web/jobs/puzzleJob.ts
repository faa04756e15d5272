/**
 * The Puzzles and Play pages' job: make puzzles (generatePuzzles, the same as `generate --seed S`), with the
 * printable sheet (`generate --html`); solve one step by step with the rater's techniques (`rate --steps`); take a
 * typed puzzle (count its solutions up to a limit with the one solution counter, rate it, its steps); and give the
 * next logical step from a position in play (a hint).
 */
import { cellName, formatGrid, parseGrid } from '../../grid/parseGrid.js';
import { InputError } from '../../grid/shape.js';
import { resolveRules } from '../../grid/support.js';
import { describeRulesClash, findRulesClash, type Rules } from '../../grid/rules.js';
import { parseJigsaw } from '../../io/parseJigsaw.js';
import { gridSvg, puzzleSheetHtml, rulesNotes, type SheetPuzzle } from '../../io/puzzleSheet.js';
import type { Step } from '../../puzzle/candidateGrid.js';
import type { ClueSymmetry } from '../../puzzle/clueOrbits.js';
import { describeRating, describeShortfall } from '../../puzzle/describeRating.js';
import { generatePuzzles } from '../../puzzle/generatePuzzles.js';
import { puzzleRater } from '../../puzzle/puzzleRater.js';
import { TECHNIQUES, type Grade } from '../../puzzle/techniques.js';
import { engineFor, puzzleCounter } from '../../solve/countSolutions.js';

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
  /** Puzzles on a printed page: 1, 2, 4 or 6. */
  readonly perPage: number;
}

export interface StepsJobInput {
  readonly op: 'steps';
  readonly box: string;
  readonly variant: string;
  readonly puzzle: Uint8Array;
}

/** A jigsaw's regions, as the Play page takes them: n rows of n letters (one letter a region), or n² in a row. */
type Regions = { readonly regions?: string };

/** A typed or pasted puzzle: its solutions (up to SOLUTION_LIMIT), its rating and its steps. */
export interface AnalyseJobInput extends Regions {
  readonly op: 'analyse';
  readonly box: string;
  readonly variant: string;
  readonly text: string;
}

/** The next logical step from a position (givens and the player's digits). */
export interface HintJobInput extends Regions {
  readonly op: 'hint';
  readonly box: string;
  readonly variant: string;
  readonly cells: Uint8Array;
}

export type PuzzleJobInput = GenerateJobInput | StepsJobInput | AnalyseJobInput | HintJobInput;

/** What a page needs to draw a grid of these rules and follow its candidates, made in the worker. */
export interface BoardView extends Pick<Rules, 'name' | 'n' | 'houses' | 'houseNames' | 'peerStart' | 'peerList'> {
  readonly rows: number;
  readonly cols: number;
  /** The houses drawn (src/io/puzzleSheet.ts's gridSvg, as on the printed sheet), without digits. */
  readonly svg: string;
  /** The rules the drawing cannot show, in words. */
  readonly notes: readonly string[];
}

export interface MadePuzzle {
  readonly index: number;
  readonly puzzle: Uint8Array;
  readonly solution: Uint8Array;
  /** The puzzle as `generate` prints it ('.' for an empty cell). */
  readonly line: string;
  readonly caption: string;
}

export interface GenerateJobResult {
  readonly rules: string;
  readonly view: BoardView;
  readonly puzzles: readonly MadePuzzle[];
  /** The printable sheet: puzzles, then the solutions on a page of their own. */
  readonly sheet: string;
}

/** One deduction, worded once, with what it uses (cells and houses named in its pattern) and what it changes. */
export interface SolveStep {
  readonly technique: string;
  readonly text: string;
  readonly place?: { readonly cell: number; readonly digit: number };
  readonly eliminate?: ReadonlyArray<readonly [number, number]>;
  readonly uses: readonly number[];
  readonly houses: readonly number[];
  /** The digits its pattern is about (a pair's two, a fish's one, the digit placed). */
  readonly digits: readonly number[];
}

export interface StepsJobResult {
  readonly view: BoardView;
  readonly steps: readonly SolveStep[];
  readonly summary: string;
  readonly needsSearch: boolean;
  /** Where the techniques stop, in words ('' when they finish the puzzle). */
  readonly stop: string;
}

export interface AnalyseJobResult extends StepsJobResult {
  readonly puzzle: Uint8Array;
  readonly line: string;
  /** Solutions counted, at most `limit`. */
  readonly solutions: number;
  readonly limited: boolean;
  /** SOLUTION_LIMIT, or 2 for rules whose search restarts (counting on could take minutes). */
  readonly limit: number;
  /** The solution when there is exactly one. */
  readonly solution: Uint8Array | null;
}

export type HintJobResult = { readonly step: SolveStep } | { readonly stop: string };

/** Most puzzles a page makes at once (a sheet of them prints on a few pages). */
export const MAX_PUZZLES = 24;

/** A typed puzzle's solutions are counted up to this many. */
export const SOLUTION_LIMIT = 1000;

const views = new Map<string, BoardView>();

function boardView(rules: Rules): BoardView {
  let v = views.get(rules.name);
  if (!v) {
    const { shape } = rules;
    v = {
      name: rules.name,
      n: rules.n,
      rows: shape.rows,
      cols: shape.cols,
      houses: rules.houses,
      houseNames: rules.houseNames,
      peerStart: rules.peerStart,
      peerList: rules.peerList,
      svg: gridSvg(rules, new Uint8Array(rules.cells), null, 1),
      notes: rulesNotes(rules),
    };
    views.set(rules.name, v);
  }
  return v;
}

function rulesOf(input: { readonly box: string; readonly variant: string } & Regions): Rules {
  const variants = input.variant === '' ? [] : input.variant.split(',');
  const regions = input.regions?.trim() ?? '';
  if (regions === '') return resolveRules('solve', input.box, variants);
  // one row of n² letters is cut into n rows; anything else goes to the parser as it is, to be named there
  const lines = (n: number): string => {
    const flat = regions.replace(/\s+/g, '');
    return flat.length === n * n && !/\s/.test(regions)
      ? (flat.match(new RegExp(`.{${n}}`, 'g')) ?? []).join('\n')
      : regions;
  };
  return resolveRules('solve', input.box, ['jigsaw=regions', ...variants], undefined, (_, n) =>
    parseJigsaw(lines(n), n, 'the regions'),
  );
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A rater's step in plain words, its technique named once ("Pointing: in box 1, 7 lies only in row 3, so r3c4
 * cannot be 7"), with the cells and houses its pattern names.
 */
export function wordStep(rules: Rules, s: Step): SolveStep {
  const name = TECHNIQUES[s.technique]?.name ?? '';
  let pattern: string;
  let text: string;
  if (s.place) {
    const m = /^(\S+) = (\S+) \((.*)\)$/.exec(s.text);
    pattern = m ? m[3] : s.text;
    text = m ? `${capital(name)}: ${m[1]} is ${m[2]}, ${m[3]}` : `${capital(name)}: ${s.text}`;
  } else {
    const [p, result = ''] = s.text.split(' ⇒ ');
    pattern = p;
    const said = p.toLowerCase().startsWith(name.toLowerCase()) ? capital(p) : `${capital(name)}: ${p}`;
    text = result ? `${said}, so ${result.replace(/ ≠ /g, ' cannot be ')}` : said;
  }
  const uses = new Set<number>();
  for (const m of pattern.matchAll(/\br(\d+)c(\d+)\b/g)) uses.add((Number(m[1]) - 1) * rules.n + Number(m[2]) - 1);
  if (s.place) uses.delete(s.place.cell);
  const houses = new Set<number>();
  rules.houseNames.forEach((h, u) => {
    if (new RegExp(`(^|[^\\w])${escapeRe(h)}(?![\\w])`).test(pattern)) houses.add(u);
  });
  // a fish names its lines together: "rows 2, 5, columns 3, 7"
  for (const m of pattern.matchAll(/\b(rows|columns) ((?:\d+(?:, )?)+)/g))
    for (const k of m[2].split(/, ?/).filter(Boolean)) houses.add((m[1] === 'rows' ? 0 : rules.n) + Number(k) - 1);
  const digits = new Set<number>(s.place ? [s.place.digit] : []);
  const digit = (t: string): number => (rules.n > 35 ? Number(t) : parseInt(t, 36));
  for (const m of pattern.matchAll(/\{([^}]*)\}/g)) for (const t of m[1].split(/, ?/)) digits.add(digit(t));
  for (const m of pattern.matchAll(/(?:\bon (\w+):|, (\w+) lies only in)/g)) digits.add(digit(m[1] ?? m[2]));
  return {
    technique: name,
    text,
    digits: [...digits].filter((d) => d >= 1 && d <= rules.n),
    ...(s.place ? { place: s.place } : {}),
    ...(s.eliminate ? { eliminate: s.eliminate } : {}),
    uses: [...uses],
    houses: [...houses],
  };
}

/** Where the techniques stop, in words. */
function stopText(rules: Rules, open: number, contradiction: boolean, grid: Uint8Array): string {
  if (contradiction) return 'The techniques reach a contradiction: the digits so far cannot all be right.';
  if (open === 0) return '';
  const left: string[] = [];
  for (let c = 0; c < grid.length && left.length < 6; c++) if (grid[c] === 0) left.push(cellName(rules.shape, c));
  return (
    `Logic stops here: none of the ${TECHNIQUES.length} techniques applies, with ${open} cell` +
    `${open === 1 ? '' : 's'} still open (${left.join(', ')}${open > left.length ? ', …' : ''}). ` +
    'From here the puzzle needs trial and error (search).'
  );
}

function solveSteps(rules: Rules, cells: ArrayLike<number>): StepsJobResult {
  const r = puzzleRater(rules).rate(cells, { steps: true });
  const steps = (r.steps ?? []).map((s) => wordStep(rules, s));
  return {
    view: boardView(rules),
    steps,
    summary: describeRating(r),
    needsSearch: r.needsSearch,
    stop: stopText(rules, r.open - r.placed, r.contradiction, r.grid),
  };
}

function checkedCells(rules: Rules, text: string): Uint8Array {
  const t = text.trim();
  if (t === '') throw new InputError('type or paste a puzzle first');
  const cells = parseGrid(rules.shape, t);
  const clash = findRulesClash(rules, cells);
  if (clash) throw new InputError(describeRulesClash(rules, clash));
  return cells;
}

export async function run(
  input: PuzzleJobInput,
): Promise<GenerateJobResult | StepsJobResult | AnalyseJobResult | HintJobResult> {
  const rules = rulesOf(input);
  if (input.op === 'steps') return solveSteps(rules, input.puzzle);
  if (input.op === 'hint') {
    const r = puzzleRater(rules).nextStep(input.cells);
    const first = r.steps?.[0];
    if (first) return { step: wordStep(rules, first) };
    return { stop: stopText(rules, r.open, r.contradiction, r.grid) || 'The grid is full.' };
  }
  if (input.op === 'analyse') {
    const cells = checkedCells(rules, input.text);
    const solution = new Uint8Array(rules.cells);
    // a search that needs restarts to find a solution (some jigsaw layouts sink a plain depth-first search) is
    // asked for two, one or several: counting on to a thousand could take it minutes
    const limit = engineFor(rules).restarts === true ? 2 : SOLUTION_LIMIT;
    const counted = puzzleCounter(rules).count(cells, limit, solution);
    const steps = solveSteps(rules, cells);
    let summary = steps.summary;
    if (counted.count !== 1) {
      const r = puzzleRater(rules).rate(cells);
      // the page says how many solutions; the rest says what the techniques make of it
      summary = describeShortfall(r, counted.count).replace(/^.*?, so /, '');
    }
    return {
      ...steps,
      summary,
      puzzle: cells,
      line: formatGrid(rules.shape, cells),
      solutions: counted.count,
      limited: counted.limited,
      limit,
      solution: counted.count === 1 ? solution : null,
    };
  }
  if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > MAX_PUZZLES)
    throw new InputError(`count ${input.count}: must be a whole number 1..${MAX_PUZZLES}`);
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
      sheet.push({ puzzle: r.puzzle, solution: r.solution, caption: `#${r.index + 1} · ${r.rating.grade}` });
    }
  }
  const title = `${input.count} ${rules.name} puzzle${input.count === 1 ? '' : 's'} · seed ${input.seed}`;
  return {
    rules: rules.name,
    view: boardView(rules),
    puzzles,
    sheet: puzzleSheetHtml(rules, title, sheet, input.paper, input.perPage),
  };
}
