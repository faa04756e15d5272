import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { columnSetLookup } from '../../../src/count/columnSetLookup.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { runCount } from '../../../src/count/countGrids.js';
import { middleBandChoices } from '../../../src/count/middleBandChoices.js';
import { columnPartitions } from '../../../src/grid/columnPartitions.js';
import { parseGrid } from '../../../src/grid/parseGrid.js';
import { boxShape, type BoxShape } from '../../../src/grid/shape.js';
import { classTransforms } from '../../../src/rank/classTransforms.js';
import { columnSetWalk } from '../../../src/rank/columnSetWalk.js';
import { gridIndex, type GridIndex } from '../../../src/rank/gridIndex.js';
import { cachedGridIndex } from '../../../src/rank/sampleTask.js';
import { puzzleCounter } from '../../../src/solve/countSolutions.js';
import { rng as seeded } from '../../helpers/naive.js'; // mulberry32, sharing nothing with src/
import { PUZZLES } from '../../helpers/paths.js';

/**
 * The grid index: a bijection 0..N−1 ↔ grids in the order docs/rank.md defines, and exactly uniform sampling.
 * Everything is checked against things written here, from the definitions: a validity checker, the documented
 * order as a sort key, a brute-force list of the 2×2 grids, grids from the solver and their symmetry images.
 */

const SHAPES = ['2x2', '2x3', '3x2', '3x3', '4x2'] as const;
let run3x3: ReturnType<typeof runCount> | null = null;
/** The 3×3 count, stage by stage (classes, n_C), made once. */
const countRun = () => (run3x3 ??= runCount({ box: '3x3', workers: 1 }));
const indexes = new Map<string, GridIndex>();
/**
 * gridIndex({ box }), made once a shape; 3×3 through the thread's cached index (src/rank/sampleTask.ts, the same
 * gridIndex), which the audit's and the sampler's tests in this worker may have built already (~1.5 s).
 */
const indexOf = (box: string): GridIndex => {
  let idx = indexes.get(box);
  if (!idx) indexes.set(box, (idx = box === '3x3' ? cachedGridIndex(3, 3) : gridIndex({ box })));
  return idx;
};

/** The independent checker: every row, column and box holds 1..n once. */
function isGrid(shape: BoxShape, g: ArrayLike<number>): boolean {
  const { rows: R, cols: C, n } = shape;
  if (g.length !== n * n) return false;
  for (let u = 0; u < n; u++) {
    const seen = [new Set<number>(), new Set<number>(), new Set<number>()];
    for (let i = 0; i < n; i++) {
      seen[0].add(g[u * n + i]);
      seen[1].add(g[i * n + u]);
      seen[2].add(g[(Math.floor(u / R) * R + Math.floor(i / C)) * n + (u % R) * C + (i % C)]);
    }
    for (const s of seen) if (s.size !== n || [...s].some((d) => d < 1 || d > n)) return false;
  }
  return true;
}

/**
 * The documented order, as a sort key (docs/rank.md): box 1's reading; then, with digits renamed so box 1 reads
 * 1..n, the top band in reading order; then for two bands the bottom band read column by column (each column top
 * to bottom); for three bands the middle band's column sets (each as its increasing digits), then the middle
 * band and the bottom band, each read column by column.
 */
function documentedKey(shape: BoxShape, g: ArrayLike<number>): number[] {
  const { rows: R, cols: C, n } = shape;
  const key: number[] = [];
  const rename: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = g[Math.floor(i / C) * n + (i % C)];
    key.push(d);
    rename[d] = i + 1;
  }
  const s = Array.from(g, (d) => rename[d]);
  for (let i = 0; i < R * n; i++) key.push(s[i]);
  const columnMajor = (band: number) => {
    for (let c = 0; c < n; c++) for (let r = 0; r < R; r++) key.push(s[(band * R + r) * n + c]);
  };
  if (C === 3) {
    for (let c = 0; c < n; c++) {
      const set: number[] = [];
      for (let r = 0; r < R; r++) set.push(s[(R + r) * n + c]);
      key.push(...set.sort((a, b) => a - b));
    }
  }
  for (let band = 1; band < C; band++) columnMajor(band);
  return key;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** A random whole number below N, from the test's own generator (bias is irrelevant for round trips). */
function randomIndex(N: bigint, rnd: () => number): bigint {
  let x = 0n;
  for (let i = 0; i < 4; i++) x = (x << 32n) | BigInt(Math.floor(rnd() * 2 ** 32));
  return x % N;
}

