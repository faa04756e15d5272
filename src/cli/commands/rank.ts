import type { Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { gridInputChunks } from '../../io/gridInput.js';
import { gridIndex } from '../../rank/gridIndex.js';
import { boxOption, fileOption, withSpinner } from '../common.js';
import { lineOutput } from '../lineOutput.js';
import { supportedShapes } from '../../grid/support.js';

/** The options of rank and unrank. */
export interface GridIndexCliOptions {
  box?: BoxShape;
  file?: string[];
  json?: boolean;
}

/**
 * What rank and unrank share (the grid index both ways): the command with its argument, --box (the index's shapes),
 * --file (`reads` says what) and --json (`json` names the object's keys).
 */
export function gridIndexCommand(
  program: Command,
  name: string,
  description: string,
  argument: readonly [string, string],
  reads: string,
  json: string,
): Command {
  return program
    .command(name)
    .description(description)
    .argument(...argument)
    .option('--box <RxC>', `box shape: R rows by C columns (${supportedShapes('rank')})`, boxOption('rank'))
    .option(...fileOption(reads))
    .option('--json', json);
}

export function registerRank(program: Command): void {
  gridIndexCommand(
    program,
    'rank',
    'the number of each grid: its place (0..N−1) in the order of docs/rank.md',
    ['[grids...]', "complete grids, n² digits each (spaces, '|', newlines ignored); '-' reads stdin"],
    'read grids from a file, one per line or in grid layout',
    'print one JSON object per grid: grid, rank',
  ).action(async (args: string[], opts: GridIndexCliOptions) => {
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
