import { popcount } from '../grid/bits.js';
import { bipartiteCanonizer, MAX_CANONIZER_SIDE, type BipartiteCanonizer } from './bipartiteCanonizer.js';
import { sharedMemo, type SharedMemo } from './sharedMemo.js';

/**
 * C_k(G): the number of ordered decompositions of a k-regular bipartite graph G (m rows, m columns) into k
 * perfect matchings M₁, …, M_k — its proper k-edge-colourings with colours 1..k.
 *
 *   C_0 = 1;  C_1 = 1 (G is a perfect matching);
 *   C_2 = 2^(cycles of G): a 2-regular bipartite graph is a union of even cycles, each coloured
 *         alternately in one of two ways;
 *   C_k = k · Σ_{M ∋ e₀} C_{k−1}(G − M)  for k ≥ 3, e₀ the first edge of row 0: e₀ lies in exactly one
 *         of the k matchings, and by the symmetry of the colours the decompositions with e₀ in M₁ are a
 *         k-th of all.
 *
 * Memoised at the degrees in `memoDegrees` on a canonical form of G − M: the smaller of the canonical forms of the
 * graph and of its transpose (C_k does not change when rows or columns are renumbered, or the two sides
 * exchanged), so that the many residual graphs that are isomorphic are counted once. Low degrees are cheaper to
 * count again than to canonise (C_3 is a few dozen matchings of cycle counts); 5×2 memoises degree 4.
 *
 * Matchings are enumerated depth first, always extending the unmatched row with the fewest free columns.
 * Buffers are allocated once per degree; nothing is allocated per matching.
 */
export interface EdgeColouringCounter {
  readonly m: number;
  /** C_k(G) for the k-regular graph with these m row masks (bit j of rows[i]: edge row i – column j). */
  count(rows: ArrayLike<number>, k: number): number;
  /** Like `count`, summed in BigInt at the top level (for counts that may pass 2^53). */
  countBig(rows: ArrayLike<number>, k: number): bigint;
  /**
   * The top level of `count(rows, k)` alone: for each perfect matching M ∋ e₀, the memo key of G − M (the
   * canonical form of the (k−1)-regular residual, see `memoKey`), passed to `visit` (valid during the call only).
   * C_k(G) = k · Σ C_{k−1}(visited graph). A sharded count (src/shards/) counts each distinct residual once.
   */
  forEachResidual(rows: ArrayLike<number>, k: number, visit: (key: Int32Array) => void): void;
  /** Memo sizes and calls, for benchmarks. */
  stats(): { memoEntries: number; memoHits: number; memoMisses: number; canonicalForms: number };
}

export interface EdgeColouringOptions {
  /** Degrees whose results are memoised (default: 4). */
  readonly memoDegrees?: readonly number[];
  /** The memo table, shared between threads (default: a table of 2^16 slots for this thread alone). */
  readonly memo?: SharedMemo;
}

/** Largest safe partial sum before it is moved into a BigInt. */
const FLUSH = 2 ** 52;

