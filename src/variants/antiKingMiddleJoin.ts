import { subsetsOf } from '../grid/bits.js';
import type { AntiKingEdgeLayout } from './antiKingEdgeLayout.js';

/**
 * n(B): the grids whose middle band is B (R rows, first row 1..n), by the join over the edge table U
 * (docs/variant-counts.md, "9×9 anti-king: the edge table"):
 *
 *     n(B) = Σ_K U[K] · U[π(K̄)]
 *
 * K runs over the top band's column sets: per stack, an ordered triple of R-sets partitioning 1..n with K_c outside
 * B's column c (56 per stack on 9×9); K̄_c = the digits neither in B's column c nor in K_c (the bottom band's), and π
 * the relabelling that takes B's last row to 1..n (the bottom band, rows reversed and relabelled, is an edge band
 * against 1..n). The per-stack options become two index lists (A_j into U for the top band, B_j for the bottom one)
 * and the sum is a loop over their product, the last stack innermost (U's rows are contiguous).
 *
 * Exact while maxU² · Π options < 2^53 (the caller checks it once for the table: antiKingJoinBound).
 */
export function antiKingMiddleJoin(layout: AntiKingEdgeLayout, table: Uint16Array, band: Uint8Array): number {
  const { R, n, M, partIndex } = layout;
  const full = ((1 << n) - 1) << 1;
  const pi = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) pi[band[(R - 1) * n + c]] = c + 1;
  const piMask = (m: number): number => {
    let out = 0;
    for (let d = 1; d <= n; d++) if (m & (1 << d)) out |= 1 << pi[d];
    return out;
  };
  const col = new Int32Array(n);
  for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) col[c] |= 1 << band[r * n + c];
  const A: Int32Array[] = [];
  const B: Int32Array[] = [];
  for (let j = 0; j < R; j++) {
    const s0 = col[3 * j];
    const s1 = col[3 * j + 1];
    const s2 = col[3 * j + 2];
    const pairs: Array<[number, number]> = [];
    for (const k0 of subsetsOf(full & ~s0, R))
      for (const k1 of subsetsOf(full & ~s1 & ~k0, R)) {
        const k2 = full & ~k0 & ~k1;
        if (k2 & s2) continue;
        const a = partIndex[j].get(k0 | (k1 << 10) | (k2 << 20));
        const b = partIndex[j].get(
          piMask(full & ~s0 & ~k0) | (piMask(full & ~s1 & ~k1) << 10) | (piMask(full & ~s2 & ~k2) << 20),
        );
        if (a === undefined || b === undefined) throw new Error('internal: a column-set option without an edge part');
        pairs.push([a, b]);
      }
    pairs.sort((x, y) => x[0] - y[0]);
    A.push(Int32Array.from(pairs, (p) => p[0]));
    B.push(Int32Array.from(pairs, (p) => p[1]));
  }
  let sum = 0;
  if (R === 2) {
    const [A0, A1] = A;
    const [B0, B1] = B;
    for (let i = 0; i < A0.length; i++) {
      const a = A0[i] * M;
      const b = B0[i] * M;
      for (let k = 0; k < A1.length; k++) sum += table[a + A1[k]] * table[b + B1[k]];
    }
    return sum;
  }
  const [A0, A1, A2] = A;
  const [B0, B1, B2] = B;
  const m2 = A2.length;
  for (let i = 0; i < A0.length; i++) {
    const a0 = A0[i] * M;
    const b0 = B0[i] * M;
    for (let k = 0; k < A1.length; k++) {
      const a = (a0 + A1[k]) * M;
      const b = (b0 + B1[k]) * M;
      let s = 0;
      for (let t = 0; t < m2; t++) s += table[a + A2[t]] * table[b + B2[t]];
      sum += s;
    }
  }
  return sum;
}

/**
 * Column-set options per stack: the K_c of a stack put each digit of B's column c into one of the other two columns;
 * with x digits of column 0 going to column 1, the counts force the rest: Σ_x C(R,x)³ (56 on 9×9, 10 on 2×3).
 */
export function antiKingStackOptions(R: number): number {
  const choose = (a: number, b: number): number => (b === 0 ? 1 : (choose(a - 1, b - 1) * a) / b);
  let sum = 0;
  for (let x = 0; x <= R; x++) sum += choose(R, x) ** 3;
  return sum;
}

/** Whether every join sum over a table whose largest entry is `max` stays below 2^53 (exact as a number). */
export function antiKingJoinExact(R: number, max: number): boolean {
  return max * max * antiKingStackOptions(R) ** R < 2 ** 53;
}
