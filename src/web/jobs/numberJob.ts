/**
 * The Grid-by-number page's job: a uniformly random grid from a seed (the first grid `sample --seed S` prints),
 * the grid with a given number (`unrank`), the number of a grid (`rank`). The grid index of a shape is built
 * once per page and kept.
 */
import { formatGrid, parseGrid, fullGridProblem } from '../../grid/parseGrid.js';
import { InputError } from '../../grid/shape.js';
import { resolveShape } from '../../grid/support.js';
import { gridIndex, type GridIndex } from '../../rank/gridIndex.js';
import { sampleGrids } from '../../rank/sampleGrids.js';
import { assertSeed } from '../../random/streamStates.js';

export type NumberJobInput =
  | { readonly op: 'sample'; readonly box: string; readonly seed: number }
  | { readonly op: 'unrank'; readonly box: string; readonly index: string }
  | { readonly op: 'rank'; readonly box: string; readonly grid: string };

export interface NumberJobResult {
  readonly box: string;
  readonly n: number;
  /** The grid's number, 0 ≤ index < N, in decimal. */
  readonly index: string;
  /** Its cells, 1..n in reading order. */
  readonly cells: Uint8Array;
  /** The grid as one line (formatGrid). */
  readonly grid: string;
  /** N, in decimal. */
  readonly total: string;
}

const indexes = new Map<string, GridIndex>();

function indexOf(box: string): GridIndex {
  const shape = resolveShape('rank', box);
  let index = indexes.get(shape.name);
  if (!index) indexes.set(shape.name, (index = gridIndex({ box: shape })));
  return index;
}

/** A grid number as typed: a whole decimal number ≥ 0, below N. */
function parseIndex(text: string, total: bigint): bigint {
  const t = text.trim().replace(/[\s,_]/g, '');
  if (t === '') throw new InputError('grid number: empty: expected a whole number ≥ 0');
  if (/^-\d+$/.test(t)) throw new InputError(`grid number: ${t} is negative: grid numbers start at 0`);
  if (!/^\+?\d+$/.test(t) || t.length > 1000) throw new InputError('grid number: not a whole decimal number');
  const i = BigInt(t.replace('+', ''));
  if (i >= total) throw new InputError(`grid number: ${i} is not below N = ${total}: numbers run from 0 to N − 1`);
  return i;
}

export async function run(input: NumberJobInput): Promise<NumberJobResult> {
  const index = indexOf(input.box);
  const { shape } = index;
  let cells: Uint8Array;
  let number: bigint;
  if (input.op === 'sample') {
    assertSeed(input.seed);
    let first: { index: bigint; grid: Uint8Array } | undefined;
    for await (const block of sampleGrids({ box: shape, count: 1, seed: input.seed })) first ??= block[0];
    if (!first) throw new Error('internal: no grid sampled');
    cells = first.grid.slice();
    number = first.index;
  } else if (input.op === 'unrank') {
    number = parseIndex(input.index, index.total);
    cells = index.unrank(number);
  } else {
    cells = parseGrid(shape, input.grid, 'grid');
    const problem = fullGridProblem(shape, cells);
    if (problem) throw new InputError(`grid: ${problem}`);
    number = index.rank(cells);
  }
  return {
    box: shape.name,
    n: shape.n,
    index: number.toString(),
    cells,
    grid: formatGrid(shape, cells),
    total: index.total.toString(),
  };
}
