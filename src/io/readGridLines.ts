import { createReadStream } from 'node:fs';
import { processIo } from './processIo.js';
import { stat } from 'node:fs/promises';
import { InputError } from '../grid/shape.js';
import { fileProblem, shownPath } from './fileProblem.js';

/**
 * The lines of a file of grids (or of stdin for '-'), read as a stream: memory stays at one chunk and one line
 * whatever the size of the file. Used by `audit --file`, which reads millions of grids, one a line.
 *
 *   - a UTF-8 byte-order mark at the start is dropped, a CR before the LF too (CRLF files);
 *   - blank lines, and lines whose first non-blank character is '#', are skipped; on a line, whatever follows ':'
 *     is not part of the grid (`grid:comment` lines), as in every other file of grids (src/io/readPuzzles.ts);
 *   - a line longer than MAX_GRID_LINE bytes, or a control byte other than tab, CR, LF and form feed (a binary
 *     file), stops the read with one InputError naming the source and the line.
 */
export interface GridLine {
  /** "grids.txt" or "stdin". */
  readonly source: string;
  /** 1-based line number. */
  readonly line: number;
  /** The line's text before any ':' (no line ending). */
  readonly text: string;
}

/** Longest line read (1 MiB): a 36×36 grid in tokens is under 5 KB, so a longer line is not a grid. */
export const MAX_GRID_LINE = 1 << 20;

/** The grid lines (see above) of `path`, or of stdin for '-'. Throws InputError when the source cannot be read. */
export async function* readGridLines(path: string): AsyncGenerator<GridLine> {
  const source = path === '-' ? 'stdin' : path;
  let input: AsyncIterable<Buffer | string>;
  let close = () => {};
  if (path === '-') input = processIo().stdin;
  else {
    try {
      // a device (/dev/zero, /dev/urandom) never ends: only regular files, pipes and FIFOs are read
      const st = await stat(path);
      if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket())
        throw new InputError(`cannot read ${path}: it is a device, not a file of grids`);
      if (st.isDirectory()) throw new InputError(`cannot read ${path}: it is a directory`);
    } catch (e) {
      throw readError(path, e);
    }
    const stream = createReadStream(path);
    input = stream;
    close = () => stream.destroy();
  }
  let lineNo = 1;
  let pieces: Buffer[] = [];
  let pending = 0; // bytes of the current line in `pieces`
  const lineOf = (buf: Buffer): GridLine | null => {
    let end = buf.length;
    if (end > 0 && buf[end - 1] === 0x0d) end--;
    let start = 0;
    if (lineNo === 1 && end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
    let text = buf.toString('utf8', start, end);
    const colon = text.indexOf(':');
    if (colon >= 0) text = text.slice(0, colon);
    const first = text.search(/\S/);
    if (first < 0 || text[first] === '#') return null;
    return { source, line: lineNo, text };
  };
  try {
    for await (const chunk of input) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      let from = 0;
      for (let i = 0; i < buf.length; i++) {
        const b = buf[i];
        if (b === 0x0a) {
          if (pending + i - from > MAX_GRID_LINE) throw tooLong(source, lineNo);
          const whole = pending === 0 ? buf.subarray(from, i) : Buffer.concat([...pieces, buf.subarray(from, i)]);
          pieces = [];
          pending = 0;
          const got = lineOf(whole);
          if (got) yield got;
          lineNo++;
          from = i + 1;
        } else if ((b < 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0c) || b === 0x7f) {
          const column = pending + i - from + 1;
          throw new InputError(
            `${source} line ${lineNo}: byte 0x${b.toString(16).padStart(2, '0')} at column ${column}: ` +
              'a binary file, not grids as text',
          );
        }
      }
      if (from < buf.length) {
        pending += buf.length - from;
        if (pending > MAX_GRID_LINE) throw tooLong(source, lineNo);
        pieces.push(Buffer.from(buf.subarray(from)));
      }
    }
    if (pending > 0) {
      const got = lineOf(Buffer.concat(pieces));
      if (got) yield got;
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw readError(path, e);
  } finally {
    close();
  }
}

function tooLong(source: string, line: number): InputError {
  return new InputError(
    `${source} line ${line}: longer than ${MAX_GRID_LINE.toLocaleString('en-US')} bytes, which no grid is ` +
      '(one grid a line)',
  );
}

function readError(path: string, e: unknown): InputError {
  if (e instanceof InputError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : fileProblem(e);
  return new InputError(`cannot read ${shownPath(path)}: ${why}`);
}
