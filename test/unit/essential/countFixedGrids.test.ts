import { describe, expect, it } from 'vitest';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { countFixedGrids } from '../../../src/essential/countFixedGrids.js';
import { regionPlan } from '../../../src/essential/regionPlan.js';
import { centralizerOrder, partitionsOf, permutationOfType } from '../../../src/essential/cycleTypes.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { enumerateStandardGrids } from '../../../src/essential/gridOrbits.js';
import { relabellingTypes } from '../../../src/essential/relabellingTypes.js';
import { boxShape } from '../../../src/grid/shape.js';
import { fixedByExactCover, fixedByType } from '../../helpers/fixedGridOracles.js';
import { rng } from '../../helpers/naive.js';
import { shapes } from '../../helpers/shapes.js';

/** One level holding every cell: the plain tied search, no orbits of seeds. */
const plainPlan = (cells: number) => ({ levels: [new Uint8Array(cells).fill(1)], last: null });

describe('grids fixed by a class representative up to relabelling', () => {
  for (const shape of shapes('2x2 2x3 3x2')) {
    it(`${shape.name}: every class and cycle type of τ, against brute force over all grids with box 1 standard`, () => {
      const G = gridGroup(shape);
      const cc = conjugacyClasses(G);
      const grids = enumerateStandardGrids(shape);
      let nonZero = 0;
      for (let k = 0; k < cc.count; k++) {
        const x = cc.reps[k];
        const map = G.cellMap(x);
        const brute = fixedByType(grids, shape.n, map);
        const admissible = relabellingTypes(shape, map).admissible.map((t) => t.join(','));
        // the lemma never rules out a type that occurs
        for (const type of brute.keys()) expect(admissible).toContain(type);
        for (const type of partitionsOf(shape.n)) {
          const key = type.join(',');
          const expected = brute.get(key) ?? 0;
          if (!admissible.includes(key)) continue;
          expect(countFixedGrids(G, x, type).count, `class ${k}, τ ${key}`).toBe(expected);
          expect(countFixedGrids(G, x, type, plainPlan(shape.n ** 2)).count).toBe(expected);
          if (expected > 0) nonZero++;
        }
      }
      expect(nonZero).toBeGreaterThan(10);
    });
  }

  // classes whose |Fix(g, τ)| the exact-cover engine enumerates in well under a second each
  const LIGHT_3X3 = [21, 62, 116, 174, 206, 236, 249, 252, 262, 272];

  it('3x3: light classes vs exact cover on orbit options (|Fix(g, τ)| = count·|C(τ)|) and the plain search', () => {
    const shape = boxShape(3, 3);
    const G = gridGroup(shape);
    const cc = conjugacyClasses(G);
    let checked = 0;
    for (const k of LIGHT_3X3) {
      const x = cc.reps[k];
      const map = G.cellMap(x);
      for (const type of relabellingTypes(shape, map).admissible) {
        const mine = countFixedGrids(G, x, type).count;
        expect(countFixedGrids(G, x, type, plainPlan(81)).count).toBe(mine);
        if (mine * centralizerOrder(type) > 60_000) continue;
        expect(fixedByExactCover(shape, map, permutationOfType(type)), `class ${k}, τ ${type.join(',')}`).toBe(
          mine * centralizerOrder(type),
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('3x3: the same count for a class representative and for random conjugates (other regions, other seeds)', () => {
    const shape = boxShape(3, 3);
    const G = gridGroup(shape);
    const cc = conjugacyClasses(G);
    const next = rng(7);
    for (const k of [21, 114, 129, 185, 249, 262, 264]) {
      const x = cc.reps[k];
      const types = relabellingTypes(shape, G.cellMap(x)).admissible;
      for (let i = 0; i < 2; i++) {
        const h = Math.floor(next() * G.order);
        const y = G.compose(G.compose(h, x), G.inverse(h));
        for (const type of types) expect(countFixedGrids(G, y, type).count).toBe(countFixedGrids(G, x, type).count);
      }
    }
  });

  it('3x3: the regions are g-invariant and the known values of a few classes come out (Russell and Jarvis)', () => {
    const shape = boxShape(3, 3);
    const G = gridGroup(shape);
    const cc = conjugacyClasses(G);
    // class size → fixed grids with box 1 standard, for classes that take a fraction of a second
    const known: Array<[number, number]> = [
      [144, 14_837_760],
      [864, 2_085_120],
      [1728, 294_912],
      [64, 2_508_084],
    ];
    for (const [size, expected] of known) {
      const ks = [...cc.sizes.keys()].filter((k) => cc.sizes[k] === size);
      const totals = ks.map((k) => {
        const x = cc.reps[k];
        const plan = regionPlan(G, x);
        const map = G.cellMap(x);
        for (const m of [...plan.levels, ...(plan.last ? [plan.last] : [])])
          for (let c = 0; c < 81; c++) if (m[c]) expect(m[map[c]]).toBe(1);
        return relabellingTypes(shape, map).admissible.reduce((s, t) => s + countFixedGrids(G, x, t).count, 0);
      });
      expect(totals).toContain(expected);
    }
  });
});
