import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial, factorialBig } from '../grid/shape.js';

/**
 * The column configurations of one band of R×C boxes, up to symmetry, with their orbit sizes: the orderly search
 * behind `configurationClasses` (C = 2), for boxes of any width C.
 *
 * A band of R×C boxes has R boxes of C columns and n = R·C digits. Its column configuration T says, for each box k
 * and each of its C columns, which R digits that column holds. Read by digit, T gives every digit d a word
 * v_d ∈ {0..C−1}^R: letter k of v_d is the column of box k holding d. Each (position k, letter j) is used by
 * exactly R of the n words. A word is stored as the number Σ_k letter_k·C^k (for C = 2: bit k is letter k).
 *
 *   4×3 band (R = 4 boxes of C = 3 columns, 12 digits):   digit d  →  word (letters k = 3 2 1 0)
 *   box k:        0          1          2          3
 *   columns: {1,2,3,4}  {1,5,9,…}  …                      1  →  0 0 0 0   = 0
 *            {5,6,7,8}  …                                 5  →  … 1 0 1 … (column of 5 in each box)
 *            {9,…,12}   …
 *
 * The symmetries that keep the number of bands with configuration T:
 *   relabelling digits           (S_n: permutes the words, so T up to it is the multiset of words),
 *   permuting boxes              (S_R on the positions of every word),
 *   permuting a box's columns    (S_C on the letters of one position, independently for each position);
 * boxes and columns together are the wreath product G = S_C ≀ S_R, of order (C!)^R·R! (31,104 for 4×3), acting
 * on words by (g·v) at position π(k) = σ_k(v_k).
 *
 * Classes are balanced multisets of n words up to G. Each is named by its canonical form: the multiset as the list
 * of its words sorted increasingly, smallest (lexicographically) over G. Some g sends any chosen word to 0, so a
 * canonical list starts with 0, and 0 has the largest multiplicity in it.
 *
 * Enumeration is orderly (Read/Faradžev): lists are grown by appending a word ≥ the last, and a list is kept only
 * if it is canonical. Removing the largest word of a canonical list leaves a canonical list (a g that made the
 * shorter list smaller makes the longer one smaller too), so every canonical list is reached exactly once, from its
 * canonical parent. A prefix that uses some (position, letter) more than R times is cut (with n − size words left
 * and no letter over R, every position can still be balanced).
 *
 * The canonicity test does not try all of G. Compare a list L with its image g·L by multiplicities, word by word
 * in increasing order (the first word where they differ decides; more copies there = smaller). Write u = g⁻¹(0):
 *   word 0     g·L has mult(u) copies of 0, L has mult(0): only u of the largest multiplicity m₀ can tie;
 *   next word  L's second distinct word y with c copies; g·L's is g(v) for some v ≠ u, and the smallest it can be
 *              is μ(d) = Σ_{i<d} C^i, the smallest word of weight d = Hamming distance(u, v), reached exactly by
 *              the g that send the d positions where v differs from u to the d lowest positions with letter 1.
 * So with d₀ the smallest distance from a word of multiplicity m₀ to another word of L: if μ(d₀) < y, L is not
 * canonical; a pair (u, v) at distance d₀ with mult(v) > c makes it not canonical either; and the only g left to
 * compare in full are those of the pairs (u, v) at distance d₀ with mult(v) = c, sending u to 0 and v to y:
 * g = h∘t_u, t_u the letter shift taking u to 0, and h one of the d₀!(R−d₀)!·((C−2)!)^d₀·((C−1)!)^(R−d₀)
 * elements of the stabiliser of 0 that send t_u(v) to μ(d₀), listed once per word. Every g with g·L ≤ L is among
 * them, each once (u, v and h are determined by g), so the same loop counts the stabiliser.
 *
 * Orbit size (labelled configurations in the class, boxes, columns and digits numbered):
 *   |G| / |stabiliser of the multiset in G|  ×  n! / Π_v mult(v)!
 * They add up to (n!/(R!)^C)^R, which is checked.
 */
