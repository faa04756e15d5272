import { describe, expect, it } from 'vitest';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { boxShape } from '../../../src/grid/shape.js';

/**
 * A second route to the class list of the R×2 shapes (two bands of R rows, R stacks of two columns), the one 5×2's
 * Burnside sum rests on: G is the row group S_R ≀ S₂ times the column group S₂ ≀ S_R, built here from nothing (no
 * library code), so a class of G is a row class times a column class and |K| = |G| / (|C_rows(r)| · |C_cols(c)|),
 * each centraliser counted by brute force over its factor. Every representative the library gives must have the
 * library's class size, and the representatives must be pairwise non-conjugate: their (row, column) invariants — the
 * two bands' cycle types (unordered) or the band swap's cycle type of b∘a, and the stacks' signed cycle type — all
 * differ. With the sizes adding up to |G| (checked in conjugacyClasses.test.ts) the class list is then exactly G's.
 */

type Perm = readonly number[];

function permutations(k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(k - 1))
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), k - 1, ...p.slice(i)]);
  return out;
}

/** S_R ≀ S₂ on 2R rows: a permutation of each band's rows, the bands kept or swapped. */
function rowGroup(R: number): Perm[] {
  const out: Perm[] = [];
  const s = permutations(R);
  for (const a of s)
    for (const b of s)
      for (const swap of [0, 1]) {
        const p = [...a.map((x) => x + swap * R), ...b.map((x) => x + (1 - swap) * R)];
        out.push(p);
      }
  return out;
}

/** S₂ ≀ S_R on 2R columns: the stacks permuted, each stack's two columns kept or exchanged. */
function columnGroup(R: number): Perm[] {
  const out: Perm[] = [];
  for (const s of permutations(R))
    for (let flips = 0; flips < 1 << R; flips++) {
      const p = new Array<number>(2 * R);
      for (let st = 0; st < R; st++) for (let j = 0; j < 2; j++) p[2 * st + j] = 2 * s[st] + (j ^ ((flips >> st) & 1));
      out.push(p);
    }
  return out;
}

function centraliserOrder(group: readonly Perm[], x: Perm): number {
  let count = 0;
  for (const h of group) {
    let commutes = true;
    for (let i = 0; i < x.length && commutes; i++) commutes = h[x[i]] === x[h[i]];
    if (commutes) count++;
  }
  return count;
}

function cycleType(p: Perm): string {
  const seen = new Array<boolean>(p.length).fill(false);
  const lengths: number[] = [];
  for (let i = 0; i < p.length; i++) {
    let len = 0;
    for (let j = i; !seen[j]; j = p[j]) {
      seen[j] = true;
      len++;
    }
    if (len) lengths.push(len);
  }
  return lengths.sort((a, b) => a - b).join('.');
}

function rowInvariant(p: Perm, R: number): string {
  if (p[0] < R) {
    const bands = [cycleType(p.slice(0, R)), cycleType(p.slice(R).map((x) => x - R))].sort();
    return `keep ${bands.join(' | ')}`;
  }
  // the swap's class is b∘a's: row r of band 1 goes to band 2 and back
  return `swap ${cycleType(Array.from({ length: R }, (_, r) => p[p[r]]))}`;
}

function columnInvariant(p: Perm, R: number): string {
  const stackOf = Array.from({ length: R }, (_, s) => p[2 * s] >> 1);
  const seen = new Array<boolean>(R).fill(false);
  const cycles: string[] = [];
  for (let s = 0; s < R; s++) {
    let len = 0,
      flips = 0;
    for (let t = s; !seen[t]; t = stackOf[t]) {
      seen[t] = true;
      len++;
      flips += p[2 * t] & 1;
    }
    if (len) cycles.push(`${len}${flips & 1 ? '-' : '+'}`);
  }
  return cycles.sort().join('.');
}

describe('class sizes of G by brute-force centralisers (R×2 shapes; shares no code with conjugacyClasses)', () => {
  for (const R of [3, 4, 5]) {
    it(`${R}x2: every representative's class size is |G| / |C(r)|·|C(c)|, and no two are conjugate`, () => {
      const G = gridGroup(boxShape(R, 2));
      const cc = conjugacyClasses(G);
      const rows = rowGroup(R);
      const cols = columnGroup(R);
      expect(rows.length * cols.length).toBe(G.order);
      const n = 2 * R;
      const centRows = new Map<string, number>();
      const centCols = new Map<string, number>();
      const invariants = new Set<string>();
      for (let k = 0; k < cc.count; k++) {
        const cells = G.cellMap(cc.reps[k]);
        // the row part from column 0's cells, the column part from row 0's
        const rowPart = Array.from({ length: n }, (_, r) => Math.floor(cells[r * n] / n));
        const colPart = Array.from({ length: n }, (_, c) => cells[c] % n);
        const rk = rowPart.join(','),
          ck = colPart.join(',');
        if (!centRows.has(rk)) centRows.set(rk, centraliserOrder(rows, rowPart));
        if (!centCols.has(ck)) centCols.set(ck, centraliserOrder(cols, colPart));
        expect(cc.sizes[k], `class ${k}`).toBe(G.order / (centRows.get(rk)! * centCols.get(ck)!));
        invariants.add(`${rowInvariant(rowPart, R)} / ${columnInvariant(colPart, R)}`);
      }
      expect(invariants.size).toBe(cc.count);
    });
  }
});
