import { bandCodec } from '../bands/bandKey.js';
import type { BandEnumeration } from '../bands/enumerateBands.js';
import { isLexReduced } from '../bands/lexReduce.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial, type BoxShape } from '../grid/shape.js';
import { orderedPartitionIndex } from './orderedPartitionIndex.js';

/**
 * The standard top bands in lexicographic order (reading order, cell by cell), each weighted by its completion
 * count n(b): the offset of band b is Σ n(b') over the bands b' before it.
 *
 * Storage. The first R−1 rows of a standard band (its "prefix") fix, in each box 2..R, the set of C digits its
 * last row holds; the C! orders of each of those sets are all allowed, so each prefix is followed by exactly
 * L = (C!)^(R−1) bands, consecutive in lexicographic order, ranked within the prefix by the mixed-radix code
 *
 *     code = a_2·(C!)^(R−2) + … + a_R,      a_k = rank of box k's last-row order among the C! orders
 *
 * (box 2 most significant, as in reading order). Per prefix the index keeps its key (the bandCodec key of the
 * first R−1 rows, increasing), the column-set partition of each box 2..R under each of its C! last-row orders,
 * and the offset of its first band (a BigUint64Array: for 3×3 the offsets pass 2^53). n(b) depends only on
 * the partitions of boxes 2..R (in order), so a band's weight is `weights[Σ_k p_k·P^(R−1−k)]`, the index
 * the column-set table uses. Offsets inside a prefix are short sums of at most L weights.
 *
 *   3×3: 72,576 prefixes of 36 bands (2.6 MB of tables);  4×2: 2,568,192 prefixes of 8 bands (46 MB: keys 10,
 *   partitions 15 (one byte each), offsets 21).
 */
export interface TopBandIndex {
  readonly shape: BoxShape;
  /** Number of standard top bands. */
  readonly count: number;
  /** Σ n(b) over every standard top band: N/n!. */
  readonly total: bigint;
  /** Offset of the band at cells[offset..]: Σ n(b') over the bands b' before it. also gives n(b) as `weight`. */
  offsetOf(cells: ArrayLike<number>, offset?: number): { readonly before: bigint; readonly weight: number };
  /**
   * The band b with offset(b) ≤ r < offset(b) + n(b), for 0 ≤ r < total: written to out[0..R·n), and r − offset(b)
   * returned (a whole number below n(b)).
   */
  find(r: bigint, out: Uint8Array): number;
}

export interface TopBandIndexBuilder {
  /**
   * Give it the first R−1 rows of every standard band, in enumeration order: `forEachBand(shape, visit, R − 1)`.
   * It keeps what the index needs, and the lexicographically reduced bands (reduction reads only the top row,
   * so a prefix's L bands are all reduced or none).
   */
  readonly visit: (cells: Uint8Array, id: number) => void;
  /** The bands seen, as `enumerateBands` returns them (the reduced ones, in increasing order). */
  bands(): BandEnumeration;
  /** Finish, with n(b) looked up as weights[partition index] (see above). */
  build(weights: ArrayLike<number>): TopBandIndex;
}

