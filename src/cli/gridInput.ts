import { describeClash, findClash, parseGrid } from '../grid/parseGrid.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { describeRulesClash, findRulesClash, type Rules } from '../grid/rules.js';
import { readPuzzles, type PuzzleText } from '../io/readPuzzles.js';

/** A puzzle or grid read from the command line, with where it came from ("argument 2", "f.txt line 7"). */
export interface GridInput {
  readonly where: string;
  readonly cells: Uint8Array;
}

/**
 * The puzzles (or grids) of `solve`, `rate` and `rank`: the arguments in order ('-' reads stdin), then each
 * `--file` (one per line or in grid layout, docs/puzzles.md#grid-text). Every one is read and checked before the
 * command works on any, so bad input stops the run with nothing on stdout: a malformed grid, clashing givens, and
 * with `complete` an empty cell (a grid, not a puzzle) are one line naming where. No input at all is an error too.
 */
export async function readGridInputs(
  shape: BoxShape,
  args: readonly string[],
  files: readonly string[] | undefined,
  how: { readonly command: string; readonly complete?: boolean; readonly rules?: Rules },
): Promise<GridInput[]> {
  const texts: PuzzleText[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-') texts.push(...(await readPuzzles(shape, '-')));
    else texts.push({ where: `argument ${i + 1}`, text: args[i] });
  }
  for (const path of files ?? []) texts.push(...(await readPuzzles(shape, path)));
  const noun = how.complete ? 'grids' : 'puzzles';
  if (texts.length === 0)
    throw new InputError(`${how.command}: no ${noun}: give them as arguments, with --file FILE, or '-' to read stdin`);

  return texts.map(({ where, text }) => {
    const cells = parseGrid(shape, text, where);
    const rules = how.rules && !how.rules.plain ? how.rules : null;
    const broken = rules ? findRulesClash(rules, cells) : null;
    if (rules && broken) throw new InputError(`${where}: ${describeRulesClash(rules, broken)}`);
    const clash = rules ? null : findClash(shape, cells);
    if (clash) {
      const what = describeClash(shape, clash);
      throw new InputError(`${where}: ${how.complete ? what.replace(/^givens clash/, 'not a grid') : what}`);
    }
    if (how.complete) {
      const empty = cells.indexOf(0);
      if (empty >= 0) {
        const r = Math.floor(empty / shape.n) + 1,
          c = (empty % shape.n) + 1;
        throw new InputError(`${where}: cell r${r}c${c} is empty: only a complete grid has a number`);
      }
    }
    return { where, cells };
  });
}
