import { describe, expect, it } from 'vitest';
import { lineGroup } from '../../../src/essential/lineGroup.js';

describe('line groups S_size ≀ S_blocks', () => {
  for (const [size, blocks, order] of [
    [2, 2, 8],
    [3, 3, 1296],
    [2, 3, 48],
    [3, 2, 72],
    [4, 2, 1152],
    [2, 4, 384],
  ] as const) {
    it(`S${size}≀S${blocks}: ${order} elements keeping blocks; mul, inv, indexOf agree with the permutations`, () => {
      const W = lineGroup(size, blocks);
      const L = W.lines;
      expect(W.order).toBe(order);
      const seen = new Set<string>();
      let wrongIndex = 0,
        splitBlocks = 0;
      for (let x = 0; x < W.order; x++) {
        const perm = Array.from(W.perms.subarray(x * L, (x + 1) * L));
        seen.add(perm.join(','));
        if (W.indexOf(perm) !== x) wrongIndex++;
        // every block goes onto one block
        for (let b = 0; b < blocks; b++) {
          const targets = new Set(perm.slice(b * size, (b + 1) * size).map((l) => Math.floor(l / size)));
          if (targets.size !== 1) splitBlocks++;
        }
      }
      expect(seen.size).toBe(order);
      expect(wrongIndex).toBe(0);
      expect(splitBlocks).toBe(0);
      expect(Array.from(W.perms.subarray(0, L))).toEqual(Array.from({ length: L }, (_, i) => i));
      // products of every pair, inverses
      let wrongProducts = 0,
        wrongInverses = 0;
      for (let x = 0; x < W.order; x++) {
        for (let y = 0; y < W.order; y++) {
          const z = W.mul(x, y);
          for (let l = 0; l < L; l++) if (W.perms[z * L + l] !== W.perms[x * L + W.perms[y * L + l]]) wrongProducts++;
        }
        if (W.mul(x, W.inv[x]) !== 0) wrongInverses++;
      }
      expect(wrongProducts).toBe(0);
      expect(wrongInverses).toBe(0);
      // the generators generate
      const reached = new Set([0]);
      const queue = [0];
      while (queue.length) {
        const x = queue.pop()!;
        for (const s of W.generators) {
          const y = W.mul(x, s);
          if (!reached.has(y)) {
            reached.add(y);
            queue.push(y);
          }
        }
      }
      expect(reached.size).toBe(order);
    });
  }

  it('indexOf answers −1 for a permutation that splits a block', () => {
    const W = lineGroup(3, 3);
    expect(W.indexOf([0, 1, 3, 2, 4, 5, 6, 7, 8])).toBe(-1);
  });

  it('S5≀S2 (28,800 elements, products from the parts): 2,000 products and all inverses agree with the perms', () => {
    const W = lineGroup(5, 2);
    const L = W.lines;
    expect(W.order).toBe(28_800);
    let wrong = 0;
    for (let i = 0; i < 2000; i++) {
      const x = (i * 7919) % W.order,
        y = (i * 104_729 + 13) % W.order;
      const z = W.mul(x, y);
      for (let l = 0; l < L; l++) if (W.perms[z * L + l] !== W.perms[x * L + W.perms[y * L + l]]) wrong++;
    }
    for (let x = 0; x < W.order; x++) if (W.mul(x, W.inv[x]) !== 0) wrong++;
    expect(wrong).toBe(0);
  });

  it(
    'S6≀S2 (1,036,800 elements, 32-bit ids) and S2≀S6 (46,080): sampled products and inverses agree with the perms, ' +
      'and the last id is found again',
    () => {
      for (const [size, blocks, order] of [
        [6, 2, 1_036_800],
        [2, 6, 46_080],
      ] as const) {
        const W = lineGroup(size, blocks);
        const L = W.lines;
        expect(W.order).toBe(order);
        let wrong = 0;
        for (let i = 0; i < 2000; i++) {
          const x = (i * 7919 * 131) % W.order,
            y = (i * 104_729 + 13) % W.order;
          const z = W.mul(x, y);
          for (let l = 0; l < L; l++) if (W.perms[z * L + l] !== W.perms[x * L + W.perms[y * L + l]]) wrong++;
        }
        for (let x = order - 1; x >= 0; x -= 37) if (W.mul(x, W.inv[x]) !== 0 || W.mul(W.inv[x], x) !== 0) wrong++;
        expect(wrong).toBe(0);
        expect(W.indexOf(W.perms.subarray((order - 1) * L, order * L))).toBe(order - 1);
      }
    },
  );
});
