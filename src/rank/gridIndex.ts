import { forEachBand } from '../bands/enumerateBands.js';
import { buildColumnSetTable } from '../count/columnSetTable.js';
import { popcount } from '../grid/bits.js';
import { columnPartitions } from '../grid/columnPartitions.js';
import { describeClash, findClash } from '../grid/parseGrid.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial, factorialBig, InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape, shapeProblem } from '../grid/support.js';
import { randomBigBelow } from '../random/randomBigBelow.js';
import type { RandomGenerator } from '../random/randomGenerator.js';
import { classifyBands } from '../symmetry/classifyBands.js';
import { classTransforms } from './classTransforms.js';
import { columnSetBands } from './columnSetBands.js';
import { columnSetWalk, type ColumnSetWalk } from './columnSetWalk.js';
import { topBandIndexBuilder, type TopBandIndex } from './topBandIndex.js';

/**
 * Every grid by its number: a bijection between 0..N−1 and the grids of a box shape, with uniform sampling.
 *
 * The order (docs/rank.md has it in full, with a worked 2×2 example):
 *
 *   index = σ·M + offset(b) + lower                                    M = N/n! = Σ_b n(b)
 *
 *   σ       rank of box 1's reading (a permutation of 1..n) among the n! permutations, lexicographically.
 *           Renaming digits so box 1 reads 1..n gives the grid's standard form; everything below is about it.
 *   b       its top band, a standard band; offset(b) = Σ n(b') over the standard bands b' before b in
 *           lexicographic order (TopBandIndex).
 *   lower   0 ≤ lower < n(b), the rank of the bands below b:
 *             two bands (C = 2): the bottom band's rank among the bands with column sets S (what the top band's
 *               columns lack), in column-major lexicographic order (ColumnSetBands);
 *             three bands (C = 3): offset(T) + rank(middle)·F(S∖T) + rank(bottom), T the middle band's column
 *               sets, walked in the order of ColumnSetWalk, both bands ranked by ColumnSetBands.
 */
export interface GridIndex {
  readonly shape: BoxShape;
  /** N, the number of grids. */
  readonly total: bigint;
  /** N/n!: grids whose box 1 reads 1..n. */
  readonly standardTotal: bigint;
  /** Seconds the set-up took. */
  readonly setupSeconds: number;
  /** The number of a grid (n² cells in reading order, digits 1..n). Throws InputError for anything else. */
  rank(grid: ArrayLike<number>): bigint;
  /** The grid with number i, 0 ≤ i < N (into `out` when given). Throws RangeError outside. */
  unrank(i: bigint, out?: Uint8Array): Uint8Array;
  /** An exactly uniform grid: a uniform number below N (rejection, no modulo bias), unranked. */
  sample(rng: RandomGenerator, out?: Uint8Array): Uint8Array;
}

export interface GridIndexOptions {
  /** Box shape: a BoxShape or "RxC" (default 3x3). */
  readonly box?: BoxShape | string;
}

/** Why grids of this shape cannot be numbered, or null when they can (the band method's shapes with 2 or 3 bands). */
export function gridIndexShapeProblem(shape: BoxShape): string | null {
  return shapeProblem('rank', shape);
}

