import type { CycleType } from './cycleTypes.js';
import { centralizerOrder, permutationOfType } from './cycleTypes.js';
import type { GridGroup } from './gridGroup.js';
import type { LineGroup } from './lineGroup.js';
import { columnTransfer } from '../colsets/columnTransfer.js';
import { edgeColouringCounter } from '../colsets/edgeColouringCounter.js';
import { tiedBandCounter } from './tiedBandCounter.js';

/**
 * |Fix(g, τ)|/|C(τ)| for a grid of R×2 boxes (two bands of R rows, R stacks of two columns, n = 2R digits) by
 * the column configurations of its bands, as the column-set method counts N = Σ_T F(T)² (src/colsets/).
 *
 * A grid is two bands B1 (rows 0..R−1) and B2 whose column sets are complementary: T, the left column's digit
 * set of each stack in B1, fixes every column set of B1, and B2's are the complements (T̄, the left and right
 * columns of each stack exchanged). g = (q, p) with q in the row group S_R ≀ S_2 and p in the column group
 * S_2 ≀ S_R; X is fixed when X(g(c)) = τ(X(c)) for every cell c. σ, the swap of the two columns of every stack,
 * is central in the column group.
 *
 * g keeps the bands, q = (q1, q2): X is fixed exactly when B1 is fixed by h1 = (q1, p, τ) and B2 by
 * h2 = (q2, p, τ), each a band symmetry B(q_i(r), p(c)) = τ(B(r, c)). A band fixed by (q_i, p, τ) has column
 * sets with colset(p(c)) = τ(colset(c)): T is *compatible* with (p, τ). B ↦ B∘σ maps the bands with
 * configuration T̄ fixed by h2 one to one onto those with configuration T fixed by (q2, σpσ, τ) = h2, so
 *
 *   |Fix(g, τ)| = Σ_(T compatible with (p, τ)) F_h1(T)·F_h2(T).
 *
 * g swaps the bands, row r of B1 ↦ row a(r) of B2 and row r of B2 ↦ row b(r) of B1: then
 * B2(a(r), p(c)) = τ(B1(r, c)) makes B2 from B1, and the condition on B2's rows says B1(ba(r), p²(c)) =
 * τ²(B1(r, c)): B1 is fixed by h = (ba, p², τ²). B2's column p(c) holds τ(colset(c)), which must be the
 * complement of B1's column p(c), i.e. B1's column σp(c): T is compatible with (σp, τ), and
 *
 *   |Fix(g, τ)| = Σ_(T compatible with (σp, τ)) F_h(T).
 *
 * The compatible T are a product over the cycles of the stack permutation of p′ (p or σp): a cycle of m stacks
 * with f column swaps along it has its first stack's set X with τ^m(X) = X (f even) or its complement (f odd),
 * and X fixes the cycle's other sets. They are numbered in mixed radix. Pairs (b, ρ) with b in the column group
 * commuting with p and ρ commuting with τ map fixed bands to fixed bands (h's row part untouched) and T to
 * (b, ρ)·T, so F_h1·F_h2 (or F_h) is constant on their orbits: the orbits are found by breadth-first search over
 * generators of C(p) × C(τ), and F is counted once per orbit (tiedBandCounter; h the identity: plainBandCounter).
 */
export interface ColumnSetFixedCount {
  /** |Fix(g, τ)|/|C(τ)| (0 with `chunk`: a chunk's part of |Fix| need not divide). */
  readonly count: bigint;
  /** |Fix(g, τ)| itself, or with `chunk` the part of it from that chunk's orbits. */
  readonly fixed: bigint;
  /** Whether g swaps the two bands. */
  readonly swapsBands: boolean;
  /** Configurations T compatible with g and τ, their C(τ)-orbits, and their orbits under C(p) × C(τ). */
  readonly configurations: number;
  readonly configurationClasses: number;
  readonly configurationOrbits: number;
  /** Orbits with a non-zero F. */
  readonly liveOrbits: number;
  /** Matching searches of the tied counters. */
  readonly nodes: number;
}

