import { describe, expect, it } from 'vitest';
import { columnSetClassTable, countByColumnSets } from '../../../src/colsets/countByColumnSets.js';
import { countGrids } from '../../../src/count/countGrids.js';
import { factorialBig } from '../../../src/grid/shape.js';

describe('N = Σ orbit·F² over band configurations (R×2 boxes by column sets)', () => {
  it.each(['2x2', '3x2', '2x3', '4x2'])('%s: the same N as the band method, computed here both ways', async (box) => {
    const bands = await countGrids({ box, workers: 1 });
    const sets = await countByColumnSets({ box, workers: 1 });
    expect(sets.total).toBe(bands.total);
    expect(sets.transposed).toBe(box === '2x3');
    // Σ orbit·F counts every band of R×2 boxes: n! × the standard bands the band method enumerates
    if (!sets.transposed) expect(sets.bands).toBe(BigInt(bands.bands) * factorialBig(bands.n));
  });

  it('4x2: one and two threads give the same class table; orbit × stabiliser = group order', async () => {
    const one = await columnSetClassTable({ box: '4x2', workers: 1 });
    const two = await columnSetClassTable({ box: '4x2', workers: 2 });
    expect(two.classRows).toEqual(one.classRows);
    expect(two.digest).toBe(one.digest);
    for (const row of one.classRows) expect(row.orbit * row.stabilizer).toBe(one.groupOrder);
    expect(one.configurations).toBe(70n ** 4n);
  });

  it('resumes from classes counted before, and refuses a class list that is not its own', async () => {
    const full = await columnSetClassTable({ box: '4x2', workers: 1 });
    const done = new Map(full.classRows.filter((r) => r.id % 3 === 0).map((r) => [r.id, r.bands]));
    const heard: number[] = [];
    const resumed = await columnSetClassTable({
      box: '4x2',
      workers: 1,
      resume: { classes: full.classes, digest: full.digest, done },
      onClassDone: (id) => heard.push(id),
    });
    expect(resumed.total).toBe(full.total);
    expect(resumed.resumed).toBe(done.size);
    expect(heard.sort((a, b) => a - b)).toEqual(full.classRows.filter((r) => r.id % 3 !== 0).map((r) => r.id));
    await expect(
      columnSetClassTable({ box: '4x2', resume: { classes: full.classes, digest: '0000000000000000', done } }),
    ).rejects.toThrow(/digest/);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const run = columnSetClassTable({
      box: '5x2',
      workers: 1,
      signal: controller.signal,
      onClasses: () => controller.abort(),
    });
    await expect(run).rejects.toThrow(/abort/i);
  });

  it('refuses shapes it cannot count, naming what it counts', async () => {
    await expect(countByColumnSets({ box: '3x3' })).rejects.toThrow(/2 columns.*5x2/);
    await expect(countByColumnSets({ box: '6x2' })).rejects.toThrow(/6x2 is counted as shards only/);
  });
});
