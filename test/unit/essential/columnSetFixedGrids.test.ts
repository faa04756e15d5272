import { describe, expect, it } from 'vitest';
import { countFixedByColumnSets, countsEveryBand } from '../../../src/essential/columnSetFixedGrids.js';
import { columnSetGroup } from '../../../src/essential/columnSetTerms.js';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { countFixedGrids } from '../../../src/essential/countFixedGrids.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { relabellingTypes } from '../../../src/essential/relabellingTypes.js';
import { boxShape } from '../../../src/grid/shape.js';
import { shapes } from '../../helpers/shapes.js';

/**
 * The column-set fixed-grid count (band pairs by column configuration) against countFixedGrids (tied search over
 * cells), term by term: every non-identity term the unit lemma leaves of 3×2 and 2×3 (transposed into 3×2), 55 each,
 * and a spread of those of 4×2 and 2×4 (transposed into 4×2), every tenth of the 156 in class order: 16 terms each,
 * band-keeping and band-swapping g alike (were every fifth, 4 s of this file; the whole of them:
 * scripts/bench-essential.mjs --column-sets; tiedBandCounter.test.ts walks every eighth 4×2 term's orbits too).
 */
describe('countFixedByColumnSets against countFixedGrids', () => {
  for (const shape of shapes('3x2 2x3 4x2 2x4')) {
    it(`${shape.name}: every term (4x2 and 2x4: every tenth)`, () => {
      const G = gridGroup(shape);
      const rx2 = columnSetGroup(G);
      const cc = conjugacyClasses(G);
      const differ: string[] = [];
      const small = shape.rows * shape.cols === 6;
      const every = small ? 1 : 10;
      let terms = 0,
        checked = 0,
        swapping = 0;
      for (let k = 1; k < cc.count; k++) {
        const x = cc.reps[k];
        for (const tau of relabellingTypes(shape, G.cellMap(x)).admissible) {
          if (terms++ % every !== 0) continue;
          checked++;
          const a = countFixedGrids(G, x, tau).count;
          const b = countFixedByColumnSets(rx2.group, rx2.element(x), tau);
          if (b.swapsBands) swapping++;
          if (BigInt(a) !== b.count) differ.push(`class ${k} τ ${tau.join(',')}: ${a} vs ${b.count}`);
        }
      }
      expect(differ).toEqual([]);
      expect(terms).toBe(small ? 55 : 156);
      expect(checked).toBe(small ? 55 : 16);
      expect(swapping).toBeGreaterThan(0);
      expect(swapping).toBeLessThan(checked);
    });
  }

  it('the identity with τ = 1 gives N (3×2: 28,200,960 = 39,168 · 6!), and no 3×2 term is every band', () => {
    const G = gridGroup(boxShape(3, 2));
    expect(countFixedByColumnSets(G, 0, [1, 1, 1, 1, 1, 1]).count).toBe(39168n);
    // the band swap with every stack's columns swapped, τ = 1: the every-band term (its rows map r ↦ r + 3)
    const swap = G.rows.indexOf([3, 4, 5, 0, 1, 2]);
    const sigma = G.cols.indexOf([1, 0, 3, 2, 5, 4]);
    const x = G.element(0, swap, sigma);
    expect(countsEveryBand(G, x, [1, 1, 1, 1, 1, 1])).toBe(true);
    expect(countsEveryBand(G, x, [2, 2, 2])).toBe(false);
    expect(countsEveryBand(G, G.element(0, swap, 0), [1, 1, 1, 1, 1, 1])).toBe(false);
  });

  it('countF false (cost projections): the same orbits passed to onOrbit without F, and a count of 0', () => {
    const G = gridGroup(boxShape(4, 2));
    const cc = conjugacyClasses(G);
    let tried = 0;
    for (let k = 1; k < cc.count && tried < 6; k += 37) {
      const x = cc.reps[k];
      const types = relabellingTypes(G.shape, G.cellMap(x)).admissible;
      if (types.length === 0) continue;
      tried++;
      const full = countFixedByColumnSets(G, x, types[0]);
      const seen: number[] = [];
      const bare = countFixedByColumnSets(G, x, types[0], {
        countF: false,
        onOrbit: (cols, _maps, f) => seen.push(cols.length + f.length),
      });
      expect(bare.count).toBe(0n);
      expect(bare.configurationOrbits).toBe(full.configurationOrbits);
      expect(bare.configurations).toBe(full.configurations);
      expect(seen).toEqual(new Array(full.configurationOrbits).fill(8));
    }
    expect(tried).toBeGreaterThan(2);
  });
});
