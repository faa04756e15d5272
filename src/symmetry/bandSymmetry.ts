import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial, type BoxShape } from '../grid/shape.js';

/**
 * The group acting on standard top bands: permute the R boxes of the band, the C columns inside each box,
 * and the R rows of the band; then relabel the digits so that box 1 reads 1..n again. Its order is
 * R!·(C!)^R·R! (7,776 for 3×3). Every element keeps the number of completions of the band.
 *
 * An element is stored as a cell map `src` of R·n entries: the transformed band (before relabelling) has
 * cell i equal to the old band's cell src[i].
 */
export type CellMap = Int32Array;

/** Build the cell map of (row perm, box perm, per-box column perms). colPerm[k·C + c] is a column of box boxPerm[k]. */
export function bandCellMap(
  shape: BoxShape,
  rowPerm: ArrayLike<number>,
  boxPerm: ArrayLike<number>,
  colPerm: ArrayLike<number>,
): CellMap {
  const { rows: R, cols: C, n } = shape;
  const src = new Int32Array(R * n);
  for (let r = 0; r < R; r++) {
    for (let k = 0; k < R; k++) {
      for (let c = 0; c < C; c++) {
        src[r * n + k * C + c] = rowPerm[r] * n + boxPerm[k] * C + colPerm[k * C + c];
      }
    }
  }
  return src;
}

/**
 * out = relabel(g·band): move the cells by `src`, then rename digits so box 1 is standard.
 * `relabel` is scratch of at least n+1 entries. No allocation.
 */
export function applyBandSymmetry(
  shape: BoxShape,
  src: CellMap,
  band: ArrayLike<number>,
  out: Uint8Array,
  relabel: Uint8Array,
  offset = 0,
): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) relabel[band[offset + src[r * n + c]]] = r * C + c + 1;
  }
  const size = R * n;
  for (let i = 0; i < size; i++) out[i] = relabel[band[offset + src[i]]];
  return out;
}

/** Generators of the group: adjacent row swaps, adjacent box swaps, adjacent column swaps inside box 1. */
export function bandGenerators(shape: BoxShape): CellMap[] {
  const { rows: R, cols: C } = shape;
  const id = (k: number) => Array.from({ length: k }, (_, i) => i);
  const cols = id(R * C).map((i) => i % C);
  const gens: CellMap[] = [];
  for (let r = 0; r + 1 < R; r++) {
    const p = id(R);
    p[r] = r + 1;
    p[r + 1] = r;
    gens.push(bandCellMap(shape, p, id(R), cols));
  }
  for (let k = 0; k + 1 < R; k++) {
    const p = id(R);
    p[k] = k + 1;
    p[k + 1] = k;
    gens.push(bandCellMap(shape, id(R), p, cols));
  }
  for (let c = 0; c + 1 < C; c++) {
    const q = cols.slice();
    q[c] = c + 1;
    q[c + 1] = c;
    gens.push(bandCellMap(shape, id(R), id(R), q));
  }
  return gens;
}

/**
 * Visit every element of the group (R!·(C!)^R·R! of them) as a cell map. The map passed to `visit` is reused.
 * For the 3×3 band group that is 7,776 elements.
 */
export function forEachBandSymmetry(shape: BoxShape, visit: (src: CellMap) => void): number {
  const { rows: R, cols: C } = shape;
  const rowPerms = permutationsOf(R);
  const colPerms = permutationsOf(C);
  const colIdx = new Int32Array(R); // odometer over the column permutation of each box
  const colPerm = new Int32Array(R * C);
  let visited = 0;
  for (const rp of rowPerms) {
    for (const bp of rowPerms) {
      colIdx.fill(0);
      for (;;) {
        for (let k = 0; k < R; k++) colPerm.set(colPerms[colIdx[k]], k * C);
        visit(bandCellMap(shape, rp, bp, colPerm));
        visited++;
        let k = 0;
        while (k < R && ++colIdx[k] === colPerms.length) colIdx[k++] = 0;
        if (k === R) break;
      }
    }
  }
  if (visited !== factorial(R) ** 2 * factorial(C) ** R)
    throw new Error('internal: band group enumeration is incomplete');
  return visited;
}
