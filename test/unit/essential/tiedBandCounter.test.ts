import { describe, expect, it } from 'vitest';
import { countFixedByColumnSets } from '../../../src/essential/columnSetFixedGrids.js';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { relabellingTypes } from '../../../src/essential/relabellingTypes.js';
import { tiedBandCounter } from '../../../src/essential/tiedBandCounter.js';
import { boxShape } from '../../../src/grid/shape.js';
import { matchingBandCounter } from '../../helpers/matchingBandCounter.js';

/**
 * F_h(T) by the quotient transfer (tiedBandCounter) against the matching search it replaced (the oracle,
 * test/helpers/matchingBandCounter.ts), on every orbit representative the term counter visits: every term of 3×2
 * and every eighth of 4×2 (band-keeping and band-swapping h, q of many cycle types). The whole terms of 3×2,
 * 4×2 and 5×2 are checked against countFixedGrids and data/essential-5x2.json elsewhere
 * (columnSetFixedGrids.test.ts; docs/essentially-different.md, "6x2 and 2x6").
 */
function compareTerms(box: string, every: number): { orbits: number; nonZero: number; differ: string[] } {
  const [R, C] = box.split('x').map(Number);
  const G = gridGroup(boxShape(R, C));
  const cc = conjugacyClasses(G);
  const differ: string[] = [];
  let orbits = 0,
    nonZero = 0,
    terms = 0;
  const oracles = new Map<string, ReturnType<typeof matchingBandCounter>>();
  for (let k = 1; k < cc.count; k++) {
    const x = cc.reps[k];
    for (const tau of relabellingTypes(G.shape, G.cellMap(x)).admissible) {
      if (terms++ % every !== 0) continue;
      countFixedByColumnSets(G, x, tau, {
        onOrbit: (cols, maps, f) => {
          maps.forEach((h, i) => {
            const key = `${h.q.join()}|${h.p.join()}|${h.tau.join()}`;
            let oracle = oracles.get(key);
            if (!oracle) oracles.set(key, (oracle = matchingBandCounter(R, h.q, h.p, h.tau)));
            // the identity's F comes from the edge-colouring counter: compare the transfer there too
            const fast = f.length > i ? f[i] : tiedBandCounter(R, h.q, h.p, h.tau).count(cols);
            const slow = oracle.count(cols);
            orbits++;
            if (slow > 0) nonZero++;
            if (fast !== slow) differ.push(`class ${k} τ ${tau.join(',')} map ${i}: ${fast} vs ${slow}`);
          });
        },
      });
    }
  }
  return { orbits, nonZero, differ };
}

describe('tiedBandCounter (quotient transfer) against the matching search', () => {
  it('3x2: every term, every orbit', () => {
    const r = compareTerms('3x2', 1);
    expect(r.differ).toEqual([]);
    expect(r.nonZero).toBeGreaterThan(20);
  });

  it('4x2: every eighth term in class order, every orbit (all 156: ~80 s, run 2026-11-29, all equal)', () => {
    const r = compareTerms('4x2', 8);
    expect(r.differ).toEqual([]);
    expect(r.nonZero).toBeGreaterThan(20);
  });

  it('a configuration not compatible with (p, τ) is refused', () => {
    // 3×2: p swaps the columns of stack 0, τ = 1: a column set would have to equal its complement
    const counter = tiedBandCounter(3, [0, 1, 2], [1, 0, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]);
    const cols = [0b010101, 0b010101, 0b010101, 0b101010, 0b101010, 0b101010];
    expect(() => counter.count(cols)).toThrow(/not compatible/);
  });

  it('the identity h gives the plain F (3×2: two Latin squares of order 3)', () => {
    // T: digits 0..2 in the left columns everywhere: each stack a 3×2 block of a Latin square's rows
    const cols = [0b010101, 0b010101, 0b010101, 0b101010, 0b101010, 0b101010];
    const id = [0, 1, 2, 3, 4, 5];
    const f = tiedBandCounter(3, [0, 1, 2], id, id).count(cols);
    // left columns: a Latin square of order 3 on digits 0..2 (12), right columns likewise (12)
    expect(f).toBe(144);
  });
});
