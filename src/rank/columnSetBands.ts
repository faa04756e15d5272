import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial, type BoxShape } from '../grid/shape.js';
import { orderedPartitionIndex } from './orderedPartitionIndex.js';

/**
 * The bands whose column c holds exactly the digits T_c (masks, bit d−1 for digit d): how many there are,
 * and each one's rank among them.
 *
 * Order: column by column, left to right; each column compared by its digits read top to bottom. That is the
 * lexicographic order of the band read column-major:
 *
 *     band rows r0 r1 r2, columns c0 c1 …   compared as   (c0: r0 r1 r2) (c1: r0 r1 r2) …
 *
 * A column's reading is a permutation π of its sorted digits (π[r] = the index of row r's digit among them);
 * comparing readings compares the permutations lexicographically, so the R! readings are ranked 0..R!−1.
 *
 * How the rank is counted (R rows, boxes of C columns, n = R·C):
 *  - Box 1, first column: permuting the band's rows maps the bands with one reading of that column onto those
 *    with any other, so each of the R! readings is followed by exactly F(T)/R! bands.
 *  - Box 1, other columns: once box 1 is read completely, renaming each digit to the digit at its place in a
 *    standard box 1 (row r, column c → r·C + c + 1) maps the bands with that box 1 one-to-one onto the standard
 *    bands with the renamed column sets, which the column-set table counts (H). A partly read box 1 is followed
 *    by the sum of H over the readings of its remaining columns.
 *  - Boxes 2..R−1: a search, column by column, over readings that put no digit twice in a row (each digit keeps
 *    the mask of the rows it has used); box R is then forced (each digit takes its one unused row) and only
 *    checked.
 *
 * Every count here is a whole number below 2^53 (F(T) is at most 331,776 for the shapes the band method handles).
 */
export interface ColumnSetBands {
  readonly shape: BoxShape;
  /** F(T): bands whose column c holds exactly the digits masks[c]. */
  count(masks: ArrayLike<number>): number;
  /**
   * Rank (0..F(T)−1) of the band at cells[offset..] (R rows of n cells, row-major) among the bands with its
   * column sets `masks` (which the caller has read from it); `total` is F(masks).
   */
  rank(cells: ArrayLike<number>, offset: number, masks: ArrayLike<number>, total: number): number;
  /** Write the band of rank k (0 ≤ k < total = F(masks)) into out[offset..] (R rows of n cells). */
  unrank(masks: ArrayLike<number>, total: number, k: number, out: Uint8Array, offset: number): void;
}

/**
 * @param table  F, the column-set table (`buildColumnSetTable(...).table`)
 * @param standard  H, the standard-band counts indexed like F (`buildColumnSetTable(...).standard`)
 */
