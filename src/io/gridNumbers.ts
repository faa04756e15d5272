import { InputError } from '../grid/shape.js';
import { shownText } from '../grid/shownText.js';
import { inputSources } from './gridInput.js';
import { nothingIn, sourceLines, sourceName } from './readPuzzles.js';

/** The grid numbers `unrank` reads: arguments, files and stdin, a chunk at a time, each checked. */

/** A grid number as read, with where it came from. */
export interface IndexText {
  readonly where: string;
  readonly text: string;
}

/** Digits a grid number may have (N for the biggest shape ranked has far fewer): BigInt() of more is slow. */
const MAX_DIGITS = 1000;

/** A grid number as typed: a whole decimal number ≥ 0, any size. Throws InputError naming what is wrong. */
export function parseIndex({ where, text }: IndexText): bigint {
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
export async function* indexChunks(
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
