import { fullMask } from '../grid/bits.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { fourBandCompletions } from './fourBandCompletions.js';

/**
 * n(b₁): the number of full grids whose top band is b₁, counted band by band in column-set space.
 *
 * Only the column digit-sets of the bands above matter to the bands below. With S the sets each column
 * still needs (the complement of b₁'s column sets):
 *   two bands  (C = 2):  n(b₁) = F(S)
 *   three bands (C = 3): n(b₁) = Σ_T F(T)·F(S∖T)
 * where T runs over the column configurations of the middle band that fit S (T_c ⊂ S_c, |T_c| = R, each
 * box's T_c partition the digits: 56³ of them for 3×3) and F is the column-set table.
 *
 * Swapping the middle and bottom bands sends T to S∖T and keeps F(T)·F(S∖T); no T is its own image (the two
 * are disjoint), so only the box-1 choices whose first column set is below its complement are summed, and
 * the sum doubled.
 *
 * F(T) is looked up by renaming digits so that T's box 1 has the standard column sets, then indexing
 * boxes 2..R by their partitions. For a fixed choice in box 1 the renaming is fixed, so the partition
 * indices of every choice in boxes 2..R are computed once and the innermost loop is two table reads,
 * one multiply and one add.
 */
export interface CompletionCounter {
  readonly shape: BoxShape;
  /** n(b₁) for a full top band (any band with valid rows and boxes). Exact: the result is below 2^53. */
  completionsOfBand(band: ArrayLike<number>, offset?: number): number;
  /** F(T): bands whose column c holds exactly the digits of masks[c] (bit d−1 for digit d). */
  bandsWithColumnSets(masks: ArrayLike<number>): number;
  /**
   * Completions of a grid whose first band is `band` and whose second band is partly given
   * (`second`: R·n cells, 0 = empty), counted by enumerating the second band cell by cell and
   * finishing with F. Slower; it is the check on the grouped sum.
   */
  completionsWithSecondBand(band: ArrayLike<number>, second: ArrayLike<number>): number;
}

/** Which box shapes the band method handles: n ≤ 9 and two, three or four bands (four: 2x4). */
export function bandMethodSupports(shape: BoxShape): boolean {
  return shape.rows >= 2 && shape.cols >= 2 && shape.cols <= 4 && shape.n <= 9;
}

/** Why the band method cannot count this shape, or null when it can. */
export function bandMethodProblem(shape: BoxShape): string | null {
  if (bandMethodSupports(shape)) return null;
  const why =
    shape.n > 9
      ? `n = ${shape.n} is too big for the band method`
      : shape.rows < 2 || shape.cols < 2
        ? 'the band method needs boxes of at least 2 rows and 2 columns'
        : `${shape.cols} bands are more than the band method handles (2, 3 or 4)`;
  return `${why}; it counts 2x2, 2x3, 2x4, 3x2, 3x3 and 4x2`;
}

export function assertBandMethodShape(shape: BoxShape): void {
  const problem = bandMethodProblem(shape);
  if (problem) throw new InputError(`box shape ${shape.name}: ${problem}`);
}

