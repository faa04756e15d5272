import { describe, expect, it } from 'vitest';
import {
  bandConfigurationClasses,
  bandConfigurationProblem,
  bandConfigurations,
  configurationClassPart,
  mergeConfigurationParts,
} from '../../../src/colsets/bandConfigurationClasses.js';
import { bandConfigurationClassesOnThreads } from '../../../src/colsets/bandConfigurationClassesOnThreads.js';
import { configurationClassCount } from '../../../src/colsets/configurationClassCount.js';

const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));

/** Every element of S_C ≀ S_R as the table of its images of the C^R words (word = Σ letter_k·C^k). */
function wreathImages(R: number, C: number): Uint8Array[] {
  const perms = (k: number): number[][] =>
    k === 0
      ? [[]]
      : perms(k - 1).flatMap((p) => Array.from({ length: k }, (_, i) => [...p.slice(0, i), k - 1, ...p.slice(i)]));
  const W = C ** R;
  const out: Uint8Array[] = [];
  const letterTuples: number[][][] = [[]];
  for (let k = 0; k < R; k++)
    letterTuples.splice(0, letterTuples.length, ...letterTuples.flatMap((t) => perms(C).map((s) => [...t, s])));
  for (const pi of perms(R)) {
    for (const sigma of letterTuples) {
      const table = new Uint8Array(W);
      for (let v = 0; v < W; v++) {
        let w = 0;
        for (let k = 0, x = v; k < R; k++, x = Math.floor(x / C)) w += sigma[k][x % C] * C ** pi[k];
        table[v] = w;
      }
      out.push(table);
    }
  }
  return out;
}

/** A sorted word list as one number (first word most significant): lexicographic order is numeric order. */
const keyOf = (words: readonly number[], W: number): number => words.reduce((a, w) => a * W + w, 0);

/**
 * The brute force: every balanced multiset of n words, grouped into orbits by applying every element of the group
 * to one unvisited multiset at a time. Per orbit: its smallest key, its labelled configurations (Σ n!/Π mult!) and
 * the multisets in it.
 */
function bruteOrbits(R: number, C: number): Map<number, { labelled: number; multisets: number }> {
  const W = C ** R,
    n = R * C;
  const letter = (v: number, k: number): number => Math.floor(v / C ** k) % C;
  const all: number[][] = [];
  const used = new Array<number>(R * C).fill(0);
  const cur: number[] = [];
  const rec = (from: number): void => {
    if (cur.length === n) {
      all.push(cur.slice());
      return;
    }
    for (let v = from; v < W; v++) {
      let ok = true;
      for (let k = 0; k < R; k++) ok &&= used[k * C + letter(v, k)] < R;
      if (!ok) continue;
      for (let k = 0; k < R; k++) used[k * C + letter(v, k)]++;
      cur.push(v);
      rec(v);
      cur.pop();
      for (let k = 0; k < R; k++) used[k * C + letter(v, k)]--;
    }
  };
  rec(0);
  const group = wreathImages(R, C);
  const seen = new Set<number>();
  const orbits = new Map<number, { labelled: number; multisets: number }>();
  for (const words of all) {
    if (seen.has(keyOf(words, W))) continue;
    let min = Infinity,
      labelled = 0,
      multisets = 0;
    for (const g of group) {
      const image = words.map((v) => g[v]).sort((a, b) => a - b);
      const key = keyOf(image, W);
      if (seen.has(key)) continue;
      seen.add(key);
      min = Math.min(min, key);
      multisets++;
      let l = fact(n);
      const mult = new Map<number, number>();
      for (const v of image) mult.set(v, (mult.get(v) ?? 0) + 1);
      for (const m of mult.values()) l /= fact(m);
      labelled += l;
    }
    orbits.set(min, { labelled, multisets });
  }
  return orbits;
}

