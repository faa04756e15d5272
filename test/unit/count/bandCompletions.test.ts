import { describe, expect, it } from 'vitest';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { classTable } from '../../../src/count/countGrids.js';
import { parseBand } from '../../../src/grid/digits.js';
import { partitionRenamings } from '../../../src/grid/partitionRenamings.js';
import { boxShape } from '../../../src/grid/shape.js';
import { applyBandSymmetry, forEachBandSymmetry } from '../../../src/symmetry/bandSymmetry.js';
import { dlxCount } from '../../helpers/dlx.js';
import { rng } from '../../helpers/naive.js';
import { completionsWithSecondBand } from '../../helpers/secondBand.js';
import { shapes } from '../../helpers/shapes.js';

const s33 = boxShape(3, 3);
const bands33 = enumerateBands(s33);
const table33 = buildColumnSetTable(bands33);
const counter33 = completionCounter(s33, table33.partitions, table33.table);

describe('column-set table F', () => {
  it('3x3 and 2x3: the WebAssembly table and H are the TypeScript ones, entry by entry', () => {
    for (const shape of shapes('3x3 2x3')) {
      const bands = shape.rows === 3 ? bands33 : enumerateBands(shape);
      const wasm = buildColumnSetTable(bands, undefined, 'wasm');
      const ts = buildColumnSetTable(bands, undefined, 'typescript');
      expect(wasm.table.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(Array.from(wasm.table)).toEqual(Array.from(ts.table));
      expect(Array.from(wasm.standard)).toEqual(Array.from(ts.standard));
    }
  });

  for (const shape of shapes('2x3 3x2 3x3')) {
    it(`${shape.name}: F summed over K's orbits equals Σ over all of K of H(ρ·p), entry by entry`, () => {
      const s = shape;
      const t = shape.rows === 3 && shape.cols === 3 ? table33 : buildColumnSetTable(enumerateBands(s));
      const P = t.partitions.count;
      const { order, act } = partitionRenamings(t.partitions);
      const direct = new Float64Array(t.table.length);
      for (let g = 0; g < order; g++) {
        for (let cell = 0; cell < t.table.length; cell++) {
          let x = cell,
            src = 0,
            scale = 1;
          for (let k = 0; k < shape.rows - 1; k++) {
            const p = x % P;
            x = (x - p) / P;
            src += act[g * P + p] * scale;
            scale *= P;
          }
          direct[cell] += t.standard[src];
        }
      }
      expect(Array.from(t.table)).toEqual(Array.from(direct));
    });
  }
});

describe('the WebAssembly band sum and the TypeScript sum are twins', () => {
  it('3x3 and 2x3: the same n(b) for every class representative, and a 3x3 random sample of bands', async () => {
    const { classifyBands } = await import('../../../src/symmetry/classifyBands.js');
    let compared = 0;
    for (const shape of shapes('3x3 2x3')) {
      const s = shape;
      const bands = shape.rows === 3 ? bands33 : enumerateBands(s);
      const t = shape.rows === 3 ? table33 : buildColumnSetTable(bands);
      const wasm = completionCounter(s, t.partitions, t.table, 'wasm');
      const ts = completionCounter(s, t.partitions, t.table, 'typescript');
      const reps = classifyBands(bands).reps;
      const size = s.rows * s.n;
      for (let i = 0; i * size < reps.length; i++) {
        expect(wasm.completionsOfBand(reps, i * size)).toBe(ts.completionsOfBand(reps, i * size));
        compared++;
      }
    }
    const rand = rng(26);
    const ts33 = completionCounter(s33, table33.partitions, table33.table, 'typescript');
    for (let k = 0; k < 50; k++) {
      const i = Math.floor(rand() * bands33.lexCount) * 27;
      expect(counter33.completionsOfBand(bands33.lexBands, i)).toBe(ts33.completionsOfBand(bands33.lexBands, i));
    }
    expect(compared).toBe(416 + 3);
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

  it('3x3: band 123456789/456789123/789123456, row 4 = 214365897: 633,312; row 5 = 365…: 10,032 both ways', () => {
    const b1 = parseBand(s33, band);
    const second = new Uint8Array(27);
    [...'214365897'].forEach((ch, i) => {
      second[i] = Number(ch);
    });
    // 633,312: the solvers count it too (test/unit/solve/countSolutions.test.ts); the one-leaf-at-a-time DLX took
    // ~2 s for it, so it counts the same band with row 5 begun (10,032 leaves)
    expect(completionsWithSecondBand(counter33, b1, second)).toBe(633_312);
    [...'365'].forEach((ch, i) => {
      second[9 + i] = Number(ch);
    });
    expect(completionsWithSecondBand(counter33, b1, second)).toBe(10_032);
    const grid = band.replace(/\|/g, '') + '214365897' + '365' + '.'.repeat(42);
    expect(dlxCount(grid).count).toBe(10_032);
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
      const viaBands = completionsWithSecondBand(counter33, b1, second);
      const viaDlx = dlxCount(grid).count;
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
        expect(dlxCount(top + '.'.repeat(s.n * s.n - top.length), { box: s }).count).toBe(row.completions);
      }
    },
  );

  it('2x2: the DLX counts all 288 grids from empty', () => {
    expect(dlxCount('.'.repeat(16), { box: boxShape(2, 2) }).count).toBe(288);
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
