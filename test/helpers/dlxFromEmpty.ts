import { expect, it } from 'vitest';
import { countCompletions } from '../../dist/count/countCompletions.js';
import { countGrids } from '../../dist/count/countGrids.js';
import { boxShape } from '../../dist/grid/shape.js';

/**
 * The slow, independent check: exact cover counts every grid of a shape from the empty grid, one leaf at
 * a time, and must agree with the band method and the known count. One test file per shape, so that
 * vitest runs them side by side.
 */
export function dlxFromEmptyTest(rows: number, cols: number, expected: bigint): void {
  it(`${rows}x${cols}: DLX from the empty grid = band method = ${expected.toLocaleString('en-US')}`, async () => {
    const s = boxShape(rows, cols);
    const viaBands = (await countGrids({ box: s, workers: 1 })).total;
    const viaDlx = countCompletions('.'.repeat(s.n * s.n), { box: s });
    expect(viaDlx.limited).toBe(false);
    expect(BigInt(viaDlx.count)).toBe(viaBands);
    expect(viaBands).toBe(expected);
  }, 300_000);
}