/** Hooks for second routes (scripts/check-5x2-terms.mjs): none of them changes the count. */
export interface ColumnSetFixedOptions {
  /** false: no orbits under C(p), F counted for every C(τ)-class of configurations (default true). */
  readonly orbits?: boolean;
  /**
   * Called for every orbit representative with its bands' column masks (digit d meets the columns of bit mask
   * cols[d]), the band symmetries h (one, or two when q1 ≠ q2) and F_h of each.
   */
  readonly onOrbit?: (
    cols: Int32Array,
    bandMaps: ReadonlyArray<{ q: Int32Array; p: Int32Array; tau: Int32Array }>,
    f: readonly number[],
  ) => void;
  /**
   * false: count no F (the count is 0): only the orbits, each passed to `onOrbit` with an empty list of F, for cost
   * projections (scripts/essential-term-costs.mjs --project) that time F on a random sample of them (default true).
   */
  readonly countF?: boolean;
  /**
   * Count only the orbits i with i mod `of` = `index`, numbering the orbits 0, 1, … in the order they are found
   * (by their smallest multiset, whatever the generators): a dear term cut into `of` chunks whose `fixed` parts add
   * up to |Fix(g, τ)|, each counted anywhere (src/classSum/burnsideClassSum.ts). The enumeration is repeated by
   * every chunk.
   */
  readonly chunk?: { readonly index: number; readonly of: number };
}

/** Largest number of compatible configurations this enumerates (one byte each for the orbit search). */
export const MAX_CONFIGURATIONS = 2 ** 28;

