import { popcount, subsetsOf } from '../../src/grid/bits.js';
import type { EdgeColouringCounter } from '../../src/colsets/edgeColouringCounter.js';

/**
 * C_k(G) by halves: the rows of a band split into the top a rows and the bottom k − a, and
 *
 *   C_k(G) = Σ_H C_a(H) · C_{k−a}(G − H)
 *
 * over the a-regular spanning subgraphs H of the k-regular bipartite graph G (m rows, m columns). An ordered
 * decomposition (M₁, …, M_k) of G into perfect matchings is, one to one, H = M₁ ∪ … ∪ M_a with (M₁, …, M_a) a
 * decomposition of H and (M_{a+1}, …, M_k) one of G − H. For the column-set method G is a band configuration's
 * digit–column graph (configurationGraph), H the cells of the top a rows: each digit keeps a of its k columns
 * (one per box it occupies up there), and each column gets a digits.
 *
 * This is the second route to F (the first is edgeColouringCounter's recursion on one matching at a time): it
 * shares only C_a and C_{k−a} of small degree with it, and it checks F class by class on 3×2, 4×2 and 5×2. Its cost
 * is the number of halves H times two small counts; `countHalves` gives that number without listing the halves (a
 * transfer over the rows, the state being how many edges each column has kept, two bits a column), which is how the
 * route is costed for 6×2 (docs/sharding.md).
 */
export interface HalfSplit {
  readonly m: number;
  /** The a-regular spanning subgraphs H of the k-regular graph `rows` (exact below 2^53). */
  countHalves(rows: ArrayLike<number>, k: number, a: number): number;
  /**
   * C_k(G) = Σ_H C_a(H)·C_{k−a}(G − H), listing the halves; `visit`, when given, hears each H (its m row masks,
   * valid during the call) and may return false to stop (the sum is then partial).
   */
  colourings(
    rows: ArrayLike<number>,
    k: number,
    a: number,
    visit?: (half: Int32Array, product: number) => boolean,
  ): bigint;
}

/** Largest partial sum kept in a double before it moves into a BigInt. */
const FLUSH = 2 ** 52;

export function halfSplit(counter: EdgeColouringCounter): HalfSplit {
  const m = counter.m;
  const half = new Int32Array(m),
    rest = new Int32Array(m);

  /** Per row, its a-subsets; per row i and column c, the rows after i joined to c (for pruning). */
  function setUp(rows: ArrayLike<number>, k: number, a: number) {
    if (!Number.isInteger(a) || a < 0 || a > k || a > 3)
      throw new RangeError(`halves: a = ${a} is not in 0..min(k, 3) (two bits per column)`);
    for (let i = 0; i < m; i++)
      if (popcount(rows[i]) !== k) throw new RangeError(`halves: row ${i} does not have ${k} edges`);
    const choices = Array.from({ length: m }, (_, i) => subsetsOf(rows[i], a));
    const after = new Int32Array((m + 1) * m); // after[i·m + c]: rows i.. joined to column c
    for (let i = m - 1; i >= 0; i--)
      for (let c = 0; c < m; c++) after[i * m + c] = after[(i + 1) * m + c] + ((rows[i] >> c) & 1);
    return { choices, after };
  }

  return {
    m,
    countHalves(rows, k, a) {
      const { choices, after } = setUp(rows, k, a);
      // state: column c's kept edges in bits 2c..2c+1
      let states = new Map<number, number>([[0, 1]]);
      for (let i = 0; i < m; i++) {
        const next = new Map<number, number>();
        for (const [s, ways] of states) {
          for (const choice of choices[i]) {
            let t = s,
              ok = true;
            for (let r = choice; r; r &= r - 1) {
              const c = 31 - Math.clz32(r & -r);
              const have = ((t >> (2 * c)) & 3) + 1;
              if (have > a) {
                ok = false;
                break;
              }
              t += 1 << (2 * c);
            }
            if (!ok) continue;
            // every column must still be able to reach a from the rows after this one
            for (let c = 0; c < m && ok; c++) ok = ((t >> (2 * c)) & 3) + after[(i + 1) * m + c] >= a;
            if (ok) next.set(t, (next.get(t) ?? 0) + ways);
          }
        }
        states = next;
      }
      let full = 0;
      for (let c = 0; c < m; c++) full |= a << (2 * c);
      return states.get(full) ?? 0;
    },
    colourings(rows, k, a, visit) {
      const { choices, after } = setUp(rows, k, a);
      const kept = new Int32Array(m); // edges kept by each column so far
      let total = 0,
        big = 0n,
        stop = false;
      const walk = (i: number): void => {
        if (i === m) {
          for (let r = 0; r < m; r++) rest[r] = rows[r] & ~half[r];
          const product = counter.count(half, a) * counter.count(rest, k - a);
          if (!Number.isSafeInteger(product))
            throw new Error('internal: C_a·C_(k−a) of a half is not exact in a double');
          if (visit && !visit(half, product)) stop = true;
          total += product;
          if (total >= FLUSH) {
            big += BigInt(total);
            total = 0;
          }
          return;
        }
        for (const choice of choices[i]) {
          let ok = true;
          for (let r = choice; r; r &= r - 1) if (++kept[31 - Math.clz32(r & -r)] > a) ok = false;
          for (let c = 0; c < m && ok; c++) ok = kept[c] + after[(i + 1) * m + c] >= a;
          if (ok) {
            half[i] = choice;
            walk(i + 1);
          }
          for (let r = choice; r; r &= r - 1) kept[31 - Math.clz32(r & -r)]--;
          if (stop) return;
        }
      };
      walk(0);
      return big + BigInt(total);
    },
  };
}
