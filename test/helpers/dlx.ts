import { countExactCovers, exactCoverProblem } from '../../src/dlx/exactCover.js';
import { parseGrid } from '../../src/grid/parseGrid.js';
import { parseBoxShape, type BoxShape } from '../../src/grid/shape.js';

/**
 * The independent oracle: Sudoku as exact cover, the matrix built here and counted by the generic DLX of src/dlx
 * (which knows nothing of Sudoku and shares no code with the production engines). Counts one leaf at a time, so
 * keep the counts small.
 *   items    cell (r,c) filled · row r has d · column c has d · box b has d   (only those the givens leave open)
 *   options  (r,c,d) for every empty cell and every digit no given in its row, column or box rules out
 * One flag per (unit, digit), no bit masks, so any n works. Givens that clash count 0.
 */
export function dlxCount(
  grid: string | ArrayLike<number>,
  options: { readonly box?: BoxShape | string; readonly limit?: number } = {},
): { count: number; limited: boolean; solution: number[] | null } {
  const shape = typeof options.box === 'string' ? parseBoxShape(options.box) : (options.box ?? parseBoxShape('3x3'));
  const cells = typeof grid === 'string' ? parseGrid(shape, grid) : grid;
  const limit = options.limit ?? Infinity;
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  const boxOf = (r: number, c: number) => Math.floor(r / R) * R + Math.floor(c / C);
  const has = new Uint8Array(3 * n * (n + 1));
  const slot = (kind: number, unit: number, d: number) => (kind * n + unit) * (n + 1) + d;
  for (let i = 0; i < N; i++) {
    const d = cells[i];
    if (!d) continue;
    const r = Math.floor(i / n),
      c = i % n;
    for (const s of [slot(0, r, d), slot(1, c, d), slot(2, boxOf(r, c), d)]) {
      if (has[s]) return { count: 0, limited: false, solution: null };
      has[s] = 1;
    }
  }
  const id = new Int32Array(N + 3 * n * (n + 1));
  let m = 0;
  for (let i = 0; i < N; i++) if (!cells[i]) id[i] = ++m;
  for (let s = 0; s < 3 * n * (n + 1); s++) if (s % (n + 1) !== 0 && !has[s]) id[N + s] = ++m;
  const opts: number[][] = [];
  const what: Array<[number, number]> = [];
  for (let i = 0; i < N; i++) {
    if (cells[i]) continue;
    const r = Math.floor(i / n),
      c = i % n,
      b = boxOf(r, c);
    for (let d = 1; d <= n; d++) {
      const ss = [slot(0, r, d), slot(1, c, d), slot(2, b, d)];
      if (ss.some((s) => has[s])) continue;
      opts.push([id[i], ...ss.map((s) => id[N + s])]);
      what.push([i, d]);
    }
  }
  if (m === 0) return { count: limit >= 1 ? 1 : 0, limited: limit <= 1, solution: Array.from(cells) };
  let solution: number[] | null = null;
  const r = countExactCovers(exactCoverProblem(m, opts), limit, (chosen, size) => {
    if (solution) return;
    const s = Array.from(cells);
    for (let k = 0; k < size; k++) {
      const [cell, d] = what[chosen[k]];
      s[cell] = d;
    }
    solution = s;
  });
  return { count: r.count, limited: r.limited, solution };
}
