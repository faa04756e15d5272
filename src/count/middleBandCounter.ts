import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { fullMask, popcount } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { columnSetLookup } from './columnSetLookup.js';
import { middleBandChoices } from './middleBandChoices.js';

/**
 * n(b₁) by the DLX route: every second band that fits under the top band b₁ is enumerated, one at a time, and the
 * bands below it are finished with one lookup in the column-set table F.
 *
 * Three bands (C = 3: 3×3, 2×3). The second band is the middle band M and n(b₁) = Σ_M F(S∖T(M)), where S_c is what
 * column c still needs under b₁ and T_c(M) the digits M puts there: one F lookup per middle band. M is filled box by
 * box (box k = columns kC..kC+C−1), each box row by row:
 *
 *     box 0        box 1        box R−1 (last)       3×3: R = 3 boxes of 3 rows × 3 columns
 *   a a a        a a a        L L L                 a  a cell placed on its own (candidates S_c minus the
 *   a a a        a a a        L L L                    digits of its row and its box), smallest digit first
 *   f f f        f f f        L L L                 f  the box's last row: its digits are forced (what the box
 *                                                      lacks), only their order is free
 *                                                   L  the last box: row r holds what row r lacks, in any order
 *
 * A forced row (f or L) takes each order of its C digits that the columns allow, from a table of the valid orders
 * of every C-digit set in that box's columns (at most C! each, listed once per top band). Rows of the last box are
 * independent of each other, so the last box is nested loops over their orders: the innermost loop is the leaf, one
 * middle band and one F lookup each. Dead ends are cut when a row of box R−2 is complete and the digits it leaves
 * for the last box have no valid order, and when a forced row clashes with its row.
 *
 * The F index of the partial band is kept up to date box by box. F is indexed by renaming digits so that the
 * bottom band's box-0 column sets become the standard ones, then by the partitions of boxes 1..R−1
 * (columnSetLookup.ts):
 *   index(U) = Σ_{k≥1} partition(ρ(U of box k))·P^(R−1−k),   ρ fixed by U of box 0,   U_c = S_c ∖ T_c
 * T_c ⊂ S_c has R digits; a box's sets are named by the ranks of T_c among the R-subsets of S_c, for its first C−1
 * columns (the last is what is left): `key`, < nsub^(C−1). When box 0 is complete its key picks ρ (one of the box's
 * `n0` configurations); when box k ≥ 1 is complete, `tab[k][config0][key]` adds its term. Both tables are built
 * once per top band, so a leaf costs two rank reads, one `tab` read and one F read.
 *
 * Two bands (C = 2: 3×2, 4×2, 2×2). The second band is the bottom band, each leaf is one grid, and F is not used:
 * this route is independent of the column-set table. For C = 2 the column sets are forced (T_c = S_c: each column
 * gets exactly the R digits it lacks) and the box constraint is the column constraint. Rows 0..R−3 are placed cell
 * by cell in reading order (candidates: S_c minus the column's and the row's digits). Then every column has two
 * digits left and every digit two columns (one in each of the two boxes it has not been placed in yet): columns are
 * the edges of a graph on the digits in which every digit has degree 2, a union of cycles. Row R−2 takes one digit
 * of each column, each digit once, which is an orientation of each cycle, and row R−1 takes the rest: there are
 * exactly 2^(cycles) bottom bands below the prefix, all valid, and they are counted together.
 *
 * Every count is exact: n(b₁) < 2^53 (checked).
 */
export interface MiddleBandCounter {
  readonly shape: BoxShape;
  /** n(band) for a full top band (R·n cells at `offset`), by enumerating every second band under it. */
  count(band: ArrayLike<number>, options?: MiddleBandOptions, offset?: number): MiddleBandCount;
}

