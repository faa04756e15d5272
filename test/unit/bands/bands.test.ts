import { describe, expect, it } from 'vitest';
import { bandCodec } from '../../../src/bands/bandKey.js';
import { enumerateBands, forEachBand, forEachReducedBand, reducedBands } from '../../../src/bands/enumerateBands.js';
import { isLexReduced, lexMultiplicity, lexReduceInto } from '../../../src/bands/lexReduce.js';
import { formatBand } from '../../../src/grid/digits.js';
import { boxShape } from '../../../src/grid/shape.js';
import { applyBandSymmetry, forEachBandSymmetry } from '../../../src/symmetry/bandSymmetry.js';
import { naiveStandardBands, parseRows, shape as naiveShape } from '../../helpers/naive.js';
import { shapes } from '../../helpers/shapes.js';

/**
 * Naive lexicographic-reduction test on a band string: columns of boxes 2..R sorted by top entry, boxes by first top
 * entry.
 */
function naiveIsLexReduced(rows: number[][], R: number, C: number): boolean {
  const top = rows[0];
  for (let b = 1; b < R; b++) {
    for (let c = 1; c < C; c++) if (top[b * C + c] < top[b * C + c - 1]) return false;
    if (b > 1 && top[b * C] < top[(b - 1) * C]) return false;
  }
  return true;
}

describe('band enumeration', () => {
  for (const shape of shapes('2x2 2x3 3x2')) {
    it(`${shape.name}: the same bands, in the same order, as a naive enumeration over row permutations`, () => {
      const s = shape;
      const mine: string[] = [];
      forEachBand(s, (cells) => {
        mine.push(formatBand(s, cells));
      });
      const naive = naiveStandardBands(naiveShape(shape.rows, shape.cols)).sort();
      expect(mine).toEqual(naive);
      const e = enumerateBands(s);
      expect(e.count).toBe(naive.length);
      expect(e.lexCount).toBe(naive.filter((b) => naiveIsLexReduced(parseRows(b), shape.rows, shape.cols)).length);
      expect(e.lexCount * lexMultiplicity(s)).toBe(e.count);
    });
  }

  for (const shape of shapes('2x3 3x2 3x3')) {
    it(`${shape.name}: the pruned search visits the full search's reduced bands, in order; all bands agree`, () => {
      const s = shape;
      const size = s.rows * s.n;
      // the bands back to back, as bytes (compared whole: a 3x3 list is 36,288 × 27 bytes)
      const collect = () => {
        let bytes = new Uint8Array(size * 64);
        let count = 0;
        const add = (cells: Uint8Array) => {
          if ((count + 1) * size > bytes.length) {
            const grown = new Uint8Array(bytes.length * 2);
            grown.set(bytes);
            bytes = grown;
          }
          bytes.set(cells, count++ * size);
        };
        return { add, count: () => count, bytes: () => Buffer.from(bytes.buffer, 0, count * size) };
      };
      const filtered = collect();
      const all = forEachBand(s, (cells) => {
        if (isLexReduced(s, cells)) filtered.add(cells);
      });
      const pruned = collect();
      let idsInOrder = true;
      const k = forEachReducedBand(s, (cells, id) => {
        idsInOrder &&= id === pruned.count();
        pruned.add(cells);
      });
      expect(k).toBe(filtered.count());
      expect(idsInOrder).toBe(true);
      expect(pruned.bytes().equals(filtered.bytes())).toBe(true);
      // the WebAssembly searches (the default) and their TypeScript twin
      for (const engine of ['wasm', 'typescript'] as const) {
        const e = enumerateBands(s, engine);
        expect(e.count).toBe(all);
        expect(e.lexCount).toBe(k);
        expect(Buffer.from(e.lexBands).equals(filtered.bytes())).toBe(true);
      }
    });
  }

  it('3x3: 2,612,736 standard top bands, 36,288 lexicographically reduced, each standing for 72', () => {
    const s = boxShape(3, 3);
    const e = enumerateBands(s);
    expect(e.count).toBe(2_612_736);
    expect(e.lexCount).toBe(36_288);
    expect(lexMultiplicity(s)).toBe(72);
  });

  it("reducedBands (a shard: no count of all bands) gives enumerateBands' reduced bands, by both engines", () => {
    for (const shape of shapes('2x3 3x2 3x3')) {
      const s = shape;
      const all = enumerateBands(s).lexBands;
      expect(Buffer.from(reducedBands(s)).equals(all)).toBe(true);
      if (shape.rows * shape.cols < 9) expect(Buffer.from(reducedBands(s, 'typescript')).equals(all)).toBe(true);
    }
  });
});

describe('band keys', () => {
  it('3x3: encode/decode round-trips every reduced band, and keys increase in enumeration order', () => {
    const s = boxShape(3, 3);
    const codec = bandCodec(s);
    const e = enumerateBands(s);
    const size = 27;
    const back = new Uint8Array(size);
    let prev = -1;
    for (let i = 0; i < e.lexCount; i++) {
      const key = codec.encode(e.lexBands, i * size);
      expect(key).toBeGreaterThan(prev);
      prev = key;
      codec.decode(key, back);
      if (i % 997 === 0 || i === e.lexCount - 1)
        expect(Array.from(back)).toEqual(Array.from(e.lexBands.subarray(i * size, (i + 1) * size)));
    }
    expect(prev).toBeLessThan(codec.keySpace);
  });
});

describe('lexicographic reduction', () => {
  it(
    '3x2: every symmetric image of every band reduces to a reduced band, and exactly L images of a reduced ' +
      'band reduce to it',
    () => {
      const s = boxShape(3, 2);
      const e = enumerateBands(s);
      const size = s.rows * s.n;
      const reduced = new Set<string>();
      for (let i = 0; i < e.lexCount; i++) reduced.add(formatBand(s, e.lexBands, i * size));
      const all: Uint8Array[] = [];
      forEachBand(s, (cells) => {
        all.push(cells.slice());
      });
      const out = new Uint8Array(size),
        scratch = new Uint8Array(size),
        moved = new Uint8Array(size),
        relabel = new Uint8Array(s.n + 1);
      const hits = new Map<string, number>();
      for (const band of all) {
        lexReduceInto(s, band, out, scratch);
        expect(isLexReduced(s, out)).toBe(true);
        const key = formatBand(s, out);
        expect(reduced.has(key)).toBe(true);
        hits.set(key, (hits.get(key) ?? 0) + 1);
      }
      for (const k of reduced) expect(hits.get(k)).toBe(lexMultiplicity(s));
      // and the group maps bands to bands
      let checked = 0;
      forEachBandSymmetry(s, (g) => {
        if (checked++ % 7) return;
        applyBandSymmetry(s, g, all[checked % all.length], moved, relabel);
        lexReduceInto(s, moved, out, scratch);
        expect(reduced.has(formatBand(s, out))).toBe(true);
      });
    },
  );
});
