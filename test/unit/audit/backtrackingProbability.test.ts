import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { backtrackingGenerator } from '../../../src/audit/backtrackingGenerator.js';
import { backtrackingProbability } from '../../../src/audit/backtrackingProbability.js';
import { boxShape } from '../../../src/grid/shape.js';
import { dlxCount } from '../../helpers/dlx.js';

const S33 = boxShape(3, 3);

/** V_k along the grid's row-major path, each candidate's completion checked by the DLX oracle. */
function oracleDegrees(grid: Uint8Array): number[] {
  const partial = new Uint8Array(81);
  const out: number[] = [];
  for (let i = 0; i < 81; i++) {
    let v = 0;
    for (let d = 1; d <= 9; d++) {
      partial[i] = d;
      if (dlxCount(partial, { box: S33, limit: 1 }).count > 0) v++;
    }
    partial[i] = grid[i];
    out.push(v);
  }
  return out;
}

describe('backtrackingProbability on 3x3', () => {
  it('V_k agrees with the DLX oracle cell by cell (row-major), and 1/P = Π V_k', () => {
    const gen = backtrackingGenerator(S33, 'row-major');
    const P = backtrackingProbability(S33, 'row-major');
    const rng = xoroshiro128plus(11);
    for (let k = 0; k < 2; k++) {
      const grid = gen.generate(rng, new Uint8Array(81));
      const degrees = new Uint8Array(81);
      const p = P.of(grid, degrees);
      const oracle = oracleDegrees(grid);
      expect([...degrees]).toEqual(oracle);
      expect(p.denominator).toBe(oracle.reduce((a, v) => a * BigInt(v), 1n));
      expect(p.log10Denominator).toBeCloseTo(Math.log10(Number(p.denominator)), 9);
      // row 1: every candidate is viable (9, 8, …, 1), without a check
      expect(oracle.slice(0, 9)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    }
  });

  it('mrv: the path follows the fewest-candidates rule, and every V_k is at least 1', () => {
    const gen = backtrackingGenerator(S33, 'mrv');
    const P = backtrackingProbability(S33, 'mrv');
    const grid = gen.generate(xoroshiro128plus(5), new Uint8Array(81));
    const degrees = new Uint8Array(81);
    const p = P.of(grid, degrees);
    expect(Math.min(...degrees)).toBeGreaterThanOrEqual(1);
    expect(p.denominator).toBe([...degrees].reduce((a, v) => a * BigInt(v), 1n));
    // the first row is filled first (ties go to reading order), so it starts 9·8·…·1
    expect([...degrees.subarray(0, 9)]).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
});