export interface MiddleBandOptions {
  /**
   * Count one part only: the fillings of box 0 (C = 3) or of row 0 (C = 2) of the second band are numbered in
   * search order, and part p of q takes those numbered i ≡ p (mod q); with R = 2 and C = 2 part 0 takes all. The
   * parts' counts add up to the whole. Default: part 0 of 1.
   */
  readonly part?: number;
  readonly parts?: number;
  /** Called every few thousand search steps (a few ms on 3×3) with the second bands visited so far. */
  readonly onProgress?: (middleBands: number) => void;
  /** Asked as often as `onProgress` is called; true stops the search, and the result is marked `stopped`. */
  readonly shouldStop?: () => boolean;
}

export interface MiddleBandCount {
  /** Σ over the second bands visited of the completions below them: n(band) when not stopped. */
  readonly completions: number;
  /** Second bands visited: middle bands for C = 3, bottom bands (= completions) for C = 2. */
  readonly middleBands: number;
  /** Search steps: cells placed one by one, plus (C = 3) orders taken by the forced rows above the last box. */
  readonly nodes: number;
  /** True when `shouldStop` ended the search early: the counts are then partial. */
  readonly stopped: boolean;
}

/** The part to count, checked. */
function partOf(options: MiddleBandOptions): { part: number; parts: number } {
  const part = options.part ?? 0;
  const parts = options.parts ?? 1;
  if (!Number.isInteger(parts) || parts < 1 || !Number.isInteger(part) || part < 0 || part >= parts)
    throw new RangeError(`part ${part} of ${parts}: need 0 ≤ part < parts`);
  return { part, parts };
}

/** Search steps between two calls of `onProgress`/`shouldStop`. */
const CHECK_EVERY = 1 << 14;

/**
 * A counter for one box shape, taken as given: one the band method handles (src/grid/support.ts, 'band-method').
 * `partitions` and `table` are the column-set table F (columnSetTable.ts), read only (it may live in a
 * SharedArrayBuffer that other threads read too); C = 2 shapes do not use it. Scratch space lives in the counter:
 * one counter per thread.
 */
