import { describe, expect, it } from 'vitest';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';
import { configurationGraph } from '../../../src/colsets/configurationGraph.js';
import { edgeColouringCounter } from '../../../src/colsets/edgeColouringCounter.js';
import { totalByRoute } from '../../helpers/everyClassF.js';
import { stackTransfer } from '../../helpers/stackTransfer.js';

/**
 * The third route to F: a transfer over the boxes, the state being the rows each digit has used, in a canonical
 * form under row permutations and interchangeable digits. Against the recursion class by class, N from it alone,
 * invariance under the configuration group, and the two-K_{R,R} class (F = L_R², L_R the Latin squares of order R).
 */
describe('F by a transfer over the boxes (stackTransfer)', () => {
  it.each([
    [3, 28200960n],
    [4, 29136487207403520n],
  ])('R = %i: F of every class = F by the recursion; Σ orbit·F² = N (%s)', (R, N) => {
    expect(totalByRoute(R, (words, at) => stackTransfer(R, words, at).F)).toBe(N);
  });

  it('R = 5: three classes against the recursion; two K_{5,5} give 161,280² (Latin squares of order 5)', () => {
    const classes = configurationClasses(5);
    const counter = edgeColouringCounter(10);
    const g = new Int32Array(10);
    for (const c of [1, 5, 10]) {
      const { F } = stackTransfer(5, classes.words, c * 10);
      expect(F).toBe(counter.countBig(configurationGraph(5, classes.words, c * 10, g), 5));
    }
    expect(stackTransfer(5, [0, 0, 0, 0, 0, 31, 31, 31, 31, 31]).F).toBe(161280n ** 2n);
  });

  it('R = 4: F is invariant under renaming digits, reordering boxes and swapping the two columns of a box', () => {
    const classes = configurationClasses(4);
    let seed = 7;
    const rnd = (k: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % k;
    };
    for (const c of [3, 11, 25]) {
      const words = Array.from(classes.words.subarray(c * 8, c * 8 + 8));
      const F = stackTransfer(4, words).F;
      for (let trial = 0; trial < 3; trial++) {
        const boxes = [0, 1, 2, 3];
        for (let i = 3; i > 0; i--) {
          const j = rnd(i + 1);
          [boxes[i], boxes[j]] = [boxes[j], boxes[i]];
        }
        const flip = rnd(16);
        const moved = words.map((w) => {
          let out = 0;
          for (let k = 0; k < 4; k++) out |= (((w >> k) & 1) ^ ((flip >> k) & 1)) << boxes[k];
          return out;
        });
        for (let i = 7; i > 0; i--) {
          const j = rnd(i + 1);
          [moved[i], moved[j]] = [moved[j], moved[i]];
        }
        expect(stackTransfer(4, moved).F).toBe(F);
      }
    }
  });

  it('stops where asked and looks one box ahead: R = 3, two K_{3,3}', () => {
    const r = stackTransfer(3, [0, 0, 0, 7, 7, 7], 0, { maxHalfSteps: 2 });
    expect(r.F).toBe(-1n);
    expect(r.states).toEqual([1, 1]);
    // box 1: each left digit avoids its row (2 derangements of 3), each right digit too
    expect(r.lookahead).toEqual({ nextHalf: 2, nextBox: 4 });
    expect(stackTransfer(3, [0, 0, 0, 7, 7, 7]).F).toBe(144n); // 12 Latin squares of order 3, squared
  });

  it('refuses R outside 1..6', () => {
    expect(() => stackTransfer(7, new Array<number>(14).fill(0))).toThrow(/R = 7/);
  });
});
