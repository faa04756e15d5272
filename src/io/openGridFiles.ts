import { cellName, fullGridProblem, parseGrid } from '../grid/parseGrid.js';
import { boxShape, InputError, MAX_SIDE, type BoxShape } from '../grid/shape.js';
import { readGridLines, type GridLine } from './readGridLines.js';

/**
 * Full grids from files (and stdin for '-'), one a line, streamed (`audit --file`). Lines come from
 * `readGridLines` (BOM, CRLF, comments, binary files and huge lines handled there). A line is a grid
 *
 *   - in characters, n ≤ 35: 81 digits for 9×9, letters A..Z (a..z) after 9 for 16×16 and up; '|', '-', '+' and
 *     blanks separate and are skipped (parseGrid);
 *   - in tokens: whitespace-separated numbers 1..n ("1 16 3 …"), for n ≥ 10 (a line with a number of two digits
 *     standing alone) and always for n = 36.
 *
 * The box shape is `box` when given. Otherwise it is read off the first grid: n² cells with n a square make
 * √n×√n boxes (16 cells: 2x2, 81: 3x3, 256: 4x4); other n (36 cells: 2x3 or 3x2) need `box`. Every later line
 * must have the same shape: a run judges one source.
 *
 * Every grid is validated: a character that is not a digit, a wrong number of cells (another shape), an empty
 * cell (a partial grid) or two equal digits in a row, column or box is named by source, line and cell. Without
 * `skipInvalid` it throws InputError; with it the line is skipped and counted (the first one is kept for the
 * report). A binary file or a huge line always throws: that is not a file of grids.
 */
export interface GridFileOptions {
  readonly box?: BoxShape | undefined;
  readonly skipInvalid?: boolean;
}

export interface GridFiles {
  readonly shape: BoxShape;
  /** The grids, validated, in file order (each a fresh array of n² digits 1..n). */
  readonly grids: AsyncIterable<Uint8Array>;
  /** Lines skipped so far (with skipInvalid), and what was wrong with the first. */
  readonly skipped: { count: number; first: string | null };
}

/** Opens the sources and reads up to the first grid (for the shape). Throws InputError when there is no grid. */
export async function openGridFiles(paths: readonly string[], options: GridFileOptions = {}): Promise<GridFiles> {
  if (paths.length === 0) throw new InputError('audit --file: no file given');
  if (paths.filter((p) => p === '-').length > 1) throw new InputError("stdin ('-') can be read only once");
  const skipped = { count: 0, first: null as string | null };
  const lines = allLines(paths);
  let shape = options.box ?? null;
  const inferred = shape === null;
  // the first line that makes a grid fixes the shape (with --skip-invalid the lines before it are skipped)
  let first: { line: GridLine; cells: Uint8Array } | null = null;
  for (;;) {
    const next = await lines.next();
    if (next.done) break;
    const line = next.value;
    try {
      const s = shape ?? inferShape(line);
      const cells = gridOf(s, line, inferred);
      shape = s;
      first = { line, cells };
      break;
    } catch (e) {
      if (!(e instanceof InputError) || !options.skipInvalid || isFatal(e)) throw e;
      skip(skipped, e);
    }
  }
  if (first === null || shape === null) {
    const names = paths.map((p) => (p === '-' ? 'stdin' : p)).join(', ');
    throw new InputError(
      skipped.count > 0
        ? `no valid grid in ${names}: ${skipped.count} line${skipped.count > 1 ? 's' : ''} skipped, the first: ` +
            skipped.first
        : `no grids in ${names} (one grid a line; blank lines and # comments are skipped)`,
    );
  }
  const s = shape;
  const firstCells = first.cells;
  async function* grids(): AsyncGenerator<Uint8Array> {
    yield firstCells;
    for (;;) {
      const next = await lines.next();
      if (next.done) return;
      try {
        yield gridOf(s, next.value, inferred);
      } catch (e) {
        if (!(e instanceof InputError) || !options.skipInvalid || isFatal(e)) throw e;
        skip(skipped, e);
      }
    }
  }
  return { shape: s, grids: grids(), skipped };
}

