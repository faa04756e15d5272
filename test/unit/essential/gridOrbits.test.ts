import { describe, expect, it } from 'vitest';
import { countGrids } from '../../../dist/count/countGrids.js';
import { essentiallyDifferent } from '../../../dist/essential/essentiallyDifferent.js';
import { gridGroup } from '../../../dist/essential/gridGroup.js';
import { gridOrbits } from '../../../dist/essential/gridOrbits.js';
import { boxShape } from '../../../dist/grid/shape.js';
import { isValidGrid, shape as naiveShape } from '../../helpers/naive.js';
import { enumerateStandardGrids } from '../../../dist/essential/gridOrbits.js';

describe('the second route: every grid, orbits found directly', () => {
  for (const [R, C, expected] of [
    [2, 2, 2],
    [2, 3, 49],
    [3, 2, 49],
  ] as const) {
    it(`${R}x${C}: ${expected} orbits = Burnside; Σ |G|/|Aut| over orbits = N/n! (box 1 standard)`, async () => {
      const shape = boxShape(R, C);
      const G = gridGroup(shape);
      const direct = gridOrbits(G);
      const burnside = await essentiallyDifferent({ box: shape, workers: 1 });
      const bands = await countGrids({ box: shape, workers: 1 });
      expect(direct.orbits).toBe(expected);
      expect(BigInt(direct.orbits)).toBe(burnside.total);
      expect(BigInt(direct.grids)).toBe(bands.totalWithFixedBox);
      let weighted = 0;
      let orbits = 0;
      for (const [aut, count] of direct.byAutomorphisms) {
        expect(G.order % aut).toBe(0);
        weighted += (G.order / aut) * count;
        orbits += count;
      }
      expect(orbits).toBe(direct.orbits);
      expect(weighted).toBe(direct.grids);
      // Burnside's sum counts each orbit |Aut| times over: Σ_classes |K|·F₁ = Σ_orbits |Aut|·|G|/|Aut|·… = |G|·orbits
      expect(burnside.burnsideSum).toBe(BigInt(G.order) * BigInt(direct.orbits));
    });
  }

  it('2x3: the enumerated grids are valid, distinct, with box 1 standard', () => {
    const grids = enumerateStandardGrids(boxShape(2, 3));
    const seen = new Set<string>();
    for (let i = 0; i < grids.length / 36; i++) {
      const X = grids.subarray(i * 36, (i + 1) * 36);
      expect(isValidGrid(naiveShape(2, 3), X)).toBe(true);
      expect([X[0], X[1], X[2], X[6], X[7], X[8]]).toEqual([1, 2, 3, 4, 5, 6]);
      seen.add(X.join(''));
    }
    expect(seen.size).toBe(39_168);
  });
});
