import { InvalidArgumentError, type Command } from 'commander';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { gridInputChunks, type GridInput } from '../../io/gridInput.js';
import { RATE_BLOCK_CELLS, ratePuzzles } from '../../puzzle/generatePuzzles.js';
import {
  boxOption,
  cliRules,
  fileOption,
  progressSpinner,
  VARIANT_FLAG,
  VARIANT_FLAG_HELP,
  workersOption,
} from '../common.js';
import { lineOutput } from '../lineOutput.js';
import { ratingJsonLine, ratingTextLines } from '../../reports/puzzleLines.js';

interface RateCliOptions {
  box?: BoxShape;
  variant?: string;
  file?: string[];
  steps?: boolean;
  json?: boolean;
  workers?: number;
  budget?: number;
}

/**
 * The default --budget: every technique, search (12.0) included, so that every puzzle with one solution is rated
 * (the nested dynamic forcing chains, 10.5 and up, finish every puzzle we tried; search stays as the last resort).
 */
const DEFAULT_BUDGET = 12;

export function registerRate(program: Command): void {
  program
    .command('rate')
    .description(
      'rate puzzles by the human techniques they need (singles … XY-wing, quads): grade, hardest step on the ' +
        'Sudoku Explainer scale, technique counts, or "needs search"',
    )
    .argument('[puzzles...]', "puzzles in the grid text format ('.' or '0' empty); '-' reads stdin")
    .option('--box <RxC>', 'box shape: R rows by C columns (default 3x3; up to 6x6)', boxOption('solve'))
    .option(VARIANT_FLAG, VARIANT_FLAG_HELP)
    .option(...fileOption('read puzzles from a file, one per line or in grid layout'))
    .option('--steps', 'list every deduction in words (cell, digit, technique, and the house: row, diagonal, …)')
    .option(
      '--json',
      'one JSON object per puzzle: rules, puzzle, grade, rating, hardest, needsSearch, open, placed, techniques, ' +
        'solution, steps',
    )
    .option('--workers <W>', 'threads (the ratings do not depend on it; default 1)', workersOption)
    .option(
      '--budget <SE>',
      `try only techniques rated up to this on the Sudoku Explainer scale (default ${DEFAULT_BUDGET}: all, ` +
        'search included); a puzzle that needs more is refused',
      budgetOption,
    )
    .action(async (args: string[], opts: RateCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      const rules = cliRules('solve', shape, opts.variant);
      const N = shape.n * shape.n;
      // puzzles read and not yet rated (where they came from, for messages), in order
      const queue: GridInput[] = [];
      let head = 0;
      async function* pieces(): AsyncGenerator<Uint8Array> {
        for await (const chunk of gridInputChunks(shape, args, opts.file, { command: 'rate', rules })) {
          const piece = new Uint8Array(chunk.length * N);
          chunk.forEach(({ cells }, i) => piece.set(cells, i * N));
          queue.push(...chunk);
          yield piece;
        }
      }

      // lines are written a block (about 2,000 9x9 puzzles) at a time, once every puzzle of it has passed: one
      // without a unique solution stops the run (with an input of one block, before anything is written)
      const spinner = (await progressSpinner(`rating puzzles`)).start();
      const out = lineOutput();
      let rated = 0;
      // the pool's blocks may be smaller (both threads busy on a small file): lines go out a full block at a time
      const writeEvery = Math.max(1, Math.floor(RATE_BLOCK_CELLS / N));
      let written = 0;
      let lines: string[] = [];
      try {
        for await (const block of ratePuzzles({
          box: shape,
          variant: rules,
          puzzles: pieces(),
          steps: opts.steps === true,
          budget: opts.budget ?? DEFAULT_BUDGET,
          workers: opts.workers ?? 1,
        })) {
          for (const r of block) {
            const { where, cells } = queue[head++];
            if (r.solutions !== 1)
              throw new InputError(
                `${where}: ${r.solutions === 0 ? 'no solution' : 'several solutions (at least 2)'}, so no rating`,
              );
            if (r.needsSearch)
              throw new InputError(
                shape.n > 9
                  ? `${where}: its rating needs more than the basic techniques, and above 9x9 the rater has no ` +
                      `chains, trials or search (${r.placed} of ${r.open} open cells placed); not rated`
                  : `${where}: its rating needs a technique above the budget (SE ${opts.budget ?? DEFAULT_BUDGET}; ` +
                      `${r.placed} of ${r.open} open cells placed below it); --budget to raise it`,
              );
            if (opts.json) lines.push(ratingJsonLine(rules, cells, r));
            else lines.push(...ratingTextLines(r, opts.steps === true));
          }
          if (head > 4096) {
            queue.splice(0, head);
            head = 0;
          }
          rated += block.length;
          spinner.text = `rated ${rated} puzzles`;
          if (rated - written >= writeEvery) {
            for (const line of lines) out.push(line);
            lines = [];
            written = rated;
            await out.ready();
          }
        }
        for (const line of lines) out.push(line);
      } finally {
        spinner.stop();
      }
      await out.flush();
    });
}

/** --budget: an SE rating, a number from 1 to 20. */
function budgetOption(v: string): number {
  const x = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v.trim()) || !(x >= 1 && x <= 20))
    throw new InvalidArgumentError(`not a rating from 1 to 20 on the Sudoku Explainer scale`);
  return x;
}
