import { fullMask } from '../grid/bits.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import type { BoxShape } from '../grid/shape.js';
import { columnSetLookup, type ColumnSetLookup } from './columnSetLookup.js';
import { fourBandCompletions } from './fourBandCompletions.js';
import { middleBandChoices } from './middleBandChoices.js';
import { wasmBandSum } from './wasmBandSum.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import type { CoreEngine } from '../grid/wasmInstance.js';

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
 * F(T) is looked up by renaming digits so that T's box 1 has the standard column sets (columnSetLookup). For a
 * fixed choice in box 1 the renaming is fixed, so the table offsets of every choice in boxes 2..R are computed
 * once (`prepareBoxes`) and the innermost loop (`lastBox`) is two table reads, one multiply and one add.
 *
 * The three-band sum runs in the WebAssembly core (wasmBandSum.ts, assembly/bandSumCore.ts: the same sum) where it
 * loads; the TypeScript here is its fallback and the twin the tests compare it with (engine 'typescript').
 */
export interface CompletionCounter {
  readonly shape: BoxShape;
  readonly lookup: ColumnSetLookup;
  /** n(b₁) for a full top band (any band with valid rows and boxes). Exact: the result is below 2^53. */
  completionsOfBand(band: ArrayLike<number>, offset?: number): number;
  /** F(T): bands whose column c holds exactly the digits of masks[c] (bit d−1 for digit d). */
  bandsWithColumnSets(masks: ArrayLike<number>): number;
}

export function completionCounter(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: Uint32Array,
  engine: CoreEngine = 'wasm',
): CompletionCounter {
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  const lookup = columnSetLookup(shape, partitions, table);
  const { stride, renameToStandardSplit } = lookup;
  const mapT = lookup.newSplitRenaming();
  const mapU = lookup.newSplitRenaming();
  const { low, lowMask } = mapT;
  const pairs = C === 3 ? partitionOfTwoBlocks(partitions) : null;
  const wasm = pairs && engine === 'wasm' ? wasmBandSum(shape, partitions, table, pairs) : null;

  // A[k][t], B[k][t]: table offsets of choice t in box k for the middle band (T) and the bottom band (S∖T)
  const A: Int32Array[] = [];
  const B: Int32Array[] = [];
  // rests[k]: for each choice t in box k, the bottom band's column sets S∖T (C masks per choice)
  const rests: Int32Array[] = [];
  const rest = new Int32Array(C);

  function ensureScratch(counts: readonly number[]): void {
    for (let k = 1; k < R; k++) {
      if (!A[k] || A[k].length < counts[k]) {
        A[k] = new Int32Array(counts[k]);
        B[k] = new Int32Array(counts[k]);
        rests[k] = new Int32Array(counts[k] * C);
      }
    }
  }

  /**
   * Under the renamings of a box-1 choice, the offsets of every choice of boxes 2..R, for both lower bands. C = 3:
   * a partition into three blocks is known from two of them, so the index is one read of `pairs` keyed by the
   * first two renamed sets (each renamed by two reads of the split maps).
   */
  function prepareBoxes(choices: readonly Int32Array[], counts: readonly number[]): void {
    const pairIndex = pairs!;
    const { lo: loT, hi: hiT } = mapT;
    const { lo: loU, hi: hiU } = mapU;
    for (let k = 1; k < R; k++) {
      const ch = choices[k],
        rs = rests[k],
        a = A[k],
        b = B[k],
        s = stride[k];
      for (let t = 0, i = 0; t < counts[k]; t++, i += 3) {
        const x = ch[i],
          y = ch[i + 1];
        a[t] = pairIndex[loT[x & lowMask] | hiT[x >> low] | ((loT[y & lowMask] | hiT[y >> low]) << n)] * s;
        const u = rs[i],
          v = rs[i + 1];
        b[t] = pairIndex[loU[u & lowMask] | hiU[u >> low] | ((loU[v & lowMask] | hiU[v >> low]) << n)] * s;
      }
    }
  }

  /** Σ over the choices of boxes k..R−1 of F(T)·F(S∖T), given the offsets a0, b0 of the boxes before. */
  function boxes(k: number, counts: readonly number[], a0: number, b0: number): number {
    if (k === R - 1) return lastBox(counts[k], A[k], B[k], a0, b0);
    const a = A[k],
      b = B[k];
    let s = 0;
    for (let t = 0; t < counts[k]; t++) s += boxes(k + 1, counts, a0 + a[t], b0 + b[t]);
    return s;
  }

  // four sums, so that consecutive products do not wait on one another's addition (all exact integers < 2^53)
  function lastBox(count: number, a: Int32Array, b: Int32Array, a0: number, b0: number): number {
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0,
      t = 0;
    for (; t + 3 < count; t += 4) {
      s0 += table[a0 + a[t]] * table[b0 + b[t]];
      s1 += table[a0 + a[t + 1]] * table[b0 + b[t + 1]];
      s2 += table[a0 + a[t + 2]] * table[b0 + b[t + 2]];
      s3 += table[a0 + a[t + 3]] * table[b0 + b[t + 3]];
    }
    for (; t < count; t++) s0 += table[a0 + a[t]] * table[b0 + b[t]];
    return s0 + s1 + (s2 + s3);
  }

  /** Σ_T F(T)·F(S∖T) over the middle band's configurations T (three bands). */
  function twoLowerBands(S: ArrayLike<number>): number {
    const choices: Int32Array[] = [];
    for (let k = 0; k < R; k++) choices.push(middleBandChoices(shape, S, k));
    const counts = choices.map((ch) => ch.length / C);
    ensureScratch(counts);
    for (let k = 1; k < R; k++) {
      const ch = choices[k],
        rs = rests[k];
      for (let i = 0; i < counts[k] * C; i++) rs[i] = S[k * C + (i % C)] & ~ch[i];
    }
    const ch0 = choices[0];
    let total = 0;
    for (let t0 = 0; t0 < counts[0]; t0++) {
      for (let i = 0; i < C; i++) rest[i] = S[i] & ~ch0[t0 * C + i];
      if (rest[0] < ch0[t0 * C]) continue; // the complementary choice stands for this pair
      renameToStandardSplit(mapT, ch0, t0 * C);
      renameToStandardSplit(mapU, rest, 0);
      prepareBoxes(choices, counts);
      total += boxes(1, counts, 0, 0);
    }
    return 2 * total;
  }

  const need = new Int32Array(n);
  const fourBands = C === 4 ? fourBandCompletions(shape, partitions, table) : null;
  function completionsOfBand(band: ArrayLike<number>, offset = 0): number {
    if (fourBands) return fourBands(band, offset);
    need.fill(full);
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) need[c] &= ~(1 << (band[offset + r * n + c] - 1));
    if (C !== 2 && C !== 3) throw new Error(`internal: no band sum for ${shape.name}`);
    const v = C === 2 ? lookup.bandsWithColumnSets(need) : wasm ? wasm(need) : twoLowerBands(need);
    if (!Number.isSafeInteger(v)) throw new Error('internal: completion count is not exact');
    return v;
  }

  return { shape, lookup, completionsOfBand, bandsWithColumnSets: lookup.bandsWithColumnSets };
}