export function columnSetBands(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: ArrayLike<number>,
  standard: ArrayLike<number>,
): ColumnSetBands {
  const { rows: R, cols: C, n } = shape;
  const P = partitions.count;
  const perms = permutationsOf(R);
  const nPerms = perms.length;
  const permFlat = new Int8Array(nPerms * R);
  perms.forEach((p, i) => permFlat.set(p, i * R));
  /** cellMask[π]: bit i·R + r for each row r holding digit index i = π[r]. */
  const cellMask = new Int32Array(nPerms);
  /** permOfCode[Σ_r π[r]·R^r] = index of π. */
  const permOfCode = new Int16Array(R ** R).fill(-1);
  for (let i = 0; i < nPerms; i++) {
    let code = 0;
    for (let r = R - 1; r >= 0; r--) {
      cellMask[i] |= 1 << (perms[i][r] * R + r);
      code = code * R + perms[i][r];
    }
    permOfCode[code] = i;
  }
  const stride = new Float64Array(R);
  for (let k = R - 1, s = 1; k >= 1; k--, s *= P) stride[k] = s;
  const fullRows = (1 << R) - 1;
  const lastStart = n - C; // first column of the last box
  const rowsFactorial = factorial(R);

  // Renaming box 1 by its reading: the digit at row r of box-1 column c becomes r·C + c (0-based bit). A set of
  // digits is renamed column by column: rename[(c·R! + p)·2^R + s] is the renamed bits of the digits of column c
  // whose indices (among that column's sorted digits) are the bits of s, when column c is read as permutation p.
  const rename = new Int32Array((C * nPerms) << R);
  for (let c = 0; c < C; c++) {
    for (let p = 0; p < nPerms; p++) {
      for (let s = 0; s < 1 << R; s++) {
        let m = 0;
        for (let r = 0; r < R; r++) if (s & (1 << perms[p][r])) m |= 1 << (r * C + c);
        rename[((c * nPerms + p) << R) + s] = m;
      }
    }
  }
  const dense = orderedPartitionIndex(partitions);

  // per-query scratch
  const digs = new Int8Array(n * R); // digs[c·R + i]: i-th smallest digit (0-based) of column c
  /** sub[j·C + c]: the digits of column j (j ≥ C) that box-1 column c holds, as indices among its sorted digits. */
  const sub = new Int32Array(n * C);
  /**
   * Box 1 read column by column: level[c·J + j] is the renamed set of the j-th looked-up column (the first C−1
   * columns of each box 2..R, J of them) from box-1 columns 0..c−1 alone, so a renaming costs J reads per column.
   */
  const J = (R - 1) * (C - 1);
  const level = new Int32Array((C + 1) * J);
  const lookedUp = new Int32Array(J);
  for (let k = 1, j = 0; k < R; k++) for (let i = 0; i < C - 1; i++) lookedUp[j++] = k * C + i;
  const used = new Int32Array(n); // rows used by each digit (0-based)

  function readColumns(masks: ArrayLike<number>): void {
    for (let c = 0; c < n; c++) {
      let m = masks[c];
      for (let i = 0; i < R; i++) {
        const b = m & -m;
        digs[c * R + i] = 31 - Math.clz32(b);
        m ^= b;
      }
    }
    for (let j = C; j < n; j++) {
      const m = masks[j];
      for (let c = 0; c < C; c++) {
        let s = 0;
        for (let i = 0; i < R; i++) if (m & (1 << digs[c * R + i])) s |= 1 << i;
        sub[j * C + c] = s;
      }
    }
  }

  /** Box-1 column c read as permutation p, on top of columns 0..c−1. */
  function readBox1(c: number, p: number): void {
    const from = c * J,
      to = from + J,
      base = (c * nPerms + p) << R;
    for (let j = 0; j < J; j++) level[to + j] = level[from + j] | rename[base + sub[lookedUp[j] * C + c]];
  }

  /** F or H at the configuration of boxes 2..R renamed by box 1's reading (box 1 is then standard). */
  function lookup(t: ArrayLike<number>): number {
    let idx = 0;
    const at = C * J;
    for (let k = 1, j = 0; k < R; k++) {
      let key = 0;
      for (let i = C - 2; i >= 0; i--) key = key * (1 << n) + level[at + j + i];
      j += C - 1;
      idx += dense[key] * stride[k];
    }
    return t[idx];
  }

  function count(masks: ArrayLike<number>): number {
    readColumns(masks);
    // the identity reading (smallest digit on top) is the renaming F is tabulated with; any would do
    for (let c = 0; c < C; c++) readBox1(c, 0);
    return lookup(table);
  }

  /** Bands following box-1 columns 0..c−1 as read: Σ of H over every reading of columns c..C−1. */
  function box1Sum(c: number): number {
    let s = 0;
    for (let p = 0; p < nPerms; p++) {
      readBox1(c, p);
      s += c === C - 1 ? lookup(standard) : box1Sum(c + 1);
    }
    return s;
  }

  /** Rows each digit of column c may not take, as bits i·R + r. */
  function forbidden(c: number): number {
    let f = 0;
    for (let i = 0; i < R; i++) f |= used[digs[c * R + i]] << (i * R);
    return f;
  }

  function place(c: number, p: number): void {
    for (let r = 0; r < R; r++) used[digs[c * R + permFlat[p * R + r]]] |= 1 << r;
  }

  function unplace(c: number, p: number): void {
    for (let r = 0; r < R; r++) used[digs[c * R + permFlat[p * R + r]]] &= ~(1 << r);
  }

  /** Is the last box, forced by `used`, a band's box: each of its columns gets every row once? */
  function lastBoxFits(): boolean {
    for (let c = lastStart; c < n; c++) {
      let rows = 0;
      for (let i = 0; i < R; i++) rows |= fullRows & ~used[digs[c * R + i]];
      if (rows !== fullRows) return false;
    }
    return true;
  }

  /** Completions of columns c.. (c ≥ C) given `used`. */
  function countFrom(c: number): number {
    if (c >= lastStart) return lastBoxFits() ? 1 : 0;
    const f = forbidden(c);
    let s = 0;
    for (let p = 0; p < nPerms; p++) {
      if (f & cellMask[p]) continue;
      place(c, p);
      s += countFrom(c + 1);
      unplace(c, p);
    }
    return s;
  }

  function readingOf(cells: ArrayLike<number>, offset: number, c: number): number {
    let code = 0;
    for (let r = R - 1; r >= 0; r--) {
      const d = cells[offset + r * n + c] - 1;
      let i = 0;
      while (digs[c * R + i] !== d) i++;
      code = code * R + i;
    }
    return permOfCode[code];
  }

  function rank(cells: ArrayLike<number>, offset: number, masks: ArrayLike<number>, total: number): number {
    readColumns(masks);
    const block = total / rowsFactorial;
    const p0 = readingOf(cells, offset, 0);
    let k = p0 * block;
    readBox1(0, p0);
    for (let c = 1; c < C; c++) {
      const pc = readingOf(cells, offset, c);
      for (let p = 0; p < pc; p++) {
        readBox1(c, p);
        k += c === C - 1 ? lookup(standard) : box1Sum(c + 1);
      }
      readBox1(c, pc);
    }
    used.fill(0);
    for (let c = 0; c < C; c++) place(c, readingOf(cells, offset, c));
    for (let c = C; c < lastStart; c++) {
      const pc = readingOf(cells, offset, c);
      const f = forbidden(c);
      for (let p = 0; p < pc; p++) {
        if (f & cellMask[p]) continue;
        place(c, p);
        k += countFrom(c + 1);
        unplace(c, p);
      }
      place(c, pc);
    }
    return k;
  }

  function write(out: Uint8Array, offset: number, c: number, p: number): void {
    for (let r = 0; r < R; r++) out[offset + r * n + c] = digs[c * R + permFlat[p * R + r]] + 1;
  }

  function unrank(masks: ArrayLike<number>, total: number, k: number, out: Uint8Array, offset: number): void {
    if (!(k >= 0 && k < total)) throw new RangeError(`band rank ${k} is outside 0..${total - 1}`);
    readColumns(masks);
    const block = total / rowsFactorial;
    const p0 = Math.floor(k / block);
    k -= p0 * block;
    readBox1(0, p0);
    write(out, offset, 0, p0);
    used.fill(0);
    place(0, p0);
    for (let c = 1; c < C; c++) {
      let p = 0;
      for (; p < nPerms; p++) {
        readBox1(c, p);
        const s = c === C - 1 ? lookup(standard) : box1Sum(c + 1);
        if (k < s) break;
        k -= s;
      }
      if (p === nPerms) throw new Error('internal: band rank beyond the bands with these column sets');
      write(out, offset, c, p);
      place(c, p);
    }
    for (let c = C; c < lastStart; c++) {
      const f = forbidden(c);
      let p = 0;
      for (; p < nPerms; p++) {
        if (f & cellMask[p]) continue;
        place(c, p);
        const s = countFrom(c + 1);
        if (k < s) break;
        unplace(c, p);
        k -= s;
      }
      if (p === nPerms) throw new Error('internal: band rank beyond the bands with these column sets');
      write(out, offset, c, p);
    }
    // the last box: each digit in its one unused row
    for (let c = lastStart; c < n; c++) {
      for (let i = 0; i < R; i++) {
        const d = digs[c * R + i];
        const r = 31 - Math.clz32(fullRows & ~used[d]);
        out[offset + r * n + c] = d + 1;
      }
    }
  }

  return { shape, count, rank, unrank };
}