export function countFixedByColumnSets(
  group: GridGroup,
  x: number,
  tauType: CycleType,
  options: ColumnSetFixedOptions = {},
): ColumnSetFixedCount {
  const { shape } = group;
  const R = shape.rows;
  const n = shape.n;
  if (shape.cols !== 2) throw new RangeError(`column-set fixed grids: ${shape.name} is not R×2`);
  const { t, q: qi, p: pi } = group.parts(x);
  if (t !== 0) throw new RangeError('column-set fixed grids: transposing elements are not for R×2 boxes');
  const chunk = options.chunk ?? null;
  if (chunk !== null && !(Number.isInteger(chunk.of) && chunk.of >= 1 && chunk.index >= 0 && chunk.index < chunk.of))
    throw new RangeError(`column-set fixed grids: chunk ${chunk.index} of ${chunk.of}`);
  const q = group.rows.perms.subarray(qi * n, qi * n + n);
  const p = group.cols.perms.subarray(pi * n, pi * n + n);
  const tau = permutationOfType(tauType);
  if (tau.length !== n) throw new RangeError(`column-set fixed grids: τ does not permute ${n} digits`);

  const swapsBands = q[0] >= R;
  const compose = (a: ArrayLike<number>, b: ArrayLike<number>): Int32Array =>
    Int32Array.from({ length: b.length }, (_, i) => a[b[i]]); // a∘b, b first
  let pPrime: Int32Array;
  let bandMaps: Array<{ q: Int32Array; p: Int32Array; tau: Int32Array }>;
  if (!swapsBands) {
    pPrime = Int32Array.from(p);
    const q1 = Int32Array.from({ length: R }, (_, r) => q[r]);
    const q2 = Int32Array.from({ length: R }, (_, r) => q[R + r] - R);
    bandMaps = [{ q: q1, p: pPrime, tau }];
    if (q1.some((v, i) => v !== q2[i])) bandMaps.push({ q: q2, p: pPrime, tau });
  } else {
    pPrime = Int32Array.from(p, (c) => c ^ 1);
    const a = Int32Array.from({ length: R }, (_, r) => q[r] - R);
    const b = Int32Array.from({ length: R }, (_, r) => q[R + r]);
    bandMaps = [{ q: compose(b, a), p: compose(p, p), tau: compose(tau, tau) }];
  }
  const counters = bandMaps.map((h) => tiedBandCounter(R, h.q, h.p, h.tau));
  const squared = !swapsBands && bandMaps.length === 1;

  // a configuration read by digit: word v_d, bit s = 1 when d is in the right column of stack s; a column
  // permutation acts on words (d's column 2s + bit moves to b(2s + bit))
  const W = 1 << R;
  const wordImage = (perm: ArrayLike<number>): Int32Array => {
    const out = new Int32Array(W);
    for (let w = 0; w < W; w++)
      for (let s = 0; s < R; s++) {
        const c = perm[2 * s + ((w >> s) & 1)];
        out[w] |= (c & 1) << (c >> 1);
      }
    return out;
  };
  const pw = wordImage(pPrime);
  // τ's cycles (consecutive blocks, largest first), grouped by length
  const cycleStart: number[] = [];
  const cycleLen: number[] = [];
  for (let o = 0, i = 0; i < tauType.length; o += tauType[i++]) {
    cycleStart.push(o);
    cycleLen.push(tauType[i]);
  }
  const K = cycleLen.length;
  // per length ℓ: the words fixed by p′^ℓ, up to p′ (smallest of each ⟨p′⟩-orbit), with their orbit sizes
  const repOf = new Map<number, { rep: Int32Array; size: Int32Array; list: Int32Array }>();
  for (const l of new Set(cycleLen)) {
    const rep = new Int32Array(W).fill(-1);
    const size = new Int32Array(W);
    const list: number[] = [];
    for (let w = 0; w < W; w++) {
      let y = w;
      for (let j = 0; j < l; j++) y = pw[y];
      if (y !== w) continue;
      let m = w,
        o = 1;
      for (y = pw[w]; y !== w; y = pw[y], o++) m = Math.min(m, y);
      rep[w] = m;
      size[w] = o;
      if (m === w) list.push(w);
    }
    repOf.set(l, { rep, size, list: Int32Array.from(list) });
  }
  // ones per stack that a cycle of length ℓ with word w contributes: Σ_(j<ℓ) bits of p′^j(w)
  const onesOf = (w: number, l: number, out: Int32Array, sign: number): boolean => {
    let ok = true;
    for (let j = 0, y = w; j < l; j++, y = pw[y])
      for (let s = 0; s < R; s++) {
        out[s] += sign * ((y >> s) & 1);
        if (out[s] > R) ok = false;
      }
    return ok;
  };

  // every balanced multiset of classes (one word class per τ-cycle, nondecreasing among cycles of one length):
  // the C(τ)-orbits of compatible configurations, with their sizes
  const words: number[] = [];
  const weights: number[] = [];
  const cur = new Int32Array(K);
  const ones = new Int32Array(R);
  const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));
  const place = (i: number): void => {
    if (i === K) {
      for (let s = 0; s < R; s++) if (ones[s] !== R) return;
      let weight = 1;
      for (let a = 0; a < K;) {
        let b = a;
        while (b < K && cycleLen[b] === cycleLen[a]) b++;
        weight *= factorial(b - a);
        for (let c = a; c < b;) {
          let e = c;
          while (e < b && cur[e] === cur[c]) e++;
          weight /= factorial(e - c);
          c = e;
        }
        for (let c = a; c < b; c++) weight *= repOf.get(cycleLen[c])!.size[cur[c]];
        a = b;
      }
      for (let c = 0; c < K; c++) words.push(cur[c]);
      weights.push(weight);
      return;
    }
    const l = cycleLen[i];
    const list = repOf.get(l)!.list;
    const from = i > 0 && cycleLen[i - 1] === l ? cur[i - 1] : -1;
    for (const w of list) {
      if (w < from) continue;
      cur[i] = w;
      if (onesOf(w, l, ones, 1)) place(i + 1);
      onesOf(w, l, ones, -1);
    }
  };
  place(0);
  const total = weights.length;
  if (total > MAX_CONFIGURATIONS)
    throw new RangeError(`column-set fixed grids: ${total} configuration classes (at most ${MAX_CONFIGURATIONS})`);

  // their orbits under C(p), by breadth-first search over its generators acting on the words. `place` lists the
  // multisets in increasing order of their key (the words in mixed radix W, first cycle first), so a key is found
  // by binary search in the sorted list; beyond 53 bits the keys are strings in a Map
  const keyBits = R * K;
  const narrow = keyBits <= 53;
  const sortedKeys = new Float64Array(narrow ? total : 0);
  const index = new Map<string, number>();
  const stringKey = (a: ArrayLike<number>, o: number): string => {
    let str = '';
    for (let c = 0; c < K; c++) str += String.fromCharCode(48 + a[o + c]);
    return str;
  };
  for (let i = 0; i < total; i++) {
    if (narrow) {
      let k = 0;
      for (let c = 0; c < K; c++) k = k * W + words[i * K + c];
      if (i > 0 && k <= sortedKeys[i - 1]) throw new Error('internal: configuration keys out of order');
      sortedKeys[i] = k;
    } else index.set(stringKey(words, i * K), i);
  }
  const find = (a: Int32Array): number => {
    if (!narrow) return index.get(stringKey(a, 0)) ?? -1;
    let k = 0;
    for (let c = 0; c < K; c++) k = k * W + a[c];
    let lo = 0,
      hi = total - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = sortedKeys[mid];
      if (v === k) return mid;
      if (v < k) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  const actions =
    options.orbits === false
      ? []
      : centralizerGenerators(group.cols, pi).map((b) => wordImage(group.cols.perms.subarray(b * n, b * n + n)));
  // per cycle: the representative table of its length; the blocks of cycles of one length
  const repAt = cycleLen.map((l) => repOf.get(l)!.rep);
  const blockEnd = new Int32Array(K);
  for (let a = 0; a < K;) {
    let b = a;
    while (b < K && cycleLen[b] === cycleLen[a]) b++;
    for (let c = a; c < b; c++) blockEnd[c] = b;
    a = b;
  }
  const img = new Int32Array(K);
  const visited = new Uint8Array(total);
  const queue = new Int32Array(total);
  const cols = new Int32Array(n);
  const trivial =
    bandMaps.length === 1 && isIdentity(bandMaps[0].q) && isIdentity(bandMaps[0].p) && isIdentity(bandMaps[0].tau);
  const plain = trivial ? plainBandCounter(R) : null;
  let configurations = 0n;
  let orbits = 0,
    live = 0;
  let sum = 0n;
  for (let start = 0; start < total; start++) {
    if (visited[start]) continue;
    const orbit = orbits++;
    visited[start] = 1;
    let tail = 0;
    queue[tail++] = start;
    let weight = 0;
    for (let h = 0; h < tail; h++) {
      const at = queue[h] * K;
      weight += weights[queue[h]];
      for (const act of actions) {
        for (let a = 0; a < K;) {
          const b = blockEnd[a];
          // the images of the block's words, sorted in place (insertion: a block is a few cycles)
          for (let c = a; c < b; c++) {
            const v = repAt[c][act[words[at + c]]];
            let j = c - 1;
            while (j >= a && img[j] > v) {
              img[j + 1] = img[j];
              j--;
            }
            img[j + 1] = v;
          }
          a = b;
        }
        const j = find(img);
        if (j < 0) throw new Error('internal: an image of a compatible configuration is not compatible');
        if (!visited[j]) {
          visited[j] = 1;
          queue[tail++] = j;
        }
      }
    }
    if (!Number.isSafeInteger(weight)) throw new Error('internal: an orbit of configurations past 2^53');
    configurations += BigInt(weight);
    if (chunk !== null && orbit % chunk.of !== chunk.index) continue;
    // the representative's bands: digit o + j of a cycle with word w has word p′^j(w)
    const at = start * K;
    for (let c = 0; c < K; c++)
      for (let j = 0, y = words[at + c]; j < cycleLen[c]; j++, y = pw[y]) {
        let m = 0;
        for (let s = 0; s < R; s++) m |= 1 << (2 * s + ((y >> s) & 1));
        cols[cycleStart[c] + j] = m;
      }
    if (options.countF === false) {
      options.onOrbit?.(cols, bandMaps, []);
      continue;
    }
    const f1big = plain ? plain(cols) : BigInt(counters[0].count(cols));
    const f1 = Number(f1big);
    if (options.onOrbit) options.onOrbit(cols, bandMaps, counters.length > 1 ? [f1, counters[1].count(cols)] : [f1]);
    if (f1 === 0) continue;
    let term: bigint;
    if (swapsBands) term = f1big;
    else if (squared) term = f1big * f1big;
    else {
      const f2 = counters[1].count(cols);
      if (f2 === 0) continue;
      term = BigInt(f1) * BigInt(f2);
    }
    live++;
    sum += term * BigInt(weight);
  }
  const c = BigInt(centralizerOrder(tauType));
  let nodes = 0;
  for (const k of counters) nodes += k.nodes();
  const statistics = {
    swapsBands,
    configurations: Number(configurations),
    configurationClasses: total,
    configurationOrbits: orbits,
    liveOrbits: live,
    nodes,
  };
  if (chunk !== null) return { count: 0n, fixed: sum, ...statistics };
  if (sum % c !== 0n) throw new Error(`internal: |Fix(g, τ)| = ${sum} is not divisible by |C(τ)| = ${c}`);
  return { count: sum / c, fixed: sum, ...statistics };
}

