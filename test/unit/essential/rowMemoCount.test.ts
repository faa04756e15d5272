import { describe, expect, it } from 'vitest';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { countFixedGrids } from '../../../src/essential/countFixedGrids.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { relabellingTypes } from '../../../src/essential/relabellingTypes.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rowMemoCount } from '../../helpers/rowMemoCount.js';

/**
 * A second fixed-grid counter (test/helpers/rowMemoCount.ts): rows in their closures under g, memoised by column
 * and box masks, no regions, seed orbits, stabilisers or last-band tables. Every term of 2×2, 2×3 and 3×2, and a
 * spread of 4×2 and 2×4 terms (every eleventh class the lemma leaves: the whole of 4×2 takes minutes), must agree
 * with countFixedGrids. (Run whole, all 156 non-identity terms of 4×2 and of 2×4 agree: docs/essentially-different.md.)
 */
describe('countFixedGrids against the row-memo counter', () => {
  for (const [R, C, step] of [
    [2, 2, 1],
    [2, 3, 1],
    [3, 2, 1],
    [4, 2, 37],
    [2, 4, 23],
  ] as const) {
    it(`${R}x${C}: ${step === 1 ? 'every term' : `the terms of one class in ${step}`}`, () => {
      const shape = boxShape(R, C);
      const G = gridGroup(shape);
      const cc = conjugacyClasses(G);
      const open = Array.from({ length: cc.count - 1 }, (_, i) => i + 1).filter(
        (k) => G.parts(cc.reps[k]).t === 0 && relabellingTypes(shape, G.cellMap(cc.reps[k])).admissible.length > 0,
      );
      const differ: string[] = [];
      let terms = 0;
      // from the step-th on: the first classes (few elements, large centralisers) are the dearest for the oracle
      for (let i = step - 1; i < open.length; i += step) {
        const x = cc.reps[open[i]];
        for (const tau of relabellingTypes(shape, G.cellMap(x)).admissible) {
          terms++;
          const a = countFixedGrids(G, x, tau).count;
          const b = rowMemoCount(G, x, tau).count;
          if (a !== b) differ.push(`class ${open[i]} τ ${tau.join(',')}: ${a} vs ${b}`);
        }
      }
      expect(terms).toBeGreaterThan(step === 1 ? 10 : 2);
      expect(differ).toEqual([]);
    });
  }
});