export interface BandConfigurationClasses {
  /** R: rows of a box = boxes in a band = letters of a word. */
  readonly rows: number;
  /** C: columns of a box = the alphabet of a word. */
  readonly cols: number;
  /** Number of classes. */
  readonly count: number;
  /** The canonical word lists, n = R·C words each, back to back: words[c·n + d] is the word of digit d. */
  readonly words: Uint8Array;
  /** Labelled configurations in each class (exact: |G|·n! < 2^53 for every shape accepted). */
  readonly orbitSizes: Float64Array;
  /** Order of each class's stabiliser in the whole group S_n × G. */
  readonly stabilizers: Float64Array;
  /** |S_n × G| = n!·(C!)^R·R!. */
  readonly groupOrder: number;
  /** (n!/(R!)^C)^R: all configurations; equals Σ orbitSizes. */
  readonly configurations: bigint;
  /** Lists generated on the way (the size of the orderly search; all tested but those one word short with no child). */
  readonly nodes: number;
}

/** What keeps R×C from the search (words must fit a byte, orbit sizes a double), or null. */
export function bandConfigurationProblem(R: number, C: number): string | null {
  if (!Number.isInteger(R) || !Number.isInteger(C) || R < 1 || C < 2)
    return 'R must be a whole number ≥ 1 and C a whole number ≥ 2';
  if (C ** R > 256) return `${C}^${R} words do not fit a byte`;
  const whole = factorial(R * C) * factorial(C) ** R * factorial(R);
  if (whole > 2 ** 53) return `the group S_n × S_C≀S_R (order ${whole.toExponential(2)}) passes 2^53`;
  return null;
}

/** (n!/(R!)^C)^R: the column configurations of a band of R×C boxes. */
export function bandConfigurations(R: number, C: number): bigint {
  return (factorialBig(R * C) / factorialBig(R) ** BigInt(C)) ** BigInt(R);
}

/** The tables of the search for one shape, built once. */
interface Tables {
  readonly W: number;
  /** dist[u·W + v]: Hamming distance. */
  readonly dist: Uint8Array;
  /** shift[u·W + v]: t_u(v), the letters of v minus those of u (mod C), so t_u(u) = 0. */
  readonly shift: Uint8Array;
  /** image[h·W + v]: h(v) for h in the stabiliser of 0. */
  readonly image: Uint8Array;
  /** rep[x]: one h sending x to μ(weight x). */
  readonly rep: Int32Array;
  /** |K_d|, K_d the stabiliser of 0 and μ(d). */
  readonly kOrder: Int32Array;
  /** minK[d·W + x]: the smallest image of x under K_d. */
  readonly minK: Uint8Array;
  /** The k ∈ K_d sending x to minK[d·W + x]: argMin[argStart[d·W + x] .. argStart[d·W + x + 1]). */
  readonly argStart: Int32Array;
  readonly argMin: Int32Array;
  /** μ(d) = Σ_{i<d} C^i. */
  readonly mu: Int32Array;
  /** letters[v·R + k]: letter k of v. */
  readonly letters: Uint8Array;
}

