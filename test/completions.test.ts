import { describe, expect, it } from 'vitest';
import { enumerateBands, forEachBand } from '../dist/bands/enumerateBands.js';
import { completionCounter } from '../dist/count/bandCompletions.js';
import { buildColumnSetTable } from '../dist/count/columnSetTable.js';
import { countCompletions } from '../dist/count/countCompletions.js';
import { classTable, countGrids } from '../dist/count/countGrids.js';
import { parseBand } from '../dist/grid/digits.js';
import { boxShape, factorialBig } from '../dist/grid/shape.js';
import { applyBandSymmetry, forEachBandSymmetry } from '../dist/symmetry/bandSymmetry.js';
import { rng } from './helpers/naive.js';

const s33 = boxShape(3, 3);
const bands33 = enumerateBands(s33);
const table33 = buildColumnSetTable(bands33);
const counter33 = completionCounter(s33, table33.partitions, table33.table);

describe('the total N = n!·Σ m_C·n_C', () => {
  it.each([
    ['2x2', 288n],
    ['2x3', 28_200_960n],
    ['3x2', 28_200_960n],
    ['3x3', 6_670_903_752_021_072_936_960n],
    ['4x2', 29_136_487_207_403_520n], // 8×8 grids with 4×2 boxes (the transposes of 2×4 boxes)
  ])('%s: N = %s', async (box, expected) => {
    const r = await countGrids({ box, workers: 2 });
    expect(r.total).toBe(expected);
    expect(r.classSizeSum).toBe(r.bands);
    expect(r.total).toBe(r.totalWithFixedBox * factorialBig(r.n));
  });

  it(
    '4x2: stage counts (computed here, not from the literature; the total above is the published 8×8 ' + 'count)',
    async () => {
      const r = await countGrids({ box: '4x2', workers: 2 });
      expect([r.bands, r.lexReduced, r.lexMultiplicity, r.classes, r.groupOrder]).toEqual([
        20_545_536, 428_032, 48, 2_783, 9_216,
      ]);
    },
  );

  it('3x3: the class table is identical for 1 and 2 workers', async () => {
    const a = await classTable({ box: '3x3', workers: 1 });
    const b = await classTable({ box: '3x3', workers: 2 });
    expect(b.classRows).toEqual(a.classRows);
    expect(b.totalWithFixedBox).toBe(18_383_222_420_692_992n);
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

describe('completions are invariant under the band group', () => {
  it('3x3: n(g·b) = n(b) for 60 random bands and random group elements (fixed seed)', () => {
    const maps: Int32Array[] = [];
    forEachBandSymmetry(s33, (g) => {
      maps.push(g.slice());
    });
    const rand = rng(20261122);
    const size = 27;
    const img = new Uint8Array(size),
      relabel = new Uint8Array(10);
    const seen = new Set<number>();
    for (let k = 0; k < 60; k++) {
      const i = Math.floor(rand() * bands33.lexCount);
      const band = bands33.lexBands.subarray(i * size, (i + 1) * size);
      const g = maps[Math.floor(rand() * maps.length)];
      applyBandSymmetry(s33, g, band, img, relabel);
      const n = counter33.completionsOfBand(band);
      expect(counter33.completionsOfBand(img)).toBe(n);
      seen.add(n);
    }
    expect(seen.size).toBeGreaterThan(5); // the sample is not all one class
  });
});

describe('band method against the exact-cover (DLX) counter, which shares nothing with it', () => {
  const band = '123456789|456789123|789123456';

  it('3x3: band 123456789/456789123/789123456 with row 4 = 214365897 has 633,312 completions both ways', () => {
    const b1 = parseBand(s33, band);
    const second = new Uint8Array(27);
    [...'214365897'].forEach((ch, i) => {
      second[i] = Number(ch);
    });
    expect(counter33.completionsWithSecondBand(b1, second)).toBe(633_312);
    const grid = band.replace(/\|/g, '') + '214365897' + '.'.repeat(45);
    expect(countCompletions(grid).count).toBe(633_312);
  });

  it('3x3: random class representatives with random partial second rows agree (fixed seed)', () => {
    const rand = rng(7);
    const size = 27;
    let checked = 0;
    for (let k = 0; k < 40 && checked < 6; k++) {
      const i = Math.floor(rand() * bands33.lexCount);
      const b1 = bands33.lexBands.slice(i * size, (i + 1) * size);
      const top = Array.from(b1).join('');
      const second = new Uint8Array(27);
      // a random row 4 legal against the band's columns, and the first 3 cells of a row 5, so that the
      // count stays small enough for the one-leaf-at-a-time DLX
      const row = randomRow4(b1, rand);
      if (!row) continue;
      row.forEach((d, c) => {
        second[c] = d;
      });
      const row5 = randomRow5Prefix(b1, row, rand, 3);
      if (!row5) continue;
      row5.forEach((d, c) => {
        second[9 + c] = d;
      });
      const grid = top + row.join('') + row5.join('') + '.'.repeat(45 - row5.length);
      const viaBands = counter33.completionsWithSecondBand(b1, second);
      const viaDlx = countCompletions(grid).count;
      expect(viaBands).toBe(viaDlx);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it.each(['2x2', '2x3'])(
    '%s: the DLX counts band completions equal to the band method for every class',
    async (box) => {
      const s = boxShape(Number(box[0]), Number(box[2]));
      const t = await classTable({ box, workers: 1 });
      for (const row of t.classRows) {
        const top = row.band.replace(/\|/g, '');
        expect(countCompletions(top + '.'.repeat(s.n * s.n - top.length), { box: s }).count).toBe(row.completions);
      }
    },
  );

  it('2x2: the DLX counts all 288 grids from empty', () => {
    expect(countCompletions('.'.repeat(16), { box: boxShape(2, 2) }).count).toBe(288);
  });
});

/** A random row 4 compatible with the band's columns (rows 1–3), or null after a few tries. */
function randomRow4(b1: Uint8Array, rand: () => number): number[] | null {
  for (let attempt = 0; attempt < 200; attempt++) {
    const row: number[] = [];
    const used = new Set<number>();
    let ok = true;
    for (let c = 0; c < 9 && ok; c++) {
      const opts = [];
      for (let d = 1; d <= 9; d++) if (!used.has(d) && b1[c] !== d && b1[9 + c] !== d && b1[18 + c] !== d) opts.push(d);
      if (!opts.length) {
        ok = false;
        break;
      }
      const d = opts[Math.floor(rand() * opts.length)];
      row.push(d);
      used.add(d);
    }
    if (ok) return row;
  }
  return null;
}

/** The first k cells of a random row 5 compatible with the band and row 4 (columns, row, boxes). */
function randomRow5Prefix(b1: Uint8Array, row4: number[], rand: () => number, k: number): number[] | null {
  const row: number[] = [];
  const used = new Set<number>();
  for (let c = 0; c < k; c++) {
    const opts = [];
    for (let d = 1; d <= 9; d++) {
      if (used.has(d) || b1[c] === d || b1[9 + c] === d || b1[18 + c] === d || row4[c] === d) continue;
      const box = Math.floor(c / 3) * 3;
      if (row4.slice(box, box + 3).includes(d)) continue;
      opts.push(d);
    }
    if (!opts.length) return null;
    const d = opts[Math.floor(rand() * opts.length)];
    row.push(d);
    used.add(d);
  }
  return row;
}
