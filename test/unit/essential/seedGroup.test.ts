import { describe, expect, it } from 'vitest';
import { centralizer } from '../../../src/essential/centralizer.js';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { regionPlan } from '../../../src/essential/regionPlan.js';
import { preserves, seedGroup } from '../../../src/essential/seedGroup.js';
import { boxShape } from '../../../src/grid/shape.js';
import { shapes } from '../../helpers/shapes.js';

describe('seedGroup: the elements commuting with g that keep level 1, or a subgroup of them', () => {
  it('4x2 and 2x3: under the cap, exactly the filtered centraliser of every class representative', () => {
    for (const shape of shapes('4x2 2x3')) {
      const G = gridGroup(shape);
      const cc = conjugacyClasses(G);
      const scratch = new Int32Array(G.shape.n ** 2);
      let differ = 0;
      for (let k = 1; k < cc.count; k += 7) {
        const x = cc.reps[k];
        const region = regionPlan(G, x).levels[0];
        const expected = centralizer(G, x).filter((h) => preserves(G.cellMap(h, scratch), region));
        if (Array.from(seedGroup(G, x, region)).join() !== Array.from(expected).join()) differ++;
      }
      expect(differ).toBe(0);
    }
  });

  it('5x2, the central column swap (55 million keep band 1): a subgroup under the cap, commuting, keeping it', () => {
    const G = gridGroup(boxShape(5, 2));
    const x = G.element(0, 0, G.cols.indexOf([1, 0, 3, 2, 5, 4, 7, 6, 9, 8]));
    const region = regionPlan(G, x).levels[0];
    const cap = 5000;
    const H = seedGroup(G, x, region, cap);
    expect(H.length).toBeGreaterThan(1);
    expect(H.length).toBeLessThanOrEqual(cap);
    const member = new Set(H);
    let bad = 0;
    for (const h of H) {
      if (G.compose(h, x) !== G.compose(x, h)) bad++;
      if (!preserves(G.cellMap(h), region)) bad++;
    }
    // closed under products (so a group: finite and closed)
    for (let i = 0; i < 3000; i++)
      if (!member.has(G.compose(H[(i * 31) % H.length], H[(i * 97 + 5) % H.length]))) bad++;
    expect(bad).toBe(0);
  });
});
