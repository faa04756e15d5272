import { randomInt } from 'node:crypto';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { prepareOutput, type PreparedOutput } from '../../io/outputFile.js';
import { puzzleSheetHtml, SHEET_MARK, type SheetPuzzle } from '../../io/puzzleSheet.js';
import { MAX_SEED } from '../../random/streamStates.js';
import { CLUE_SYMMETRIES, clueCountProblem, type ClueSymmetry } from '../../puzzle/clueOrbits.js';
import type { MakeProgress } from '../../puzzle/generatePuzzle.js';
import { learnsClauses } from '../../solve/countSolutions.js';
import { GRID_SOURCE_KINDS, uniformGridsShapeProblem, type GridSourceKind } from '../../puzzle/defaultGridSource.js';
import { generatePuzzles } from '../../puzzle/generatePuzzles.js';
import { DEFAULT_MAX_RATING, GRADES, parseDifficulty, type Difficulty } from '../../puzzle/techniques.js';
import {
  boxOption,
  cliRules,
  grouped,
  integerOption,
  pathOption,
  progressSpinner,
  seedOption,
  VARIANT_FLAG,
  VARIANT_FLAG_HELP,
  workersOption,
} from '../common.js';
import { requireSymmetry } from '../../puzzle/generatePuzzle.js';
import { lineOutput } from '../lineOutput.js';
import { madeJsonLine, madeTextLine } from '../../reports/puzzleLines.js';
import { processIo } from '../../io/processIo.js';

interface GenerateCliOptions {
  box?: BoxShape;
  variant?: string;
  count?: number;
  seed?: number;
  daily?: number;
  clues?: number;
  minimal?: boolean;
  symmetry?: ClueSymmetry;
  difficulty?: Difficulty;
  attempts?: number;
  grids?: GridSourceKind;
  json?: boolean;
  html?: string;
  force?: boolean;
  workers?: number;
}

/**
 * The seed of a daily puzzle: the date YYYY-MM-DD read as the number YYYYMMDD (2025-03-14 → 20250314), so that
 * `--daily 2025-03-14` and `--seed 20250314` give the same puzzles. Throws InputError for anything but a real
 * date of the years 0001..9999.
 */
