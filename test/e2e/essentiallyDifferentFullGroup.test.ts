import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli } from '../helpers/cli.js';

describe('sudoku-count essentially-different --variant V --full-group', () => {
  it('2x3 disjoint groups: 105 under G_V (144), 75 under Γ_V (288), the direct route agreeing', async () => {
    const r = await cli(['essentially-different', '--box', '2x3', '--variant', 'disjoint-groups', '--full-group']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/288 elements, 144 of them in G/);
    expect(r.stdout).toMatch(/direct route: 3,888 grids with row 1 fixed, 75 orbits of Γ_V = Burnside ✓/);
    expect(r.stdout).toMatch(/^Essentially different grids under G_V \(order 144\): 105$/m);
    expect(r.stdout).toMatch(/^Essentially different grids under Γ_V \(order 288\): 75$/m);
    const j = await cli(['essentially-different', '--box', '3x2', '--variant', 'x', '--full-group', '--json']);
    const o = fromJson(j.stdout) as {
      underVariantGroup: { total: number; groupOrder: number };
      underFullGroup: { total: number; groupOrder: number; proved: boolean; classRows: Array<{ size: number }> };
    };
    expect([o.underVariantGroup.total, o.underFullGroup.total, o.underFullGroup.groupOrder]).toEqual([3, 3, 8]);
    expect(o.underFullGroup.proved).toBe(true);
    expect(o.underFullGroup.classRows.reduce((s, c) => s + c.size, 0)).toBe(8);
  });

  it('bad input: one line, status 2', async () => {
    for (const args of [
      ['--full-group'],
      ['--variant', 'x', '--box', '2x3', '--full-group', '--group'],
      ['--variant', 'windoku', '--full-group', '--identity-from', 'nothing.bin'],
      ['--variant', 'x', '--box', '2x3', '--full-group', '--identity-term', '12'],
      ['--variant', 'x,disjoint-groups', '--box', '2x3', '--full-group'],
    ]) {
      const r = await cli(['essentially-different', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