export function gridIndex(options: GridIndexOptions = {}): GridIndex {
  const shape = resolveShape('rank', options.box);
  const t0 = performance.now();
  const { rows: R, cols: C, n } = shape;
  const full = (1 << n) - 1;
  const cellsCount = n * n;
  const bandSize = R * n;

  // --- set-up: one pass over the standard bands, the column-set table, and for three bands the classes ---
  const partitions = columnPartitions(shape);
  const builder = topBandIndexBuilder(shape, partitions);
  forEachBand(shape, builder.visit, R - 1);
  const bands = builder.bands();
  const F = buildColumnSetTable(bands, partitions);
  const lowerBands = columnSetBands(shape, partitions, F.table, F.standard);
  let walk: ColumnSetWalk | null = null;
  let top: TopBandIndex;
  if (C === 2) {
    // the bottom band's sets S are the complements of the top band's; in each box a two-block partition is its
    // own complement (with the columns swapped), so n(b) = F at the top band's own partitions
    top = builder.build(F.table);
  } else {
    const classes = classifyBands(bands);
    walk = columnSetWalk(shape, partitions, F.table, classes, classTransforms(bands, classes));
    // n(b) by the partitions of boxes 2..R (in every order), from the reduced bands' classes
    const P = partitions.count;
    const weights = new Float64Array(P ** (R - 1)).fill(-1);
    const masks = new Int32Array(n);
    const part = new Int32Array(R);
    const boxOrders = permutationsOf(R - 1);
    for (let i = 0; i < bands.lexCount; i++) {
      masks.fill(0);
      for (let r = 0; r < R; r++)
        for (let c = 0; c < n; c++) masks[c] |= 1 << (bands.lexBands[i * bandSize + r * n + c] - 1);
      for (let k = 1; k < R; k++) part[k - 1] = partitions.indexOf(masks, k * C);
      const w = walk.completions[classes.classOfLex[i]];
      for (const order of boxOrders) {
        let idx = 0;
        for (let k = 0; k < R - 1; k++) idx = idx * P + part[order[k]];
        if (weights[idx] >= 0 && weights[idx] !== w) throw new Error('internal: equal column sets, unequal counts');
        weights[idx] = w;
      }
    }
    top = builder.build(weights);
  }
  const M = top.total;
  const total = M * factorialBig(n);
  const setupSeconds = (performance.now() - t0) / 1000;

  // --- box 1's reading σ ↔ its rank (Lehmer code) ---
  const fact = new Float64Array(n + 1);
  for (let i = 0; i <= n; i++) fact[i] = factorial(i);

  // --- scratch ---
  const std = new Uint8Array(cellsCount); // the grid renamed so box 1 reads 1..n
  const sigma = new Uint8Array(n + 1); // standard digit → grid digit
  const inverse = new Uint8Array(n + 1);
  const S = new Int32Array(n);
  const T = new Int32Array(n);
  const U = new Int32Array(n);

  function columnMasks(cells: ArrayLike<number>, band: number, out: Int32Array): void {
    out.fill(0);
    for (let r = band * R; r < (band + 1) * R; r++) for (let c = 0; c < n; c++) out[c] |= 1 << (cells[r * n + c] - 1);
  }

  function complementOfTop(): void {
    columnMasks(std, 0, S);
    for (let c = 0; c < n; c++) S[c] = full & ~S[c];
  }

  function check(grid: ArrayLike<number>): void {
    if (grid.length !== cellsCount)
      throw new InputError(`a ${shape.name} grid has ${cellsCount} cells, not ${grid.length}`);
    const rowSeen = new Int32Array(n),
      colSeen = new Int32Array(n),
      boxSeen = new Int32Array(n);
    for (let i = 0; i < cellsCount; i++) {
      const d = grid[i];
      const r = Math.floor(i / n),
        c = i % n;
      if (d === 0) throw new InputError(`cell r${r + 1}c${c + 1} is empty: only a complete grid has a number`);
      if (!Number.isInteger(d) || d < 1 || d > n)
        throw new InputError(`cell r${r + 1}c${c + 1} holds ${d}, not a digit 1..${n}`);
      const bit = 1 << (d - 1);
      const b = Math.floor(r / R) * R + Math.floor(c / C);
      if ((rowSeen[r] | colSeen[c] | boxSeen[b]) & bit) {
        const clash = findClash(shape, grid);
        throw new InputError(clash ? describeClash(shape, clash).replace(/^givens clash/, 'not a grid') : 'not a grid');
      }
      rowSeen[r] |= bit;
      colSeen[c] |= bit;
      boxSeen[b] |= bit;
    }
  }

  function rank(grid: ArrayLike<number>): bigint {
    check(grid);
    // σ: box 1 in reading order
    let used = 0,
      sigmaRank = 0;
    for (let i = 0; i < n; i++) {
      const d = grid[Math.floor(i / C) * n + (i % C)];
      inverse[d] = i + 1;
      const bit = 1 << (d - 1);
      sigmaRank += popcount(~used & (bit - 1)) * fact[n - 1 - i]; // unused digits below d
      used |= bit;
    }
    for (let i = 0; i < cellsCount; i++) std[i] = inverse[grid[i]];
    const { before, weight } = top.offsetOf(std, 0);
    complementOfTop();
    let lower: number;
    if (walk === null) {
      lower = lowerBands.rank(std, bandSize, S, weight);
    } else {
      columnMasks(std, 1, T);
      for (let c = 0; c < n; c++) U[c] = S[c] & ~T[c];
      const fT = lowerBands.count(T);
      const fU = lowerBands.count(U);
      lower =
        walk.offsetOf(std, S, T) +
        lowerBands.rank(std, bandSize, T, fT) * fU +
        lowerBands.rank(std, 2 * bandSize, U, fU);
    }
    return BigInt(sigmaRank) * M + before + BigInt(lower);
  }

  function unrank(i: bigint, out: Uint8Array = new Uint8Array(cellsCount)): Uint8Array {
    if (typeof i !== 'bigint' || i < 0n || i >= total) throw new RangeError(`grid number must be 0..${total - 1n}`);
    const sigmaRank = Number(i / M);
    const rest = i - BigInt(sigmaRank) * M;
    let lower = top.find(rest, std);
    complementOfTop();
    if (walk === null) {
      lowerBands.unrank(S, lowerBands.count(S), lower, std, bandSize);
    } else {
      lower = walk.find(std, S, lower, T);
      for (let c = 0; c < n; c++) U[c] = S[c] & ~T[c];
      const fT = lowerBands.count(T);
      const fU = lowerBands.count(U);
      const mid = Math.floor(lower / fU);
      lowerBands.unrank(T, fT, mid, std, bandSize);
      lowerBands.unrank(U, fU, lower - mid * fU, std, 2 * bandSize);
    }
    // σ from its rank, then rename
    let x = sigmaRank,
      avail = full;
    for (let k = 0; k < n; k++) {
      const f = fact[n - 1 - k];
      let j = Math.floor(x / f);
      x -= j * f;
      let m = avail;
      while (j-- > 0) m &= m - 1;
      const bit = m & -m;
      avail ^= bit;
      sigma[k + 1] = 32 - Math.clz32(bit);
    }
    for (let c = 0; c < cellsCount; c++) out[c] = sigma[std[c]];
    return out;
  }

  function sample(rng: RandomGenerator, out?: Uint8Array): Uint8Array {
    return unrank(randomBigBelow(rng, total), out);
  }

  return { shape, total, standardTotal: M, setupSeconds, rank, unrank, sample };
}
