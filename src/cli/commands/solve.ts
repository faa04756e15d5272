import type { Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { gridInputs } from '../../io/gridInput.js';
import { lineOutput } from '../lineOutput.js';
import { puzzleCounter } from '../../solve/countSolutions.js';
import {
  boxOption,
  cliRules,
  fileOption,
  grouped,
  integerOption,
  syncProgress,
  VARIANT_FLAG,
  VARIANT_FLAG_HELP,
} from '../common.js';
import { shapeProblem } from '../../grid/support.js';
import { toJson } from '../../io/json.js';
import { countByRelabelling } from '../../solve/countByRelabelling.js';

interface SolveCliOptions {
  box?: BoxShape;
  variant?: string;
  count?: boolean;
  limit?: number;
  file?: string[];
  json?: boolean;
}

/** N by the band method, loaded only when a count needs it (the solver's start-up should not pay for it). */
async function bandCount(shape: BoxShape): Promise<bigint> {
  const { countGrids } = await import('../../count/countGrids.js');
  return (await countGrids({ box: shape })).total;
}

export function registerSolve(program: Command): void {
  program
    .command('solve')
    .description('solve puzzles, or count their solutions, by bitmask search (any box shape)')
    .argument(
      '[puzzles...]',
      "puzzles, n² cells each ('.' or '0' empty; spaces, '|', newlines ignored); '-' reads stdin",
    )
    .option('--box <RxC>', 'box shape: R rows by C columns (default 3x3)', boxOption('solve'))
    .option(VARIANT_FLAG, VARIANT_FLAG_HELP)
    .option('--count', 'print the number of solutions instead of the solution')
    .option(
      '--limit <K>',
      'stop counting at K solutions (2 answers "is it unique?"); without --count, 1 skips the uniqueness check',
      integerOption(1),
    )
    .option(...fileOption('read puzzles from a file, one per line or in grid layout'))
    .option('--json', 'print one JSON object per puzzle: rules, puzzle, count, limited, solution, seconds')
    .action(async (args: string[], opts: SolveCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      const rules = cliRules('solve', shape, opts.variant);

      const limit = opts.limit ?? (opts.count ? Infinity : 2);
      const counter = puzzleCounter(rules);
      const solution = new Uint8Array(shape.n * shape.n);
      // N for the shape, when the band method counts it: the exact answer for givens in one unit (see below)
      let total: Promise<bigint> | null = null;
      const bandShape = rules.plain && shapeProblem('band-method', shape) === null;
      const out = lineOutput();
      for await (const p of gridInputs(shape, args, opts.file, { command: 'solve', rules })) {
        const t0 = performance.now();
        let count: number | bigint;
        let limited = false;
        let solved: boolean;
        // every count without a limit whose givens lie in one row, column or box is N·(n−k)!/n! exactly: no
        // search could finish the empty 9×9 grid (N ≈ 6.7·10²¹), so those are answered from the band method
        const known =
          limit === Infinity && bandShape
            ? countByRelabelling(shape, p.cells, await (total ??= bandCount(shape)))
            : null;
        if (known !== null) {
          count = known;
          solved = counter.count(p.cells, 1, solution).solved;
        } else {
          const progress = syncProgress(
            (s) =>
              `${p.where}: ${grouped(nodes)} branches, ${grouped(Math.round(nodes / s))}/s, ` +
              `${s.toFixed(0)} s (Ctrl-C stops)`,
          );
          let nodes = 0;
          counter.onTick = (k) => {
            nodes = k;
            progress.tick();
          };
          try {
            const r = counter.count(p.cells, limit, solution);
            if (r.count > Number.MAX_SAFE_INTEGER)
              throw new InputError(
                `${p.where}: more than 2^53 solutions, so the count would not be exact: set --limit`,
              );
            count = r.count;
            limited = r.limited;
            solved = r.solved;
          } finally {
            counter.onTick = null;
            progress.done();
          }
        }
        const seconds = (performance.now() - t0) / 1000;
        const found = solved ? formatGrid(shape, solution) : null;
        if (opts.json) {
          out.push(
            toJson({
              rules: rules.name,
              puzzle: formatGrid(shape, p.cells),
              count,
              limited,
              solution: found,
              seconds: Number(seconds.toPrecision(4)),
            }),
          );
        } else if (opts.count) {
          out.push(limited ? `${count}+` : String(count));
        } else {
          out.push(count === 0 ? 'unsolvable' : count === 1 && found ? found : 'multiple');
        }
        await out.ready();
      }
      await out.flush();
    });
}
