import { describe, expect, it } from 'vitest';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { formatBand } from '../../../src/grid/digits.js';
import { boxShape } from '../../../src/grid/shape.js';
import { applyBandSymmetry, forEachBandSymmetry } from '../../../src/symmetry/bandSymmetry.js';
import { classifyBands } from '../../../src/symmetry/classifyBands.js';
import { naiveOrbits, naiveStandardBands, shape as naiveShape } from '../../helpers/naive.js';
import { shapes } from '../../helpers/shapes.js';

describe('the WebAssembly union-find and the TypeScript loop are twins', () => {
  for (const shape of shapes('2x3 3x2 3x3')) {
    it(`${shape.name}: the same class of every reduced band, and the same representatives`, () => {
      const bands = enumerateBands(shape);
      const wasm = classifyBands(bands, 'wasm');
      const ts = classifyBands(bands, 'typescript');
      expect(wasm.count).toBe(ts.count);
      expect(Array.from(wasm.classOfLex)).toEqual(Array.from(ts.classOfLex));
      expect(Array.from(wasm.reps)).toEqual(Array.from(ts.reps));
    });
  }
});

describe('classes under box, column, row permutations and relabelling', () => {
  for (const shape of shapes('2x2 2x3 3x2')) {
    it(`${shape.name}: the same classes (representatives and sizes) as naive orbits under every group element`, () => {
      const s = shape;
      const classes = classifyBands(enumerateBands(s));
      const size = shape.rows * s.n;
      const mine = new Map<string, number>();
      for (let c = 0; c < classes.count; c++) mine.set(formatBand(s, classes.reps, c * size), classes.sizes[c]);
      const naive = naiveOrbits(
        naiveShape(shape.rows, shape.cols),
        naiveStandardBands(naiveShape(shape.rows, shape.cols)),
      );
      expect(mine).toEqual(naive);
    });
  }

  it(
    '3x3: 416 classes; Σ m_C = 2,612,736; every representative is the smallest band of its orbit and ' +
      'm_C·|stabiliser| = 7,776',
    () => {
      const s = boxShape(3, 3);
      const classes = classifyBands(enumerateBands(s));
      expect(classes.count).toBe(416);
      expect(classes.groupOrder).toBe(7776);
      let sum = 0;
      for (let c = 0; c < classes.count; c++) sum += classes.sizes[c];
      expect(sum).toBe(2_612_736);
      // Brute force over all 7,776 group elements for every class: the stabiliser, counted directly, and
      // the orbit-stabiliser theorem must agree with the union-find class sizes.
      const size = 27;
      const img = new Uint8Array(size),
        relabel = new Uint8Array(10);
      const stab = new Int32Array(classes.count);
      let smaller = 0;
      const maps: Int32Array[] = [];
      forEachBandSymmetry(s, (g) => {
        maps.push(g.slice());
      });
      expect(maps.length).toBe(7776);
      for (let c = 0; c < classes.count; c++) {
        const rep = classes.reps.subarray(c * size, (c + 1) * size);
        for (const g of maps) {
          applyBandSymmetry(s, g, rep, img, relabel);
          let cmp = 0;
          for (let i = 0; i < size && cmp === 0; i++) cmp = img[i] - rep[i];
          if (cmp === 0) stab[c]++;
          if (cmp < 0) smaller++;
        }
      }
      expect(smaller).toBe(0); // no image is smaller than its class's representative
      for (let c = 0; c < classes.count; c++) expect(stab[c] * classes.sizes[c]).toBe(7776);
    },
  );
});
