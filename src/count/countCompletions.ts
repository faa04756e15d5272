import { countExactCovers, exactCoverProblem } from '../dlx/exactCover.js';
import { describeClash, findClash, parseGrid } from '../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../grid/shape.js';

/**
 * Completions of a partial grid, one leaf at a time, by exact cover. The grid becomes the usual
 * exact-cover problem with only what the givens leave open:
 *   items   cell (r,c) filled · row r has d · column c has d · box b has d     (4n² at most)
 *   options (r,c,d) for every empty cell and every digit no given rules out   (4 items each)
 * It is generic (any shape, any givens) and shares nothing with the band method, which it checks.
 */
export interface CompletionCount {
  /** Completions found (at most `limit`). */
  readonly count: number;
  /** True when counting stopped at `limit`. */
  readonly limited: boolean;
  /** Search nodes (options tried). */
  readonly nodes: number;
}

export interface CountCompletionsOptions {
  /** Box shape (default 3×3). */
  readonly box?: BoxShape;
  /** Stop after this many completions. */
  readonly limit?: number;
}

export function countCompletions(
  grid: string | ArrayLike<number>,
  options: CountCompletionsOptions = {},
): CompletionCount {
  const shape = options.box ?? SHAPE_3X3;
  const cells = typeof grid === 'string' ? parseGrid(shape, grid) : grid;
  const { rows: R, cols: C, n } = shape;
  if (cells.length !== n * n) throw new InputError(`grid has ${cells.length} cells, a ${shape.name} grid has ${n * n}`);
  for (let i = 0; i < n * n; i++) {
    const d = cells[i];
    if (!Number.isInteger(d) || d < 0 || d > n)
      throw new InputError(`grid cell ${i + 1} holds ${d}, not a digit 0..${n}`);
  }
  const clash = findClash(shape, cells);
  if (clash) throw new InputError(describeClash(shape, clash));

  const boxOf = (r: number, c: number) => Math.floor(r / R) * R + Math.floor(c / C);
  const rowHas = new Int32Array(n),
    colHas = new Int32Array(n),
    boxHas = new Int32Array(n);
  for (let i = 0; i < n * n; i++) {
    const d = cells[i];
    if (!d) continue;
    const r = Math.floor(i / n),
      c = i % n,
      bit = 1 << (d - 1);
    rowHas[r] |= bit;
    colHas[c] |= bit;
    boxHas[boxOf(r, c)] |= bit;
  }
  // number the open items 1..m
  const id = new Int32Array(4 * n * n);
  let m = 0;
  for (let i = 0; i < n * n; i++) if (!cells[i]) id[i] = ++m;
  for (let u = 0; u < n; u++) {
    for (let d = 0; d < n; d++) {
      const bit = 1 << d;
      if (!(rowHas[u] & bit)) id[n * n + u * n + d] = ++m;
      if (!(colHas[u] & bit)) id[2 * n * n + u * n + d] = ++m;
      if (!(boxHas[u] & bit)) id[3 * n * n + u * n + d] = ++m;
    }
  }
  const opts: Int32Array[] = [];
  for (let i = 0; i < n * n; i++) {
    if (cells[i]) continue;
    const r = Math.floor(i / n),
      c = i % n,
      b = boxOf(r, c);
    const blocked = rowHas[r] | colHas[c] | boxHas[b];
    for (let d = 0; d < n; d++) {
      if (blocked & (1 << d)) continue;
      opts.push(Int32Array.of(id[i], id[n * n + r * n + d], id[2 * n * n + c * n + d], id[3 * n * n + b * n + d]));
    }
  }
  if (m === 0) return { count: 1, limited: false, nodes: 0 };
  const res = countExactCovers(exactCoverProblem(m, opts), options.limit ?? Infinity);
  return res;
}
