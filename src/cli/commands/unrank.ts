import type { Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3 } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { indexChunks, parseIndex, type IndexText } from '../../io/gridNumbers.js';
import { gridIndex } from '../../rank/gridIndex.js';
import { withSpinner } from '../common.js';
import { gridIndexCommand, type GridIndexCliOptions } from './rank.js';
import { lineOutput } from '../lineOutput.js';

export function registerUnrank(program: Command): void {
  gridIndexCommand(
    program,
    'unrank',
    'the grid with each number (0..N−1), in the order of docs/rank.md',
    ['[numbers...]', "grid numbers, whole decimal numbers of any size; '-' reads stdin"],
    'read grid numbers from a file, one per line',
    'print one JSON object per grid: index, grid',
  )
    // a negative number is an argument to complain about, not an unknown option
    .allowUnknownOption()
    .action(async (args: string[], opts: GridIndexCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      // the first chunk of numbers is read and checked before the index is built (bad input fails at once)
      const chunks = indexChunks(args, opts.file);
      const first = await chunks.next();
      const parse = (texts: IndexText[]) => texts.map(parseIndex);
      const firstIndices = first.done ? [] : parse(first.value);

      const index = await withSpinner(`building the ${shape.name} grid index`, () => gridIndex({ box: shape }));
      const out = lineOutput();
      const grid = new Uint8Array(shape.n * shape.n);
      for (let next = first, indices = firstIndices; !next.done;) {
        const texts = next.value;
        indices.forEach((i, k) => {
          if (i >= index.total)
            throw new InputError(
              `${texts[k].where}: ${i} is not below N = ${index.total}, the number of ${shape.name} grids`,
            );
        });
        for (const i of indices) {
          const text = formatGrid(shape, index.unrank(i, grid));
          out.push(opts.json ? toJson({ index: i, grid: text }) : text);
        }
        await out.ready();
        next = await chunks.next();
        indices = next.done ? [] : parse(next.value);
      }
      await out.flush();
    });
}