export function completionCounter(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: Uint32Array,
): CompletionCounter {
  assertBandMethodShape(shape);
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  const P = partitions.count;
  const stride = new Float64Array(R); // stride[k] for boxes k = 1..R−1
  for (let k = R - 1, s = 1; k >= 1; k--, s *= P) stride[k] = s;

  // --- renaming that sends a box-1 column configuration to the standard column sets ---
  const mapT = new Int32Array(1 << n);
  const mapU = new Int32Array(1 << n);
  const target = new Int32Array(n);
  /** Fill `map` (over all 2^n masks) with the renaming sending masks[c] to S_c, smallest to smallest. */
  function renaming(map: Int32Array, masks: ArrayLike<number>, offset: number): void {
    for (let c = 0; c < C; c++) {
      let m = masks[offset + c],
        r = 0;
      while (m) {
        const b = m & -m;
        target[31 - Math.clz32(b)] = r * C + c;
        r++;
        m ^= b;
      }
    }
    map[0] = 0;
    for (let m = 1; m <= full; m++) map[m] = map[m & (m - 1)] | (1 << target[31 - Math.clz32(m & -m)]);
  }

  const mappedBox = new Int32Array(C);
  function lookup(map: Int32Array, masks: ArrayLike<number>): number {
    let idx = 0;
    for (let k = 1; k < R; k++) {
      for (let i = 0; i < C; i++) mappedBox[i] = map[masks[k * C + i]]!;
      idx += partitions.indexOf(mappedBox) * stride[k];
    }
    return table[idx];
  }

  function bandsWithColumnSets(masks: ArrayLike<number>): number {
    renaming(mapT, masks, 0);
    return lookup(mapT, masks);
  }

  // --- the middle band's choices in one box: T_c ⊂ S_c, |T_c| = R, disjoint ---
  function boxChoices(S: ArrayLike<number>, k: number): Int32Array {
    const out: number[] = [];
    const cur = new Int32Array(C);
    const rec = (i: number, used: number): void => {
      if (i === C) {
        for (let j = 0; j < C; j++) out.push(cur[j]);
        return;
      }
      const avail = S[k * C + i] & ~used;
      // every R-subset of avail
      const pick = (m: number, need: number, acc: number): void => {
        if (need === 0) {
          cur[i] = acc;
          rec(i + 1, used | acc);
          return;
        }
        while (m) {
          const b = m & -m;
          m ^= b;
          pick(m, need - 1, acc | b);
        }
      };
      pick(avail, R, 0);
    };
    rec(0, 0);
    return Int32Array.from(out);
  }

  const A: Float64Array[] = [];
  const B: Float64Array[] = [];
  const mapped = new Int32Array(C);
  function twoBands(S: ArrayLike<number>): number {
    const choices: Int32Array[] = [];
    for (let k = 0; k < R; k++) choices.push(boxChoices(S, k));
    const counts = choices.map((ch) => ch.length / C);
    for (let k = 1; k < R; k++) {
      if (!A[k] || A[k].length < counts[k]) {
        A[k] = new Float64Array(counts[k]);
        B[k] = new Float64Array(counts[k]);
      }
    }
    const ch0 = choices[0];
    const rest = new Int32Array(C);
    let total = 0;
    for (let t0 = 0; t0 < counts[0]; t0++) {
      for (let i = 0; i < C; i++) rest[i] = S[i] & ~ch0[t0 * C + i];
      if (rest[0] < ch0[t0 * C]) continue; // the complementary choice stands for this pair
      renaming(mapT, ch0, t0 * C);
      renaming(mapU, rest, 0);
      for (let k = 1; k < R; k++) {
        const ch = choices[k],
          a = A[k],
          b = B[k],
          s = stride[k];
        for (let t = 0; t < counts[k]; t++) {
          for (let i = 0; i < C; i++) mapped[i] = mapT[ch[t * C + i]]!;
          a[t] = partitions.indexOf(mapped) * s;
          for (let i = 0; i < C; i++) mapped[i] = mapU[S[k * C + i] & ~ch[t * C + i]]!;
          b[t] = partitions.indexOf(mapped) * s;
        }
      }
      total += R === 2 ? last(counts[1], A[1], B[1], 0, 0) : nested(1, counts, 0, 0);
    }
    return 2 * total;
  }
  function nested(k: number, counts: number[], a0: number, b0: number): number {
    if (k === R - 1) return last(counts[k], A[k], B[k], a0, b0);
    const a = A[k],
      b = B[k];
    let s = 0;
    for (let t = 0; t < counts[k]; t++) s += nested(k + 1, counts, a0 + a[t], b0 + b[t]);
    return s;
  }
  function last(count: number, a: Float64Array, b: Float64Array, a0: number, b0: number): number {
    let s = 0;
    for (let t = 0; t < count; t++) s += table[a0 + a[t]] * table[b0 + b[t]];
    return s;
  }

  const need = new Int32Array(n);
  const fourBands = C === 4 ? fourBandCompletions(shape, partitions, table) : null;
  function completionsOfBand(band: ArrayLike<number>, offset = 0): number {
    if (fourBands) return fourBands(band, offset);
    need.fill(full);
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) need[c] &= ~(1 << (band[offset + r * n + c] - 1));
    const v = C === 2 ? bandsWithColumnSets(need) : twoBands(need);
    if (!Number.isSafeInteger(v)) throw new Error('internal: completion count is not exact');
    return v;
  }

  function completionsWithSecondBand(band: ArrayLike<number>, second: ArrayLike<number>): number {
    if (C > 3) throw new Error('internal: completionsWithSecondBand handles two or three bands');
    const colUsed = new Int32Array(n);
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) colUsed[c] |= 1 << (band[r * n + c] - 1);
    const rowUsed = new Int32Array(R);
    const boxUsed = new Int32Array(R);
    const free: number[] = [];
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < n; c++) {
        const d = second[r * n + c];
        const k = Math.floor(c / C);
        if (d === 0) {
          free.push(r * n + c);
          continue;
        }
        const bit = 1 << (d - 1);
        if ((rowUsed[r] | boxUsed[k] | colUsed[c]) & bit) return 0;
        rowUsed[r] |= bit;
        boxUsed[k] |= bit;
        colUsed[c] |= bit;
      }
    }
    const rest = new Int32Array(n);
    let total = 0;
    const rec = (i: number): void => {
      if (i === free.length) {
        if (C === 2) {
          total += 1;
          return;
        }
        for (let c = 0; c < n; c++) rest[c] = full & ~colUsed[c];
        total += bandsWithColumnSets(rest);
        return;
      }
      const cell = free[i],
        r = Math.floor(cell / n),
        c = cell % n,
        k = Math.floor(c / C);
      let m = full & ~(rowUsed[r] | boxUsed[k] | colUsed[c]);
      while (m) {
        const bit = m & -m;
        m ^= bit;
        rowUsed[r] |= bit;
        boxUsed[k] |= bit;
        colUsed[c] |= bit;
        rec(i + 1);
        rowUsed[r] ^= bit;
        boxUsed[k] ^= bit;
        colUsed[c] ^= bit;
      }
    };
    rec(0);
    return total;
  }

  return { shape, completionsOfBand, bandsWithColumnSets, completionsWithSecondBand };
}