export function middleBandCounter(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: Uint32Array,
): MiddleBandCounter {
  if (shape.cols === 2) return bottomBandCounter(shape);
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  const W = full + 1; // masks are 0..full
  const lookup = columnSetLookup(shape, partitions, table);

  // --- per-top-band tables (refilled by `prepare`) ---
  const S = new Int32Array(n); // digits column c still needs
  /** rankMul[c·W + T] = (rank of T among the R-subsets of S_c)·nsub^(C−2−j) for column j of its box; −1 otherwise. */
  const rankMul = new Int32Array(n * W);
  /** Orders of C-digit sets in the columns of box k: ordStart[k·(W+1) + X] .. ordStart[k·(W+1) + X + 1]. */
  const ordStart = new Int32Array(R * (W + 1));
  let ordData = new Int32Array(0); // order i of box k: the one-bit masks ordData[i·C .. i·C + C − 1]
  let nkeys = 0;
  let id0Of = new Int32Array(0); // key of box 0 → config index · nkeys
  let n0 = 0;
  let tab = new Int32Array(0); // tab[k·n0·nkeys + config0·nkeys + key] = partition(ρ(U of box k))·P^(R−1−k)

  /** The key of box k's configuration choices[t·C ..]: ranks of its first C−1 column sets, mixed radix. */
  function keyOf(k: number, choices: Int32Array, t: number): number {
    let key = 0;
    for (let j = 0; j < C - 1; j++) key += rankMul[(k * C + j) * W + choices[t * C + j]];
    return key;
  }

  const rename = lookup.newRenaming();
  const U0 = new Int32Array(C);
  const mapped = new Int32Array(C);
  function prepare(band: ArrayLike<number>, offset: number): void {
    for (let c = 0; c < n; c++) {
      let m = 0;
      for (let r = 0; r < R; r++) m |= 1 << (band[offset + r * n + c] - 1);
      S[c] = full & ~m;
    }
    // valid orders of every C-set in every box's columns
    const data: number[] = [];
    const cur = new Int32Array(C);
    for (let k = 0; k < R; k++) {
      for (let X = 0; X <= full; X++) {
        ordStart[k * (W + 1) + X] = data.length / C;
        if (popcount(X) !== C) continue;
        const rec = (j: number, left: number): void => {
          if (j === C) {
            for (let i = 0; i < C; i++) data.push(cur[i]);
            return;
          }
          for (let m = left & S[k * C + j]; m !== 0; m &= m - 1) {
            cur[j] = m & -m;
            rec(j + 1, left ^ cur[j]);
          }
        };
        rec(0, X);
      }
      ordStart[k * (W + 1) + W] = data.length / C;
    }
    ordData = Int32Array.from(data);

    // ranks of the R-subsets of each S_c (all S_c have n − R digits, so the same number nsub)
    rankMul.fill(-1);
    let nsub = 0;
    for (let c = 0; c < n; c++) {
      let i = 0;
      for (let m = 0; m <= full; m++) if ((m & ~S[c]) === 0 && popcount(m) === R) rankMul[c * W + m] = i++;
      nsub = i;
    }
    for (let c = 0; c < n; c++) {
      const mult = nsub ** (C - 2 - (c % C));
      for (let m = 0; m <= full; m++) if (rankMul[c * W + m] >= 0) rankMul[c * W + m] *= mult;
    }
    nkeys = nsub ** (C - 1);
    const choices: Int32Array[] = [];
    for (let k = 0; k < R; k++) choices.push(middleBandChoices(shape, S, k));
    n0 = choices[0].length / C;
    id0Of = new Int32Array(nkeys).fill(-1);
    for (let t = 0; t < n0; t++) id0Of[keyOf(0, choices[0], t)] = t * nkeys;
    tab = new Int32Array(R * n0 * nkeys).fill(-1);
    for (let t0 = 0; t0 < n0; t0++) {
      // ρ: the bottom band's box-0 sets U_j = S_j ∖ T_j → the standard sets
      for (let j = 0; j < C; j++) U0[j] = S[j] & ~choices[0][t0 * C + j];
      lookup.renameToStandard(rename, U0, 0);
      for (let k = 1; k < R; k++) {
        const ch = choices[k];
        for (let t = 0; t < ch.length / C; t++) {
          for (let j = 0; j < C; j++) mapped[j] = rename[S[k * C + j] & ~ch[t * C + j]];
          tab[(k * n0 + t0) * nkeys + keyOf(k, ch, t)] = partitions.indexOf(mapped) * lookup.stride[k];
        }
      }
    }
  }

  // --- the search: levels 0..L−1 are boxes 0..R−2, each (R−1)·C cells then one forced row ---
  const perBox = (R - 1) * C + 1;
  const L = (R - 1) * perBox;
  const z: Search = {
    R,
    C,
    full,
    W,
    S,
    rankMul,
    ordStart,
    ordData,
    id0Of,
    tab,
    table,
    nkeys,
    n0,
    isCell: new Uint8Array(L),
    rowOf: new Int32Array(L),
    colOf: new Int32Array(L),
    boxOf: new Int32Array(L),
    checksLast: new Uint8Array(L),
    rowUsed: new Int32Array(R),
    boxUsed: new Int32Array(R),
    T: new Int32Array(n),
    cand: new Int32Array(L),
    end: new Int32Array(L),
    placed: new Int32Array(L),
    acc: new Float64Array(R),
    M: new Int32Array(R),
  };
  for (let k = 0; k < R - 1; k++) {
    for (let i = 0; i < perBox; i++) {
      const l = k * perBox + i;
      z.boxOf[l] = k;
      if (i < perBox - 1) {
        z.isCell[l] = 1;
        z.rowOf[l] = Math.floor(i / C);
        z.colOf[l] = k * C + (i % C);
        z.checksLast[l] = k === R - 2 && i % C === C - 1 ? 1 : 0;
      } else {
        z.rowOf[l] = R - 1;
      }
    }
  }

  function count(band: ArrayLike<number>, options: MiddleBandOptions = {}, offset = 0): MiddleBandCount {
    const { part, parts } = partOf(options);
    prepare(band, offset);
    z.ordData = ordData;
    z.id0Of = id0Of;
    z.tab = tab;
    z.nkeys = nkeys;
    z.n0 = n0;
    return search(z, part, parts, options.onProgress, options.shouldStop);
  }

  return { shape, count };
}