export function edgeColouringCounter(m: number, options: EdgeColouringOptions = {}): EdgeColouringCounter {
  if (!Number.isInteger(m) || m < 1 || m > MAX_CANONIZER_SIDE)
    throw new RangeError(`edge colourings: m = ${m} is not in 1..${MAX_CANONIZER_SIDE}`);
  const memoDegrees = new Set(options.memoDegrees ?? [4]);
  const canon: BipartiteCanonizer = bipartiteCanonizer(m);
  const memo = options.memo ?? sharedMemo(m, 1 << 16);
  if (memo.m !== m) throw new RangeError('edge colourings: the memo is for another size');
  const keys = new Int32Array((m + 1) * m); // the memo key of the graph at each degree
  let hits = 0,
    misses = 0,
    forms = 0;
  const maxK = m;
  // per degree k: the graph graphs[k·m + i] and the depth-first search over its matchings
  const graphs = new Int32Array((maxK + 1) * m);
  const pick = new Int32Array((maxK + 1) * m); // column bit matched to each row
  const S = m + 1;
  const rowAt = new Int32Array((maxK + 1) * S);
  const optsAt = new Int32Array((maxK + 1) * S);
  const usedAt = new Int32Array((maxK + 1) * S);
  const matchedAt = new Int32Array((maxK + 1) * S);
  const parent = new Int32Array(m);
  const transposed = new Int32Array(m);
  const all = (1 << m) - 1;
  let visitor: ((key: Int32Array) => void) | null = null;

  /** Cycles of the 2-regular graph at graphs[base..]: components of the columns joined by each row's two columns. */
  function cycles2(base: number): number {
    for (let j = 0; j < m; j++) parent[j] = j;
    let comps = m;
    for (let i = 0; i < m; i++) {
      const r = graphs[base + i];
      const lo = r & -r;
      let a = 31 - Math.clz32(lo),
        b = 31 - Math.clz32(r ^ lo);
      while (parent[a] !== a) a = parent[a] = parent[parent[a]];
      while (parent[b] !== b) b = parent[b] = parent[parent[b]];
      if (a !== b) {
        parent[a] = b;
        comps--;
      }
    }
    return comps;
  }

  /**
   * Σ over the perfect matchings M ∋ e₀ of the graph at degree k of C_{k−1}(G − M), the residual written to
   * degree k−1. Iterative depth-first search: depth t has t rows matched; the next row is the unmatched
   * one with the fewest free columns. With `big`, partial sums past 2^52 move into big.total.
   */
  function sumOverMatchings(k: number, big: { total: bigint } | null): number {
    const base = k * m,
      next = base - m,
      at = k * S;
    let total = 0;
    const e0 = graphs[base] & -graphs[base];
    pick[base] = e0;
    usedAt[at + 1] = e0;
    matchedAt[at + 1] = 1;
    let t = 1;
    let fresh = true;
    for (;;) {
      if (fresh) {
        fresh = false;
        if (t === m) {
          for (let i = 0; i < m; i++) graphs[next + i] = graphs[base + i] & ~pick[base + i];
          if (visitor !== null) visitor(memoKey(next));
          else total += k === 3 ? 2 ** cycles2(next) : level(k - 1);
          if (big && total >= FLUSH) {
            big.total += BigInt(total);
            total = 0;
          }
          t--;
          continue;
        }
        const used = usedAt[at + t],
          matched = matchedAt[at + t];
        let row = -1,
          fewest = 99,
          opts = 0;
        for (let i = 1; i < m; i++) {
          if (matched & (1 << i)) continue;
          const o = graphs[base + i] & ~used;
          if (o === 0) {
            opts = 0; // a row with no free column: no matching extends this one
            break;
          }
          const c = popcount(o);
          if (c < fewest) {
            fewest = c;
            row = i;
            opts = o;
            if (c === 1) break;
          }
        }
        rowAt[at + t] = row;
        optsAt[at + t] = opts;
      }
      const o = optsAt[at + t];
      if (o === 0) {
        if (--t === 0) break;
        continue;
      }
      const b = o & -o;
      optsAt[at + t] = o ^ b;
      const row = rowAt[at + t];
      pick[base + row] = b;
      usedAt[at + t + 1] = usedAt[at + t] | b;
      matchedAt[at + t + 1] = matchedAt[at + t] | (1 << row);
      t++;
      fresh = true;
    }
    return total;
  }

  /**
   * The memo key of the graph at graphs[base..], into keys[base..]: the smaller canonical form of G and of G with
   * rows and columns exchanged (C_k is the same for both).
   */
  function memoKey(base: number): Int32Array {
    const keyA = keys.subarray(base, base + m);
    keyA.set(canon.canonicalRows(graphs.subarray(base, base + m)));
    transposed.fill(0);
    for (let i = 0; i < m; i++) {
      for (let r = graphs[base + i]; r; r &= r - 1) transposed[31 - Math.clz32(r & -r)] |= 1 << i;
    }
    const b = canon.canonicalRows(transposed);
    forms += 2;
    for (let i = 0; i < m; i++) {
      if (b[i] !== keyA[i]) {
        if (b[i] < keyA[i]) keyA.set(b);
        break;
      }
    }
    return keyA;
  }

  function level(k: number): number {
    const base = k * m;
    if (k <= 1) return 1;
    if (k === 2) return 2 ** cycles2(base);
    const memoised = memoDegrees.has(k);
    if (memoised) {
      const v = memo.get(memoKey(base));
      if (v >= 0) {
        hits++;
        return v;
      }
      misses++;
    }
    const s = k * sumOverMatchings(k, null);
    if (!Number.isSafeInteger(s)) throw new Error(`internal: C_${k} is not exact in a double`);
    if (memoised) memo.set(keys.subarray(base, base + m), s);
    return s;
  }

  function load(rows: ArrayLike<number>, k: number): void {
    if (!Number.isInteger(k) || k < 0 || k > maxK)
      throw new RangeError(`edge colourings: degree ${k} is not in 0..${m}`);
    for (let i = 0; i < m; i++) {
      const r = rows[i];
      if ((r & ~all) !== 0 || popcount(r) !== k)
        throw new RangeError(`edge colourings: row ${i} does not have ${k} edges`);
      graphs[k * m + i] = r;
    }
  }

  return {
    m,
    count(rows, k) {
      load(rows, k);
      return level(k);
    },
    countBig(rows, k) {
      load(rows, k);
      if (k <= 2) return BigInt(level(k));
      const big = { total: 0n };
      const rest = sumOverMatchings(k, big);
      return BigInt(k) * (big.total + BigInt(rest));
    },
    forEachResidual(rows, k, visit) {
      load(rows, k);
      if (k < 2) throw new RangeError('edge colourings: residuals need degree 2 or more');
      visitor = visit;
      try {
        sumOverMatchings(k, null);
      } finally {
        visitor = null;
      }
    },
    stats: () => ({ memoEntries: memo.size(), memoHits: hits, memoMisses: misses, canonicalForms: forms }),
  };
}