function buildTables(R: number, C: number): Tables {
  const W = C ** R;
  const letters = new Uint8Array(W * R);
  for (let v = 0; v < W; v++) for (let k = 0, x = v; k < R; k++, x = Math.floor(x / C)) letters[v * R + k] = x % C;
  const pow = Array.from({ length: R + 1 }, (_, k) => C ** k);
  const dist = new Uint8Array(W * W);
  const shift = new Uint8Array(W * W);
  for (let u = 0; u < W; u++) {
    for (let v = 0; v < W; v++) {
      let d = 0,
        s = 0;
      for (let k = 0; k < R; k++) {
        const a = letters[u * R + k],
          b = letters[v * R + k];
        if (a !== b) d++;
        s += ((b - a + C) % C) * pow[k];
      }
      dist[u * W + v] = d;
      shift[u * W + v] = s;
    }
  }
  // the stabiliser of 0: a box permutation π and, for each position, a permutation of the letters fixing 0
  const positionPerms = permutationsOf(R);
  const letterPerms = permutationsOf(C - 1).map((p) => [0, ...p.map((x) => x + 1)]);
  const nL = letterPerms.length;
  const nH = positionPerms.length * nL ** R;
  const image = new Uint8Array(nH * W);
  let h = 0;
  for (const pi of positionPerms) {
    for (let code = 0; code < nL ** R; code++, h++) {
      const sigma: number[][] = [];
      for (let k = 0, x = code; k < R; k++, x = Math.floor(x / nL)) sigma.push(letterPerms[x % nL]);
      for (let v = 0; v < W; v++) {
        let out = 0;
        for (let k = 0; k < R; k++) out += sigma[k][letters[v * R + k]] * pow[pi[k]];
        image[h * W + v] = out;
      }
    }
  }
  const mu = new Int32Array(R + 1);
  for (let d = 1; d <= R; d++) mu[d] = mu[d - 1] + pow[d - 1];
  const rep = new Int32Array(W);
  for (let x = 0; x < W; x++) {
    const target = mu[dist[x]]; // dist[0·W + x] = weight of x
    let g = 0;
    while (image[g * W + x] !== target) g++;
    rep[x] = g;
  }
  const kOrder = new Int32Array(R + 1);
  const minK = new Uint8Array((R + 1) * W);
  const argStart = new Int32Array((R + 1) * W + 1);
  const args: number[] = [];
  for (let d = 0; d <= R; d++) {
    const K: number[] = [];
    for (let g = 0; g < nH; g++) if (image[g * W + mu[d]] === mu[d]) K.push(g);
    kOrder[d] = K.length;
    for (let x = 0; x < W; x++) {
      let m = W;
      for (const g of K) m = Math.min(m, image[g * W + x]);
      minK[d * W + x] = m;
      argStart[d * W + x] = args.length;
      for (const g of K) if (image[g * W + x] === m) args.push(g);
    }
  }
  argStart[(R + 1) * W] = args.length;
  return { W, dist, shift, image, rep, kOrder, minK, argStart, argMin: Int32Array.from(args), mu, letters };
}

/**
 * A share of the search, for threads: the canonical lists of `depth` words are numbered in search order, and this
 * share follows those numbered ≡ part (mod parts) down to their classes; the lists above `depth` count as nodes in
 * part 0 only. The parts of one split, merged by `mergeConfigurationParts`, are the whole search.
 */
export interface ConfigurationSplit {
  readonly depth: number;
  readonly parts: number;
  readonly part: number;
}

/** The classes one share of the search found, in search order. */
export interface ConfigurationClassPart {
  readonly words: Uint8Array;
  readonly orbitSizes: Float64Array;
  readonly stabilizers: Float64Array;
  /** For each class, the number of its ancestor of `depth` words (where the merge puts it). */
  readonly prefixes: Int32Array;
  readonly nodes: number;
}

export function bandConfigurationClasses(R: number, C: number): BandConfigurationClasses {
  return mergeConfigurationParts(R, C, [configurationClassPart(R, C, { depth: 1, parts: 1, part: 0 })]);
}

/** The parts of one split (any order), as the whole search's classes; checks that the orbits add up. */
export function mergeConfigurationParts(
  R: number,
  C: number,
  parts: readonly ConfigurationClassPart[],
): BandConfigurationClasses {
  const n = R * C;
  const at: { part: number; index: number; prefix: number }[] = [];
  parts.forEach((p, part) => p.prefixes.forEach((prefix, index) => at.push({ part, index, prefix })));
  at.sort((a, b) => a.prefix - b.prefix || a.index - b.index); // a prefix's classes all come from one part
  const words = new Uint8Array(at.length * n),
    orbitSizes = new Float64Array(at.length),
    stabilizers = new Float64Array(at.length);
  let sum = 0n;
  at.forEach(({ part, index }, c) => {
    const p = parts[part];
    words.set(p.words.subarray(index * n, (index + 1) * n), c * n);
    orbitSizes[c] = p.orbitSizes[index];
    stabilizers[c] = p.stabilizers[index];
    sum += BigInt(p.orbitSizes[index]);
  });
  const configurations = bandConfigurations(R, C);
  if (sum !== configurations)
    throw new Error(
      `internal: the class orbits of ${R}x${C} add up to ${sum}, not to the ${configurations} configurations`,
    );
  return {
    rows: R,
    cols: C,
    count: at.length,
    words,
    orbitSizes,
    stabilizers,
    groupOrder: factorial(n) * factorial(C) ** R * factorial(R),
    configurations,
    nodes: parts.reduce((a, p) => a + p.nodes, 0),
  };
}

