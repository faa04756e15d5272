import { describe, expect, it } from 'vitest';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import { columnSetClassTable } from '../../../src/colsets/countByColumnSets.js';
import { countOneClass } from '../../../src/shards/countOneClass.js';

/**
 * One configuration class counted alone (src/shards/countOneClass.ts, `classes --class I`): F against the whole
 * one-machine count's, the same class on the transposed shape, and the refusals.
 */
describe('countOneClass', () => {
  it("F of a 4x2 class is the one-machine count's; 2x4 names the same list", async () => {
    const whole = await columnSetClassTable({ box: '4x2', workers: 1 });
    const id = 3;
    let started = '';
    const c = await countOneClass(boxShape(4, 2), undefined, id, { onStart: (box) => (started = box) });
    expect(started).toBe('4x2');
    expect([c.count, c.box, c.digest, c.F]).toEqual([whole.classes, '4x2', whole.digest, whole.classRows[id].bands]);
    expect(c.from).toBe('the classes listed now');
    const t = await countOneClass(boxShape(2, 4), undefined, id);
    expect([t.box, t.F, t.orbit, t.configuration]).toEqual(['2x4', c.F, c.orbit, c.configuration]);
  });

  it('refuses a shape the column-set count does not take, no shape, and an id outside the list', async () => {
    await expect(countOneClass(boxShape(3, 3), undefined, 0)).rejects.toThrow(/not of 3x3$/);
    await expect(countOneClass(undefined, undefined, 0)).rejects.toThrow(/--class I: of which count\?/);
    await expect(countOneClass(boxShape(4, 2), undefined, 26)).rejects.toThrow(
      /--class 26: 4x2 has 26 classes, 0\.\.25/,
    );
    await expect(countOneClass(boxShape(4, 2), undefined, 26)).rejects.toBeInstanceOf(InputError);
  });
});
