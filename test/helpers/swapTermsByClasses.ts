/**
 * A second route to the band-swapping terms of R×2 whose band map is the identity (b∘a = 1, p² = 1, τ² = 1), from the
 * column-set classes of data/colsets-classes-RxC.json alone: no band counter, no configuration search, no orbits.
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
 */
import { readFileSync } from 'node:fs';

export interface ColumnSetClass {
  readonly configuration: string;
  readonly orbit: number;
  readonly bands: bigint;
}

export function readColumnSetClasses(file: string): { R: number; classes: ColumnSetClass[]; groupOrder: bigint } {
  const text = readFileSync(file, 'utf8');
  // exact integers: the bands of a class and the totals pass 2^53, so read the numbers as text
  const json = JSON.parse(text.replace(/:(\d{16,})/g, ':"$1"')) as {
    n: number;
    groupOrder: number | string;
    classes: Array<{ configuration: string; orbit: number; bands: number | string }>;
  };
  return {
    R: json.n / 2,
    groupOrder: BigInt(json.groupOrder),
    classes: json.classes.map((c) => ({ configuration: c.configuration, orbit: c.orbit, bands: BigInt(c.bands) })),
  };
}

const DIGITS = '123456789ABC';

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
function classKey(p: readonly number[]): string {
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

function wordImage(p: readonly number[]): Int32Array {
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
const partitionCache = new Map<number, Array<{ parts: number[]; count: bigint }>>();

/** Partitions of k with the number of permutations of each type. */
function partitionsWithCounts(k: number): Array<{ parts: number[]; count: bigint }> {
  const cached = partitionCache.get(k);
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
  partitionCache.set(k, out);
  return out;
}

/**
 * For each cycle type of τ″ with cycles of the allowed lengths: the τ″ with v_(τ″(d)) = p″·v_d for every digit d
 * (words of the digits, p″ acting on words), keyed by the type ("2,2,1,…", largest first).
 */
function relabellingsMapping(words: Int32Array, pw: Int32Array, allowed: ReadonlySet<number>): Map<string, bigint> {
  const W = pw.length;
  const block = new Int32Array(W);
  for (const w of words) block[w]++;
  let poly = new Map<string, bigint>([['', 1n]]);
  const seen = new Uint8Array(W);
  for (let w = 0; w < W; w++) {
    if (seen[w]) continue;
    const orbit: number[] = [];
    for (let y = w; !seen[y]; y = pw[y]) {
      seen[y] = 1;
      orbit.push(y);
    }
    const k = block[w];
    if (orbit.some((y) => block[y] !== k)) return new Map();
    if (k === 0) continue;
    const m = orbit.length;
    const f = fact(k) ** BigInt(m - 1);
    const next = new Map<string, bigint>();
    for (const [t, c] of poly) {
      const have = t === '' ? [] : t.split(',').map(Number);
      for (const mu of partitionsWithCounts(k)) {
        const cycles = mu.parts.map((x) => m * x);
        if (!cycles.every((x) => allowed.has(x))) continue;
        const key = [...have, ...cycles].sort((a, b) => b - a).join(',');
        next.set(key, (next.get(key) ?? 0n) + c * mu.count * f);
      }
    }
    poly = next;
  }
  return poly;
}

/**
 * The terms |Fix(g, τ)|/|C(τ)| of a band-swapping g with b∘a = 1 and column part p (p² = 1), for every cycle type
 * of τ with τ² = 1 ("2,2,1,…" → term; types with no compatible configuration are left out), by the configuration
 * classes alone.
 */
export function swapTermsByClasses(
  data: { R: number; classes: readonly ColumnSetClass[]; groupOrder: bigint },
  p: readonly number[],
): Map<string, bigint> {
  const { R, classes, groupOrder } = data;
  const n = 2 * R;
  const pPrime = p.map((c) => c ^ 1);
  const all = columnGroup(R);
  const key = classKey(pPrime);
  const conjugates = all.filter((b) => classKey(b) === key).map(wordImage);
  const centraliser = BigInt(all.length / conjugates.length);
  const allowed = new Set([1, 2]);
  const totals = new Map<string, bigint>();
  const words = new Int32Array(n);
  for (const c of classes) {
    words.fill(0);
    c.configuration.split('|').forEach((left, s) => {
      for (let d = 0; d < n; d++) if (!left.includes(DIGITS[d])) words[d] |= 1 << s;
    });
    const weight = c.bands * BigInt(c.orbit) * centraliser;
    for (const pw of conjugates)
      for (const [type, m] of relabellingsMapping(words, pw, allowed))
        totals.set(type, (totals.get(type) ?? 0n) + weight * m);
  }
  const terms = new Map<string, bigint>();
  for (const [type, total] of totals) {
    if (total % groupOrder !== 0n) throw new Error('internal: a term by classes is not an integer');
    terms.set(type, total / groupOrder);
  }
  return terms;
}
