import { popcount } from '../../src/grid/bits.js';

/**
 * F_h(T): the bands of an R×2 shape (R rows, R stacks of two columns, n = 2R digits) with column configuration T
 * that a band symmetry h = (q, p, τ) fixes: B(q(r), p(c)) = τ(B(r, c)) for every cell.
 *
 * A band with configuration T is a proper R-edge-colouring of its digit–column graph (digit d – column c when c
 * holds d; every digit meets one column of each stack, every column R digits): the colour of edge (d, c) is the
 * row holding d in column c, and the rows are the colour classes M_0..M_(R−1), perfect matchings. With
 * φ(d, c) = (τ(d), p(c)) an automorphism of the graph (T compatible with h), B is fixed by h exactly when
 * φ(M_r) = M_(q(r)) for every row r. So for each cycle (r, q(r), …, q^(k−1)(r)) of q the matching M_r settles
 * the cycle's k rows: M_r is invariant under φ^k, and M_r, φ(M_r), …, φ^(k−1)(M_r) are pairwise disjoint (the
 * rows of one cycle are different rows); the cycles together take every edge once.
 *
 *   F_h(T) = Σ over M for q's first cycle (φ^k-invariant, its φ-images disjoint) of the same count for the
 *            graph less those k matchings and q's other cycles,
 *
 * memoised on the graph left (digits × stacks bits: the side of each edge is T's). A matching is listed by a
 * depth-first search over digits, fewest free columns first, each choice d → c carried round the cycle of d
 * under τ^k (τ^(jk)(d) → p^(jk)(c)). Counts fit in a double for R ≤ 6.
 */
export interface MatchingBandCounter {
  /** F_h(T) for the band whose digit d meets the columns of bit mask cols[d] (one column of each stack). */
  count(cols: ArrayLike<number>): number;
  /** Search nodes so far (matchings tried), for statistics. */
  nodes(): number;
}

export function matchingBandCounter(
  R: number,
  q: ArrayLike<number>,
  p: ArrayLike<number>,
  tau: ArrayLike<number>,
): MatchingBandCounter {
  const n = 2 * R;
  // q's cycles: one level each, with φ's powers up to k
  const levels: Array<{ k: number; tk: Int32Array; pk: Int32Array; tj: Int32Array[]; pj: Int32Array[] }> = [];
  const seen = new Uint8Array(R);
  const power = (perm: ArrayLike<number>, j: number, size: number): Int32Array => {
    const out = Int32Array.from({ length: size }, (_, i) => i);
    for (let s = 0; s < j; s++) for (let i = 0; i < size; i++) out[i] = perm[out[i]];
    return out;
  };
  for (let r = 0; r < R; r++) {
    if (seen[r]) continue;
    let k = 0;
    for (let x = r; !seen[x]; x = q[x]) {
      seen[x] = 1;
      k++;
    }
    const tj: Int32Array[] = [],
      pj: Int32Array[] = [];
    for (let j = 1; j < k; j++) {
      tj.push(power(tau, j, n));
      pj.push(power(p, j, n));
    }
    levels.push({ k, tk: power(tau, k, n), pk: power(p, k, n), tj, pj });
  }
  const L = levels.length;
  const rem = new Int32Array((L + 1) * n); // the graph left at each level: column masks per digit
  const assignAt = new Int32Array(L * n).fill(-1); // each level's matching: column of each digit
  const trailAt = new Int32Array(L * n);
  const memo = new Map<number | string, number>();
  // the memo key: per digit, the stacks it still meets (R bits; the column in each is T's)
  const stacksOf = new Int32Array(1 << n);
  for (let m = 0; m < 1 << n; m++) for (let s = 0; s < R; s++) if (m & (3 << (2 * s))) stacksOf[m] |= 1 << s;
  const wide = R * n > 53;
  const radix = 1 << R;
  let nodeCount = 0;

  function key(base: number): number | string {
    if (wide) {
      let s = '';
      for (let d = 0; d < n; d++) s += String.fromCharCode(65 + stacksOf[rem[base + d]]);
      return s;
    }
    let k = 0;
    for (let d = 0; d < n; d++) k = k * radix + stacksOf[rem[base + d]];
    return k;
  }

  function level(i: number): number {
    if (i === L) return 1;
    const base = i * n;
    const kk = i > 0 ? key(base) : 0;
    if (i > 0) {
      const v = memo.get(kk);
      if (v !== undefined) return v;
    }
    const { k, tk, pk, tj, pj } = levels[i];
    const assign = assignAt.subarray(base, base + n);
    const trail = trailAt.subarray(base, base + n);
    let total = 0;
    let used = 0;
    let placed = 0;

    const complete = (): void => {
      // φ^j(M) ∩ M = ∅ for 0 < j < k
      for (let j = 0; j < k - 1; j++) {
        const t = tj[j],
          pp = pj[j];
        for (let d = 0; d < n; d++) if (assign[t[d]] === pp[assign[d]]) return;
      }
      const next = base + n;
      for (let d = 0; d < n; d++) rem[next + d] = rem[base + d] & ~(1 << assign[d]);
      for (let j = 0; j < k - 1; j++) {
        const t = tj[j],
          pp = pj[j];
        for (let d = 0; d < n; d++) rem[next + t[d]] &= ~(1 << pp[assign[d]]);
      }
      total += level(i + 1);
    };

    const dfs = (): void => {
      nodeCount++;
      if (placed === n) {
        complete();
        return;
      }
      let best = -1,
        fewest = 99,
        opts = 0;
      for (let d = 0; d < n; d++) {
        if (assign[d] >= 0) continue;
        const o = rem[base + d] & ~used;
        if (o === 0) return;
        const c = popcount(o);
        if (c < fewest) {
          fewest = c;
          best = d;
          opts = o;
          if (c === 1) break;
        }
      }
      for (let o = opts; o; o &= o - 1) {
        const c0 = 31 - Math.clz32(o & -o);
        // carry d → c round the cycle of d under τ^k
        const mark = placed;
        let d = best,
          c = c0,
          ok: boolean;
        for (;;) {
          const a = assign[d];
          if (a >= 0) {
            ok = a === c;
            break;
          }
          const bit = 1 << c;
          if ((rem[base + d] & bit) === 0 || (used & bit) !== 0) {
            ok = false;
            break;
          }
          assign[d] = c;
          used |= bit;
          trail[placed++] = d;
          d = tk[d];
          c = pk[c];
        }
        if (ok) dfs();
        while (placed > mark) {
          const e = trail[--placed];
          used &= ~(1 << assign[e]);
          assign[e] = -1;
        }
      }
    };
    dfs();
    if (i > 0) memo.set(kk, total);
    return total;
  }

  return {
    count(cols) {
      memo.clear();
      for (let d = 0; d < n; d++) rem[d] = cols[d];
      return level(0);
    },
    nodes: () => nodeCount,
  };
}