/**
 * The plain F(T) (h the identity) by the engine src/colsets counts R×2 with: the edge-colouring counter up to 5×2,
 * the column transfer for 6×2 (F may pass 2^53 there). `cols[d]`: the columns digit d meets.
 */
export function plainBandCounter(R: number): (cols: ArrayLike<number>) => bigint {
  if (R === 6) {
    const words = new Int32Array(12);
    return (cols) => {
      for (let d = 0; d < 12; d++) {
        let v = 0;
        for (let s = 0; s < 6; s++) v |= ((cols[d] >> (2 * s + 1)) & 1) << s;
        words[d] = v;
      }
      return columnTransfer(6, words).F;
    };
  }
  const counter = edgeColouringCounter(2 * R);
  return (cols) => BigInt(counter.count(cols, R));
}

function isIdentity(perm: ArrayLike<number>): boolean {
  for (let i = 0; i < perm.length; i++) if (perm[i] !== i) return false;
  return true;
}

/**
 * A small generating set of the elements of the line group w commuting with x (each generator costs the orbit search
 * a pass over every configuration): one to three elements drawn with a fixed seed when they generate the whole
 * centraliser, else drawn elements added while outside what the kept ones generate (about the centraliser's rank;
 * 6×2's σ: 2 instead of 11). The orbits, and so every count, do not depend on which generators are used.
 */
