import { describe, expect, it } from 'vitest';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { boxShape } from '../../../src/grid/shape.js';

/** x∘y on cells: y first. */
function composeMaps(x: Int32Array, y: Int32Array): Int32Array {
  return Int32Array.from(y, (c) => x[c]);
}

describe('the grid group G', () => {
  for (const [R, C, order] of [
    [2, 2, 128],
    [2, 3, 3456],
    [3, 2, 3456],
    [4, 2, 442_368],
    [3, 3, 3_359_232],
  ] as const) {
    it(`${R}x${C}: |G| = ${order}; products, inverses, cell maps agree; elements keep rows, columns, boxes`, () => {
      const G = gridGroup(boxShape(R, C));
      const n = R * C;
      expect(G.order).toBe(order);
      expect(G.transposable).toBe(R === C);
      const step = Math.max(1, Math.floor(order / 150));
      const box = (cell: number) => Math.floor(Math.floor(cell / n) / R) * R + Math.floor((cell % n) / C);
      let wrongInverses = 0,
        wrongProducts = 0,
        splitUnits = 0;
      for (let x = 0; x < order; x += step) {
        const mx = G.cellMap(x);
        if (G.compose(x, G.inverse(x)) !== 0) wrongInverses++;
        for (let y = 7; y < order; y += step * 13) {
          const a = G.cellMap(G.compose(x, y)),
            b = composeMaps(mx, G.cellMap(y));
          if (a.some((v, i) => v !== b[i])) wrongProducts++;
        }
        // cells of a unit go to cells of one unit
        for (const unitOf of [(c: number) => Math.floor(c / n), (c: number) => c % n, box]) {
          const images = new Map<number, Set<string>>();
          for (let c = 0; c < n * n; c++) {
            const u = unitOf(c);
            const img = mx[c];
            const label = [Math.floor(img / n), img % n, box(img)].join(',');
            if (!images.has(u)) images.set(u, new Set());
            images.get(u)!.add(label);
          }
          for (const labels of images.values()) {
            const rows = new Set([...labels].map((l) => l.split(',')[0]));
            const cols = new Set([...labels].map((l) => l.split(',')[1]));
            const boxes = new Set([...labels].map((l) => l.split(',')[2]));
            if (!(rows.size === 1 || cols.size === 1 || boxes.size === 1)) splitUnits++;
          }
        }
      }
      expect(wrongInverses).toBe(0);
      expect(wrongProducts).toBe(0);
      expect(splitUnits).toBe(0);
    });
  }
});
