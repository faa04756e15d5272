/**
 * Independent oracles for grids fixed by a symmetry up to relabelling, sharing no code with the tied search:
 * brute force over a list of grids, and the exact-cover engine on the orbit options.
 */
import { countExactCovers, exactCoverProblem } from '../../src/dlx/exactCover.js';

/**
 * For each grid X (n² digits 1..n, back to back) and the cell map g: the cycle type of the relabelling τ with
 * X(g(c)) = τ(X(c)) for all c, as "3,3,2,1", or null when there is none. Returns counts by cycle type.
 */
export function fixedByType(grids: Uint8Array, n: number, cellMap: ArrayLike<number>): Map<string, number> {
  const N = n * n;
  const out = new Map<string, number>();
  const tau = new Int32Array(n + 1);
  for (let i = 0; i < grids.length / N; i++) {
    const X = grids.subarray(i * N, (i + 1) * N);
    tau.fill(0);
    let ok = true;
    for (let c = 0; c < N && ok; c++) {
      const from = X[c],
        to = X[cellMap[c]];
      if (tau[from] === 0) tau[from] = to;
      else if (tau[from] !== to) ok = false;
    }
    if (!ok) continue;
    const seen = new Uint8Array(n + 1);
    const lengths: number[] = [];
    for (let d = 1; d <= n; d++) {
      let len = 0;
      for (let e = d; !seen[e]; e = tau[e]) {
        seen[e] = 1;
        len++;
      }
      if (len) lengths.push(len);
    }
    const key = lengths.sort((a, b) => b - a).join(',');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/**
 * |Fix(g, τ)| by exact cover: one option per orbit of g on cells and digit d for its first cell, covering the
 * items (cell), (row, digit), (column, digit), (box, digit) of every cell of the orbit with τ^j(d) in g^j(c);
 * options that would cover an item twice are left out. τ is a permutation of 0..n−1.
 */
export function fixedByExactCover(
  shape: { rows: number; cols: number; n: number },
  cellMap: ArrayLike<number>,
  tau: ArrayLike<number>,
): number {
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  const options: number[][] = [];
  const seen = new Uint8Array(N);
  for (let c0 = 0; c0 < N; c0++) {
    if (seen[c0]) continue;
    const cells: number[] = [];
    for (let c = c0; !seen[c]; c = cellMap[c]) {
      seen[c] = 1;
      cells.push(c);
    }
    for (let d = 0; d < n; d++) {
      const items = new Set<number>();
      let e = d,
        legal = true;
      for (const c of cells) {
        const r = Math.floor(c / n),
          col = c % n,
          b = Math.floor(r / R) * R + Math.floor(col / C);
        for (const item of [1 + c, 1 + N + r * n + e, 1 + 2 * N + col * n + e, 1 + 3 * N + b * n + e]) {
          if (items.has(item)) legal = false;
          items.add(item);
        }
        e = tau[e];
      }
      // closing the orbit must give d back
      if (legal && e === d) options.push([...items]);
    }
  }
  const r = countExactCovers(exactCoverProblem(4 * N, options));
  return r.count;
}
