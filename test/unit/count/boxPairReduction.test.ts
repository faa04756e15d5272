import { describe, expect, it } from 'vitest';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { boxPairReduction } from '../../../src/count/boxPairReduction.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { columnPartitions } from '../../../src/grid/columnPartitions.js';
import { boxShape } from '../../../src/grid/shape.js';

/** The partition index of p's blocks renamed bit by bit by tau (n entries from offset). */
function renamed(blocks: Int32Array, p: number, tau: Uint8Array, offset: number, index: (m: Int32Array) => number) {
  const out = new Int32Array(3);
  for (let j = 0; j < 3; j++) {
    let m = blocks[p * 3 + j];
    while (m) {
      const b = m & -m;
      out[j] |= 1 << tau[offset + 31 - Math.clz32(b)];
      m ^= b;
    }
  }
  return index(out);
}

describe('box 2 reduced to a base box (boxes of three columns)', () => {
  it('4x3: nine base boxes, the 2006 report’s matrices; each renaming keeps box 1 and sends box 2 to its base', () => {
    const parts = columnPartitions(boxShape(4, 3));
    expect(parts.count).toBe(5775);
    const red = boxPairReduction(parts);
    expect(red.bases).toBe(9);
    const shown = Array.from({ length: red.bases }, (_, b) =>
      Array.from(red.matrices.subarray(b * 9, b * 9 + 9)).join(''),
    );
    // forum.enjoysudoku.com "4x3 sudoku counting" (2006): 400/040/004, 400/031/013, … up to row and column order
    const canon = (m: string) => {
      const rows = [m.slice(0, 3), m.slice(3, 6), m.slice(6, 9)];
      let best = '';
      const perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
      ];
      for (const p of perms)
        for (const s of perms) {
          const x = p.map((i) => s.map((j) => rows[i][j]).join('')).join('');
          if (best === '' || x < best) best = x;
        }
      return best;
    };
    const published = [
      '400040004',
      '400031013',
      '400022022',
      '310103031',
      '310121013',
      '310112022',
      '220202022',
      '211121112',
      '112112220',
    ].map(canon);
    expect(new Set(shown)).toEqual(new Set(published));
    const standard = parts.indexOf(Int32Array.from([0b001001001001, 0b010010010010, 0b100100100100]));
    const index = (m: Int32Array) => parts.indexOf(m);
    for (let q = 0; q < parts.count; q++) {
      expect(renamed(parts.blocks, standard, red.tau, q * 12, index)).toBe(standard);
      expect(renamed(parts.blocks, q, red.tau, q * 12, index)).toBe(red.rep[red.base[q]]);
    }
  });

  it.each([
    [2, 3],
    [3, 3],
  ])('%ix%i: F read through the reduction equals the column-set table on every configuration', (R, C) => {
    const shape = boxShape(R, C);
    const t = buildColumnSetTable(enumerateBands(shape));
    const parts = t.partitions;
    const P = parts.count;
    const red = boxPairReduction(parts);
    const index = (m: Int32Array) => parts.indexOf(m);
    let checked = 0;
    for (let q = 0; q < P; q++) {
      const b = red.base[q];
      if (R === 2) {
        expect(t.table[red.rep[b]]).toBe(t.table[q]);
        checked++;
        continue;
      }
      for (let p = 0; p < P; p++) {
        const p3 = renamed(parts.blocks, p, red.tau, q * shape.n, index);
        expect(t.table[red.rep[b] * P + p3]).toBe(t.table[q * P + p]);
        checked++;
      }
    }
    expect(checked).toBe(P ** (R - 1));
    // 2x3: 200/020/002, 200/011/011, 110/101/011; 3x3: five (300/030/003 … 111/111/111)
    expect(red.bases).toBe(R === 2 ? 3 : 5);
  });
});
