import { createReadStream } from 'node:fs';
import { processIo } from './processIo.js';
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { countGridCells } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { shownText } from '../grid/shownText.js';
import { fileProblem, sizeWords } from './fileProblem.js';
import { READ_LIMITS } from './readBounded.js';

/**
 * Puzzles from a file or stdin. A puzzle is n² cells in the grid text format of src/grid/parseGrid.ts (n ≤ 35:
 * one character a cell, '.' or '0' for empty, 1..9 then A..Z; n ≥ 36: whitespace-separated numbers). A text
 * holds puzzles
 *   - one per line (the usual form: `4...3.......6..8...`), or
 *   - in a grid layout over several lines (n lines of n cells, separator lines allowed), a blank
 *     line or the next puzzle ending it.
 * On a line, whatever follows ':' is not part of the puzzle (`puzzle:count:solution` lines), and a
 * line whose first non-blank character is '#' is a comment.
 */
export interface PuzzleText {
  /** Where it came from, for messages: "puzzles.txt line 3", "stdin lines 1–9", "argument 2". */
  readonly where: string;
  /** Its text (the lines of a grid layout joined by newlines). */
  readonly text: string;
}

/**
 * The puzzles of a file, or of stdin for '-' (see splitPuzzles), all at once. A source with no puzzle at all
 * (empty, blank lines or comments only) is an InputError: a run that silently does nothing hides a wrong path or an
 * empty pipe. The commands read with `puzzleTexts` instead, a puzzle at a time.
 */
export async function readPuzzles(shape: BoxShape, path: string): Promise<PuzzleText[]> {
  const out: PuzzleText[] = [];
  for await (const p of puzzleTexts(shape, path)) out.push(p);
  return out;
}

/**
 * The puzzles of a file, or of stdin for '-', one at a time as they are read (memory: one line, at most
 * MAX_LINE_CHARS, and one grid layout). Errors as readPuzzles, each when its line is reached; `noun` names what
 * the command reads in them ("puzzles", or "grids" for a command of complete grids).
 */
export async function* puzzleTexts(shape: BoxShape, path: string, noun = 'puzzles'): AsyncGenerator<PuzzleText> {
  const name = sourceName(path);
  const split = new PuzzleSplitter(shape, name);
  let lines = 0,
    found = 0;
  for await (const line of sourceLines(path)) {
    const p = split.line(line, ++lines);
    if (p !== null) {
      found++;
      yield p;
    }
  }
  split.end(lines);
  if (found === 0) throw new InputError(nothingIn(name, lines, noun));
}

/** "no puzzles in stdin: it is empty", or "no puzzles in f.txt (3 lines, all blank or comments)". */
export function nothingIn(name: string, lines: number, what: string): string {
  return lines === 0
    ? `no ${what} in ${name}: it is empty`
    : `no ${what} in ${name} (${lines} line${lines === 1 ? '' : 's'}, all blank or comments)`;
}

/** The source as messages name it: "stdin" for '-', else the path (escaped and cut when strange). */
export function sourceName(path: string): string {
  return path === '-' ? 'stdin' : shownText(path, 200);
}

/**
 * Longest line read (1 Mi characters): a puzzle line of the biggest shape is a few kB, so a longer one is not a
 * file of puzzles (`/dev/zero`, a binary), and reading stops there with one error instead of filling the memory.
 */
export const MAX_LINE_CHARS = 1 << 20;

/** Why a file cannot be read, in words (never a raw code alone). */
export function readProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : fileProblem(e);
}

/**
 * The lines of a file, or of stdin for '-', without their '\n' (a '\r' before it is kept; a leading byte-order
 * mark is dropped), read a chunk at a time. A line longer than MAX_LINE_CHARS is an InputError naming it; so is a
 * device (a file that never ends), a folder, a missing file or an empty path.
 */
export async function* sourceLines(path: string): AsyncGenerator<string> {
  const name = sourceName(path);
  if (path === '') throw new InputError("cannot read '': the file name is empty");
  let stream: AsyncIterable<Buffer | string>;
  if (path === '-') stream = processIo().stdin;
  else {
    try {
      // a device (/dev/zero, /dev/urandom) never ends: only regular files, pipes and FIFOs are read
      const st = await stat(path);
      if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket())
        throw new InputError(`cannot read ${name}: it is a device, not a file of puzzles`);
      if (st.isDirectory()) throw new InputError(`cannot read ${name}: it is a directory`);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read ${name}: ${readProblem(e)}`);
    }
    stream = createReadStream(path, { highWaterMark: 1 << 16 });
  }
  const decoder = new StringDecoder('utf8');
  let partial = '';
  let lineNo = 0;
  let first = true;
  try {
    for await (const chunk of stream) {
      let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (first && text.length > 0) {
        text = withoutBom(text);
        first = false;
      }
      let from = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
        const line = partial + text.slice(from, nl);
        partial = '';
        lineNo++;
        if (line.length > MAX_LINE_CHARS) throw tooLong(name, lineNo);
        yield line;
        from = nl + 1;
      }
      partial += text.slice(from);
      if (partial.length > MAX_LINE_CHARS) throw tooLong(name, lineNo + 1);
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${name}: ${readProblem(e)}`);
  } finally {
    if (path !== '-') (stream as ReturnType<typeof createReadStream>).destroy();
  }
  partial += decoder.end();
  if (partial.length > 0) yield partial;
}