export function topBandIndexBuilder(shape: BoxShape, partitions: ColumnPartitions): TopBandIndexBuilder {
  const { rows: R, cols: C, n } = shape;
  const P = partitions.count;
  const codec = bandCodec(shape);
  const radix = codec.radix;
  const orders = permutationsOf(C);
  const CF = orders.length;
  const L = CF ** (R - 1);
  const perPrefix = (R - 1) * CF;
  const size = R * n;
  const full = (1 << n) - 1;
  if (P ** (R - 1) > 0xffffffff || codec.keySpace / radix > 0xffffffff)
    throw new RangeError(`top-band index: ${shape.name} is too big`);

  // partition indices: one byte each when they fit (4×2: P = 35)
  const Parts = P <= 256 ? Uint8Array : Uint16Array;
  let keys = new Uint32Array(1024);
  let parts: Uint8Array | Uint16Array = new Parts(1024 * perPrefix);
  let lex = new Uint8Array(1024 * size);
  let prefixes = 0;
  let lexCount = 0;
  const colMask = new Int32Array(n);
  const lastSet = new Int32Array(C); // box k's last-row digits, increasing (as bits while visiting, digits in find)
  const dense = orderedPartitionIndex(partitions);
  const band = new Uint8Array(size);

  function visit(cells: Uint8Array): void {
    band.set(cells);
    colMask.fill(0);
    for (let r = 0; r < R - 1; r++) for (let c = 0; c < n; c++) colMask[c] |= 1 << (band[r * n + c] - 1);
    if (prefixes === keys.length) {
      const k2 = new Uint32Array(keys.length * 2);
      k2.set(keys);
      keys = k2;
      const p2 = new Parts(parts.length * 2);
      p2.set(parts);
      parts = p2;
    }
    const at = prefixes * perPrefix;
    for (let k = 1; k < R; k++) {
      let rest = full;
      for (let c = 0; c < C; c++) rest &= ~colMask[k * C + c];
      for (let i = 0; i < C; i++) {
        const b = rest & -rest;
        lastSet[i] = b;
        rest ^= b;
        band[(R - 1) * n + k * C + i] = 32 - Math.clz32(b); // the first band of the prefix: sets in order
      }
      for (let a = 0; a < CF; a++) {
        const o = orders[a];
        let key = 0;
        for (let c = C - 2; c >= 0; c--) key = key * (1 << n) + (colMask[k * C + c] | lastSet[o[c]]);
        parts[at + (k - 1) * CF + a] = dense[key];
      }
    }
    const key = Math.floor(codec.encode(band) / radix);
    if (prefixes > 0 && key <= keys[prefixes - 1]) throw new Error('internal: band prefixes out of order');
    keys[prefixes++] = key;
    if (isLexReduced(shape, band)) {
      if ((lexCount + L) * size > lex.length) {
        const grown = new Uint8Array(lex.length * 2);
        grown.set(lex);
        lex = grown;
      }
      for (let code = 0; code < L; code++) {
        writeLastRow(band, code);
        lex.set(band, lexCount++ * size);
      }
    }
  }

  /** Write the last row of the band whose rows 0..R−2 are in `out`, for the given code. */
  function writeLastRow(out: Uint8Array, code: number): void {
    for (let k = R - 1; k >= 1; k--) {
      const o = orders[code % CF];
      code = Math.floor(code / CF);
      let rest = full;
      for (let r = 0; r < R - 1; r++) for (let c = 0; c < C; c++) rest &= ~(1 << (out[r * n + k * C + c] - 1));
      for (let i = 0; i < C; i++) {
        const b = rest & -rest;
        lastSet[i] = 32 - Math.clz32(b);
        rest ^= b;
      }
      for (let c = 0; c < C; c++) out[(R - 1) * n + k * C + c] = lastSet[o[c]];
    }
  }

  function bands(): BandEnumeration {
    return { shape, count: prefixes * L, lexCount, lexBands: lex.slice(0, lexCount * size) };
  }

  function build(weights: ArrayLike<number>): TopBandIndex {
    const prefixKeys = keys.slice(0, prefixes);
    const prefixParts = parts.slice(0, prefixes * perPrefix);
    keys = new Uint32Array(0);
    parts = new Parts(0);
    const stride = new Float64Array(R);
    for (let k = R - 1, s = 1; k >= 1; k--, s *= P) stride[k] = s;

    function weightOf(prefix: number, code: number): number {
      let idx = 0;
      const base = prefix * perPrefix;
      for (let k = R - 1; k >= 1; k--) {
        const a = code % CF;
        code = (code - a) / CF;
        idx += prefixParts[base + (k - 1) * CF + a] * stride[k];
      }
      return weights[idx];
    }

    const cum = new BigUint64Array(prefixes + 1);
    let acc = 0n;
    for (let p = 0; p < prefixes; p++) {
      cum[p] = acc;
      let s = 0;
      for (let code = 0; code < L; code++) s += weightOf(p, code);
      if (!Number.isSafeInteger(s)) throw new Error('internal: a prefix weight is not exact');
      acc += BigInt(s);
    }
    cum[prefixes] = acc;

    function prefixOf(cells: ArrayLike<number>, offset: number): number {
      const key = Math.floor(codec.encode(cells, offset) / radix);
      let lo = 0,
        hi = prefixes - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (prefixKeys[mid] <= key) lo = mid;
        else hi = mid - 1;
      }
      if (prefixKeys[lo] !== key) throw new Error('not a standard band');
      return lo;
    }

    /** The code of the band's last row (see above). */
    function codeOf(cells: ArrayLike<number>, offset: number): number {
      let code = 0;
      const base = offset + (R - 1) * n;
      for (let k = 1; k < R; k++) {
        // Lehmer rank of the C digits at base + k·C..
        let a = 0;
        for (let i = 0; i < C; i++) {
          const d = cells[base + k * C + i];
          let smaller = 0;
          for (let j = i + 1; j < C; j++) if (cells[base + k * C + j] < d) smaller++;
          a += smaller * factorial(C - 1 - i);
        }
        code = code * CF + a;
      }
      return code;
    }

    function offsetOf(cells: ArrayLike<number>, offset = 0): { before: bigint; weight: number } {
      const p = prefixOf(cells, offset);
      const code = codeOf(cells, offset);
      let s = 0;
      for (let c = 0; c < code; c++) s += weightOf(p, c);
      return { before: cum[p] + BigInt(s), weight: weightOf(p, code) };
    }

    function find(r: bigint, out: Uint8Array): number {
      if (r < 0n || r >= acc) throw new RangeError(`top-band offset ${r} is outside 0..${acc - 1n}`);
      let lo = 0,
        hi = prefixes - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (cum[mid] <= r) lo = mid;
        else hi = mid - 1;
      }
      let rem = Number(r - cum[lo]);
      let code = 0;
      for (; code < L; code++) {
        const w = weightOf(lo, code);
        if (rem < w) break;
        rem -= w;
      }
      if (code === L) throw new Error('internal: offset beyond its prefix');
      // rows 0..R−2 from the key (the last row decodes to something, and is overwritten)
      codec.decode(prefixKeys[lo] * radix, out, 0);
      writeLastRow(out, code);
      return rem;
    }

    return { shape, count: prefixes * L, total: acc, offsetOf, find };
  }

  return { visit, bands, build };
}
