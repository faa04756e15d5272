import { describeClash, findClash, parseGrid } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { describeRulesClash, findRulesClash, type Rules } from '../grid/rules.js';
import { puzzleTexts, type PuzzleText } from './readPuzzles.js';

/** A puzzle or grid read from the command line, with where it came from ("argument 2", "f.txt line 7"). */
export interface GridInput {
  readonly where: string;
  readonly cells: Uint8Array;
}

/** Inputs a command reads, checks and works on before it reads more (see gridInputChunks). */
export const INPUT_CHUNK = 4096;

/**
 * The sources of a command's input in order: the arguments ('-' reads stdin), then each --file. stdin can be read
 * once, so '-' given twice (as an argument or a --file) is an error; so is no input at all.
 */
export function inputSources(
  args: readonly string[],
  files: readonly string[] | undefined,
  noInput: string,
): Array<{ readonly arg: string; readonly where: string } | { readonly path: string }> {
  const out: Array<{ arg: string; where: string } | { path: string }> = [];
  let stdin = 0;
  args.forEach((a, i) => {
    if (a === '-') {
      stdin++;
      out.push({ path: '-' });
    } else out.push({ arg: a, where: `argument ${i + 1}` });
  });
  for (const path of files ?? []) {
    if (path === '-') stdin++;
    out.push({ path });
  }
  if (stdin > 1) throw new InputError("stdin ('-') is given more than once: it can be read only once");
  if (out.length === 0) throw new InputError(noInput);
  return out;
}

/**
 * The puzzles (or grids) of `solve`, `rate` and `rank` (see inputSources; one per line or in grid layout,
 * docs/puzzles.md#grid-text), read and checked a chunk of INPUT_CHUNK at a time: a command works on a chunk and
 * writes its lines before reading the next, so its memory does not grow with the input. Bad input stops the run
 * with one line naming where: a malformed grid, clashing givens, and with `complete` an empty cell (a grid, not a
 * puzzle). An input of at most INPUT_CHUNK puzzles is checked whole before any work, so its stdout stays empty.
 */
export async function* gridInputChunks(
  shape: BoxShape,
  args: readonly string[],
  files: readonly string[] | undefined,
  how: { readonly command: string; readonly complete?: boolean; readonly rules?: Rules },
): AsyncGenerator<GridInput[]> {
  const noun = how.complete ? 'grids' : 'puzzles';
  const sources = inputSources(
    args,
    files,
    `${how.command}: no ${noun}: give them as arguments, with --file FILE, or '-' to read stdin`,
  );
  let chunk: GridInput[] = [];
  for (const source of sources) {
    const texts: Iterable<PuzzleText> | AsyncIterable<PuzzleText> =
      'arg' in source ? [{ where: source.where, text: source.arg }] : puzzleTexts(shape, source.path, noun);
    for await (const text of texts) {
      chunk.push(checkedGrid(shape, text, how.complete === true, how.rules));
      if (chunk.length === INPUT_CHUNK) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}

function checkedGrid(shape: BoxShape, { where, text }: PuzzleText, complete: boolean, given?: Rules): GridInput {
  const cells = parseGrid(shape, text, where);
  // variants: every house and pair of the rules (a jigsaw has no boxes); plain rules: the shape's houses
  const rules = given && !given.plain ? given : null;
  const broken = rules ? findRulesClash(rules, cells) : null;
  if (rules && broken) throw new InputError(`${where}: ${describeRulesClash(rules, broken)}`);
  const clash = rules ? null : findClash(shape, cells);
  if (clash) {
    const what = describeClash(shape, clash);
    throw new InputError(`${where}: ${complete ? what.replace(/^givens clash/, 'not a grid') : what}`);
  }
  if (complete) {
    const empty = cells.indexOf(0);
    if (empty >= 0) {
      const r = Math.floor(empty / shape.n) + 1,
        c = (empty % shape.n) + 1;
      throw new InputError(`${where}: cell r${r}c${c} is empty: only a complete grid has a number`);
    }
  }
  return { where, cells };
}

/** All of gridInputChunks at once (for input known to be small). */
export async function readGridInputs(
  shape: BoxShape,
  args: readonly string[],
  files: readonly string[] | undefined,
  how: { readonly command: string; readonly complete?: boolean; readonly rules?: Rules },
): Promise<GridInput[]> {
  const all: GridInput[] = [];
  for await (const chunk of gridInputChunks(shape, args, files, how)) all.push(...chunk);
  return all;
}

/** gridInputChunks one input at a time (each chunk is still read and checked whole before the first is given). */
export async function* gridInputs(
  shape: BoxShape,
  args: readonly string[],
  files: readonly string[] | undefined,
  how: { readonly command: string; readonly complete?: boolean; readonly rules?: Rules },
): AsyncGenerator<GridInput> {
  for await (const chunk of gridInputChunks(shape, args, files, how)) yield* chunk;
}
