import { describe, expect, it } from 'vitest';
import { runCount } from '../../../src/count/countGrids.js';
import { CountInterrupted, type DlxClassResult } from '../../../src/count/dlxCompletions.js';
import { InputError } from '../../../src/grid/shape.js';
import { classChain } from '../../../src/symmetry/classChain.js';

describe('count with the DLX counter (runCount, counter: dlx)', () => {
  it.each([
    ['2x2', 1],
    ['2x3', 1],
    ['3x2', 1],
    ['3x2', 2],
  ])('%s, %i thread(s): n_C of every class equals the column-set sum', async (box, workers) => {
    const plain = await runCount({ box, workers: 1 });
    const dlx = await runCount({ box, workers, counter: 'dlx' });
    expect(dlx.counter).toBe('dlx');
    expect(Array.from(dlx.completions)).toEqual(Array.from(plain.completions));
    const report = dlx.dlx!;
    expect(report.level).toBe('symmetry');
    expect(report.firstMismatch).toBeNull();
    expect(report.classes.map((c) => c.id)).toEqual(Array.from({ length: plain.classes.count }, (_, i) => i));
    for (const c of report.classes) {
      expect(c.completions).toBe(c.columnSetSum);
      expect(c.resumed).toBe(false);
      expect(c.seconds).toBeGreaterThanOrEqual(0);
    }
    expect(report.middleBands).toBe(report.classes.reduce((a, c) => a + c.middleBands, 0));
  });

  it('level column-sets: one representative per class, the same Σ m_C·n_C', async () => {
    const run = await runCount({ box: '3x2', workers: 1, counter: 'dlx', dlx: { level: 'column-sets' } });
    const level = classChain(run.classes).levels.find((l) => l.name === 'column-sets')!;
    const report = run.dlx!;
    expect(report.classes).toHaveLength(level.count);
    expect(report.classes.map((c) => c.bands)).toEqual(Array.from(level.sizes));
    let sum = 0n;
    for (const c of report.classes) sum += BigInt(c.bands) * BigInt(c.completions);
    const plain = await runCount({ box: '3x2', workers: 1 });
    let plainSum = 0n;
    for (let c = 0; c < plain.classes.count; c++)
      plainSum += BigInt(plain.classes.sizes[c]) * BigInt(plain.completions[c]);
    expect(sum).toBe(plainSum);
  });

  it('resume: classes handed back are not counted again, and are checked like the others', async () => {
    const first = await runCount({ box: '3x2', workers: 1, counter: 'dlx' });
    const kept: DlxClassResult[] = first.dlx!.classes.slice(0, 5).map(({ id, band, completions, middleBands }) => ({
      id,
      band,
      completions,
      middleBands,
      seconds: 123,
    }));
    const done: number[] = [];
    const again = await runCount({
      box: '3x2',
      workers: 1,
      counter: 'dlx',
      dlx: { resume: kept, onClassDone: (r) => done.push(r.id) },
    });
    expect(again.dlx!.resumed).toBe(5);
    expect(done.sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(again.dlx!.classes.slice(0, 5).every((c) => c.resumed && c.seconds === 123)).toBe(true);
    expect(Array.from(again.completions)).toEqual(Array.from(first.completions));

    // a wrong count in a checkpoint is caught by the comparison with the column-set sum
    const tampered = kept.map((r) => (r.id === 3 ? { ...r, completions: r.completions + 1 } : r));
    const bad = await runCount({ box: '3x2', workers: 1, counter: 'dlx', dlx: { resume: tampered } });
    expect(bad.dlx!.firstMismatch?.id).toBe(3);

    // a checkpoint of other bands is refused
    const other = kept.map((r) => (r.id === 2 ? { ...r, band: kept[1].band } : r));
    await expect(runCount({ box: '3x2', workers: 1, counter: 'dlx', dlx: { resume: other } })).rejects.toThrow(
      InputError,
    );
  });

  it('abort: stops and rejects with CountInterrupted, after reporting the classes finished', async () => {
    const controller = new AbortController();
    const done: number[] = [];
    const run = runCount({
      box: '3x2',
      workers: 1,
      counter: 'dlx',
      dlx: {
        signal: controller.signal,
        onClassDone: (r) => {
          done.push(r.id);
          controller.abort();
        },
      },
    });
    await expect(run).rejects.toBeInstanceOf(CountInterrupted);
    await expect(run).rejects.toMatchObject({ done: 1, total: 11 });
    expect(done).toEqual([0]);
  });

  it('rejects an unknown counter', async () => {
    await expect(runCount({ box: '2x2', counter: 'frob' as 'dlx' })).rejects.toThrow(/counter 'frob'/);
  });
});