export function centralizerGenerators(w: LineGroup, x: number): number[] {
  const elems: number[] = [];
  for (let b = 0; b < w.order; b++) if (w.mul(b, x) === w.mul(x, b)) elems.push(b);
  const member = new Uint8Array(w.order);
  const closure = (gens: readonly number[]): number => {
    member.fill(0);
    member[w.identity] = 1;
    const next = [w.identity];
    for (let i = 0; i < next.length; i++)
      for (const g of gens) {
        const y = w.mul(next[i], g);
        if (!member[y]) {
          member[y] = 1;
          next.push(y);
        }
      }
    return next.length;
  };
  if (elems.length === 1) return [];
  let state = 0x2545f491;
  const draw = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return elems[Math.floor((state / 2 ** 32) * elems.length)];
  };
  for (const size of [1, 2, 3])
    for (let attempt = 0; attempt < 8; attempt++) {
      const gens = Array.from({ length: size }, draw);
      if (closure(gens) === elems.length) return gens;
    }
  // else: add drawn elements outside what the kept ones generate (as few as the centraliser's rank, about)
  const gens: number[] = [];
  let generated = closure(gens);
  while (generated < elems.length) {
    let e = draw();
    for (let tries = 0; member[e] && tries < 64; tries++) e = draw();
    if (member[e]) e = elems.find((y) => !member[y])!;
    gens.push(e);
    generated = closure(gens);
  }
  if (closure(gens) !== elems.length) throw new Error('internal: the centraliser generators do not generate it');
  return gens;
}

/**
 * Generators of C(τ) for τ = permutationOfType(type) (cycles in consecutive blocks): for each cycle length with
 * cycles o_1..o_m, a turn of the first cycle, the exchange of the first two cycles and the turn of all m cycles
 * (C_ℓ ≀ S_m).
 */
export function relabellingCentralizerGenerators(type: CycleType): Int32Array[] {
  let n = 0;
  for (const l of type) n += l;
  const starts = new Map<number, number[]>();
  let o = 0;
  for (const l of type) {
    const list = starts.get(l) ?? [];
    list.push(o);
    starts.set(l, list);
    o += l;
  }
  const id = () => Int32Array.from({ length: n }, (_, i) => i);
  const gens: Int32Array[] = [];
  for (const [l, os] of starts) {
    if (l > 1) {
      const g = id();
      for (let i = 0; i < l; i++) g[os[0] + i] = os[0] + ((i + 1) % l);
      gens.push(g);
    }
    if (os.length >= 2) {
      const g = id();
      for (let i = 0; i < l; i++) {
        g[os[0] + i] = os[1] + i;
        g[os[1] + i] = os[0] + i;
      }
      gens.push(g);
    }
    if (os.length >= 3) {
      const g = id();
      for (let j = 0; j < os.length; j++) for (let i = 0; i < l; i++) g[os[j] + i] = os[(j + 1) % os.length] + i;
      gens.push(g);
    }
  }
  return gens;
}

/**
 * True when the term of (g, τ) is the number of bands itself: g swaps the bands with b∘a the identity, p = σ and
 * τ = 1. Then every configuration is compatible (σp = 1) and h = (1, 1, 1), so |Fix(g, τ)| = Σ_T F(T), the
 * column-set count's Σ orbit·F, and the term is that over n!. The caller takes it from that count.
 */
export function countsEveryBand(group: GridGroup, x: number, tauType: CycleType): boolean {
  const { rows: R, n } = group.shape;
  const { t, q: qi, p: pi } = group.parts(x);
  if (t !== 0 || tauType.some((l) => l !== 1)) return false;
  const q = group.rows.perms.subarray(qi * n, qi * n + n);
  const p = group.cols.perms.subarray(pi * n, pi * n + n);
  if (q[0] < R) return false;
  for (let r = 0; r < R; r++) if (q[q[r]] !== r) return false;
  for (let c = 0; c < n; c++) if (p[c] !== (c ^ 1)) return false;
  return true;
}