/** One share of the orderly search (see ConfigurationSplit). */
export function configurationClassPart(R: number, C: number, split: ConfigurationSplit): ConfigurationClassPart {
  const problem = bandConfigurationProblem(R, C);
  if (problem !== null) throw new RangeError(`configuration classes of ${R}x${C}: ${problem}`);
  const { depth, parts, part } = split;
  if (!Number.isInteger(depth) || depth < 1 || depth >= R * C || !Number.isInteger(part) || part < 0 || part >= parts)
    throw new RangeError(
      `configuration classes of ${R}x${C}: no split at depth ${depth} into part ${part} of ${parts}`,
    );
  const { W, dist, shift, image, rep, kOrder, minK, argStart, argMin, mu, letters } = buildTables(R, C);
  const n = R * C;
  const groupG = factorial(C) ** R * factorial(R);
  const stabOfZero = factorial(C - 1) ** R * factorial(R);

  const list = new Uint8Array(n);
  const mult = new Int32Array(W);
  const used = new Int32Array(R * C); // used[k·C + j]: words with letter j at position k
  const distinct = new Int32Array(n); // the distinct words of the list, increasing
  let nd = 0;
  const moved = new Int32Array(n);
  const img = new Int32Array(n);
  const cnt = new Int32Array(n);
  const out: number[] = [];
  const orbit: number[] = [];
  const stab: number[] = [];
  let nodes = 0;

  /**
   * The image under k (base = k·W) of the words moved[i] (the list's distinct words under h∘t_u), against the
   * list: −1 smaller, 0 equal, 1 larger. The images are picked in increasing order, so a difference near the front
   * (the usual case) is found after a few passes.
   */
  function compareImage(base: number): number {
    for (let i = 0; i < nd; i++) {
      img[i] = image[base + moved[i]];
      cnt[i] = mult[distinct[i]];
    }
    for (let i = 0; i < nd; i++) {
      let best = i;
      for (let j = i + 1; j < nd; j++) if (img[j] < img[best]) best = j;
      const w = img[best],
        k = cnt[best];
      img[best] = img[i];
      cnt[best] = cnt[i];
      img[i] = w;
      cnt[i] = k;
      const lw = distinct[i];
      if (w !== lw) return w < lw ? -1 : 1;
      const lk = mult[lw];
      if (k !== lk) return k > lk ? -1 : 1;
    }
    return 0;
  }

  /** −1 if some g·L < L (L not canonical), else the number of g ∈ G with g·L = L. */
  function canonicalTest(): number {
    const m0 = mult[0];
    for (let a = 1; a < nd; a++) if (mult[distinct[a]] > m0) return -1;
    if (nd === 1) return stabOfZero;
    const y = distinct[1],
      c = mult[y];
    let d0 = R + 1;
    for (let a = 0; a < nd; a++) {
      const u = distinct[a];
      if (mult[u] !== m0) continue;
      for (let b = 0; b < nd; b++) {
        const d = dist[u * W + distinct[b]];
        if (b !== a && d < d0) d0 = d;
      }
    }
    if (mu[d0] < y) return -1;
    for (let a = 0; a < nd; a++) {
      const u = distinct[a];
      if (mult[u] !== m0) continue;
      for (let b = 0; b < nd; b++) if (b !== a && dist[u * W + distinct[b]] === d0 && mult[distinct[b]] > c) return -1;
    }
    let stabilizer = 0;
    const z = nd > 2 ? distinct[2] : 0,
      c3 = nd > 2 ? mult[z] : 0;
    for (let a = 0; a < nd; a++) {
      const u = distinct[a];
      if (mult[u] !== m0) continue;
      const row = u * W;
      for (let b = 0; b < nd; b++) {
        if (b === a || dist[row + distinct[b]] !== d0 || mult[distinct[b]] !== c) continue;
        if (nd === 2) {
          stabilizer += kOrder[d0]; // every g sending u to 0 and v to y
          continue;
        }
        // g = k∘h∘t_u with h = rep[t_u(v)] sends u to 0 and v to y; k ∈ K_d0 is what is left to choose
        const hBase = rep[shift[row + distinct[b]]] * W;
        let zMin = W;
        for (let i = 0; i < nd; i++) {
          const x = image[hBase + shift[row + distinct[i]]];
          moved[i] = x;
          if (i !== a && i !== b && minK[d0 * W + x] < zMin) zMin = minK[d0 * W + x];
        }
        if (zMin < z) return -1;
        for (let e = 0; e < nd; e++) {
          if (e === a || e === b || minK[d0 * W + moved[e]] !== z) continue;
          const ce = mult[distinct[e]];
          if (ce > c3) return -1;
          if (ce < c3) continue;
          for (let t = argStart[d0 * W + moved[e]], end = argStart[d0 * W + moved[e] + 1]; t < end; t++) {
            const verdict = compareImage(argMin[t] * W);
            if (verdict < 0) return -1;
            if (verdict === 0) stabilizer++;
          }
        }
      }
    }
    return stabilizer;
  }

  const push = (size: number, v: number): void => {
    list[size] = v;
    if (mult[v]++ === 0) distinct[nd++] = v;
    for (let k = 0; k < R; k++) used[k * C + letters[v * R + k]]++;
  };
  const pop = (v: number): void => {
    if (--mult[v] === 0) nd--;
    for (let k = 0; k < R; k++) used[k * C + letters[v * R + k]]--;
  };
  const fits = (v: number): boolean => {
    for (let k = 0; k < R; k++) if (used[k * C + letters[v * R + k]] >= R) return false;
    return true;
  };

  /** The one word that completes a list of n − 1 words: in each position, the letter used R − 1 times. */
  const lastWord = (): number => {
    let w = 0;
    for (let k = R - 1; k >= 0; k--) {
      let j = 0;
      while (used[k * C + j] === R) j++;
      w = w * C + j;
    }
    return w;
  };

  const prefixes: number[] = [];
  let numbered = 0; // canonical lists of `depth` words seen
  let prefix = 0; // the number of the current one

  const grow = (size: number): void => {
    if (size > depth || part === 0) nodes++;
    // a list one word short whose completing word is below its last has no child: whether it is canonical matters
    // to nothing (it is still a node, as in the search that tests it)
    if (size === n - 1 && lastWord() < list[size - 1]) return;
    const stabilizer = canonicalTest();
    if (stabilizer < 0) return;
    if (size === depth) {
      prefix = numbered++;
      if (prefix % parts !== part) return;
    }
    if (size === n) {
      prefixes.push(prefix);
      for (let d = 0; d < n; d++) out.push(list[d]);
      let labelled = factorial(n);
      for (let a = 0; a < nd; a++) labelled /= factorial(mult[distinct[a]]);
      orbit.push((groupG / stabilizer) * labelled);
      stab.push(stabilizer * (factorial(n) / labelled)); // in S_n × G: |S_n × G| / orbit
      return;
    }
    for (let v = list[size - 1]; v < W; v++) {
      if (!fits(v)) continue;
      push(size, v);
      grow(size + 1);
      pop(v);
    }
  };
  push(0, 0);
  grow(1);
  return {
    words: Uint8Array.from(out),
    orbitSizes: Float64Array.from(orbit),
    stabilizers: Float64Array.from(stab),
    prefixes: Int32Array.from(prefixes),
    nodes,
  };
}
