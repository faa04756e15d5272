import { describe, expect, it } from 'vitest';
import { countGrids } from '../../../src/count/countGrids.js';
import { countExactCovers, exactCoverProblem } from '../../../src/dlx/exactCover.js';
import { boxShape, factorialBig } from '../../../src/grid/shape.js';
import { dlxCount } from '../../helpers/dlx.js';

describe('the generic exact-cover engine', () => {
  // Knuth's example (TAOCP 7.2.2.1 (6)): items a..g = 1..7, options 0..5 below; the one exact cover is
  // {c e} (option 0), {a d f} (option 3) and {b g} (option 4)
  const options = [
    [3, 5],
    [1, 4, 7],
    [2, 3, 6],
    [1, 4, 6],
    [2, 7],
    [4, 5, 7],
  ];

  it("finds the single cover of Knuth's example, and reports it", () => {
    const chosen: number[][] = [];
    const r = countExactCovers(exactCoverProblem(7, options), Infinity, (opts, size) => {
      chosen.push(Array.from(opts.subarray(0, size)).sort());
    });
    expect(r.count).toBe(1);
    expect(r.limited).toBe(false);
    expect(chosen).toEqual([[0, 3, 4]]);
  });

  it('stops at the limit and leaves the problem as built, so it can be counted again', () => {
    // every option a single item: 3 items with 2 copies each → 2³ covers
    const p = exactCoverProblem(3, [[1], [1], [2], [2], [3], [3]]);
    expect(countExactCovers(p, 5)).toMatchObject({ count: 5, limited: true });
    expect(countExactCovers(p)).toMatchObject({ count: 8, limited: false });
  });

  it('refuses an option naming an item that does not exist', () => {
    expect(() => exactCoverProblem(2, [[1, 3]])).toThrow(/item 3/);
  });
});

/**
 * The independent check of the band method from the empty grid: the DLX (which knows nothing of Sudoku or of
 * bands) counts every grid with box 1 = 1..n in reading order, one leaf at a time; relabelling digits is a
 * bijection between the grids with any given box 1, so N = n!·that count.
 */
describe('DLX from the empty grid (box 1 fixed) = band method', () => {
  it.each([
    [2, 2],
    [2, 3],
    [3, 2],
  ])('%ix%i', async (rows, cols) => {
    const s = boxShape(rows, cols);
    const grid = new Uint8Array(s.n * s.n);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) grid[r * s.n + c] = r * cols + c + 1;
    const viaDlx = dlxCount(grid, { box: s });
    expect(viaDlx.limited).toBe(false);
    const viaBands = (await countGrids({ box: s, workers: 1 })).total;
    expect(BigInt(viaDlx.count) * factorialBig(s.n)).toBe(viaBands);
  });
});
