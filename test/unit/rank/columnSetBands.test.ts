import { describe, expect, it } from 'vitest';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { boxShape } from '../../../src/grid/shape.js';
import { columnSetBands } from '../../../src/rank/columnSetBands.js';
import { rng as seeded } from '../../helpers/naive.js';

/**
 * The bands with given column sets, against brute force: every band whose column c holds the digits T_c, found
 * by trying every order of every column, sorted column-major (the order of docs/rank.md), must be exactly what
 * count, rank and unrank say.
 */

/** Every band (R rows of n) with column sets T, sorted by its column-major reading. */
function bruteForce(R: number, C: number, T: number[][]): number[][] {
  const n = R * C;
  const orders = (set: number[]): number[][] =>
    set.length <= 1 ? [set] : set.flatMap((d, i) => orders(set.filter((_, j) => j !== i)).map((o) => [d, ...o]));
  const columns = T.map((set) => orders([...set].sort((a, b) => a - b)));
  const out: number[][] = [];
  const chosen: number[][] = [];
  const go = (c: number): void => {
    if (c === n) {
      // every row holds each digit once (each box then does too: its columns partition the digits)
      for (let r = 0; r < R; r++) if (new Set(chosen.map((col) => col[r])).size !== n) return;
      const band: number[] = [];
      for (let r = 0; r < R; r++) for (let j = 0; j < n; j++) band.push(chosen[j][r]);
      out.push(band);
      return;
    }
    for (const o of columns[c]) {
      // prune: no digit twice in a row so far
      if (chosen.some((col) => col.some((d, r) => o[r] === d))) continue;
      chosen.push(o);
      go(c + 1);
      chosen.pop();
    }
  };
  go(0); // columns are generated in increasing reading order, so `out` is already sorted column-major
  return out;
}

/** Column sets of a random band: cells filled in reading order with random allowed digits, backtracking. */
function randomColumnSets(R: number, C: number, rnd: () => number): number[][] {
  const n = R * C;
  const band = new Array<number>(R * n).fill(0);
  const fill = (i: number): boolean => {
    if (i === R * n) return true;
    const r = Math.floor(i / n),
      c = i % n,
      k = Math.floor(c / C);
    const allowed: number[] = [];
    for (let d = 1; d <= n; d++) {
      let ok = true;
      for (let j = 0; j < n && ok; j++) if (band[r * n + j] === d) ok = false;
      for (let q = 0; q < R && ok; q++)
        for (let j = k * C; j < (k + 1) * C && ok; j++) if (band[q * n + j] === d) ok = false;
      if (ok) allowed.push(d);
    }
    while (allowed.length > 0) {
      const [d] = allowed.splice(Math.floor(rnd() * allowed.length), 1);
      band[i] = d;
      if (fill(i + 1)) return true;
    }
    band[i] = 0;
    return false;
  };
  fill(0);
  return Array.from({ length: n }, (_, c) => Array.from({ length: R }, (_, r) => band[r * n + c]));
}

describe.each([
  [2, 2, 4],
  [3, 2, 8],
  [2, 3, 8],
  [3, 3, 6],
])('%ix%i: bands with given column sets', (R, C, trials) => {
  const shape = boxShape(R, C);
  const F = buildColumnSetTable(enumerateBands(shape));
  const bands = columnSetBands(shape, F.partitions, F.table, F.standard);
  it(`count, rank and unrank agree with brute force on ${trials} random column configurations`, () => {
    const rnd = seeded(R * 10 + C);
    const n = R * C;
    for (let t = 0; t < trials; t++) {
      const T = randomColumnSets(R, C, rnd);
      const masks = T.map((set) => set.reduce((m, d) => m | (1 << (d - 1)), 0));
      const all = bruteForce(R, C, T);
      const total = bands.count(masks);
      expect(total).toBe(all.length);
      const out = new Uint8Array(R * n);
      all.forEach((band, k) => {
        expect(bands.rank(band, 0, masks, total)).toBe(k);
        bands.unrank(masks, total, k, out, 0);
        expect(Array.from(out)).toEqual(band);
      });
    }
  });
});