/** Every 2×2 grid, by brute force: each row one of the 24 permutations of 1..4, kept when the whole is a grid. */
function all2x2(): number[][] {
  const shape = boxShape(2, 2);
  const perms: number[][] = [];
  const permute = (p: number[], rest: number[]): void => {
    if (rest.length === 0) perms.push(p);
    rest.forEach((d, i) => permute([...p, d], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  permute([], [1, 2, 3, 4]);
  const out: number[][] = [];
  const fill = (rows: number[][]): void => {
    if (rows.length === 4) {
      const g = rows.flat();
      if (isGrid(shape, g)) out.push(g);
      return;
    }
    // prune on columns as rows are added; the boxes are checked by isGrid at the end
    for (const p of perms) if (rows.every((q) => q.every((d, c) => d !== p[c]))) fill([...rows, p]);
  };
  fill([]);
  return out;
}

/** A random symmetry image of a grid: relabel, permute bands, rows in bands, stacks, columns in stacks, and
 * (square boxes only) transpose. */
function symmetryImage(shape: BoxShape, g: ArrayLike<number>, rnd: () => number): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  const shuffled = (k: number) => {
    const a = Array.from({ length: k }, (_, i) => i);
    for (let i = k - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  const label = [0, ...shuffled(n).map((d) => d + 1)];
  const rows = shuffled(C).flatMap((b) => shuffled(R).map((i) => b * R + i));
  const cols = shuffled(R).flatMap((s) => shuffled(C).map((i) => s * C + i));
  const transpose = R === C && rnd() < 0.5;
  const out = new Uint8Array(n * n);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) out[transpose ? c * n + r : r * n + c] = label[g[rows[r] * n + cols[c]]];
  return out;
}

describe('2x2: all 288 grids', () => {
  it('unrank gives 288 distinct valid grids, in the documented order, and rank inverts it', () => {
    const idx = indexOf('2x2');
    expect(idx.total).toBe(288n);
    const shape = idx.shape;
    const expected = all2x2().sort((a, b) => compareKeys(documentedKey(shape, a), documentedKey(shape, b)));
    expect(expected).toHaveLength(288);
    const seen = new Set<string>();
    for (let i = 0; i < 288; i++) {
      const g = idx.unrank(BigInt(i));
      expect(isGrid(shape, g)).toBe(true);
      expect(Array.from(g)).toEqual(expected[i]);
      expect(idx.rank(g)).toBe(BigInt(i));
      seen.add(g.join(''));
    }
    expect(seen.size).toBe(288);
  });

  it('the worked example of docs/rank.md: grids 0, 1 and 287', () => {
    const idx = indexOf('2x2');
    expect(idx.unrank(0n).join('')).toBe('1234341221434321');
    expect(idx.unrank(1n).join('')).toBe('1234341223414123');
    expect(idx.unrank(287n).join('')).toBe('4312213412433421');
  });

  it('the 3×3 example at the top of docs/rank.md: grid 4,000,000,000,000,000', () => {
    const grid = '123569478456287391789143625862715943947638512315924867231456789698372154574891236';
    expect(indexOf('3x3').unrank(4_000_000_000_000_000n).join('')).toBe(grid);
  });
});

describe.each(SHAPES)('%s', (box) => {
  it('rank(unrank(i)) = i for 0, 1, N−1 and 800 seeded random i; each grid valid, in the documented order', () => {
    const idx = indexOf(box);
    const N = idx.total;
    const rnd = seeded(2024);
    const ids = [0n, 1n, N - 1n];
    for (let k = 0; k < 800; k++) ids.push(randomIndex(N, rnd));
    ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    let previous: number[] | null = null;
    for (const i of ids) {
      const g = idx.unrank(i);
      expect(isGrid(idx.shape, g), `grid ${i}`).toBe(true);
      expect(idx.rank(g)).toBe(i);
      const key = documentedKey(idx.shape, g);
      if (previous) expect(compareKeys(previous, key), `grid ${i} after its predecessor`).toBeLessThanOrEqual(0);
      previous = key;
    }
    // the ends: the first grid is the documented key's least, the last its greatest
    expect(documentedKey(idx.shape, idx.unrank(0n)).slice(0, idx.shape.n)).toEqual(
      Array.from({ length: idx.shape.n }, (_, d) => d + 1),
    );
    expect(documentedKey(idx.shape, idx.unrank(N - 1n)).slice(0, idx.shape.n)).toEqual(
      Array.from({ length: idx.shape.n }, (_, d) => idx.shape.n - d),
    );
  });

  it('unrank(rank(g)) = g for the solver’s grids and their symmetry images', () => {
    const idx = indexOf(box);
    const shape = idx.shape;
    const n = shape.n;
    const rnd = seeded(7);
    const solver = puzzleCounter(shape);
    const solution = new Uint8Array(n * n);
    const sources: Uint8Array[] = [];
    if (box === '3x3') {
      const lines = readFileSync(join(PUZZLES, 'top1465.txt'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .slice(0, 40);
      for (const line of lines) {
        expect(solver.count(parseGrid(shape, line), 1, solution).solved).toBe(true);
        sources.push(solution.slice());
      }
    } else {
      // random puzzles: a few givens copied from a symmetry image of the solver's solution of the empty grid
      expect(solver.count(new Uint8Array(n * n), 1, solution).solved).toBe(true);
      for (let k = 0; k < 40; k++) {
        const image = symmetryImage(shape, solution, rnd);
        const puzzle = image.map((d) => (rnd() < 0.3 ? d : 0));
        const own = new Uint8Array(n * n);
        expect(solver.count(puzzle, 1, own).solved).toBe(true);
        sources.push(own);
      }
    }
    for (const g of sources) {
      for (const h of [g, symmetryImage(shape, g, rnd), symmetryImage(shape, g, rnd)]) {
        expect(isGrid(shape, h)).toBe(true);
        const i = idx.rank(h);
        expect(i >= 0n && i < idx.total).toBe(true);
        expect(Array.from(idx.unrank(i))).toEqual(Array.from(h));
      }
    }
  });
});

describe('N and the tables behind it', () => {
  it.each([
    ['2x2', 288n],
    ['2x3', 28_200_960n],
    ['3x2', 28_200_960n],
    ['3x3', 6_670_903_752_021_072_936_960n],
    ['4x2', 29_136_487_207_403_520n],
  ])('%s: N = %s', (box, N) => {
    expect(indexOf(box).total).toBe(N);
  });

  it('3x3: the walk over the middle band’s column sets, against the count and against brute force', async () => {
    const run = await countRun();
    const shape = run.shape;
    const partitions = columnPartitions(shape);
    const F = buildColumnSetTable(run.bands, partitions);
    const walk = columnSetWalk(shape, partitions, F.table, run.classes, classTransforms(run.bands, run.classes));
    // n_C from the per-class tables of W = the count's n_C, class by class
    expect(Array.from(walk.completions)).toEqual(Array.from(run.completions));
    // one top band that is not a class representative: every T in order, F(T)·F(S∖T) by the count's own lookup
    const lookup = columnSetLookup(shape, partitions, F.table);
    const top = indexOf('3x3').unrank(123_456_789_012_345_678_901n).subarray(0, 27);
    const rename: number[] = [];
    for (let i = 0; i < 9; i++) rename[top[Math.floor(i / 3) * 9 + (i % 3)]] = i + 1;
    const band = top.map((d) => rename[d]);
    const S = new Int32Array(9);
    for (let c = 0; c < 9; c++)
      S[c] = 511 & ~((1 << (band[c] - 1)) | (1 << (band[9 + c] - 1)) | (1 << (band[18 + c] - 1)));
    const choices = [0, 1, 2].map((k) => middleBandChoices(shape, S, k));
    const T = new Int32Array(9),
      U = new Int32Array(9),
      found = new Int32Array(9);
    const rnd = seeded(99);
    let offset = 0,
      checked = 0;
    for (let a = 0; a < 56; a++) {
      for (let b = 0; b < 56; b++) {
        for (let c = 0; c < 56; c++) {
          [a, b, c].forEach((t, k) => T.set(choices[k].subarray(t * 3, t * 3 + 3), k * 3));
          for (let j = 0; j < 9; j++) U[j] = S[j] & ~T[j];
          const v = lookup.bandsWithColumnSets(T) * lookup.bandsWithColumnSets(U);
          if (rnd() < 0.002) {
            checked++;
            expect(walk.offsetOf(band, S, T)).toBe(offset);
            const r = offset + Math.floor(rnd() * v);
            expect(walk.find(band, S, r, found)).toBe(r - offset);
            expect(Array.from(found)).toEqual(Array.from(T));
          }
          offset += v;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(offset).toBe(run.completions[run.classes.classOfBand(band)]);
  });
});

describe('rank refuses what is not a grid', () => {
  it('a clash, a wrong length, a digit out of range, an empty cell', () => {
    const idx = indexOf('2x2');
    const g = Array.from(idx.unrank(5n));
    expect(() => idx.rank(g.slice(0, 15))).toThrow(/16 cells/);
    expect(() => idx.rank([...g.slice(0, 15), 5])).toThrow(/not a digit/);
    expect(() => idx.rank([...g.slice(0, 15), 0])).toThrow(/r4c4 is empty/);
    const swapped = g.slice();
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(() => idx.rank(swapped)).toThrow(/two/);
    expect(() => idx.unrank(288n)).toThrow(RangeError);
    expect(() => idx.unrank(-1n)).toThrow(RangeError);
  });
});

/** Upper 10⁻⁶ quantile of chi-square with df degrees of freedom (Wilson–Hilferty; z = 4.7534). */
function chiSquareLimit(df: number): number {
  const z = 4.7534;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

describe('sample: exactly uniform', () => {
  it('3x3: top-band class frequencies match m_C·n_C/(N/9!) (chi-square, fixed seed)', async () => {
    // Statistic over the 416 classes (those expected fewer than 5 times pooled into one bin) against its upper
    // 10⁻⁶ quantile: a correct sampler fails with probability 10⁻⁶ for a random seed (this seed is fixed).
    // Power, checked below by the normal approximation to the noncentral chi-square: at least 0.99 against any
    // sampler whose class probabilities are off by a relative root-mean-square of 12% (noncentrality
    // λ = K·Σ_C p_C·δ_C²). Subtler departures need far more grids: a sampler that picks the top band uniformly,
    // ignoring n_C (which varies by only ±7% between classes), is 0.9% rms off; `npm run bench -- index
    // --uniformity` tests a million grids, with the classes also grouped by n_C, which has the power for it.
    const idx = indexOf('3x3');
    const run = await countRun();
    const { classes, completions } = run;
    const weight = Array.from({ length: classes.count }, (_, c) => classes.sizes[c] * completions[c]);
    const sum = weight.reduce((a, b) => a + b, 0);
    const K = 20_000;
    const observed = new Float64Array(classes.count);
    const rng = xoroshiro128plus(20_241_123);
    const grid = new Uint8Array(81);
    for (let k = 0; k < K; k++) observed[classes.classOfBand(idx.sample(rng, grid).subarray(0, 27))]++;
    const bins: Array<{ o: number; e: number }> = [{ o: 0, e: 0 }];
    for (let c = 0; c < classes.count; c++) {
      const e = (K * weight[c]) / sum;
      if (e < 5) {
        bins[0].o += observed[c];
        bins[0].e += e;
      } else bins.push({ o: observed[c], e });
    }
    const used = bins.filter((b) => b.e > 0);
    const df = used.length - 1;
    let chi2 = 0;
    for (const { o, e } of used) chi2 += (o - e) ** 2 / e;
    const limit = chiSquareLimit(df);
    expect(df).toBeGreaterThan(100);
    expect(chi2).toBeLessThan(limit);
    const lambda = K * 0.12 ** 2;
    expect(df + lambda - limit).toBeGreaterThan(2.33 * Math.sqrt(2 * (df + 2 * lambda)));
  });

  it('2x2: every grid’s frequency (chi-square, fixed seed)', () => {
    // 288 cells, 60 expected each, against the upper 10⁻⁶ quantile of chi-square(287): a correct sampler fails
    // with probability 10⁻⁶ for a random seed. Power: a sampler that picks the top band uniformly (n(b) is 4 or
    // 2 here) moves each grid's probability by a half or a quarter; λ is checked to be far past the limit.
    const idx = indexOf('2x2');
    const K = 288 * 60;
    const counts = new Float64Array(288);
    const rng = xoroshiro128plus(288);
    for (let k = 0; k < K; k++) counts[Number(idx.rank(idx.sample(rng)))]++;
    let chi2 = 0;
    for (const o of counts) chi2 += (o - 60) ** 2 / 60;
    const limit = chiSquareLimit(287);
    expect(chi2).toBeLessThan(limit);
    // alternative: top bands uniform, so the 96 grids below the two bands with n(b) = 2 have probability
    // 1/(24·4·2) each, and the 192 below the bands with n(b) = 4 have 1/(24·4·4), not 1/288
    const lambda = (96 * (K / (24 * 4 * 2) - 60) ** 2 + 192 * (K / (24 * 4 * 4) - 60) ** 2) / 60;
    expect(287 + lambda - limit).toBeGreaterThan(10 * Math.sqrt(2 * (287 + 2 * lambda)));
  });
});
