/**
 * The band-swapping terms of R×2 whose band map is the identity (b∘a = 1, p² = 1, τ² = 1) from the column-set
 * classes alone, each class's orbit and F (a column-set count's table: data/6x2/certificate.bin with its plan's class
 * list, or the one-machine count up to 5×2): no band counter, no configuration search, no orbits.
 *
 * Such a term is |Fix(g, τ)|/|C(τ)| = Σ_(T compatible with (p′, τ)) F(T)/|C(τ)|, p′ = σp (columnSetFixedGrids). The
 * classes are the orbits of configurations under Γ = S_n × (S_2 ≀ S_R) (relabellings and column moves), F constant
 * on each. In the orbit of T0, (ρ, b)·T0 is compatible with (p′, τ) exactly when T0 is compatible with
 * (b⁻¹p′b, ρ⁻¹τρ), so the orbit holds orbit·|C(p′)|·|C(τ)|·M(T0)/|Γ| compatible configurations, M(T0) the pairs
 * (p″, τ″) of the classes of p′ and τ with T0 compatible. For a given p″, compatibility says τ″ maps the digits
 * whose word (bit s: right column of stack s) is w onto those with word p″·w: blocks of equal size k along each
 * p″-cycle (w, p″w, …) of length m, and such τ″ of each shape are (k!)^(m−1) times the permutations μ of one block
 * (τ″^m on it), with cycles m·μ. So
 *
 *   term = Σ_classes F·orbit·|C(p′)|·M_λ(T0)/|Γ|,   M_λ(T0) = Σ_(p″ ~ p′) #{τ″ of type λ mapping the blocks so}.
 *
 * The tests check it against the configuration counter (countFixedByColumnSets) on every such term of 3×2 and 4×2,
 * and against data/essential-5x2.json on 5×2.
 */

/** The classes of a column-set count: words[c·2R + d] the word of digit d in class c, its orbit and F. */
export interface ColumnSetTermTable {
  readonly rows: number;
  readonly words: Uint8Array;
  readonly orbits: ArrayLike<number>;
  readonly values: readonly bigint[];
}

/** Every element of S_2 ≀ S_R on the columns 0..2R−1 (stack s: columns 2s, 2s+1), as images. */
function columnGroup(R: number): number[][] {
  const out: number[][] = [];
  const perms = (k: number): number[][] =>
    k === 0
      ? [[]]
      : perms(k - 1).flatMap((p) => Array.from({ length: k }, (_, i) => [...p.slice(0, i), k - 1, ...p.slice(i)]));
  for (const beta of perms(R))
    for (let flips = 0; flips < 1 << R; flips++)
      out.push(Array.from({ length: 2 * R }, (_, c) => 2 * beta[c >> 1] + ((c & 1) ^ ((flips >> (c >> 1)) & 1))));
  return out;
}

/** The conjugacy class of a column permutation in S_2 ≀ S_R: its stack cycles with the parity of their flips. */
function classKey(p: ArrayLike<number>): string {
  const R = p.length / 2;
  const seen = new Uint8Array(R);
  const parts: string[] = [];
  for (let s = 0; s < R; s++) {
    if (seen[s]) continue;
    let m = 0,
      parity = 0;
    for (let t = s; !seen[t]; t = p[2 * t] >> 1) {
      seen[t] = 1;
      m++;
      parity ^= p[2 * t] & 1;
    }
    parts.push(`${m}.${parity}`);
  }
  return parts.sort().join(' ');
}

function wordImage(p: ArrayLike<number>): Int32Array {
  const R = p.length / 2;
  const out = new Int32Array(1 << R);
  for (let w = 0; w < 1 << R; w++)
    for (let s = 0; s < R; s++) {
      const c = p[2 * s + ((w >> s) & 1)];
      out[w] |= (c & 1) << (c >> 1);
    }
  return out;
}

const fact = (x: number): bigint => (x <= 1 ? 1n : BigInt(x) * fact(x - 1));

