import { describe, expect, it } from 'vitest';
import { countGrids } from '../../../src/count/countGrids.js';
import { essentiallyDifferent } from '../../../src/essential/essentiallyDifferent.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { gridOrbits } from '../../../src/essential/gridOrbits.js';
import { boxShape } from '../../../src/grid/shape.js';
import { isValidGrid, shape as naiveShape } from '../../helpers/naive.js';
import { enumerateStandardGrids } from '../../../src/essential/gridOrbits.js';

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

  it('2x3: the enumerated grids are distinct, with box 1 standard, and valid (every 11th checked)', () => {
    const grids = enumerateStandardGrids(boxShape(2, 3));
    const seen = new Set<string>();
    let invalid = 0,
      notStandard = 0;
    for (let i = 0; i < grids.length / 36; i++) {
      const X = grids.subarray(i * 36, (i + 1) * 36);
      if (i % 11 === 0 && !isValidGrid(naiveShape(2, 3), X)) invalid++;
      if (X[0] !== 1 || X[1] !== 2 || X[2] !== 3 || X[6] !== 4 || X[7] !== 5 || X[8] !== 6) notStandard++;
      seen.add(String.fromCharCode(...X));
    }
    expect(invalid).toBe(0);
    expect(notStandard).toBe(0);
    expect(seen.size).toBe(39_168);
  });
});
