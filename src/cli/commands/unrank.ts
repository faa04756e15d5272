import type { Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { readPuzzleSource } from '../../io/readPuzzles.js';
import { gridIndex } from '../../rank/gridIndex.js';
import { boxOption, progressSpinner } from '../common.js';
import { lineOutput } from '../lineOutput.js';
import { supportedShapes } from '../../grid/support.js';

interface UnrankCliOptions {
  box?: BoxShape;
  file?: string[];
  json?: boolean;
}

interface IndexText {
  readonly where: string;
  readonly text: string;
}

/** A grid number as typed: a whole decimal number ≥ 0, any size. Throws InputError naming what is wrong. */
function parseIndex({ where, text }: IndexText): bigint {
  const t = text.trim();
  if (t === '') throw new InputError(`${where}: empty: expected a grid number (a whole number ≥ 0)`);
  if (/^-\s*\d+$/.test(t)) throw new InputError(`${where}: '${t}' is negative: grid numbers start at 0`);
  if (!/^\+?\d+$/.test(t)) throw new InputError(`${where}: '${t}' is not a whole decimal number`);
  return BigInt(t.replace('+', ''));
}

/** One number per line; blank lines and lines starting with '#' are skipped. */
function splitIndices(text: string, name: string): IndexText[] {
  const out: IndexText[] = [];
  text.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (t !== '' && !t.startsWith('#')) out.push({ where: `${name} line ${i + 1}`, text: t });
  });
  return out;
}

export function registerUnrank(program: Command): void {
  program
    .command('unrank')
    .description('the grid with each number (0..N−1), in the order of docs/rank.md')
    .argument('[numbers...]', "grid numbers, whole decimal numbers of any size; '-' reads stdin")
    .option('--box <RxC>', `box shape: R rows by C columns (${supportedShapes('rank')})`, boxOption('rank'))
    .option(
      '--file <path>',
      "read grid numbers from a file, one per line ('-' for stdin); may be repeated",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--json', 'print one JSON object per grid: index, grid')
    // a negative number is an argument to complain about, not an unknown option
    .allowUnknownOption()
    .action(async (args: string[], opts: UnrankCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      const texts: IndexText[] = [];
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-') texts.push(...splitIndices(await readPuzzleSource('-'), 'stdin'));
        else if (/^--?[a-z]/i.test(args[i])) throw new InputError(`unknown option '${args[i]}'`);
        else texts.push({ where: `argument ${i + 1}`, text: args[i] });
      }
      for (const path of opts.file ?? [])
        texts.push(...splitIndices(await readPuzzleSource(path), path === '-' ? 'stdin' : path));
      if (texts.length === 0)
        throw new InputError("unrank: no grid numbers: give them as arguments, with --file FILE, or '-' to read stdin");
      const indices = texts.map(parseIndex);

      const spinner = await progressSpinner(`building the ${shape.name} grid index`);
      spinner.start();
      const index = (() => {
        try {
          return gridIndex({ box: shape });
        } finally {
          spinner.stop();
        }
      })();
      indices.forEach((i, k) => {
        if (i >= index.total)
          throw new InputError(
            `${texts[k].where}: ${i} is not below N = ${index.total}, the number of ${shape.name} grids`,
          );
      });
      const out = lineOutput();
      const grid = new Uint8Array(shape.n * shape.n);
      for (const i of indices) {
        const text = formatGrid(shape, index.unrank(i, grid));
        out.push(opts.json ? toJson({ index: i, grid: text }) : text);
      }
      out.flush();
    });
}
