import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import { readColumnSetCertificate } from '../../../src/io/columnSetCertificateFile.js';
import { countOneClass } from '../../../src/shards/countOneClass.js';
import { ROOT } from '../../helpers/paths.js';

/**
 * One configuration class counted alone (src/shards/countOneClass.ts, `classes --class I`): F against the committed
 * 5x2 certificate (counted by the whole count), the same class on the transposed shape, and the refusals.
 */
describe('countOneClass', () => {
  it("F of a 5x2 class is the committed certificate's; 2x5 names the same list", async () => {
    const cert = readColumnSetCertificate(join(ROOT, 'data', 'colsets-certificate-5x2.bin'));
    const id = 7;
    let started = '';
    const c = await countOneClass(boxShape(5, 2), undefined, id, { onStart: (box) => (started = box) });
    expect(started).toBe('5x2');
    expect([c.count, c.box, c.digest, c.F]).toEqual([
      cert.classes,
      '5x2',
      cert.digest,
      cert.values[cert.ids.indexOf(id)],
    ]);
    expect(c.from).toBe('the classes listed now');
    const t = await countOneClass(boxShape(2, 5), undefined, id);
    expect([t.box, t.F, t.orbit, t.configuration]).toEqual(['2x5', c.F, c.orbit, c.configuration]);
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