/** Everything the search reads and writes, in one object of fixed shape (its fields are read into locals). */
interface Search {
  readonly R: number;
  readonly C: number;
  readonly full: number;
  readonly W: number;
  readonly S: Int32Array;
  readonly rankMul: Int32Array;
  readonly ordStart: Int32Array;
  ordData: Int32Array;
  id0Of: Int32Array;
  tab: Int32Array;
  readonly table: Uint32Array;
  nkeys: number;
  n0: number;
  readonly isCell: Uint8Array;
  readonly rowOf: Int32Array;
  readonly colOf: Int32Array;
  readonly boxOf: Int32Array;
  readonly checksLast: Uint8Array;
  readonly rowUsed: Int32Array;
  readonly boxUsed: Int32Array;
  /** Digits placed in column c by the cells (the forced rows are not stored). */
  readonly T: Int32Array;
  /** Cell: candidates left; forced row: its next order. */
  readonly cand: Int32Array;
  /** Forced row: the end of its orders. */
  readonly end: Int32Array;
  /** Cell: the digit placed; forced row: its digit set. */
  readonly placed: Int32Array;
  /** F index contributed by boxes 1..k. */
  readonly acc: Float64Array;
  readonly M: Int32Array;
}

/** The three-band search (C = 3): see the comment at the top. */
function search(
  z: Search,
  part: number,
  parts: number,
  onProgress: ((middleBands: number) => void) | undefined,
  shouldStop: (() => boolean) | undefined,
): MiddleBandCount {
  const { R, C, full, W, S, rankMul, ordStart, ordData, id0Of, tab, table, nkeys, n0 } = z;
  const { isCell, rowOf, colOf, boxOf, checksLast, rowUsed, boxUsed, T, cand, end, placed, acc, M } = z;
  const lastStart = (R - 1) * (W + 1);
  const lastCol = (R - 1) * C;
  const tabLast = (R - 1) * n0 * nkeys;
  const R1 = R - 1;
  const R2 = R - 2;
  rowUsed.fill(0);
  boxUsed.fill(0);
  T.fill(0);
  let sum = 0;
  let leaves = 0;
  let nodes = 0;
  let budget = CHECK_EVERY;
  let fill0 = 0;
  let off0 = 0;
  let stopped = false;

  let l = 0;
  cand[0] = S[colOf[0]];
  for (;;) {
    if (isCell[l] === 1) {
      const m = cand[l];
      if (m === 0) {
        if (--l < 0) break;
        if (isCell[l] === 1) {
          const b = placed[l];
          rowUsed[rowOf[l]] ^= b;
          boxUsed[boxOf[l]] ^= b;
          T[colOf[l]] ^= b;
        }
        continue;
      }
      const b = m & -m;
      cand[l] = m ^ b;
      nodes++;
      const r = rowOf[l];
      const used = rowUsed[r] | b;
      if (checksLast[l] === 1 && ordStart[lastStart + (full & ~used) + 1] === ordStart[lastStart + (full & ~used)])
        continue;
      const k = boxOf[l];
      placed[l] = b;
      rowUsed[r] = used;
      boxUsed[k] |= b;
      T[colOf[l]] |= b;
      l++;
      if (isCell[l] === 1) {
        cand[l] = S[colOf[l]] & ~rowUsed[rowOf[l]] & ~boxUsed[k];
        continue;
      }
      // open the box's forced row: the digits the box lacks, in each order its columns allow
      const X = full & ~boxUsed[k];
      const last = rowUsed[R1] | X;
      if (
        (X & rowUsed[R1]) !== 0 ||
        (k === R2 && ordStart[lastStart + (full & ~last) + 1] === ordStart[lastStart + (full & ~last)])
      ) {
        placed[l] = 0;
        cand[l] = end[l] = 0;
        continue;
      }
      const o = k * (W + 1) + X;
      placed[l] = X;
      rowUsed[R1] = last;
      boxUsed[k] = full;
      cand[l] = ordStart[o];
      end[l] = ordStart[o + 1];
      continue;
    }

    // a forced row: take its next order
    const i = cand[l];
    if (i === end[l]) {
      const X = placed[l];
      rowUsed[R1] ^= X;
      boxUsed[boxOf[l]] ^= X;
      if (--l < 0) break;
      if (isCell[l] === 1) {
        const b = placed[l];
        rowUsed[rowOf[l]] ^= b;
        boxUsed[boxOf[l]] ^= b;
        T[colOf[l]] ^= b;
      }
      continue;
    }
    cand[l] = i + 1;
    nodes++;
    if (--budget === 0) {
      budget = CHECK_EVERY;
      onProgress?.(leaves);
      if (shouldStop?.()) {
        stopped = true;
        break;
      }
    }
    const k = boxOf[l];
    if (k === 0 && parts > 1 && fill0++ % parts !== part) continue;
    let key = 0;
    for (let j = 0; j < C - 1; j++) key += rankMul[(k * C + j) * W + (T[k * C + j] | ordData[i * C + j])];
    if (k === 0) {
      off0 = id0Of[key];
      acc[0] = 0;
    } else {
      acc[k] = acc[k - 1] + tab[k * n0 * nkeys + off0 + key];
    }
    if (k < R2) {
      l++;
      cand[l] = S[colOf[l]] & ~rowUsed[rowOf[l]] & ~boxUsed[k + 1];
      continue;
    }

    // the last box: row r holds the digits row r lacks, in each allowed order; one F lookup per middle band
    for (let r = 0; r < R; r++) M[r] = full & ~rowUsed[r];
    const base = acc[R2];
    const tb = tabLast + off0;
    const cA = lastCol * W;
    const cB = (lastCol + 1) * W;
    if (R === 3) {
      const e0 = ordStart[lastStart + M[0] + 1];
      const s1 = ordStart[lastStart + M[1]];
      const e1 = ordStart[lastStart + M[1] + 1];
      const s2 = ordStart[lastStart + M[2]];
      const e2 = ordStart[lastStart + M[2] + 1];
      for (let i0 = ordStart[lastStart + M[0]]; i0 < e0; i0++) {
        const a0 = ordData[i0 * 3];
        const b0 = ordData[i0 * 3 + 1];
        for (let i1 = s1; i1 < e1; i1++) {
          const a1 = cA + (a0 | ordData[i1 * 3]);
          const b1 = cB + (b0 | ordData[i1 * 3 + 1]);
          for (let i2 = s2; i2 < e2; i2++) {
            sum += table[base + tab[tb + rankMul[a1 | ordData[i2 * 3]] + rankMul[b1 | ordData[i2 * 3 + 1]]]];
          }
          leaves += e2 - s2;
        }
      }
    } else {
      // R = 2 (2×3)
      const e0 = ordStart[lastStart + M[0] + 1];
      const s1 = ordStart[lastStart + M[1]];
      const e1 = ordStart[lastStart + M[1] + 1];
      for (let i0 = ordStart[lastStart + M[0]]; i0 < e0; i0++) {
        const a0 = cA + ordData[i0 * 3];
        const b0 = cB + ordData[i0 * 3 + 1];
        for (let i1 = s1; i1 < e1; i1++) {
          sum += table[base + tab[tb + rankMul[a0 | ordData[i1 * 3]] + rankMul[b0 | ordData[i1 * 3 + 1]]]];
        }
        leaves += e1 - s1;
      }
    }
  }
  if (!Number.isSafeInteger(sum)) throw new Error('internal: completion count is not exact');
  return { completions: sum, middleBands: leaves, nodes, stopped };
}

