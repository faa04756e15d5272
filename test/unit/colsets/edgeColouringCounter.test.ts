import { describe, expect, it } from 'vitest';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';
import { configurationGraph } from '../../../src/colsets/configurationGraph.js';
import { edgeColouringCounter } from '../../../src/colsets/edgeColouringCounter.js';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rng } from '../../helpers/naive.js';

/** The column masks (bit d−1 for digit d) of a configuration: column 2k+s holds the digits whose word has bit k = s. */
function columnMasks(R: number, words: ArrayLike<number>, offset: number): Int32Array {
  const masks = new Int32Array(2 * R);
  for (let d = 0; d < 2 * R; d++) {
    for (let k = 0; k < R; k++) masks[2 * k + ((words[offset + d] >> k) & 1)] |= 1 << d;
  }
  return masks;
}

/** Bands with these column sets, by trying every order of every column (naive; R ≤ 3). */
function naiveBands(R: number, masks: Int32Array): number {
  const cols = Array.from(masks, (m) => [...Array(2 * R).keys()].filter((d) => m & (1 << d)));
  const perms = (xs: number[]): number[][] =>
    xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  const orders = cols.map(perms);
  let count = 0;
  const pick: number[][] = [];
  const rec = (c: number): void => {
    if (c === cols.length) {
      for (let r = 0; r < R; r++) if (new Set(pick.map((p) => p[r])).size !== 2 * R) return;
      count++;
      return;
    }
    for (const o of orders[c]) {
      pick.push(o);
      rec(c + 1);
      pick.pop();
    }
  };
  rec(0);
  return count;
}

describe('edgeColouringCounter: F(T) = proper R-edge-colourings of the digit–column graph', () => {
  it('counts Latin squares on K_{k,k}: 1, 2, 12, 576, 161280 for k = 1..5', () => {
    const expected = [1, 2, 12, 576, 161_280];
    for (let k = 1; k <= 5; k++) {
      const full = (1 << k) - 1;
      expect(edgeColouringCounter(k).count(new Array<number>(k).fill(full), k)).toBe(expected[k - 1]);
    }
  });

  it('3x2: F of every class equals the naive count of bands with those column sets', () => {
    const R = 3;
    const classes = configurationClasses(R);
    const counter = edgeColouringCounter(2 * R);
    const g = new Int32Array(2 * R);
    for (let c = 0; c < classes.count; c++) {
      const F = counter.count(configurationGraph(R, classes.words, c * 2 * R, g), R);
      expect(F).toBe(naiveBands(R, columnMasks(R, classes.words, c * 2 * R)));
      expect(F).toBeGreaterThan(0);
    }
  });

  it.each([2, 3])('%ix2: F of every class equals the band method’s column-set table F', (R) => {
    const shape = boxShape(R, 2);
    const t = buildColumnSetTable(enumerateBands(shape));
    const table = completionCounter(shape, t.partitions, t.table);
    const classes = configurationClasses(R);
    const counter = edgeColouringCounter(2 * R);
    const g = new Int32Array(2 * R);
    for (let c = 0; c < classes.count; c++) {
      const F = counter.count(configurationGraph(R, classes.words, c * 2 * R, g), R);
      expect(F).toBe(table.bandsWithColumnSets(columnMasks(R, classes.words, c * 2 * R)));
    }
  });

  it('5x2: memoised and plain counts agree on residual graphs; renumbering digits and columns changes nothing', () => {
    const R = 5,
      m = 10;
    const classes = configurationClasses(R);
    const memo = edgeColouringCounter(m);
    const plain = edgeColouringCounter(m, { memoDegrees: [] });
    const next = rng(5);
    const g = new Int32Array(m);
    const c = 354; // a class whose residual graphs fall into few isomorphism classes: quick
    configurationGraph(R, classes.words, c * m, g);
    // 4-regular residuals: remove a perfect matching (a column per digit, found greedily with backtracking)
    const residuals: Int32Array[] = [];
    const pick = new Int32Array(m);
    const rec = (i: number, used: number): void => {
      if (residuals.length >= 6) return;
      if (i === m) {
        residuals.push(Int32Array.from(g, (r, j) => r & ~pick[j]));
        return;
      }
      for (let o = g[i] & ~used; o; o &= o - 1) {
        pick[i] = o & -o;
        rec(i + 1, used | pick[i]);
      }
    };
    rec(0, 0);
    for (const h of residuals) expect(memo.count(h, R - 1)).toBe(plain.count(h, R - 1));
    // the class's F, and again with rows (digits) and columns renumbered at random
    const F = memo.countBig(g, R);
    const rowPerm = [...Array(m).keys()].sort(() => next() - 0.5);
    const colPerm = [...Array(m).keys()].sort(() => next() - 0.5);
    const moved = new Int32Array(m);
    g.forEach((r, i) => {
      for (let j = 0; j < m; j++) if (r & (1 << j)) moved[rowPerm[i]] |= 1 << colPerm[j];
    });
    expect(memo.countBig(moved, R)).toBe(F);
    expect(memo.stats().memoHits).toBeGreaterThan(0);
  });

  it('refuses a graph that is not k-regular', () => {
    expect(() => edgeColouringCounter(4).count([0b0011, 0b0011, 0b1100, 0b1101], 2)).toThrow(/row 3/);
  });
});
