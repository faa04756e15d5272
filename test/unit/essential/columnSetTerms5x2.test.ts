import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countFixedByColumnSets } from '../../../src/essential/columnSetFixedGrids.js';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { relabellingTypes } from '../../../src/essential/relabellingTypes.js';
import { boxShape } from '../../../src/grid/shape.js';
import { ROOT } from '../../helpers/paths.js';
import { swapTermsByClasses } from '../../../src/essential/swapTermsByClasses.js';
import { readColumnSetClasses } from '../../helpers/swapTermsByClasses.js';

/**
 * 5×2 terms by routes that share nothing with the column-configuration counter (columnSetFixedGrids, tiedBandCounter):
 * the band swaps whose band map is the identity from the 355 configuration classes of data/colsets-classes-5x2.json
 * (swapTermsByClasses), and a band-keeping involution in closed form. (Every such swap term, all six cycle types
 * τ² = 1 of the twelve column classes with p² = 1, agrees with the full run: docs/essentially-different.md.)
 */
const shape = boxShape(5, 2);
const G = gridGroup(shape);
const cc = conjugacyClasses(G);
const data = readColumnSetClasses(join(ROOT, 'data', 'colsets-classes-5x2.json'));

/** The class representatives that swap the bands with b∘a = 1 and an involution for column part. */
function swapClasses(): Array<{ k: number; x: number; p: number[] }> {
  const out: Array<{ k: number; x: number; p: number[] }> = [];
  for (let k = 1; k < cc.count; k++) {
    const x = cc.reps[k];
    const { q: qi, p: pi } = G.parts(x);
    const q = Array.from(G.rows.perms.subarray(qi * 10, qi * 10 + 10));
    const p = Array.from(G.cols.perms.subarray(pi * 10, pi * 10 + 10));
    if (q[0] < 5 || q.some((v, r) => q[v] !== r) || p.some((v, c) => p[v] !== c)) continue;
    out.push({ k, x, p });
  }
  return out;
}

describe('5x2 band-swap terms by the configuration classes', () => {
  it('every band swap with b∘a = 1 and p² = 1: the lemma leaves exactly the types the classes make non-zero', () => {
    const swaps = swapClasses();
    expect(swaps.length).toBe(12);
    const nonZero: string[] = [];
    for (const { k, x, p } of swaps) {
      const admissible = new Set(relabellingTypes(shape, G.cellMap(x)).admissible.map((t) => t.join(',')));
      for (const [type, v] of swapTermsByClasses(data, p))
        if (v > 0n) {
          nonZero.push(`${k}:${type}`);
          expect(admissible.has(type)).toBe(true);
        }
    }
    // 1008 and 1014, 1028 with τ = 2⁵; 1013, 1017, 1029 with the five types τ² = 1 that have fixed digits
    expect(nonZero.length).toBe(18);
  });

  it('class 1013 (rows (1 6)…(5 10), every stack swapped), τ = 2⁴·1²: the counter and the classes agree', () => {
    const k = swapClasses().find((s) => s.p.every((v, c) => v === (c ^ 1)))!;
    const terms = swapTermsByClasses(data, k.p);
    expect(countFixedByColumnSets(G, k.x, [2, 2, 2, 2, 1, 1]).count).toBe(terms.get('2,2,2,2,1,1'));
    // τ = 1: the number of bands over 10!, the term taken from the column-set count
    expect(terms.get('1,1,1,1,1,1,1,1,1,1')! * 3628800n).toBe(data.bands);
  });
});

describe('a 5x2 band-keeping involution in closed form', () => {
  /**
   * Class 41: rows (4 5), every stack's columns swapped (σ), τ a fixed-point-free involution (5 pairs). Band 2 is
   * fixed by (1, σ, τ): its left columns hold one digit of each pair, the right ones their partners, so it is a Latin
   * square of the pairs (L5 = 161,280) whatever its configuration: |Fix| = L5 · (bands fixed by ((4 5), σ, τ)). Such
   * a band: rows 1–3 are a 3×5 Latin rectangle of pairs (L(3,5)) with a free choice of the left digit of each cell
   * (2^15); row 4 takes in each stack the two pairs its box lacks, each pair lacking from two stacks gets its two
   * digits there (2^5 ways) in either order per stack (2^5), and row 5 is τ of row 4 with each stack's columns
   * swapped. So the term is L5 · L(3,5) · 2^25 / |C(τ)|.
   */
  it('class 41, τ = 2⁵: L5 · L(3,5) · 2^25 / 3840', () => {
    const perms: number[][] = [];
    const gen = (a: number[]): void => {
      if (a.length === 5) perms.push(a);
      else for (let v = 0; v < 5; v++) if (!a.includes(v)) gen([...a, v]);
    };
    gen([]);
    const disjoint = (a: number[], b: number[]) => a.every((v, i) => v !== b[i]);
    let rect3 = 0n;
    for (const a of perms)
      for (const b of perms) if (disjoint(a, b)) for (const c of perms) if (disjoint(a, c) && disjoint(b, c)) rect3++;
    expect(rect3).toBe(66240n);
    // Latin squares of order 5 (OEIS A002860; edgeColouringCounter.test.ts counts them too)
    const latin = 161280n;
    const x = cc.reps[41];
    expect(G.rows.perms.subarray(G.parts(x).q * 10, G.parts(x).q * 10 + 10)).toEqual(
      Uint8Array.from([0, 1, 2, 4, 3, 5, 6, 7, 8, 9]),
    );
    expect(G.cols.perms.subarray(G.parts(x).p * 10, G.parts(x).p * 10 + 10)).toEqual(
      Uint8Array.from([1, 0, 3, 2, 5, 4, 7, 6, 9, 8]),
    );
    expect(countFixedByColumnSets(G, x, [2, 2, 2, 2, 2]).count).toBe((latin * rect3 * 2n ** 25n) / 3840n);
  });
});
