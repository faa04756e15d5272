import { describe, expect, it } from 'vitest';
import { automorphismSearch } from '../../../src/essential/automorphismGroup.js';
import { automorphismCensus } from '../../../src/essential/automorphismCensus.js';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { countFixedGrids } from '../../../src/essential/countFixedGrids.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { enumerateStandardGrids, gridOrbits } from '../../../src/essential/gridOrbits.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rng } from '../../helpers/naive.js';
import { shapes } from '../../helpers/shapes.js';

/** Brute force: every g in G with X(g(c)) = τ(X(c)) for some τ. */
function bruteAutomorphisms(G: ReturnType<typeof gridGroup>, X: ArrayLike<number>): number[] {
  const n = G.shape.n;
  const out: number[] = [];
  const map = new Int32Array(n * n);
  const tau = new Int32Array(n);
  for (let g = 0; g < G.order; g++) {
    G.cellMap(g, map);
    tau.fill(-1);
    let ok = true;
    for (let c = 0; c < n * n && ok; c++) {
      const a = X[c],
        b = X[map[c]];
      if (tau[a] < 0) tau[a] = b;
      else if (tau[a] !== b) ok = false;
    }
    if (ok) out.push(g);
  }
  return out;
}

describe('automorphism groups and the census by their order', () => {
  for (const shape of shapes('2x2 2x3 3x2')) {
    it(`${shape.name}: the search finds exactly what brute force finds, on every 97th grid`, () => {
      const G = gridGroup(shape);
      const search = automorphismSearch(G);
      const grids = enumerateStandardGrids(shape);
      const N = shape.n ** 2;
      let wrong = 0;
      for (let i = 0; i < grids.length / N; i += 97) {
        const X = Int8Array.from(grids.subarray(i * N, (i + 1) * N), (d) => d - 1);
        if (search.automorphisms(X).join() !== bruteAutomorphisms(G, X).join()) wrong++;
      }
      expect(wrong).toBe(0);
    });

    it(`${shape.name}: the census from fixed grids = the orbits counted directly, by |Aut|`, async () => {
      const census = await automorphismCensus({ box: shape.name, workers: 1 });
      const direct = gridOrbits(gridGroup(shape));
      const nonZero = census.byOrder.filter(([, k]) => k > 0n).map(([a, k]) => [a, Number(k)]);
      expect(nonZero).toEqual(direct.byAutomorphisms.map(([a, k]) => [a, k]));
      expect(census.weightedSum).toBe(BigInt(direct.grids));
      expect(census.classesChecked).toBe(conjugacyClasses(gridGroup(shape)).count - 1);
    });
  }

  it(
    '3x3: the grid with 648 automorphisms (fixed by class 264): a group, each element checked, ' +
      'conjugates found for moved copies',
    () => {
      const shape = boxShape(3, 3);
      const G = gridGroup(shape);
      const cc = conjugacyClasses(G);
      const search = automorphismSearch(G);
      let best: Int8Array | null = null;
      let bestSize = 0;
      countFixedGrids(G, cc.reps[264], [4, 4, 1], undefined, (grid) => {
        const size = search.automorphisms(grid).length;
        if (size > bestSize) {
          bestSize = size;
          best = Int8Array.from(grid);
        }
      });
      expect(bestSize).toBe(648);
      const X = best as unknown as Int8Array;
      const A = search.automorphisms(X);
      const set = new Set(A);
      expect(A.every((a) => A.slice(0, 12).every((b) => set.has(G.compose(a, b))))).toBe(true);
      const map = new Int32Array(81);
      const tau = new Int32Array(9);
      for (const g of A) {
        G.cellMap(g, map);
        tau.fill(-1);
        for (let c = 0; c < 81; c++) {
          if (tau[X[c]] < 0) tau[X[c]] = X[map[c]];
          expect(tau[X[c]]).toBe(X[map[c]]);
        }
      }
      // move X by h: its automorphisms are h·A·h⁻¹
      const next = rng(648);
      for (let i = 0; i < 5; i++) {
        const h = Math.floor(next() * G.order);
        G.cellMap(h, map);
        const Y = new Int8Array(81);
        for (let c = 0; c < 81; c++) Y[map[c]] = X[c];
        const expected = A.map((a) => G.compose(G.compose(h, a), G.inverse(h))).sort((x, y) => x - y);
        expect(search.automorphisms(Y)).toEqual(expected);
      }
    },
  );
});
