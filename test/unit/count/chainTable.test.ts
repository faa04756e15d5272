import { describe, expect, it } from 'vitest';
import { chainLevel, chainTable } from '../../../src/count/chainTable.js';
import { InputError } from '../../../src/grid/shape.js';

describe('chainLevel: the level `classes --level` names', () => {
  it('by name or by its number of classes; none fits: one line listing the levels', async () => {
    const t = await chainTable({ box: '2x3', workers: 1 });
    expect(chainLevel(t, 'pair-swaps')).toBe('pair-swaps');
    // every level of 2x3 has 3 classes: the first, finest, is the one named
    expect(t.levels.map((l) => l.count)).toEqual([3, 3, 3, 3]);
    expect(chainLevel(t, '3')).toBe('symmetry');
    expect(() => chainLevel(t, '100000')).toThrow(InputError);
    const levels = t.levels.map((l) => `${l.name} ${l.count}`).join(', ');
    expect(() => chainLevel(t, 'bands')).toThrow(
      `--level bands: no level of 2x3 has that name or class count (${levels})`,
    );
  });
});
