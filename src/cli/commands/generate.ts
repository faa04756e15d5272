import { randomInt } from 'node:crypto';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { puzzleSheetHtml, writeFileAtomically, type SheetPuzzle } from '../../io/puzzleSheet.js';
import { CLUE_SYMMETRIES, type ClueSymmetry } from '../../puzzle/clueOrbits.js';
import { describeRating } from '../../puzzle/describeRating.js';
import { generateTask, type GenerateTaskResult } from '../../puzzle/puzzleTasks.js';
import { GRADES, TECHNIQUES, type Grade } from '../../puzzle/techniques.js';
import { MAX_SEED } from '../../random/streamStates.js';
import { boxOption, integerOption, progressSpinner } from '../common.js';

interface GenerateCliOptions {
  box?: BoxShape;
  count?: number;
  seed?: number;
  daily?: number;
  clues?: number;
  minimal?: boolean;
  symmetry?: ClueSymmetry;
  difficulty?: Grade;
  attempts?: number;
  json?: boolean;
  html?: string;
}

/**
 * The seed of a daily puzzle: the date YYYY-MM-DD read as the number YYYYMMDD (2025-03-14 → 20250314), so that
 * `--daily 2025-03-14` and `--seed 20250314` are the same puzzles. Throws InputError for anything but a real date.
 */
export function dailySeed(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) throw new InputError(`--daily '${text}': expected a date YYYY-MM-DD, e.g. 2025-03-14`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    throw new InputError(`--daily '${text}': there is no such date`);
  return y * 10000 + mo * 100 + d;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description(
      'make puzzles with exactly one solution (checked), minimal or with a clue count, symmetric, graded by the ' +
        'human techniques they need; same seed, same puzzles',
    )
    .option('--box <RxC>', 'box shape: R rows by C columns (default 3x3; up to 6x6)', boxOption('solve'))
    .option('--count <K>', 'how many puzzles (default 1)', integerOption(1))
    .addOption(
      new Option('--seed <S>', `seed 0..${MAX_SEED} (default: a random one, printed with each puzzle)`)
        .argParser(seedOption)
        .conflicts('daily'),
    )
    .addOption(
      new Option('--daily <YYYY-MM-DD>', "the date's puzzles: the seed is the date as the number YYYYMMDD").argParser(
        (v: string) => {
          try {
            return dailySeed(v);
          } catch (e) {
            throw new InvalidArgumentError((e as Error).message.replace(/^--daily '[^']*': /, ''));
          }
        },
      ),
    )
    .addOption(new Option('--clues <K>', 'stop at exactly K clues').argParser(integerOption(0)).conflicts('minimal'))
    .option('--minimal', 'remove clues until none can go: every clue is needed (the default)')
    .addOption(
      new Option('--symmetry <kind>', 'clue pattern symmetry (default none)').choices(CLUE_SYMMETRIES as string[]),
    )
    .addOption(
      new Option('--difficulty <grade>', 'keep only puzzles of this grade (see `rate`)').choices(GRADES as string[]),
    )
    .option(
      '--attempts <K>',
      'grids to try per puzzle before giving up (default 1000 for 9x9, fewer for big boxes)',
      integerOption(1),
    )
    .option(
      '--json',
      'one JSON object per puzzle: number, seed, box, gridSource, puzzle, solution, clues, minimal, symmetry, grade, ' +
        'rating, hardest, needsSearch, techniques, attempts, checks, counterSearches, seconds',
    )
    .option('--html <file>', 'also write a printable sheet: the puzzles, then their solutions on a new page')
    .action(async (opts: GenerateCliOptions) => {
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(0);
        throw e;
      });
      const shape = opts.box ?? SHAPE_3X3;
      const N = shape.n * shape.n;
      if (opts.clues !== undefined && opts.clues > N)
        throw new InputError(`--clues ${opts.clues}: a ${shape.name} grid has ${N} cells`);
      const seed = opts.seed ?? opts.daily ?? randomInt(0, MAX_SEED + 1);
      const count = opts.count ?? 1;
      const symmetry = opts.symmetry ?? 'none';
      const spinner = (await progressSpinner(`generating ${count} ${shape.name} puzzle(s)`)).start();
      const made: Array<Extract<GenerateTaskResult, { failure?: undefined }>> = [];
      try {
        for (let i = 0; i < count; i++) {
          const [r] = generateTask({
            rows: shape.rows,
            cols: shape.cols,
            seed,
            first: i,
            count: 1,
            symmetry,
            ...(opts.clues !== undefined ? { clues: opts.clues } : {}),
            ...(opts.difficulty !== undefined ? { difficulty: opts.difficulty } : {}),
            ...(opts.attempts !== undefined ? { attempts: opts.attempts } : {}),
          });
          if (r.failure !== undefined) throw new InputError(`puzzle ${i + 1} (seed ${seed}): ${r.failure}`);
          made.push(r);
          spinner.text = `generated ${i + 1} of ${count} ${shape.name} puzzle(s)`;
        }
      } finally {
        spinner.stop();
      }
      const lines = made.map((r) => {
        const puzzle = formatGrid(shape, r.puzzle);
        if (!opts.json) return `${puzzle}:${caption(r, seed)}`;
        const techniques: Record<string, number> = {};
        r.rating.counts.forEach((c, t) => {
          if (c > 0) techniques[TECHNIQUES[t].key] = c;
        });
        const hardest = r.rating.hardest >= 0 ? TECHNIQUES[r.rating.hardest] : null;
        return JSON.stringify({
          number: r.index + 1,
          seed,
          box: shape.name,
          gridSource: r.source,
          puzzle,
          solution: formatGrid(shape, r.solution),
          clues: r.clues,
          minimal: r.minimal,
          symmetry,
          grade: r.rating.grade,
          rating: hardest ? hardest.rating : 0,
          hardest: hardest ? hardest.key : null,
          needsSearch: r.rating.needsSearch,
          techniques,
          attempts: r.attempts,
          checks: r.checks,
          counterSearches: r.counterCalls,
          seconds: Number(r.seconds.toPrecision(4)),
        });
      });
      if (opts.html) {
        const title = `${count} ${shape.name} puzzle${count === 1 ? '' : 's'} · seed ${seed}`;
        const sheet: SheetPuzzle[] = made.map((r) => ({
          puzzle: r.puzzle,
          solution: r.solution,
          caption: `#${r.index + 1} · seed ${seed} · ${describeRating(r.rating)} · ${r.clues} clues`,
        }));
        writeFileAtomically(opts.html, puzzleSheetHtml(shape, title, sheet));
      }
      for (let i = 0; i < lines.length; i += 1000) process.stdout.write(lines.slice(i, i + 1000).join('\n') + '\n');
    });
}

/** What follows a puzzle on its text line (after ':', which puzzle readers skip). */
function caption(r: Extract<GenerateTaskResult, { failure?: undefined }>, seed: number): string {
  return (
    ` ${r.clues} clues${r.minimal ? ', minimal' : ''}; ${describeRating(r.rating)}; ` +
    `seed ${seed} #${r.index + 1}; ${r.source} grid`
  );
}

function seedOption(value: string): number {
  const x = Number(value.replace(/_/g, ''));
  if (!/^\s*\d[\d_]*\s*$/.test(value) || !Number.isSafeInteger(x) || x > MAX_SEED)
    throw new InvalidArgumentError(`must be a whole number 0..${MAX_SEED}`);
  return x;
}
