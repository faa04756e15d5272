import { countExactCovers, exactCoverProblem } from '../dlx/exactCover.js';
import type { BoxShape } from '../grid/shape.js';
import type { SolutionCount } from './solutionCounter.js';

/**
 * Sudoku as exact cover, counted by the generic DLX (src/dlx): the independent oracle every counter is tested
 * against, and the engine for shapes too big for a candidate bitmask (n ≥ 32). The usual exact-cover problem of
 * what the givens leave open; same interface as SolutionCounter.
 *   items    cell (r,c) filled · row r has d · column c has d · box b has d
 *   options  (r,c,d) for every empty cell and every digit no given rules out
 */
export class ExactCoverCounter {
  /** Not called: the exact-cover search has no progress hook. */
  onTick: ((nodes: number) => void) | null = null;

  constructor(readonly shape: BoxShape) {}

  count(
    cells: ArrayLike<number>,
    limit = Infinity,
    solution?: Uint8Array,
  ): SolutionCount & { readonly solved: boolean } {
    const { rows: R, cols: C, n } = this.shape;
    const N = n * n;
    const boxOf = (r: number, c: number) => Math.floor(r / R) * R + Math.floor(c / C);
    // digits the givens hold, per unit; n ≤ 35 digits need more than 32 bits, so one flag per digit
    const has = new Uint8Array(3 * n * (n + 1));
    for (let i = 0; i < N; i++) {
      const d = cells[i];
      if (!d) continue;
      const r = Math.floor(i / n),
        c = i % n,
        b = boxOf(r, c);
      const slots = [r * (n + 1) + d, (n + c) * (n + 1) + d, (2 * n + b) * (n + 1) + d];
      for (const x of slots) {
        if (has[x]) return { count: 0, limited: limit <= 0, nodes: 0, solved: false }; // clashing givens
        has[x] = 1;
      }
    }
    const id = new Int32Array(4 * N);
    let m = 0;
    for (let i = 0; i < N; i++) if (!cells[i]) id[i] = ++m;
    for (let u = 0; u < 3 * n; u++) {
      for (let d = 1; d <= n; d++) if (!has[u * (n + 1) + d]) id[N + u * n + d - 1] = ++m;
    }
    const options: Int32Array[] = [];
    const optionCell: number[] = [];
    const optionDigit: number[] = [];
    for (let i = 0; i < N; i++) {
      if (cells[i]) continue;
      const r = Math.floor(i / n),
        c = i % n,
        b = boxOf(r, c);
      for (let d = 1; d <= n; d++) {
        if (has[r * (n + 1) + d] || has[(n + c) * (n + 1) + d] || has[(2 * n + b) * (n + 1) + d]) continue;
        options.push(
          Int32Array.of(id[i], id[N + r * n + d - 1], id[N + (n + c) * n + d - 1], id[N + (2 * n + b) * n + d - 1]),
        );
        optionCell.push(i);
        optionDigit.push(d);
      }
    }
    let solved = false;
    if (m === 0) {
      if (solution && limit > 0) {
        for (let i = 0; i < N; i++) solution[i] = cells[i];
        solved = true;
      }
      return { count: limit > 0 ? 1 : 0, limited: limit <= 1, nodes: 0, solved };
    }
    const onSolution = solution
      ? (chosen: Int32Array, size: number) => {
          if (solved) return;
          for (let i = 0; i < N; i++) solution[i] = cells[i];
          for (let k = 0; k < size; k++) solution[optionCell[chosen[k]]] = optionDigit[chosen[k]];
          solved = true;
        }
      : undefined;
    const r = countExactCovers(exactCoverProblem(m, options), limit, onSolution);
    return { count: r.count, limited: r.limited, nodes: r.nodes, solved };
  }
}
