import type { Command } from 'commander';
import { describeClash, findClash, formatGrid, parseGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { readPuzzles, type PuzzleText } from '../../io/readPuzzles.js';
import { gridIndex } from '../../rank/gridIndex.js';
import { boxOption, progressSpinner } from '../common.js';
import { lineOutput } from '../lineOutput.js';
import { supportedShapes } from '../../grid/support.js';

interface RankCliOptions {
  box?: BoxShape;
  file?: string[];
  json?: boolean;
}

export function registerRank(program: Command): void {
  program
    .command('rank')
    .description('the number of each grid: its place (0..N−1) in the order of docs/rank.md')
    .argument('[grids...]', "complete grids, n² digits each (spaces, '|', newlines ignored); '-' reads stdin")
    .option('--box <RxC>', `box shape: R rows by C columns (${supportedShapes('rank')})`, boxOption('rank'))
    .option(
      '--file <path>',
      "read grids from a file, one per line or in grid layout ('-' for stdin); may be repeated",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--json', 'print one JSON object per grid: grid, rank')
    .action(async (args: string[], opts: RankCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      const texts: PuzzleText[] = [];
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-') texts.push(...(await readPuzzles(shape, '-')));
        else texts.push({ where: `argument ${i + 1}`, text: args[i] });
      }
      for (const path of opts.file ?? []) texts.push(...(await readPuzzles(shape, path)));
      if (texts.length === 0)
        throw new InputError("rank: no grids: give them as arguments, with --file FILE, or '-' to read stdin");

      // read and check every grid before numbering any, so bad input stops the run with nothing printed
      const grids = texts.map(({ where, text }) => {
        const cells = parseGrid(shape, text, where);
        const clash = findClash(shape, cells);
        if (clash)
          throw new InputError(`${where}: ${describeClash(shape, clash).replace(/^givens clash/, 'not a grid')}`);
        const empty = cells.indexOf(0);
        if (empty >= 0) {
          const r = Math.floor(empty / shape.n) + 1,
            c = (empty % shape.n) + 1;
          throw new InputError(`${where}: cell r${r}c${c} is empty: only a complete grid has a number`);
        }
        return cells;
      });

      const spinner = await progressSpinner(`building the ${shape.name} grid index`);
      spinner.start();
      const index = (() => {
        try {
          return gridIndex({ box: shape });
        } finally {
          spinner.stop();
        }
      })();
      const out = lineOutput();
      for (const cells of grids) {
        const rank = index.rank(cells);
        out.push(opts.json ? toJson({ grid: formatGrid(shape, cells), rank }) : rank.toString());
      }
      out.flush();
    });
}
