import type { AntiKingEdgeLayout } from './antiKingEdgeLayout.js';

/**
 * n(B₁): the grids whose top band is B₁ (R rows, any digits), anti-king on an R×3 box shape, by a route across the
 * bands rather than through the middle-band classes (docs/variant-counts.md, "9×9 anti-king: the edge table", the
 * checks): every middle band B₂ that fits under B₁ (rows, boxes, columns, anti-king, by a depth-first search), and for
 * each, one lookup of the bottom bands that fit under it: U[π(K̄)], K̄_c the digits neither B₁ nor B₂ holds in
 * column c, π the relabelling taking B₂'s last row to 1..n. A check of U and of the join's reasoning against the
 * solver's n_C of top-block classes (data/anti-king-9x9/results), sharing neither the middle-band list nor the join.
 */
export function antiKingTopBandCompletions(layout: AntiKingEdgeLayout, table: Uint16Array, top: Uint8Array): number {
  const { R, n, M, partIndex } = layout;
  const full = ((1 << n) - 1) << 1;
  const L = R * n;
  const topCol = new Int32Array(n);
  for (let i = 0; i < L; i++) topCol[i % n] |= 1 << top[i];
  const g = new Uint8Array(L);
  const rowUsed = new Int32Array(R);
  const boxUsed = new Int32Array(R);
  const colUsed = new Int32Array(n);
  const pi = new Int32Array(n + 1);
  const piMask = (m: number): number => {
    let out = 0;
    for (let d = 1; d <= n; d++) if (m & (1 << d)) out |= 1 << pi[d];
    return out;
  };
  let sum = 0;
  const leaf = (): void => {
    for (let c = 0; c < n; c++) pi[g[(R - 1) * n + c]] = c + 1;
    let index = 0;
    for (let j = 0; j < R; j++) {
      let key = 0;
      for (let i = 0; i < 3; i++) key |= piMask(full & ~topCol[3 * j + i] & ~colUsed[3 * j + i]) << (10 * i);
      const part = partIndex[j].get(key);
      if (part === undefined) throw new Error('internal: bottom column sets without an edge part');
      index = index * M + part;
    }
    sum += table[index];
  };
  const fill = (i: number): void => {
    if (i === L) {
      leaf();
      return;
    }
    const r = Math.floor(i / n);
    const c = i % n;
    const b = Math.floor(c / 3);
    let banned = rowUsed[r] | boxUsed[b] | colUsed[c] | topCol[c];
    const above = r === 0 ? top : g;
    const at = r === 0 ? (R - 1) * n + c : i - n;
    if (c > 0) banned |= 1 << above[at - 1];
    if (c < n - 1) banned |= 1 << above[at + 1];
    for (let d = 1; d <= n; d++) {
      const bit = 1 << d;
      if (banned & bit) continue;
      g[i] = d;
      rowUsed[r] |= bit;
      boxUsed[b] |= bit;
      colUsed[c] |= bit;
      fill(i + 1);
      rowUsed[r] &= ~bit;
      boxUsed[b] &= ~bit;
      colUsed[c] &= ~bit;
    }
  };
  fill(0);
  return sum;
}
