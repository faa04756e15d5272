import type { Command } from 'commander';
import { describeClash, findClash, formatGrid, parseGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { readPuzzles, type PuzzleText } from '../../io/readPuzzles.js';
import { puzzleCounter } from '../../solve/countSolutions.js';
import { boxOption, integerOption } from '../common.js';

interface SolveCliOptions {
  box?: BoxShape;
  count?: boolean;
  limit?: number;
  file?: string[];
  json?: boolean;
}

interface Puzzle {
  readonly where: string;
  readonly cells: Uint8Array;
}

/** Lines of output gathered before one write. */
const CHUNK = 1000;

export function registerSolve(program: Command): void {
  program
    .command('solve')
    .description('solve puzzles, or count their solutions, by bitmask search (any box shape)')
    .argument(
      '[puzzles...]',
      "puzzles, n² cells each ('.' or '0' empty; spaces, '|', newlines ignored); '-' reads stdin",
    )
    .option('--box <RxC>', 'box shape: R rows by C columns (default 3x3)', boxOption('solve'))
    .option('--count', 'print the number of solutions instead of the solution')
    .option(
      '--limit <K>',
      'stop counting at K solutions (2 answers "is it unique?"); without --count, 1 skips the uniqueness check',
      integerOption(1),
    )
    .option(
      '--file <path>',
      "read puzzles from a file, one per line or in grid layout ('-' for stdin); may be repeated",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--json', 'print one JSON object per puzzle: puzzle, count, limited, solution, seconds')
    .action(async (args: string[], opts: SolveCliOptions) => {
      // a reader that stops early (| head) is not an error: stop quietly
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(0);
        throw e;
      });
      const shape = opts.box ?? SHAPE_3X3;
      const texts: PuzzleText[] = [];
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-') texts.push(...(await readPuzzles(shape, '-')));
        else texts.push({ where: `argument ${i + 1}`, text: args[i] });
      }
      for (const path of opts.file ?? []) texts.push(...(await readPuzzles(shape, path)));
      if (args.length === 0 && !opts.file)
        throw new InputError("solve: no puzzles: give them as arguments, with --file FILE, or '-' to read stdin");

      // read every puzzle before solving any, so bad input stops the run with nothing printed
      const puzzles: Puzzle[] = texts.map(({ where, text }) => {
        const cells = parseGrid(shape, text, where);
        const clash = findClash(shape, cells);
        if (clash) throw new InputError(`${where}: ${describeClash(shape, clash)}`);
        return { where, cells };
      });

      const limit = opts.limit ?? (opts.count ? Infinity : 2);
      const counter = puzzleCounter(shape);
      const solution = new Uint8Array(shape.n * shape.n);
      let lines: string[] = [];
      for (const p of puzzles) {
        const t0 = performance.now();
        const r = counter.count(p.cells, limit, solution);
        const seconds = (performance.now() - t0) / 1000;
        if (r.count > Number.MAX_SAFE_INTEGER)
          throw new InputError(`${p.where}: more than 2^53 solutions, so the count would not be exact: set --limit`);
        const found = r.solved ? formatGrid(shape, solution) : null;
        if (opts.json) {
          lines.push(
            JSON.stringify({
              puzzle: formatGrid(shape, p.cells),
              count: r.count,
              limited: r.limited,
              solution: found,
              seconds: Number(seconds.toPrecision(4)),
            }),
          );
        } else if (opts.count) {
          lines.push(r.limited ? `${r.count}+` : String(r.count));
        } else {
          lines.push(r.count === 0 ? 'unsolvable' : r.count === 1 && found ? found : 'multiple');
        }
        if (lines.length === CHUNK) {
          process.stdout.write(lines.join('\n') + '\n');
          lines = [];
        }
      }
      if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
    });
}
