import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classSum } from '../../../src/classSum/classSum.js';
import {
  classSumReport,
  ClassSumInterrupted,
  countTag,
  oneCheckpoint,
  runClassSum,
} from '../../../src/classSum/runClassSum.js';
import { columnSetTableSum } from '../../../src/classSum/columnSetClassSum.js';
import { columnSetClassTable } from '../../../src/colsets/countByColumnSets.js';
import { dlxClassSum } from '../../../src/classSum/dlxClassSum.js';
import { countGrids, type GridCount } from '../../../src/count/countGrids.js';
import { boxShape } from '../../../src/grid/shape.js';
import { readCheckpoint } from '../../../src/io/shardFiles.js';

const dir = mkdtempSync(join(tmpdir(), 'run-class-sum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runClassSum: the one runner of a class-sum count', () => {
  it('a run of every unit gives the one-machine N; shards of the units, merged by the report, the same', async () => {
    const sum = await classSum('bands', '2x3');
    const whole = await runClassSum(sum, 'all', { workers: 1 });
    const direct = await countGrids({ box: '2x3', workers: 1 });
    expect(whole.report?.total).toBe(direct.total);
    const { units } = sum.units();
    const parts = [];
    for (let k = 0; k < 2; k++)
      parts.push(
        await runClassSum(
          sum,
          [...Array(units).keys()].filter((u) => u % 2 === k),
          { workers: 1 },
        ),
      );
    expect(parts.every((p) => p.report === null)).toBe(true);
    const values = new Map(parts.flatMap((p) => [...p.values]));
    expect(
      classSumReport(
        sum,
        values,
        parts.map((p) => p.facts),
        0,
      ).total,
    ).toBe(direct.total);
  });

  it('stopped by its signal: the finished units are saved, and the next run goes on from them', async () => {
    const sum = await classSum('bands', '3x3');
    const checkpoint = join(dir, 'stopped.json');
    const stop = new AbortController();
    const stopped = await runClassSum(sum, 'all', {
      workers: 1,
      checkpoint,
      resume: true,
      signal: stop.signal,
      onProgress: (done) => done > 0 && stop.abort(),
    }).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(ClassSumInterrupted);
    const e = stopped as ClassSumInterrupted;
    expect(e.kept).toBe('saved');
    expect(e.total).toBe(416);
    const held = readCheckpoint(checkpoint, 416);
    expect(held.values.size).toBe(e.done);
    expect(held.plan).toBe(countTag(sum).plan);
    // a new run on the same file is refused unless it goes on from it
    await expect(runClassSum(sum, 'all', { workers: 1, checkpoint })).rejects.toThrow(/already exists/);
    const resumed = await runClassSum(sum, 'all', { workers: 1, checkpoint, resume: true });
    expect(resumed.resumed).toBe(e.done);
    expect(resumed.report?.total).toBe((await countGrids({ box: '3x3', workers: 1 })).total);
  });

  it('a checkpoint of another count is refused in one line naming both; an edited one by its seal', async () => {
    const a = await classSum('bands', '2x3');
    const checkpoint = join(dir, 'other.json');
    await runClassSum(a, 'all', { workers: 1, checkpoint });
    const b = await classSum('bands', '3x2');
    await expect(runClassSum(b, 'all', { workers: 1, checkpoint, resume: true })).rejects.toThrow(
      `${checkpoint} is a count of 2x3 by bands, not of 3x2 by bands`,
    );
    expect(countTag(a).plan).not.toBe(countTag(b).plan);
    writeFileSync(
      checkpoint,
      readFileSync(checkpoint, 'utf8').replace(/\[0,(\d)/, (_, d) => `[0,${(+d + 1) % 10}`),
    );
    await expect(runClassSum(a, 'all', { workers: 1, checkpoint, resume: true })).rejects.toThrow(checkpoint);
  });

  it('units with details (the DLX route) keep them in the checkpoint; a resumed run reports them', async () => {
    const checkpoint = join(dir, 'dlx.json');
    const rows = (run: { report: unknown }) => (run.report as { count: GridCount }).count.dlx!.classes;
    const first = await runClassSum(dlxClassSum(boxShape(2, 3), 'symmetry'), 'all', { workers: 1, checkpoint });
    const held = readCheckpoint(checkpoint, 3, 'checkpoint');
    expect(held.count).toEqual({ method: 'dlx', box: '2x3', level: 'symmetry' });
    expect([...held.details!.values()].map((d) => d.length)).toEqual([2, 2, 2]);
    expect(readFileSync(checkpoint, 'utf8')).toMatch(/\n {2}\[0,\d+,\d+,\d+\],\n/);
    const again = await runClassSum(dlxClassSum(boxShape(2, 3), 'symmetry'), 'all', {
      workers: 1,
      checkpoint,
      resume: true,
    });
    expect(again.resumed).toBe(3);
    expect(rows(again).every((r) => r.resumed)).toBe(true);
    const fields = (r: ReturnType<typeof rows>[number]) => [r.id, r.completions, r.middleBands, r.seconds];
    expect(rows(again).map(fields)).toEqual(rows(first).map(fields));
    expect(again.report?.total).toBe(first.report?.total);
    // another level of the same shape is another run
    await expect(
      runClassSum(dlxClassSum(boxShape(2, 3), 'column-sets'), 'all', { workers: 1, checkpoint, resume: true }),
    ).rejects.toThrow('is a count of 2x3 by dlx (level symmetry), not of 2x3 by dlx (level column-sets)');
  });

  it("a column-set run's class table is the one-machine table's, its seconds split by stage", async () => {
    const sum = columnSetTableSum(boxShape(2, 3));
    const run = await runClassSum(sum, 'all', { workers: 1 });
    const t = sum.tableOfRun(run, 1, 0.5);
    const direct = await columnSetClassTable({ box: '2x3', workers: 1 });
    expect([t.box, t.total, t.classRows]).toEqual([direct.box, direct.total, direct.classRows]);
    expect(t.seconds.bands + t.seconds.classes).toBeCloseTo(0.5, 6);
    expect(t.seconds.total).toBeCloseTo(0.5 + t.seconds.sum, 6);
  });

  it('oneCheckpoint: the file of --checkpoint or --resume; both given are refused in one line', () => {
    expect([oneCheckpoint({}), oneCheckpoint({ checkpoint: 'a' }), oneCheckpoint({ resume: 'b' })]).toEqual([
      undefined,
      'a',
      'b',
    ]);
    expect(() => oneCheckpoint({ checkpoint: 'a', resume: 'b' })).toThrow(/give one of them$/);
  });
});
