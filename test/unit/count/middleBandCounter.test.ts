import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { middleBandCounter } from '../../../src/count/middleBandCounter.js';
import { countExactCovers, exactCoverProblem } from '../../../src/dlx/exactCover.js';
import { columnPartitions } from '../../../src/grid/columnPartitions.js';
import { parseBand } from '../../../src/grid/digits.js';
import { boxShape, type BoxShape } from '../../../src/grid/shape.js';
import { classifyBands } from '../../../src/symmetry/classifyBands.js';
import { ROOT } from '../../helpers/paths.js';
import { shapes } from '../../helpers/shapes.js';

/** Everything a shape needs: its classes, the column-set sum and the DLX route (built once per shape). */
const setups = new Map<string, ReturnType<typeof build>>();
function setup(rows: number, cols: number) {
  const key = `${rows}x${cols}`;
  let s = setups.get(key);
  if (!s) setups.set(key, (s = build(rows, cols)));
  return s;
}
function build(rows: number, cols: number) {
  const shape = boxShape(rows, cols);
  const bands = enumerateBands(shape);
  const table = buildColumnSetTable(bands);
  const classes = classifyBands(bands);
  return {
    shape,
    classes,
    size: rows * shape.n,
    columnSetSum: completionCounter(shape, table.partitions, table.table),
    dlx: middleBandCounter(shape, table.partitions, table.table),
  };
}

/**
 * The second bands under `band`, counted by the generic exact-cover engine (src/dlx), which shares nothing with
 * the middle-band counter: items are the band's cells, (row, digit) and (box, digit); option (r, c, d) for every
 * digit d that column c still needs.
 */
function secondBandsByExactCover(shape: BoxShape, band: ArrayLike<number>): number {
  const { rows: R, cols: C, n } = shape;
  const cell = (r: number, c: number) => 1 + r * n + c;
  const rowDigit = (r: number, d: number) => 1 + R * n + r * n + d;
  const boxDigit = (k: number, d: number) => 1 + 2 * R * n + k * n + d;
  const options: number[][] = [];
  for (let c = 0; c < n; c++) {
    const inColumn = new Set<number>();
    for (let r = 0; r < R; r++) inColumn.add(band[r * n + c] - 1);
    for (let r = 0; r < R; r++)
      for (let d = 0; d < n; d++)
        if (!inColumn.has(d)) options.push([cell(r, c), rowDigit(r, d), boxDigit(Math.floor(c / C), d)]);
  }
  const result = countExactCovers(exactCoverProblem(3 * R * n, options));
  return result.count;
}

describe('middle-band counter (the DLX route)', () => {
  it.each([
    [2, 2],
    [2, 3],
    [3, 2],
  ])('%ix%i: every class, n_C equal to the column-set sum', (rows, cols) => {
    const { shape, classes, size, columnSetSum, dlx } = setup(rows, cols);
    for (let k = 0; k < classes.count; k++) {
      const r = dlx.count(classes.reps, {}, k * size);
      expect(r.stopped).toBe(false);
      expect(r.completions).toBe(columnSetSum.completionsOfBand(classes.reps, k * size));
      // the second bands visited are exactly those the generic exact-cover engine finds
      expect(r.middleBands).toBe(secondBandsByExactCover(shape, classes.reps.subarray(k * size, (k + 1) * size)));
      // with two bands the second band is the last one: each leaf is one completion
      if (cols === 2) expect(r.middleBands).toBe(r.completions);
    }
  });

  it('4x2: a few classes of the committed table, same n_C (F is not needed: C = 2)', () => {
    const shape = boxShape(4, 2);
    const data = JSON.parse(readFileSync(join(ROOT, 'data', 'classes-4x2.json'), 'utf8')) as {
      classes: Array<{ band: string; completions: number }>;
    };
    const dlx = middleBandCounter(shape, columnPartitions(shape), new Uint32Array(0));
    for (const k of [0, 1, 1000, data.classes.length - 1]) {
      const r = dlx.count(parseBand(shape, data.classes[k].band));
      expect(r.completions).toBe(data.classes[k].completions);
      expect(r.middleBands).toBe(r.completions);
    }
  });

  it('3x3: two classes (the most symmetric band and the last), n_C equal to the column-set sum', () => {
    const { classes, size, columnSetSum, dlx } = setup(3, 3);
    // class 0 is 123456789|456789123|789123456; about 35 million middle bands each (seconds a class: 4x2 above
    // checks a few classes of a table)
    for (const k of [0, classes.count - 1]) {
      const r = dlx.count(classes.reps, {}, k * size);
      expect(r.stopped).toBe(false);
      expect(r.completions).toBe(columnSetSum.completionsOfBand(classes.reps, k * size));
      expect(r.middleBands).toBeGreaterThan(30_000_000);
    }
  }, 60_000);

  it('parts add up to the whole, for any number of parts', () => {
    for (const shape of shapes('2x3 3x2')) {
      const { classes, size, dlx } = setup(shape.rows, shape.cols);
      for (let k = 0; k < classes.count; k++) {
        const whole = dlx.count(classes.reps, {}, k * size);
        for (const parts of [2, 3, 7]) {
          let completions = 0;
          let middleBands = 0;
          for (let part = 0; part < parts; part++) {
            const r = dlx.count(classes.reps, { part, parts }, k * size);
            completions += r.completions;
            middleBands += r.middleBands;
          }
          expect([completions, middleBands]).toEqual([whole.completions, whole.middleBands]);
        }
      }
    }
  });

  it('any top band, not only standard ones: relabelled and row-permuted bands count the same', () => {
    const { shape, columnSetSum, dlx } = setup(2, 3);
    const band = parseBand(shape, '123456|456132');
    const n = dlx.count(band).completions;
    expect(n).toBe(columnSetSum.completionsOfBand(band));
    const relabel = [0, 6, 3, 5, 1, 2, 4]; // digit d → relabel[d]
    expect(dlx.count(band.map((d) => relabel[d])).completions).toBe(n);
    expect(dlx.count(parseBand(shape, '456132|123456')).completions).toBe(n);
    const s3 = setup(3, 2);
    const b3 = parseBand(s3.shape, '123456|345612|561243');
    const swapped = parseBand(s3.shape, '561243|123456|345612');
    expect(s3.dlx.count(swapped).completions).toBe(s3.dlx.count(b3).completions);
  });

  it('stops when asked, marks the result, and reports progress on the way', () => {
    const { classes, dlx } = setup(3, 3);
    const seen: number[] = [];
    let asked = 0;
    const r = dlx.count(classes.reps, {
      onProgress: (v) => seen.push(v),
      shouldStop: () => ++asked === 3,
    });
    expect(r.stopped).toBe(true);
    expect(asked).toBe(3);
    expect(seen).toHaveLength(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(r.middleBands).toBeLessThan(10_000_000); // a small part of the 35 million
  });

  it('rejects a part outside 0..parts−1', () => {
    const { classes, dlx } = setup(2, 2);
    expect(() => dlx.count(classes.reps, { part: 2, parts: 2 })).toThrow(RangeError);
    expect(() => dlx.count(classes.reps, { part: 0, parts: 0 })).toThrow(RangeError);
  });
});
