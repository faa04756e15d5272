import { describe, expect, it } from 'vitest';
import { enumerateBands, forEachBand } from '../../../src/bands/enumerateBands.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { countGrids } from '../../../src/count/countGrids.js';
import { fourBandCompletions } from '../../../src/count/fourBandCompletions.js';
import { boxShape } from '../../../src/grid/shape.js';

describe('four bands: 2x4 boxes', () => {
  it('2x4 (four bands of 2 rows) counts as many grids as 4x2 (two bands of 4 rows): the 8×8 count', async () => {
    const wide = await countGrids({ box: '2x4', workers: 1 });
    const tall = await countGrids({ box: '4x2', workers: 1 });
    expect(wide.total).toBe(tall.total);
    expect(wide.total).toBe(29_136_487_207_403_520n);
    expect(wide.classSizeSum).toBe(wide.bands);
  });

  it.each(['2x2', '2x3'])(
    '%s: the stack-by-stack sum over the lower bands agrees with the two- and three-band counter on every band',
    (box) => {
      const s = boxShape(2, Number(box[2]));
      const t = buildColumnSetTable(enumerateBands(s));
      const reference = completionCounter(s, t.partitions, t.table);
      const stacked = fourBandCompletions(s, t.partitions, t.table);
      let bands = 0;
      forEachBand(s, (cells) => {
        expect(stacked(cells)).toBe(reference.completionsOfBand(cells));
        bands++;
      });
      expect(bands).toBeGreaterThan(0);
    },
  );

  it('refuses boxes of more than 2 rows', () => {
    const s = boxShape(3, 2);
    const t = buildColumnSetTable(enumerateBands(s));
    expect(() => fourBandCompletions(s, t.partitions, t.table)).toThrow(/2 rows/);
  });
});