export function dailySeed(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) throw new InputError(`'${text}' is not a date YYYY-MM-DD (e.g. 2025-03-14)`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  if (y < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    throw new InputError(`'${text}': there is no such date`);
  return y * 10000 + mo * 100 + d;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description(
      'make puzzles with exactly one solution (checked), minimal or with a set clue count, symmetric, graded by ' +
        'the human techniques they need (see rate); same seed, same puzzles',
    )
    .option('--box <RxC>', 'box shape: R rows by C columns (default 3x3; up to 6x6)', boxOption('solve'))
    .option(VARIANT_FLAG, `${VARIANT_FLAG_HELP} (grids from a random fill, not uniform)`)
    .option('--count <K>', 'how many puzzles (default 1)', integerOption(1))
    .addOption(
      new Option('--seed <S>', `seed 0..${MAX_SEED} (default: a random one, printed)`)
        .argParser(seedOption)
        .conflicts('daily'),
    )
    .addOption(
      new Option('--daily <YYYY-MM-DD>', "the date's puzzles: the seed is the date read as YYYYMMDD").argParser(
        (v: string) => {
          try {
            return dailySeed(v);
          } catch (e) {
            throw new InvalidArgumentError((e as Error).message);
          }
        },
      ),
    )
    .addOption(new Option('--clues <K>', 'stop at exactly K clues').argParser(integerOption(0)).conflicts('minimal'))
    .option(
      '--minimal',
      'remove clues until none can go, so every clue is needed (the default; from 25x25 on, minutes to hours a ' +
        'puzzle: --clues K is the fast way there)',
    )
    .addOption(
      new Option('--symmetry <kind>', 'clue pattern symmetry (default none)').choices(CLUE_SYMMETRIES as string[]),
    )
    .option(
      '--difficulty <grade|A-B>',
      `keep only puzzles of this grade (${GRADES.join(', ')}; see rate) or Sudoku Explainer range, e.g. ` +
        `4.0-6.0 (default: at most SE ${DEFAULT_MAX_RATING.toFixed(1)}, solvable without trial or guessing, on ` +
        'grids up to 9x9)',
      difficultyOption,
    )
    .option(
      '--attempts <K>',
      'grids to try per puzzle before giving up (default 1000 for 9x9, falling with size, at least 3)',
      integerOption(1),
    )
    .addOption(
      new Option(
        '--grids <source>',
        'where the full grids come from: uniform (2x2, 2x3, 3x2, 3x3, 4x2: the default there) or random-fill',
      ).choices(GRID_SOURCE_KINDS as string[]),
    )
    .option(
      '--json',
      'one JSON object per puzzle: number, seed, box, rules, gridSource, uniform, puzzle, solution, clues, minimal, ' +
        'symmetry, grade, rating, hardest, needsSearch, techniques, attempts, checks, counterSearches, seconds',
    )
    .option(
      '--html <file>',
      'also write a printable sheet: the puzzles, then their solutions on a new page',
      pathOption,
    )
    .option('--force', 'let --html replace a file that is not a sheet sudoku-count wrote')
    .option(
      '--workers <W>',
      'threads (the puzzles do not depend on it); default 1, from 17x17 min(2, cores), sharing one puzzle',
      workersOption,
    )
    .action(async (opts: GenerateCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      const rules = cliRules('solve', shape, opts.variant);
      if (opts.symmetry !== undefined) requireSymmetry(rules, opts.symmetry);
      const N = shape.n * shape.n;
      const count = opts.count ?? 1;
      if (opts.clues !== undefined && opts.clues > N)
        throw new InputError(`--clues ${opts.clues}: a ${shape.name} grid has ${N} cells`);
      const symmetryProblem =
        opts.clues !== undefined && opts.symmetry !== undefined
          ? clueCountProblem(shape, opts.symmetry, opts.clues)
          : null;
      if (symmetryProblem)
        throw new InputError(`--clues ${opts.clues} --symmetry ${opts.symmetry}: ${symmetryProblem}`);
      if (opts.html !== undefined && count > MAX_SHEET_PUZZLES)
        throw new InputError(
          `--html with --count ${count}: a sheet holds at most ${MAX_SHEET_PUZZLES} puzzles (it is written at the ` +
            'end, from puzzles held in memory): print the lines and make sheets of fewer',
        );
      if (opts.grids === 'uniform') {
        const problem = uniformGridsShapeProblem(rules);
        if (problem)
          throw new InputError(
            rules.plain ? `--grids uniform: box shape ${shape.name}: ${problem}` : `--grids uniform: ${problem}`,
          );
      }
      // the sheet's path is checked before the work, so a run that cannot write it fails at once
      const sheetFile: PreparedOutput | null = opts.html
        ? prepareOutput(opts.html, {
            what: 'puzzle sheet',
            isOurs: (head) => head.includes(SHEET_MARK),
            force: opts.force === true,
          })
        : null;
      const seed = opts.seed ?? opts.daily ?? randomInt(0, MAX_SEED + 1);
      if (opts.seed === undefined && opts.daily === undefined)
        processIo().stderr.write(`sudoku-count: generate: seed ${seed}\n`);
      const symmetry = opts.symmetry ?? 'none';
      // big shapes: one puzzle at a time, each printed when done; a minimal one takes long, and the user is told
      const slow = learnsClauses(shape);
      if (slow && opts.clues === undefined)
        processIo().stderr.write(
          `sudoku-count: generate: a minimal ${shape.n}x${shape.n} puzzle asks a uniqueness question for nearly ` +
            `every one of its ${N} cells: expect ${expectedTime(shape)} a puzzle; --clues K ` +
            `(e.g. ${Math.floor(N * 0.55)}, 55 %) makes a unique puzzle far sooner (36x36: about a second)\n`,
        );
      const progressLead = (made: number) => `generated ${made} of ${count} ${rules.name} puzzles`;
      const spinner = (
        await progressSpinner(`generating ${count} ${rules.name} puzzle${count > 1 ? 's' : ''}`)
      ).start();
      // each puzzle is printed as soon as it and all before it are done (blocks come back in order); only the
      // sheet waits for the end, holding its puzzles (at most MAX_SHEET_PUZZLES)
      const sheet: SheetPuzzle[] = [];
      const out = lineOutput();
      let made = 0;
      try {
        for await (const block of generatePuzzles({
          box: shape,
          variant: rules,
          count,
          seed,
          symmetry,
          ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
          ...(opts.clues !== undefined ? { clues: opts.clues } : {}),
          ...(opts.difficulty !== undefined ? { difficulty: opts.difficulty } : {}),
          ...(opts.attempts !== undefined ? { attempts: opts.attempts } : {}),
          ...(opts.grids !== undefined ? { grids: opts.grids } : {}),
          onProgress: (p) => {
            spinner.text = `${progressLead(made)}; puzzle ${made + 1}, ${describeProgress(p)}`;
          },
        })) {
          for (const r of block) {
            if (r.failure !== undefined) throw new InputError(`puzzle ${r.index + 1} (seed ${seed}): ${r.failure}`);
            out.push(opts.json ? madeJsonLine(rules, r, seed, symmetry) : madeTextLine(rules, r, seed));
            if (sheetFile)
              sheet.push({
                puzzle: r.puzzle,
                solution: r.solution,
                // short: the seed is in each page's head line, the full rating in the text and JSON output
                caption: `#${r.index + 1} · ${r.rating.grade}`,
              });
          }
          made += block.length;
          spinner.text = progressLead(made);
          await out.flush(); // a block at a time (a fraction of a second), at the reader's pace
        }
      } finally {
        spinner.stop();
        await out.flush(); // what was made before a failure is kept
      }
      if (sheetFile) {
        const title = `${count} ${rules.name} puzzle${count === 1 ? '' : 's'} · seed ${seed}`;
        sheetFile.write(puzzleSheetHtml(rules, title, sheet));
      }
    });
}

/**
 * Most puzzles a --html sheet holds: it is written at the end, from the puzzles kept in memory, and a 9x9 puzzle
 * with its solution is about 8 kB of HTML (2,000: 17 MB; a 16x16 one about four times that).
 */
export const MAX_SHEET_PUZZLES = 2000;

/** What a minimal puzzle of a big shape costs (docs/puzzles.md, 2 workers): said before the run starts. */
function expectedTime(shape: BoxShape): string {
  if (shape.n <= 20) return 'seconds to a minute';
  if (shape.n <= 25) return 'about half a minute to a few minutes (25x25: median 27 s, up to 141 s, on 2 workers)';
  return 'hours, if it finishes at all (36x36: past 53 % of the cells each question takes minutes)';
}

/** "puzzle 1, grid 1: removing clues, 1,020 left, 310 questions". */
function describeProgress(p: MakeProgress): string {
  const stage = p.stage === 'removal' ? 'removing clues' : 'checking each clue is needed';
  return `grid ${p.attempt}: ${stage}, ${grouped(p.clues)} clues, ${grouped(p.questions)} questions asked`;
}

/** --difficulty: a grade or an SE range "A-B". */
function difficultyOption(v: string): Difficulty {
  const d = parseDifficulty(v);
  if (d === null)
    throw new InvalidArgumentError(`not a grade (${GRADES.join(', ')}) or a Sudoku Explainer range such as 4.0-6.0`);
  return d;
}
