import { readFile, stat } from 'node:fs/promises';
import { charDigit, digitChar } from '../grid/digits.js';
import { InputError, type BoxShape } from '../grid/shape.js';

/**
 * Puzzles from a file or stdin. A puzzle is n² cells, '.' or '0' for an empty cell, digits 1..9
 * then A..Z (A = 10); spaces, tabs, '|', '-' and '+' are separators. A text holds puzzles
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
 * The puzzles of a file, or of stdin for '-' (see splitPuzzles). A source with no puzzle at all (empty, blank
 * lines or comments only) is an InputError: a run that silently does nothing hides a wrong path or an empty pipe.
 */
export async function readPuzzles(shape: BoxShape, path: string): Promise<PuzzleText[]> {
  const name = path === '-' ? 'stdin' : path;
  const puzzles = splitPuzzles(shape, await readPuzzleSource(path), name);
  if (puzzles.length === 0) throw new InputError(`no puzzles in ${name}`);
  return puzzles;
}

/** Largest puzzle file read (1 GiB): a file is read whole, and a mistaken path should not fill the memory. */
const MAX_SOURCE_BYTES = 2 ** 30;

/** Read a whole file, or stdin for '-'. Throws InputError when the file cannot be read. */
export async function readPuzzleSource(path: string): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return withoutBom(Buffer.concat(chunks).toString('utf8'));
  }
  try {
    // a device (/dev/zero, /dev/urandom) never ends: only regular files, pipes and FIFOs are read
    const st = await stat(path);
    if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket())
      throw new InputError(`cannot read ${path}: it is a device, not a file of puzzles`);
    if (st.size > MAX_SOURCE_BYTES)
      throw new InputError(`cannot read ${path}: ${st.size} bytes is more than the ${MAX_SOURCE_BYTES} read at once`);
    return withoutBom(await readFile(path, 'utf8'));
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new InputError(`cannot read ${path}: ${why}`);
  }
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
  const want = shape.n * shape.n;
  const lines = text.split('\n');
  const out: PuzzleText[] = [];
  let first = 0,
    cells = 0; // a grid layout in progress: its first line (1-based) and cells so far
  let parts: string[] = [];
  const lineRange = (a: number, b: number) => (a === b ? `${name} line ${a}` : `${name} lines ${a}–${b}`);
  const wrongLength = (a: number, b: number, k: number) =>
    new InputError(
      `${lineRange(a, b)}: ${k} cells, a ${shape.name} grid has ${want} (one line of ${want}, or ${shape.n} ` +
        `lines of ${shape.n})`,
    );
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    let line = lines[i];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const colon = line.indexOf(':');
    const part = colon >= 0 ? line.slice(0, colon) : line;
    const trimmed = part.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (cells > 0) throw wrongLength(first, lineNo - 1, cells);
      continue;
    }
    const k = countCells(shape, part, `${name} line ${lineNo}`);
    if (k === 0) continue; // a separator line such as ------+-------+------
    if (cells === 0 && k === want) {
      out.push({ where: `${name} line ${lineNo}`, text: part });
      continue;
    }
    if (cells + k > want) {
      if (cells === 0) throw wrongLength(lineNo, lineNo, k);
      throw wrongLength(first, lineNo - 1, cells);
    }
    if (cells === 0) {
      first = lineNo;
      parts = [];
    }
    parts.push(part);
    cells += k;
    if (cells === want) {
      out.push({ where: lineRange(first, lineNo), text: parts.join('\n') });
      cells = 0;
    }
  }
  if (cells > 0) throw wrongLength(first, lines.length, cells);
  return out;
}

const SEPARATORS = ' \t|-+';

/** Cells on one line; throws InputError at a character that is neither a cell of the shape nor a separator. */
function countCells(shape: BoxShape, line: string, where: string): number {
  let k = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (SEPARATORS.includes(ch)) continue;
    const d = charDigit(ch);
    if (d < 0 || d > shape.n) {
      throw new InputError(
        `${where}: character ${i + 1} '${ch}' is not a digit of a ${shape.name} grid ` +
          `(1..${digitChar(shape.n)}, '.' or '0' for empty)`,
      );
    }
    k++;
  }
  return k;
}
