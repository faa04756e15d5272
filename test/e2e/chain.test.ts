import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli } from '../helpers/cli.js';

describe('sudoku-count chain', () => {
  it('chain --json: the steps 2,612,736 → 36,288 → 416 → 174 → 71 → 44, verified', async () => {
    const r = await cli(['chain', '--json']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as {
      steps: Array<{ step: string; count: number; seconds: number; mismatches?: number }>;
      distinctCompletions: number;
      verified: boolean;
      total: bigint;
    };
    expect(o.steps.map((s) => s.count)).toEqual([2_612_736, 36_288, 416, 174, 71, 44]);
    expect(o.steps.map((s) => s.step)).toEqual([
      'bands',
      'lexReduced',
      'symmetry',
      'pair-swaps',
      'rectangles',
      'column-sets',
    ]);
    for (const s of o.steps) expect(typeof s.seconds).toBe('number');
    expect(o.steps.slice(2).every((s) => s.mismatches === 0)).toBe(true);
    expect(o.distinctCompletions).toBe(44);
    expect(o.verified).toBe(true);
    expect(o.total).toBe(6_670_903_752_021_072_936_960n);
  });

  it('chain prints the chain line and ends with N (3x2, the chain in which moves apply at every level)', async () => {
    const r = await cli(['chain', '--box', '3x2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('640 → 80 → 11 → 8 → 4 → 4');
    expect(r.stdout.trimEnd().endsWith('28,200,960')).toBe(true);
  });
});
