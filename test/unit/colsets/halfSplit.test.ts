import { describe, expect, it } from 'vitest';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';
import { configurationGraph } from '../../../src/colsets/configurationGraph.js';
import { edgeColouringCounter } from '../../../src/colsets/edgeColouringCounter.js';
import { halfSplit } from '../../helpers/halfSplit.js';

/**
 * The second route to F: C_k(G) = Σ_H C_a(H)·C_{k−a}(G − H) over the halves H (top a rows of the band), against
 * the recursion on one matching at a time, class by class; the halves counted without listing them against the
 * halves listed; N from the halves route alone against the known N.
 */
describe('F by halves (halfSplit)', () => {
  it.each([
    [3, 28200960n],
    [4, 29136487207403520n],
  ])('R = %i: F of every class by halves = F by the recursion; Σ orbit·F² = N (%s)', (R, N) => {
    const m = 2 * R,
      a = R >> 1;
    const classes = configurationClasses(R);
    const counter = edgeColouringCounter(m);
    const halves = halfSplit(counter);
    const g = new Int32Array(m);
    let total = 0n;
    for (let c = 0; c < classes.count; c++) {
      configurationGraph(R, classes.words, c * m, g);
      let listed = 0;
      const F = halves.colourings(g, R, a, () => (listed++, true));
      expect(F).toBe(counter.countBig(g, R));
      expect(halves.countHalves(g, R, a)).toBe(listed);
      total += BigInt(classes.orbitSizes[c]) * F * F;
    }
    expect(total).toBe(N);
  });

  it('K_{4,4}: the 2-regular halves are the 4×4 0/1 matrices with row and column sums 2 (90), C_4 = 576', () => {
    const counter = edgeColouringCounter(4);
    const full = [15, 15, 15, 15];
    expect(halfSplit(counter).countHalves(full, 4, 2)).toBe(90);
    expect(halfSplit(counter).colourings(full, 4, 2)).toBe(576n); // Latin squares of order 4
  });

  it('refuses a split it cannot count and a graph that is not k-regular', () => {
    const h = halfSplit(edgeColouringCounter(4));
    expect(() => h.countHalves([15, 15, 15, 15], 4, 4)).toThrow(/a = 4/);
    expect(() => h.countHalves([15, 15, 15, 7], 4, 2)).toThrow(/row 3/);
  });
});