/** Partitions of k with the number of permutations of each type. */
function partitionsWithCounts(k: number, cache: Map<number, Array<{ parts: number[]; count: bigint }>>) {
  const cached = cache.get(k);
  if (cached) return cached;
  const out: Array<{ parts: number[]; count: bigint }> = [];
  const rec = (left: number, max: number, acc: number[]): void => {
    if (left === 0) {
      let c = fact(k);
      const mult = new Map<number, number>();
      for (const l of acc) mult.set(l, (mult.get(l) ?? 0) + 1);
      for (const [l, m] of mult) c /= BigInt(l) ** BigInt(m) * fact(m);
      out.push({ parts: [...acc], count: c });
      return;
    }
    for (let a = Math.min(left, max); a >= 1; a--) rec(left - a, a, [...acc, a]);
  };
  rec(k, k, []);
  cache.set(k, out);
  return out;
}

/**
 * The terms |Fix(g, τ)|/|C(τ)| of a band-swapping g of R×2 with b∘a = 1 and column part p (p² = 1), for every cycle
 * type of τ with τ² = 1 ("2,2,1,…", largest first → term; types with no compatible configuration are left out), from
 * the classes' orbits and F. `signal` stops it between classes.
 */
export function swapTermsByClasses(
  table: ColumnSetTermTable,
  p: ArrayLike<number>,
  signal?: AbortSignal,
): Map<string, bigint> {
  const R = table.rows,
    n = 2 * R;
  const groupOrder = fact(n) * 2n ** BigInt(R) * fact(R);
  const pPrime = Array.from(p, (c) => c ^ 1);
  const all = columnGroup(R);
  const key = classKey(pPrime);
  const conjugates = all.filter((b) => classKey(b) === key).map(wordImage);
  const centraliser = BigInt(all.length / conjugates.length);
  const cache = new Map<number, Array<{ parts: number[]; count: bigint }>>();
  const W = 1 << R;
  const block = new Int32Array(W);
  const seen = new Uint8Array(W);
  const totals = new Map<string, bigint>();
  for (let c = 0; c < table.values.length; c++) {
    if (c % 64 === 0) signal?.throwIfAborted();
    const F = table.values[c];
    if (F === 0n) continue;
    block.fill(0);
    for (let d = 0; d < n; d++) block[table.words[c * n + d]]++;
    const weight = F * BigInt(table.orbits[c]) * centraliser;
    for (const pw of conjugates) {
      // the τ″ with v_(τ″(d)) = p″·v_d, by cycle type: blocks of equal size along each p″-cycle of words
      let poly = new Map<string, bigint>([['', 1n]]);
      seen.fill(0);
      let fits = true;
      for (let w = 0; w < W && fits; w++) {
        if (seen[w]) continue;
        const k = block[w];
        let m = 0;
        for (let y = w; !seen[y]; y = pw[y]) {
          seen[y] = 1;
          m++;
          if (block[y] !== k) fits = false;
        }
        if (!fits || k === 0) continue;
        if (m > 2) {
          fits = false; // τ″ would have a cycle of length ≥ m > 2
          break;
        }
        const f = fact(k) ** BigInt(m - 1);
        const next = new Map<string, bigint>();
        for (const [t, count] of poly) {
          const have = t === '' ? [] : t.split(',').map(Number);
          for (const mu of partitionsWithCounts(k, cache)) {
            if (mu.parts.some((x) => m * x > 2)) continue;
            const type = [...have, ...mu.parts.map((x) => m * x)].sort((a, b) => b - a).join(',');
            next.set(type, (next.get(type) ?? 0n) + count * mu.count * f);
          }
        }
        poly = next;
      }
      if (!fits) continue;
      for (const [type, m] of poly) totals.set(type, (totals.get(type) ?? 0n) + weight * m);
    }
  }
  const terms = new Map<string, bigint>();
  for (const [type, total] of totals) {
    if (total % groupOrder !== 0n) throw new Error('internal: a band-swap term by classes is not an integer');
    terms.set(type, total / groupOrder);
  }
  return terms;
}
