import { countExactCovers, exactCoverProblem } from '../../dist/dlx/exactCover.js';

/**
 * The independent oracle for puzzle tests: a Sudoku as an exact-cover problem, built here (sharing nothing with
 * src/solve or src/puzzle) and counted by the generic DLX of src/dlx, which knows nothing of Sudoku.
 *   items    cell (r,c) filled · row r has d · column c has d · box b has d   (only those the givens leave open)
 *   options  (r,c,d) for every empty cell and every digit no given in its row, column or box rules out
 * One flag per (unit, digit), so any n works (no bit masks). Clashing givens count 0.
 */
export function dlxCount(
  R: number,
  C: number,
  cells: ArrayLike<number>,
  limit = Infinity,
): { count: number; solution: number[] | null } {
  const n = R * C;
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
      if (has[s]) return { count: 0, solution: null };
      has[s] = 1;
    }
  }
  const id = new Int32Array(N + 3 * n * (n + 1));
  let m = 0;
  for (let i = 0; i < N; i++) if (!cells[i]) id[i] = ++m;
  for (let s = 0; s < 3 * n * (n + 1); s++) if (s % (n + 1) !== 0 && !has[s]) id[N + s] = ++m;
  const options: number[][] = [];
  const what: Array<[number, number]> = [];
  for (let i = 0; i < N; i++) {
    if (cells[i]) continue;
    const r = Math.floor(i / n),
      c = i % n,
      b = boxOf(r, c);
    for (let d = 1; d <= n; d++) {
      const ss = [slot(0, r, d), slot(1, c, d), slot(2, b, d)];
      if (ss.some((s) => has[s])) continue;
      options.push([id[i], ...ss.map((s) => id[N + s])]);
      what.push([i, d]);
    }
  }
  if (m === 0) return { count: 1, solution: Array.from(cells) };
  let solution: number[] | null = null;
  const r = countExactCovers(exactCoverProblem(m, options), limit, (chosen, size) => {
    if (solution) return;
    solution = Array.from(cells);
    for (let k = 0; k < size; k++) {
      const [cell, d] = what[chosen[k]];
      solution[cell] = d;
    }
  });
  return { count: r.count, solution };
}
