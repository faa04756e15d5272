import { describe, expect, it } from 'vitest';
import { conjugacyClasses } from '../../../src/essential/conjugacyClasses.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rng } from '../../helpers/naive.js';
import { shapes } from '../../helpers/shapes.js';

describe('conjugacy classes of G', () => {
  for (const [R, C, count] of [
    [2, 2, 20],
    [2, 3, 90],
    [3, 2, 90],
    [4, 2, 400],
    [3, 3, 275],
  ] as const) {
    it(`${R}x${C}: ${count} classes, sizes add up to |G|, representatives the smallest of their class`, () => {
      const G = gridGroup(boxShape(R, C));
      const cc = conjugacyClasses(G);
      expect(cc.count).toBe(count);
      expect(cc.sizes.reduce((a, b) => a + b, 0)).toBe(G.order);
      const counted = new Float64Array(cc.count);
      const first = new Int32Array(cc.count).fill(-1);
      for (let x = 0; x < G.order; x++) {
        counted[cc.classOf(x)]++;
        if (first[cc.classOf(x)] < 0) first[cc.classOf(x)] = x;
      }
      expect(Array.from(counted)).toEqual(Array.from(cc.sizes));
      expect(Array.from(first)).toEqual(Array.from(cc.reps));
      expect(cc.reps[0]).toBe(0);
      expect(cc.sizes[0]).toBe(1);
    });
  }

  for (const shape of shapes('2x2 2x3 3x2')) {
    it(`${shape.name}: each class is exactly the set of h·x·h⁻¹ over every h in G (brute force)`, () => {
      const G = gridGroup(shape);
      const cc = conjugacyClasses(G);
      for (let k = 0; k < cc.count; k++) {
        const x = cc.reps[k];
        const orbit = new Set<number>();
        for (let h = 0; h < G.order; h++) orbit.add(G.compose(G.compose(h, x), G.inverse(h)));
        expect(orbit.size).toBe(cc.sizes[k]);
        expect([...orbit].every((y) => cc.classOf(y) === k)).toBe(true);
      }
    });
  }

  it(
    '3x3: conjugates of each representative by 300 random elements stay in its class; ' +
      "every element has its representative's cycle type on the cells",
    () => {
      const G = gridGroup(boxShape(3, 3));
      const cc = conjugacyClasses(G);
      const next = rng(20260407);
      let strays = 0;
      for (let k = 0; k < cc.count; k++) {
        const x = cc.reps[k];
        for (let i = 0; i < 300; i++) {
          const h = Math.floor(next() * G.order);
          if (cc.classOf(G.compose(G.compose(h, x), G.inverse(h))) !== k) strays++;
        }
      }
      expect(strays).toBe(0);
      // a class invariant: the cycle type of the element on the 81 cells, and whether it transposes
      const signature = (x: number) => {
        const m = G.cellMap(x);
        const seen = new Uint8Array(81);
        const lengths: number[] = [];
        for (let c = 0; c < 81; c++) {
          let len = 0;
          for (let d = c; !seen[d]; d = m[d]) {
            seen[d] = 1;
            len++;
          }
          if (len) lengths.push(len);
        }
        return `${G.parts(x).t}:${lengths.sort((a, b) => a - b).join(',')}`;
      };
      for (let trial = 0; trial < 2000; trial++) {
        const x = Math.floor(next() * G.order);
        expect(signature(x)).toBe(signature(cc.reps[cc.classOf(x)]));
      }
    },
  );

  it(
    '5x2 and 2x5 (|G| = 110,592,000, nothing stored per element): 1,260 classes, sizes add up to |G|; conjugates ' +
      'of each representative by 20 random elements stay in its class, and no smaller element is in it',
    () => {
      for (const shape of shapes('5x2 2x5')) {
        const G = gridGroup(shape);
        expect(G.order).toBe(110_592_000);
        const cc = conjugacyClasses(G);
        expect(cc.count).toBe(35 * 36);
        expect(cc.sizes.reduce((a, b) => a + b, 0)).toBe(G.order);
        const next = rng(20261128);
        let strays = 0,
          smaller = 0;
        for (let k = 0; k < cc.count; k++) {
          const x = cc.reps[k];
          for (let i = 0; i < 20; i++) {
            const h = Math.floor(next() * G.order);
            const y = G.compose(G.compose(h, x), G.inverse(h));
            if (cc.classOf(y) !== k) strays++;
            if (y < x) smaller++;
          }
        }
        expect(strays).toBe(0);
        expect(smaller).toBe(0);
      }
    },
  );

  it(
    '6x2 (|G| = 47,775,744,000: ids past 2³¹): 5,005 = 77 · 65 classes (S₆ ≀ S₂: pairs of partitions of 6 and the ' +
      'swaps; S₂ ≀ S₆: signed partitions), sizes add up to |G|; conjugates of every representative by 2 random ' +
      'elements stay in its class, and none is smaller',
    () => {
      {
        const G = gridGroup(shapes('6x2')[0]);
        expect(G.order).toBe(47_775_744_000);
        const cc = conjugacyClasses(G);
        expect(cc.count).toBe(77 * 65);
        expect(cc.sizes.reduce((a, b) => a + b, 0)).toBe(G.order);
        expect(cc.reps[cc.count - 1]).toBeGreaterThan(2 ** 31);
        const next = rng(20261129);
        let strays = 0,
          smaller = 0;
        for (let k = 0; k < cc.count; k++) {
          const x = cc.reps[k];
          for (let i = 0; i < 2; i++) {
            const h = Math.floor(next() * G.order);
            const y = G.compose(G.compose(h, x), G.inverse(h));
            if (cc.classOf(y) !== k) strays++;
            if (y < x) smaller++;
          }
        }
        expect(strays).toBe(0);
        expect(smaller).toBe(0);
      }
    },
  );
});
