import type { Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { gridInputChunks } from '../../io/gridInput.js';
import { gridIndex } from '../../rank/gridIndex.js';
import { boxOption, withSpinner } from '../common.js';
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
      // the first chunk of grids is read and checked before the index is built (bad input fails at once)
      const chunks = gridInputChunks(shape, args, opts.file, { command: 'rank', complete: true });
      const first = await chunks.next();

      const index = await withSpinner(`building the ${shape.name} grid index`, () => gridIndex({ box: shape }));
      const out = lineOutput();
      for (let next = first; !next.done; next = await chunks.next()) {
        for (const { cells } of next.value) {
          const rank = index.rank(cells);
          out.push(opts.json ? toJson({ grid: formatGrid(shape, cells), rank }) : rank.toString());
        }
        await out.ready();
      }
      await out.flush();
    });
}
