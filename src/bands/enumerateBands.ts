import { fullMask } from '../grid/bits.js';
import { factorial, type BoxShape } from '../grid/shape.js';
import { wasmBands } from './wasmBands.js';
import type { CoreEngine } from '../grid/wasmInstance.js';

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
  return searchBands(shape, visit, rows, false);
}

/**
 * Visit the lexicographically reduced standard top bands alone, in the same (increasing) order as `forEachBand`
 * visits them among the others; `id` counts the reduced bands. The reduction only constrains the top row (the
 * columns of boxes 2..R sorted by their top entries, those boxes by their first top entry), so the search places
 * the top row in that order and never enters the others: 36,288 leaves for 3×3 instead of 2,612,736.
 */
export function forEachReducedBand(shape: BoxShape, visit: (cells: Uint8Array, id: number) => void): number {
  return searchBands(shape, visit, shape.rows, true);
}

function searchBands(
  shape: BoxShape,
  visit: (cells: Uint8Array, id: number) => void,
  rows: number,
  reducedOnly: boolean,
): number {
  const { rows: R, cols: C, n } = shape;
  const band = standardBandPrefix(shape);
  const free = n - C;
  const depth = rows * free;
  // For each search position p: its cell index in the band, its row and its box.
  const cellOf = new Int32Array(depth);
  const rowOf = new Int32Array(depth);
  const boxOf = new Int32Array(depth);
  // reducedOnly: the top-row cell whose digit the cell at position p must exceed (−1: none)
  const above = new Int32Array(depth).fill(-1);
  for (let p = 0; p < depth; p++) {
    const r = Math.floor(p / free);
    const c = C + (p % free);
    cellOf[p] = r * n + c;
    rowOf[p] = r;
    boxOf[p] = Math.floor(c / C);
    if (reducedOnly && r === 0 && c % C !== 0) above[p] = c - 1;
    else if (reducedOnly && r === 0 && c >= 2 * C) above[p] = c - C;
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
    if (above[p] >= 0) cand[p] &= ~((1 << band[above[p]]) - 1); // digit d is bit d−1: keep the digits above
  }
  return count;
}

/**
 * Enumerate the lexicographically reduced standard top bands, and count all standard top bands by a second search:
 * the fillings of the first R−1 rows, each of which is followed by exactly (C!)^(R−1) bands (the last row of each
 * box 2..R holds the digits its box still lacks, in any of C! orders). The caller checks the two against each
 * other: reduced × (C!)^(R−1)·(R−1)! = all.
 */
export function enumerateBands(shape: BoxShape, engine: CoreEngine = 'wasm'): BandEnumeration {
  const size = shape.rows * shape.n;
  const lastRows = factorial(shape.cols) ** (shape.rows - 1);
  const fast = engine === 'wasm' ? wasmBands(shape) : null;
  if (fast) {
    const lexCount = fast.lexBands.length / size;
    return { shape, count: fast.prefixes * lastRows, lexCount, lexBands: fast.lexBands };
  }
  const count = forEachBand(shape, () => {}, shape.rows - 1) * lastRows;
  const lexBands = collectReducedBands(shape);
  return { shape, count, lexCount: lexBands.length / size, lexBands };
}

/**
 * The reduced bands alone, without counting all bands (enumerateBands' second search only): for a shard of a sharded
 * count, which takes the number of bands from its plan and needs the reduced bands only for its column-set table
 * (the first search is 4 of a 9×9 shard's ~6 ms of enumeration: docs/sharding.md, "Overhead").
 */
export function reducedBands(shape: BoxShape, engine: CoreEngine = 'wasm'): Uint8Array {
  return (engine === 'wasm' ? wasmBands(shape, false)?.lexBands : undefined) ?? collectReducedBands(shape);
}

/** The reduced bands by the TypeScript search, back to back. */
function collectReducedBands(shape: BoxShape): Uint8Array {
  const size = shape.rows * shape.n;
  let lex = new Uint8Array(size * 1024);
  const lexCount = forEachReducedBand(shape, (cells, id) => {
    if ((id + 1) * size > lex.length) {
      const grown = new Uint8Array(lex.length * 2);
      grown.set(lex);
      lex = grown;
    }
    lex.set(cells, id * size);
  });
  return lex.slice(0, lexCount * size);
}

/** A band buffer with box 1 standard (1..n in reading order) and zeros elsewhere. */
export function standardBandPrefix(shape: BoxShape): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  const band = new Uint8Array(R * n);
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) band[r * n + c] = r * C + c + 1;
  return band;
}