function tooLong(name: string, lineNo: number): InputError {
  return new InputError(
    `${name} line ${lineNo}: longer than ${MAX_LINE_CHARS.toLocaleString('en-US')} characters, far more than any ` +
      'puzzle or number: not a text of puzzles?',
  );
}

/**
 * Read a whole file, or stdin for '-', to READ_LIMITS.puzzleText (a pipe or FIFO too: it is read as a stream, and
 * reading stops at the cap). Throws InputError when the file cannot be read.
 */
export async function readPuzzleSource(path: string): Promise<string> {
  const name = sourceName(path);
  const max = READ_LIMITS.puzzleText;
  let stream: AsyncIterable<Buffer | string> = processIo().stdin;
  if (path !== '-') {
    if (path === '') throw new InputError("cannot read '': the file name is empty");
    try {
      // a device (/dev/zero, /dev/urandom) never ends: only regular files, pipes and FIFOs are read
      const st = await stat(path);
      if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket())
        throw new InputError(`cannot read ${name}: it is a device, not a file of puzzles`);
      if (st.size > max)
        throw new InputError(
          `cannot read ${name}: ${sizeWords(st.size)}, more than the ${sizeWords(max)} read at once`,
        );
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read ${name}: ${readProblem(e)}`);
    }
    stream = createReadStream(path);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += b.length;
      if (size > max) throw new InputError(`cannot read ${name}: more than the ${sizeWords(max)} read at once`);
      chunks.push(b);
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${name}: ${readProblem(e)}`);
  } finally {
    if (path !== '-') (stream as ReturnType<typeof createReadStream>).destroy();
  }
  return withoutBom(Buffer.concat(chunks).toString('utf8'));
}

/** Text without a leading UTF-8 byte-order mark (editors on some systems write one). */
function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Split a text into puzzles (see above). `name` names the source in messages ("puzzles.txt",
 * "stdin"). Throws InputError naming the line and character of a character that is not a digit of
 * the shape, or the line(s) of a puzzle with the wrong number of cells.
 */
export function splitPuzzles(shape: BoxShape, text: string, name: string): PuzzleText[] {
  const lines = text.split('\n');
  const split = new PuzzleSplitter(shape, name);
  const out: PuzzleText[] = [];
  lines.forEach((line, i) => {
    const p = split.line(line, i + 1);
    if (p !== null) out.push(p);
  });
  split.end(lines.length);
  return out;
}

/** splitPuzzles a line at a time: `line` returns the puzzle that line completes, if any; `end` after the last. */
class PuzzleSplitter {
  private readonly want: number;
  /** A grid layout in progress: its first line (1-based) and cells so far. */
  private first = 0;
  private cells = 0;
  private parts: string[] = [];

  constructor(
    private readonly shape: BoxShape,
    private readonly name: string,
  ) {
    this.want = shape.n * shape.n;
  }

  private lineRange(a: number, b: number): string {
    return a === b ? `${this.name} line ${a}` : `${this.name} lines ${a}–${b}`;
  }

  private wrongLength(a: number, b: number, k: number): InputError {
    const { shape, want } = this;
    return new InputError(
      `${this.lineRange(a, b)}: ${k} cells, a ${shape.name} grid has ${want} (one line of ${want}, or ${shape.n} ` +
        `lines of ${shape.n})`,
    );
  }

  line(text: string, lineNo: number): PuzzleText | null {
    const { want } = this;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    const colon = line.indexOf(':');
    const part = colon >= 0 ? line.slice(0, colon) : line;
    const trimmed = part.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (this.cells > 0) throw this.wrongLength(this.first, lineNo - 1, this.cells);
      return null;
    }
    const k = countCells(this.shape, part, `${this.name} line ${lineNo}`);
    if (k === 0) return null; // a separator line such as ------+-------+------
    if (this.cells === 0 && k === want) return { where: `${this.name} line ${lineNo}`, text: part };
    if (this.cells + k > want) {
      if (this.cells === 0) throw this.wrongLength(lineNo, lineNo, k);
      throw this.wrongLength(this.first, lineNo - 1, this.cells);
    }
    if (this.cells === 0) {
      this.first = lineNo;
      this.parts = [];
    }
    this.parts.push(part);
    this.cells += k;
    if (this.cells < want) return null;
    this.cells = 0;
    return { where: this.lineRange(this.first, lineNo), text: this.parts.join('\n') };
  }

  /** After the last line (`lines` of them): a grid layout left unfinished is an error. */
  end(lines: number): void {
    if (this.cells > 0) throw this.wrongLength(this.first, lines, this.cells);
  }
}

/** Cells on one line; throws InputError at a character or token that is neither a cell nor a separator. */
function countCells(shape: BoxShape, line: string, where: string): number {
  return countGridCells(shape, line, where);
}
