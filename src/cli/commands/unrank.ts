import type { Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { nothingIn, sourceLines, sourceName } from '../../io/readPuzzles.js';
import { shownText } from '../../grid/shownText.js';
import { inputSources } from '../../io/gridInput.js';
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

/** Digits a grid number may have (N for the biggest shape ranked has far fewer): BigInt() of more is slow. */
const MAX_DIGITS = 1000;

/** A grid number as typed: a whole decimal number ≥ 0, any size. Throws InputError naming what is wrong. */
function parseIndex({ where, text }: IndexText): bigint {
  const t = text.trim();
  if (t === '') throw new InputError(`${where}: empty: expected a grid number (a whole number ≥ 0)`);
  if (/^-\s*\d+$/.test(t)) throw new InputError(`${where}: '${shownText(t)}' is negative: grid numbers start at 0`);
  if (!/^\+?\d+$/.test(t)) throw new InputError(`${where}: '${shownText(t)}' is not a whole decimal number`);
  if (t.length > MAX_DIGITS)
    throw new InputError(`${where}: a number of ${t.length} digits is far above N (at most ${MAX_DIGITS} digits)`);
  return BigInt(t.replace('+', ''));
}

/** Numbers read and checked before any work: a chunk at a time, so memory does not grow with the input. */
const CHUNK = 4096;

/**
 * The grid numbers of the arguments and files ('-' reads stdin, once), CHUNK at a time: one per line, blank lines
 * and lines starting with '#' skipped.
 */
async function* indexChunks(
  args: readonly string[],
  files: readonly string[] | undefined,
): AsyncGenerator<IndexText[]> {
  for (const a of args) if (/^--?[a-z]/i.test(a)) throw new InputError(`unknown option '${shownText(a)}'`);
  const sources = inputSources(
    args,
    files,
    "unrank: no grid numbers: give them as arguments, with --file FILE, or '-' to read stdin",
  );
  let chunk: IndexText[] = [];
  for (const source of sources) {
    if ('arg' in source) chunk.push({ where: source.where, text: source.arg });
    else {
      const name = sourceName(source.path);
      let lineNo = 0,
        found = 0;
      for await (const line of sourceLines(source.path)) {
        lineNo++;
        const t = line.trim();
        if (t === '' || t.startsWith('#')) continue;
        found++;
        chunk.push({ where: `${name} line ${lineNo}`, text: t });
        if (chunk.length === CHUNK) {
          yield chunk;
          chunk = [];
        }
      }
      if (found === 0) throw new InputError(nothingIn(name, lineNo, 'grid numbers'));
    }
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
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
      // the first chunk of numbers is read and checked before the index is built (bad input fails at once)
      const chunks = indexChunks(args, opts.file);
      const first = await chunks.next();
      const parse = (texts: IndexText[]) => texts.map(parseIndex);
      const firstIndices = first.done ? [] : parse(first.value);

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
