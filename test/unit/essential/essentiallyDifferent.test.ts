import { describe, expect, it } from 'vitest';
import { essentiallyDifferent, essentialShapeProblem } from '../../../src/essential/essentiallyDifferent.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';

describe("essentially different grids by Burnside's lemma", () => {
  it('2x2: 2, with the identity term N/4! = 12 from the band method and every zero accounted for', async () => {
    const r = await essentiallyDifferent({ box: '2x2', workers: 1 });
    expect(r.total).toBe(2n);
    expect(r.groupOrder).toBe(128);
    expect(r.classes).toBe(20);
    expect(r.gridsWithFixedBox).toBe(12n);
    expect(r.nonZeroClasses + r.zeroByLemma + r.zeroBySearch).toBe(20);
    expect(r.classRows[0].fixed).toBe(12n);
    expect(r.classRows.reduce((s, c) => s + c.size, 0)).toBe(128);
    for (const c of r.classRows) {
      if (c.zeroReason !== null) expect(c.fixed).toBe(0n);
      expect(c.fixed).toBe(c.id === 0 ? 12n : c.terms.reduce((s, t) => s + BigInt(t.count), 0n));
    }
  });

  it('2x3 and 3x2: 49 each; 4 workers give the same numbers as 1', async () => {
    for (const box of ['2x3', '3x2']) {
      const one = await essentiallyDifferent({ box, workers: 1 });
      const four = await essentiallyDifferent({ box, workers: 4 });
      expect(one.total).toBe(49n);
      expect(four.total).toBe(49n);
      expect(four.classRows.map((c) => [c.id, c.fixed, c.terms.map((t) => t.count)])).toEqual(
        one.classRows.map((c) => [c.id, c.fixed, c.terms.map((t) => t.count)]),
      );
    }
  });

  it('refuses shapes it cannot count, saying what it would take (3x4, 4x4, 6x2), and bad workers', async () => {
    expect(essentialShapeProblem(boxShape(3, 3))).toBeNull();
    expect(essentialShapeProblem(boxShape(4, 4))).toMatch(/neither the band method/);
    expect(essentialShapeProblem(boxShape(5, 2))).toBeNull();
    expect(essentialShapeProblem(boxShape(2, 5))).toBeNull();
    expect(essentialShapeProblem(boxShape(6, 2))).toMatch(/shards only/);
    await expect(essentiallyDifferent({ box: '4x4' })).rejects.toThrow(InputError);
    expect(essentialShapeProblem(boxShape(3, 4))).toMatch(/a count of 3x4 would have to come first/);
    await expect(essentiallyDifferent({ box: '2x2', workers: 0 })).rejects.toThrow(InputError);
    await expect(essentiallyDifferent({ box: '2x2', workers: 1.5 })).rejects.toThrow(InputError);
  });
});
