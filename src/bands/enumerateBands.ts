import { fullMask } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { isLexReduced } from './lexReduce.js';

/**
 * Every standard top band, by depth-first search over the cells outside box 1, in reading order,
 * smallest digit first. Band ids are dense: the k-th band visited has id k, 0 ≤ k < count, and
 * bands are visited in increasing lexicographic order (so also in increasing `bandCodec` key).
 *
 *   cell order (3×3):   . . . | 0 1 2 | 3 4 5       box 1 fixed: 1 2 3 / 4 5 6 / 7 8 9
 *                       . . . | 6 7 8 | 9 …
 */
export interface BandEnumeration {
  readonly shape: BoxShape;
  /** Number of standard top bands. */
  readonly count: number;
  /** Number of those that are lexicographically reduced. */
  readonly lexCount: number;
  /** The reduced bands, R·n cells each, back to back, in increasing order. */
  readonly lexBands: Uint8Array;
}

/**
 * Visit every standard top band (cells valid only during the call). Returns the number visited.
 * With `rows` < R, visit instead every way of filling the first `rows` rows (the others left as box 1 alone),
 * in the same order; for `rows` = R−1 each of those is followed by exactly (C!)^(R−1) bands.
 */
export function forEachBand(
  shape: BoxShape,
  visit: (cells: Uint8Array, id: number) => void,
  rows: number = shape.rows,
): number {
  const { rows: R, cols: C, n } = shape;
  const band = standardBandPrefix(shape);
  const free = n - C;
  const depth = rows * free;
  // For each search position p: its cell index in the band, its row and its box.
  const cellOf = new Int32Array(depth);
  const rowOf = new Int32Array(depth);
  const boxOf = new Int32Array(depth);
  for (let p = 0; p < depth; p++) {
    const r = Math.floor(p / free);
    const c = C + (p % free);
    cellOf[p] = r * n + c;
    rowOf[p] = r;
    boxOf[p] = Math.floor(c / C);
  }
  const full = fullMask(n);
  const rowUsed = new Int32Array(R);
  const boxUsed = new Int32Array(R);
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) rowUsed[r] |= 1 << (r * C + c);
  boxUsed[0] = full;
  const cand = new Int32Array(depth);
  const placed = new Int32Array(depth);
  let count = 0;
  if (depth === 0) {
    visit(band, 0);
    return 1;
  }
  let p = 0;
  cand[0] = full & ~rowUsed[rowOf[0]] & ~boxUsed[boxOf[0]];
  for (;;) {
    const m = cand[p];
    if (m === 0) {
      if (--p < 0) break;
      const bit = placed[p];
      rowUsed[rowOf[p]] ^= bit;
      boxUsed[boxOf[p]] ^= bit;
      continue;
    }
    const bit = m & -m;
    cand[p] = m ^ bit;
    band[cellOf[p]] = 32 - Math.clz32(bit);
    if (p === depth - 1) {
      visit(band, count++);
      continue;
    }
    placed[p] = bit;
    rowUsed[rowOf[p]] |= bit;
    boxUsed[boxOf[p]] |= bit;
    p++;
    cand[p] = full & ~rowUsed[rowOf[p]] & ~boxUsed[boxOf[p]];
  }
  return count;
}

/** Enumerate all standard top bands, keeping the lexicographically reduced ones. */
export function enumerateBands(shape: BoxShape): BandEnumeration {
  const size = shape.rows * shape.n;
  let lex = new Uint8Array(size * 1024);
  let lexCount = 0;
  const count = forEachBand(shape, (cells) => {
    if (!isLexReduced(shape, cells)) return;
    if ((lexCount + 1) * size > lex.length) {
      const grown = new Uint8Array(lex.length * 2);
      grown.set(lex);
      lex = grown;
    }
    lex.set(cells, lexCount * size);
    lexCount++;
  });
  return { shape, count, lexCount, lexBands: lex.slice(0, lexCount * size) };
}

/** A band buffer with box 1 standard (1..n in reading order) and zeros elsewhere. */
export function standardBandPrefix(shape: BoxShape): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  const band = new Uint8Array(R * n);
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) band[r * n + c] = r * C + c + 1;
  return band;
}
