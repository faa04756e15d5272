import { expect, it } from 'vitest';
import { countCompletions } from '../dist/count/countCompletions.js';
import { countGrids } from '../dist/count/countGrids.js';
import { boxShape } from '../dist/grid/shape.js';

// The slow, independent check: exact cover counts every 3x2 grid from the empty grid, one leaf at a time
// (about 28 million leaves), and must agree with the band method.
it('3x2: DLX from the empty grid = band method = 28,200,960', async () => {
  const s = boxShape(3, 2);
  const viaBands = (await countGrids({ box: s, workers: 1 })).total;
  const viaDlx = countCompletions('.'.repeat(36), { box: s });
  expect(viaDlx.limited).toBe(false);
  expect(BigInt(viaDlx.count)).toBe(viaBands);
  expect(viaBands).toBe(28_200_960n);
}, 300_000);