describe('bandConfigurationClasses', () => {
  it.each([
    [1, 3],
    [2, 3],
    [3, 3],
    [2, 4],
    [2, 5],
    [4, 2],
  ])('%ix%i: the classes, orbits and stabilisers of the brute force over every word multiset', (R, C) => {
    const classes = bandConfigurationClasses(R, C);
    const orbits = bruteOrbits(R, C);
    const W = C ** R,
      n = R * C,
      G = fact(C) ** R * fact(R);
    expect(classes.count).toBe(orbits.size);
    for (let c = 0; c < classes.count; c++) {
      const words = Array.from(classes.words.subarray(c * n, (c + 1) * n));
      // the representative is the smallest list of its orbit, and its orbit the brute force's
      const orbit = orbits.get(keyOf(words, W));
      expect(orbit).toBeDefined();
      expect(classes.orbitSizes[c]).toBe(orbit?.labelled);
      // stabiliser in S_n × G = |S_n × G| / orbit; in G alone = |G| / multisets in the orbit
      expect(classes.stabilizers[c] * classes.orbitSizes[c]).toBe(classes.groupOrder);
      const mult = new Map<number, number>();
      for (const v of words) mult.set(v, (mult.get(v) ?? 0) + 1);
      const inG = classes.stabilizers[c] / [...mult.values()].reduce((a, m) => a * fact(m), 1);
      expect(inG * (orbit?.multisets ?? 0)).toBe(G);
    }
  });

  it.each([
    [3, 3, 44],
    [2, 4, 5],
    [5, 2, 355],
    [2, 6, 11],
  ])('%ix%i: as many classes as Burnside counts (%i); orbits add up to (n!/(R!)^C)^R', (R, C, expected) => {
    const classes = bandConfigurationClasses(R, C);
    const burnside = configurationClassCount(R, C);
    expect(BigInt(classes.count)).toBe(burnside.classes);
    expect(classes.count).toBe(expected);
    let sum = 0n,
      multisets = 0;
    const n = R * C;
    for (let c = 0; c < classes.count; c++) {
      sum += BigInt(classes.orbitSizes[c]);
      // every (position, letter) is used by exactly R words
      const used = new Array<number>(R * C).fill(0);
      for (let d = 0; d < n; d++)
        for (let k = 0, x = classes.words[c * n + d]; k < R; k++, x = Math.floor(x / C)) used[k * C + (x % C)]++;
      expect(used.every((u) => u === R)).toBe(true);
      const words = classes.words.subarray(c * n, (c + 1) * n);
      const mult = new Map<number, number>();
      for (const v of words) mult.set(v, (mult.get(v) ?? 0) + 1);
      const inG = classes.stabilizers[c] / [...mult.values()].reduce((a, m) => a * fact(m), 1);
      expect(Number.isInteger(inG)).toBe(true);
      multisets += (fact(C) ** R * fact(R)) / inG;
    }
    expect(sum).toBe(classes.configurations);
    expect(classes.configurations).toBe(bandConfigurations(R, C));
    expect(BigInt(multisets)).toBe(burnside.multisets);
  });

  it('C = 2 is configurationClasses: R×2 words are bit patterns, the node count of the R×2 search', () => {
    const classes = bandConfigurationClasses(5, 2);
    expect(classes.nodes).toBe(17438);
    expect(classes.configurations).toBe(252n ** 5n);
  });

  it.each([
    [3, 3, 4, 3],
    [5, 2, 5, 7],
    [2, 5, 3, 2],
    [2, 6, 4, 3],
  ])('%ix%i split at %i words into %i shares: merged, the one-thread search exactly', (R, C, depth, parts) => {
    const whole = bandConfigurationClasses(R, C);
    const shares = Array.from({ length: parts }, (_, part) => configurationClassPart(R, C, { depth, parts, part }));
    // more than one share finds classes (else the split tests nothing), and the merge is the whole, nodes too
    expect(shares.filter((s) => s.prefixes.length > 0).length).toBeGreaterThan(1);
    expect(mergeConfigurationParts(R, C, shares.reverse())).toEqual(whole);
  });

  it('on 2 worker threads: the one-thread search exactly, with progress per share', async () => {
    const seen: number[] = [];
    const threaded = await bandConfigurationClassesOnThreads(5, 2, { workers: 2, onProgress: (d) => seen.push(d) });
    expect(threaded).toEqual(bandConfigurationClasses(5, 2));
    expect(seen).toEqual([1, 2]);
    await expect(bandConfigurationClassesOnThreads(5, 2, { workers: 0 })).rejects.toThrow(/0 workers/);
  });

  it('refuses shapes whose words pass a byte or whose group passes 2^53, naming them', () => {
    expect(bandConfigurationProblem(4, 3)).toBeNull();
    expect(bandConfigurationProblem(6, 2)).toBeNull();
    expect(bandConfigurationProblem(7, 2)).toMatch(/2\^53/);
    expect(bandConfigurationProblem(6, 3)).toMatch(/byte/);
    expect(() => bandConfigurationClasses(5, 3)).toThrow(/configuration classes of 5x3: .*2\^53/);
    expect(() => bandConfigurationClasses(2, 1)).toThrow(RangeError);
  });
});

describe('configurationClassCount (Burnside)', () => {
  it('R×2: 1, 2, 4, 26, 355, 63199 classes (the orderly search of every R ≤ 6)', () => {
    expect([1, 2, 3, 4, 5, 6].map((R) => configurationClassCount(R, 2).classes)).toEqual([
      1n,
      2n,
      4n,
      26n,
      355n,
      63199n,
    ]);
  });

  it('4×3: 144,578 classes, the number Pettersen (2006) found for the 12×12 bands of 4×3 boxes', () => {
    expect(configurationClassCount(4, 3).classes).toBe(144578n);
  });
});
