import { describe, expect, it } from 'vitest';
import { bipartiteCanonizer } from '../../../src/colsets/bipartiteCanonizer.js';
import { rng } from '../../helpers/naive.js';

/** All permutations of 0..k−1. */
function perms(k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (const p of perms(k - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), k - 1, ...p.slice(i)]);
  return out;
}

/** Rows and columns renumbered: row i → rowPerm[i], column j → colPerm[j]. */
function relabel(rows: number[], rowPerm: number[], colPerm: number[]): number[] {
  const out = new Array<number>(rows.length).fill(0);
  rows.forEach((r, i) => {
    let mask = 0;
    for (let j = 0; j < rows.length; j++) if (r & (1 << j)) mask |= 1 << colPerm[j];
    out[rowPerm[i]] = mask;
  });
  return out;
}

/** The naive canonical form: the smallest sorted row list over every column permutation (rows sort freely). */
function bruteForm(rows: number[]): string {
  let best = '';
  for (const q of perms(rows.length)) {
    const mapped = relabel(
      rows,
      rows.map((_, i) => i),
      q,
    ).sort((a, b) => a - b);
    const s = mapped.map((x) => x.toString(36)).join(',');
    if (best === '' || s < best) best = s;
  }
  return best;
}

/** A k-regular bipartite graph: the circulant (row i joined to columns i..i+k−1 mod m) with both sides shuffled. */
function randomRegular(m: number, k: number, next: () => number): number[] {
  const rows = Array.from({ length: m }, (_, i) => {
    let mask = 0;
    for (let t = 0; t < k; t++) mask |= 1 << ((i + t) % m);
    return mask;
  });
  // a few random 2-switches (a–b, c–d → a–d, c–b when both new edges are absent) make it less regular in shape
  for (let s = 0; s < 4 * m; s++) {
    const a = Math.floor(next() * m),
      c = Math.floor(next() * m);
    const b = Math.floor(next() * m),
      d = Math.floor(next() * m);
    const ab = rows[a] & (1 << b),
      cd = rows[c] & (1 << d);
    if (a === c || b === d || !ab || !cd || rows[a] & (1 << d) || rows[c] & (1 << b)) continue;
    rows[a] ^= (1 << b) | (1 << d);
    rows[c] ^= (1 << d) | (1 << b);
  }
  return relabel(rows, shuffled(m, next), shuffled(m, next));
}

function shuffled(m: number, next: () => number): number[] {
  const a = Array.from({ length: m }, (_, i) => i);
  for (let i = m - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

describe('bipartiteCanonizer', () => {
  it('gives every renumbering of a graph the same form (random regular and irregular graphs, m = 6..12)', () => {
    const next = rng(15);
    for (let trial = 0; trial < 300; trial++) {
      const m = 6 + (trial % 7);
      const rows =
        trial % 3 === 0
          ? Array.from({ length: m }, () => Math.floor(next() * (1 << m)))
          : randomRegular(m, 2 + (trial % 4), next);
      const canon = bipartiteCanonizer(m);
      const form = canon.canonicalForm(rows);
      for (let r = 0; r < 4; r++) {
        const moved = relabel(rows, shuffled(m, next), shuffled(m, next));
        expect(canon.canonicalForm(moved)).toBe(form);
      }
    }
  });

  it('separates exactly the non-isomorphic graphs (all graphs on 4 + 4 vertices with 6 edges, by brute force)', () => {
    const m = 4;
    const canon = bipartiteCanonizer(m);
    const byForm = new Map<string, string>();
    const byBrute = new Map<string, string>();
    let graphs = 0;
    for (let bits = 0; bits < 1 << (m * m); bits++) {
      let edges = 0;
      for (let x = bits; x; x &= x - 1) edges++;
      if (edges !== 6) continue;
      const rows = Array.from({ length: m }, (_, i) => (bits >> (m * i)) & 15);
      const form = canon.canonicalForm(rows);
      const brute = bruteForm(rows);
      // the two partitions of the graphs into classes must be the same
      if (!byForm.has(form)) byForm.set(form, brute);
      if (!byBrute.has(brute)) byBrute.set(brute, form);
      expect(byForm.get(form)).toBe(brute);
      expect(byBrute.get(brute)).toBe(form);
      graphs++;
    }
    expect(graphs).toBe(8008); // C(16, 6)
    expect(byForm.size).toBe(byBrute.size);
  });

  it('handles highly symmetric graphs: K_{5,5}, two copies of K_{3,3}, a 10-cycle, the empty graph', () => {
    const canon = bipartiteCanonizer(10);
    const k55 = [
      0b11111, 0b11111, 0b11111, 0b11111, 0b11111, 0b1111100000, 0b1111100000, 0b1111100000, 0b1111100000, 0b1111100000,
    ];
    expect(canon.canonicalForm(relabel(k55, shuffled(10, rng(1)), shuffled(10, rng(2))))).toBe(
      canon.canonicalForm(k55),
    );
    const cycle = Array.from({ length: 10 }, (_, i) => (1 << i) | (1 << ((i + 1) % 10)));
    const twoCycles = Array.from({ length: 10 }, (_, i) => (1 << i) | (1 << (i < 5 ? (i + 1) % 5 : 5 + ((i - 4) % 5))));
    expect(canon.canonicalForm(cycle)).not.toBe(canon.canonicalForm(twoCycles));
    expect(canon.canonicalForm(relabel(cycle, shuffled(10, rng(3)), shuffled(10, rng(4))))).toBe(
      canon.canonicalForm(cycle),
    );
    expect(canon.canonicalForm(new Array<number>(10).fill(0))).toBe(
      String.fromCharCode(...new Array<number>(10).fill(0)),
    );
  });
});
