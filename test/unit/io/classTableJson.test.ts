import { describe, expect, it } from 'vitest';
import { chainTable } from '../../../src/count/chainTable.js';
import { classTableToJson } from '../../../src/io/classTableJson.js';
import { fromJson } from '../../../src/io/json.js';

describe('classTableToJson', () => {
  it('3x3: each level alone has its classes, every band once, and the whole chain lists every level', async () => {
    const table = await chainTable({ box: '3x3', workers: 1 });
    for (const [level, count] of [
      ['symmetry', 416],
      ['pair-swaps', 174],
      ['rectangles', 71],
      ['column-sets', 44],
    ] as const) {
      const o = fromJson(classTableToJson(table, level)) as {
        format: string;
        level: string;
        classCount: number;
        classes: Array<{ bands: number; completions: number }>;
        chain?: unknown;
      };
      expect(o.format).toBe('sudoku-count/classes@2');
      expect(o.level).toBe(level);
      expect(o.classCount).toBe(count);
      expect(o.classes).toHaveLength(count);
      expect(o.chain).toBeUndefined();
      expect(o.classes.reduce((a, c) => a + c.bands, 0)).toBe(2_612_736);
      const sum = o.classes.reduce((a, c) => a + BigInt(c.bands) * BigInt(c.completions), 0n);
      expect(sum).toBe(18_383_222_420_692_992n);
    }
    const whole = fromJson(classTableToJson(table)) as { classCount: number; chain: Array<{ classCount: number }> };
    expect(whole.classCount).toBe(416);
    expect(whole.chain.map((l) => l.classCount)).toEqual([174, 71, 44]);
  });
});