/**
 * The two-band counter (C = 2): rows 0..R−3 of the bottom band cell by cell in reading order, then 2^(cycles) bottom
 * bands at once (see the comment at the top).
 */
function bottomBandCounter(shape: BoxShape): MiddleBandCounter {
  const { rows: R, n } = shape;
  const full = fullMask(n);
  const depth = (R - 2) * n;
  const S = new Int32Array(n);
  const rowOf = new Int32Array(depth);
  const colOf = new Int32Array(depth);
  for (let l = 0; l < depth; l++) {
    rowOf[l] = Math.floor(l / n);
    colOf[l] = l % n;
  }
  const rowUsed = new Int32Array(R);
  const colUsed = new Int32Array(n);
  const cand = new Int32Array(depth);
  const placed = new Int32Array(depth);

  /** Cycles of the graph whose vertices are the digits and whose edges are the columns' two digits left. */
  function cycles(): number {
    let seen = 0;
    let count = 0;
    for (let d = 0; d < n; d++) {
      if (seen & (1 << d)) continue;
      count++;
      let comp = 1 << d;
      for (let grown = true; grown;) {
        grown = false;
        for (let c = 0; c < n; c++) {
          const pair = S[c] & ~colUsed[c];
          if ((pair & comp) !== 0 && (pair & ~comp) !== 0) {
            comp |= pair;
            grown = true;
          }
        }
      }
      seen |= comp;
    }
    return count;
  }

  function count(band: ArrayLike<number>, options: MiddleBandOptions = {}, offset = 0): MiddleBandCount {
    const { part, parts } = partOf(options);
    const { onProgress, shouldStop } = options;
    for (let c = 0; c < n; c++) {
      let m = 0;
      for (let r = 0; r < R; r++) m |= 1 << (band[offset + r * n + c] - 1);
      S[c] = full & ~m;
    }
    rowUsed.fill(0);
    colUsed.fill(0);
    if (depth === 0) {
      const v = part === 0 ? 2 ** cycles() : 0;
      return { completions: v, middleBands: v, nodes: 0, stopped: false };
    }
    let sum = 0;
    let nodes = 0;
    let budget = CHECK_EVERY;
    let fill0 = 0;
    let stopped = false;
    let l = 0;
    cand[0] = S[0];
    for (;;) {
      const m = cand[l];
      if (m === 0) {
        if (--l < 0) break;
        const b = placed[l];
        rowUsed[rowOf[l]] ^= b;
        colUsed[colOf[l]] ^= b;
        continue;
      }
      const b = m & -m;
      cand[l] = m ^ b;
      nodes++;
      if (--budget === 0) {
        budget = CHECK_EVERY;
        onProgress?.(sum);
        if (shouldStop?.()) {
          stopped = true;
          break;
        }
      }
      if (l === n - 1 && parts > 1 && fill0++ % parts !== part) continue;
      const c = colOf[l];
      if (l === depth - 1) {
        // rows 0..R−3 are complete: the last two rows are 2^(cycles) bottom bands
        colUsed[c] ^= b;
        sum += 2 ** cycles();
        colUsed[c] ^= b;
        continue;
      }
      placed[l] = b;
      rowUsed[rowOf[l]] |= b;
      colUsed[c] |= b;
      l++;
      cand[l] = S[colOf[l]] & ~colUsed[colOf[l]] & ~rowUsed[rowOf[l]];
    }
    if (!Number.isSafeInteger(sum)) throw new Error('internal: completion count is not exact');
    return { completions: sum, middleBands: sum, nodes, stopped };
  }

  return { shape, count };
}