async function* allLines(paths: readonly string[]): AsyncGenerator<GridLine> {
  for (const p of paths) yield* readGridLines(p);
}

/** Binary files and huge lines end the run even with --skip-invalid (their messages say so). */
function isFatal(e: InputError): boolean {
  return /a binary file|no grid is|cannot read/.test(e.message);
}

function skip(skipped: { count: number; first: string | null }, e: InputError): void {
  skipped.count++;
  skipped.first ??= e.message;
}

const TOKEN_LINE = /(?:^|[\s|])\d{2,3}(?=[\s|]|$)/;

function tokenCount(text: string): number {
  let k = 0;
  for (const t of text.split(/[\s|]+/)) if (t !== '' && !/^[-+|]+$/.test(t)) k++;
  return k;
}

function charCount(text: string): number {
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    if (!SEPARATORS.includes(text[i])) k++;
  }
  return k;
}

const where = (line: GridLine) => `${line.source} line ${line.line}`;

/** The box shape of a first grid line (see above). */
function inferShape(line: GridLine): BoxShape {
  const tokens = TOKEN_LINE.test(line.text);
  const k = tokens ? tokenCount(line.text) : charCount(line.text);
  const n = Math.round(Math.sqrt(k));
  if (n * n !== k || n < 2 || n > MAX_SIDE)
    throw new InputError(
      `${where(line)}: ${k} ${tokens ? 'numbers' : 'cells'} is not a grid of any size (n² cells, n from 2 to ` +
        `${MAX_SIDE}; one grid a line)`,
    );
  const r = Math.round(Math.sqrt(n));
  if (r * r !== n)
    throw new InputError(
      `${where(line)}: ${k} cells make a ${n}×${n} grid whose boxes could be any of ${boxOptions(n)}: ` +
        'say which with --box',
    );
  return boxShape(r, r);
}

function boxOptions(n: number): string {
  const out: string[] = [];
  for (let r = 2; r < n; r++) if (n % r === 0) out.push(`${r}x${n / r}`);
  return out.join(', ') || `1x${n}`;
}

/** The grid on a line, validated (see above); InputError naming the line and the cell. */
function gridOf(shape: BoxShape, line: GridLine, inferred: boolean): Uint8Array {
  const at = where(line);
  const tokens = shape.n === MAX_SIDE || (shape.n >= 10 && TOKEN_LINE.test(line.text));
  const want = shape.n * shape.n;
  // the number of cells first: a grid of another shape is named as such, not by its first foreign digit
  const k = tokens ? tokenCount(line.text) : charCount(line.text);
  if (k !== want)
    throw new InputError(
      inferred
        ? `${at}: ${k} cells, but the grids before it are ${shape.name} (${want} cells): one shape a run`
        : `${at}: ${k} cells, a ${shape.name} grid has ${want}`,
    );
  let cells: Uint8Array;
  try {
    cells = parseGrid(shape, line.text, at, tokens);
  } catch (e) {
    throw atCell(shape, line, e);
  }
  const problem = fullGridProblem(shape, cells);
  if (problem !== null) throw new InputError(`${at}: ${problem}`);
  return cells;
}

/** parseGrid's message for a bad character or token, with the cell it stands in ("cell r1c3: character 3 'x' …"). */
function atCell(shape: BoxShape, line: GridLine, e: unknown): unknown {
  if (!(e instanceof InputError)) return e;
  const m = /^(.*?): (character|token) (\d+) (.*)$/.exec(e.message);
  if (!m) return e;
  let cell = Number(m[3]) - 1; // a token's number is its cell's
  if (m[2] === 'character') {
    cell = 0;
    for (let i = 0; i < Number(m[3]) - 1; i++) if (!SEPARATORS.includes(line.text[i])) cell++;
  }
  return new InputError(`${m[1]}: cell ${cellName(shape, cell)}: ${m[2]} ${m[3]} ${m[4]}`);
}

const SEPARATORS = ' |\t-+\f\r';
