import { bandCodec } from '../bands/bandKey.js';
import type { BandEnumeration } from '../bands/enumerateBands.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import type { BoxShape } from '../grid/shape.js';
import { applyBandSymmetry, bandCellMap } from '../symmetry/bandSymmetry.js';
import type { BandClasses } from '../symmetry/classifyBands.js';
import { lexColumnOrder } from './lexColumnOrder.js';

/**
 * For any standard top band b, one symmetry of the band group that sends b to its class representative,
 * told by what it does to whole columns of the grid: which column each column goes to, and how digits are
 * renamed (the row moves inside the band do not matter below it). Applied to a whole grid with top band b,
 * that symmetry sends the lower bands' column sets T to column sets of a grid with the representative on top,
 * keeping F(T)·F(S∖T); this is what lets per-class tables serve every band of the class.
 *
 * How: a band reaches its lexicographically reduced form by column moves alone (`lexColumnOrder`), so one
 * stored map per reduced band suffices. Those are found from the representatives: the reduced form of g·rep
 * depends on g only through the row order, the box that goes first and its column order (the rest is what the
 * reduction undoes), so R!·R·C! images per class (108 for 3×3) reach every reduced band of the class.
 */
export interface ClassTransforms {
  /**
   * The class of the standard band at cells[offset..]; fills repCol[c] (column c of the grid goes to column
   * repCol[c]) and digit[d] (digit d becomes digit[d], 1-based).
   */
  toRepresentative(cells: ArrayLike<number>, offset: number, repCol: Int32Array, digit: Int32Array): number;
}

export function classTransforms(bands: BandEnumeration, classes: BandClasses): ClassTransforms {
  const shape: BoxShape = bands.shape;
  const { rows: R, cols: C, n } = shape;
  const size = R * n;
  const codec = bandCodec(shape);
  const lexOf = new Map<number, number>();
  for (let i = 0; i < bands.lexCount; i++) lexOf.set(codec.encode(bands.lexBands, i * size), i);

  // per reduced band X: X's column j came from the representative's column repColOf[j]; X's digit d was digitOf[d]
  const repColOf = new Int8Array(bands.lexCount * n).fill(-1);
  const digitOf = new Int8Array(bands.lexCount * (n + 1));
  const moved = new Uint8Array(size);
  const reduced = new Uint8Array(size);
  const relabel = new Uint8Array(n + 1);
  const order = new Int32Array(n);
  const rowPerms = permutationsOf(R);
  const colOrders = permutationsOf(C);
  const boxPerm = new Int32Array(R);
  const colPerm = new Int32Array(R * C);
  // the R!·R·C! cell maps: row order, the box that goes first, its column order (the other boxes as they are)
  const maps: Int32Array[] = [];
  for (const rowPerm of rowPerms) {
    for (let b0 = 0; b0 < R; b0++) {
      boxPerm[0] = b0;
      for (let k = 1, b = 0; k < R; k++, b++) boxPerm[k] = b === b0 ? ++b : b;
      for (const co of colOrders) {
        for (let k = 0; k < R; k++) for (let c = 0; c < C; c++) colPerm[k * C + c] = k === 0 ? co[c] : c;
        maps.push(bandCellMap(shape, rowPerm, boxPerm, colPerm));
      }
    }
  }
  let found = 0;
  for (let cls = 0; cls < classes.count; cls++) {
    for (const src of maps) {
      applyBandSymmetry(shape, src, classes.reps, moved, relabel, cls * size);
      lexColumnOrder(shape, moved, order);
      for (let r = 0; r < R; r++) for (let j = 0; j < n; j++) reduced[r * n + j] = moved[r * n + order[j]];
      const x = lexOf.get(codec.encode(reduced));
      if (x === undefined) throw new Error('internal: an image of a class representative is not a band');
      if (classes.classOfLex[x] !== cls) throw new Error('internal: an image left its class');
      if (repColOf[x * n] >= 0) continue;
      found++;
      for (let j = 0; j < n; j++) repColOf[x * n + j] = src[order[j]] % n;
      for (let d = 1; d <= n; d++) digitOf[x * (n + 1) + relabel[d]] = d;
    }
  }
  if (found !== bands.lexCount) throw new Error(`internal: ${bands.lexCount - found} reduced bands were not reached`);

  const lexOrder = new Int32Array(n);
  function toRepresentative(cells: ArrayLike<number>, offset: number, repCol: Int32Array, digit: Int32Array): number {
    lexColumnOrder(shape, cells, lexOrder, offset);
    for (let r = 0; r < R; r++) for (let j = 0; j < n; j++) reduced[r * n + j] = cells[offset + r * n + lexOrder[j]];
    const x = lexOf.get(codec.encode(reduced));
    if (x === undefined) throw new Error('not a standard band');
    for (let j = 0; j < n; j++) repCol[lexOrder[j]] = repColOf[x * n + j];
    for (let d = 1; d <= n; d++) digit[d] = digitOf[x * (n + 1) + d];
    return classes.classOfLex[x];
  }
  return { toRepresentative };
}
