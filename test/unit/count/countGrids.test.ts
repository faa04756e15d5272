import { describe, expect, it } from 'vitest';
import { enumerateBands, forEachBand } from '../../../src/bands/enumerateBands.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { classTable, countGrids } from '../../../src/count/countGrids.js';
import { boxShape, factorialBig } from '../../../src/grid/shape.js';

describe('the total N = n!·Σ m_C·n_C', () => {
  it.each([
    ['2x2', 288n],
    ['2x3', 28_200_960n],
    ['3x2', 28_200_960n],
  ])('%s: N = %s', async (box, expected) => {
    const r = await countGrids({ box, workers: 2 });
    expect(r.total).toBe(expected);
    expect(r.classSizeSum).toBe(r.bands);
    expect(r.total).toBe(r.totalWithFixedBox * factorialBig(r.n));
  });

  it('3x3: N, and the class table is identical for 1 and 2 workers', async () => {
    const a = await classTable({ box: '3x3', workers: 1 });
    const b = await classTable({ box: '3x3', workers: 2 });
    expect(b.classRows).toEqual(a.classRows);
    expect(b.totalWithFixedBox).toBe(18_383_222_420_692_992n);
    expect(b.total).toBe(6_670_903_752_021_072_936_960n);
    expect(b.total).toBe(b.totalWithFixedBox * factorialBig(b.n));
    expect(b.classSizeSum).toBe(b.bands);
  });

  it.each(['2x2', '2x3', '3x2'])('%s: summing n(b) over every band, without classes, gives the same N', async (box) => {
    const s = boxShape(Number(box[0]), Number(box[2]));
    const e = enumerateBands(s);
    const t = buildColumnSetTable(e);
    const counter = completionCounter(s, t.partitions, t.table);
    let sum = 0n;
    forEachBand(s, (cells) => {
      sum += BigInt(counter.completionsOfBand(cells));
    });
    expect(sum * factorialBig(s.n)).toBe((await countGrids({ box, workers: 1 })).total);
  });
});
