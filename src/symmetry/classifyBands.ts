import { bandCodec } from '../bands/bandKey.js';
import type { BandEnumeration } from '../bands/enumerateBands.js';
import { lexMultiplicity, lexReduceInto } from '../bands/lexReduce.js';
import { bandGroupOrder, type BoxShape } from '../grid/shape.js';
import { applyBandSymmetry, bandGenerators } from './bandSymmetry.js';
import { UnionFind } from './unionFind.js';

/**
 * The classes of standard top bands under the band group (box, column, row permutations, then relabelling).
 * Found by union-find over the lexicographically reduced bands: each reduced band is joined to the
 * reduced form of its image under every generator (row swaps, box swaps, column swaps in box 1).
 * Union only ever joins bands of one orbit; that no orbit is split is checked by the tests, which count
 * every stabiliser over the whole group and find m_C·|stabiliser| = group order for every class. (Fewer
 * generators are not enough: the reduction applies its own subgroup element, not every one of them.) Class ids
 * follow the order of the classes' smallest bands, which are their canonical representatives.
 */
export interface BandClasses {
  readonly shape: BoxShape;
  /** Number of classes. */
  readonly count: number;
  /** Canonical representative of each class (the lexicographically smallest band of the orbit), R·n cells each. */
  readonly reps: Uint8Array;
  /** m_C: standard top bands in each class (the orbit size). */
  readonly sizes: Float64Array;
  /** Lexicographically reduced bands in each class. */
  readonly lexSizes: Int32Array;
  /** For each reduced band (in enumeration order), its class id. */
  readonly classOfLex: Int32Array;
  /** Order of the band group; m_C · |stabiliser| equals it. */
  readonly groupOrder: number;
  /**
   * The class of any valid band (R·n cells; box 1 need not be standard): relabel so box 1 is standard,
   * reduce, look up. Throws if the cells are not a band.
   */
  classOfBand(band: ArrayLike<number>): number;
}

export function classifyBands(bands: BandEnumeration): BandClasses {
  const { shape, lexCount, lexBands } = bands;
  const size = shape.rows * shape.n;
  const codec = bandCodec(shape);
  const index = new Map<number, number>();
  for (let i = 0; i < lexCount; i++) index.set(codec.encode(lexBands, i * size), i);

  const sets = new UnionFind(lexCount);

  const gens = bandGenerators(shape);
  const moved = new Uint8Array(size);
  const reduced = new Uint8Array(size);
  const scratch = new Uint8Array(size);
  const relabel = new Uint8Array(shape.n + 1);
  for (let i = 0; i < lexCount; i++) {
    for (const g of gens) {
      applyBandSymmetry(shape, g, lexBands, moved, relabel, i * size);
      lexReduceInto(shape, moved, reduced, scratch);
      const j = index.get(codec.encode(reduced));
      if (j === undefined) throw new Error('internal: a symmetric image of a band is not a band');
      sets.union(i, j); // the smaller index stays the root: each root is its class's smallest band
    }
  }

  const classOfRoot = new Int32Array(lexCount).fill(-1);
  const classOfLex = new Int32Array(lexCount);
  let count = 0;
  for (let i = 0; i < lexCount; i++) {
    const root = sets.find(i);
    if (classOfRoot[root] === -1) classOfRoot[root] = count++;
    classOfLex[i] = classOfRoot[root];
  }
  const reps = new Uint8Array(count * size);
  const lexSizes = new Int32Array(count);
  for (let i = 0; i < lexCount; i++) {
    const c = classOfLex[i];
    if (lexSizes[c]++ === 0) reps.set(lexBands.subarray(i * size, (i + 1) * size), c * size);
  }
  const mult = lexMultiplicity(shape);
  const sizes = new Float64Array(count);
  for (let c = 0; c < count; c++) sizes[c] = lexSizes[c] * mult;
  const relabelled = new Uint8Array(size);
  function classOfBand(band: ArrayLike<number>): number {
    for (let r = 0; r < shape.rows; r++)
      for (let c = 0; c < shape.cols; c++) relabel[band[r * shape.n + c]] = r * shape.cols + c + 1;
    for (let i = 0; i < size; i++) relabelled[i] = relabel[band[i]];
    lexReduceInto(shape, relabelled, reduced, scratch);
    const j = index.get(codec.encode(reduced));
    if (j === undefined) throw new Error('not a valid band');
    return classOfLex[j];
  }
  return { shape, count, reps, sizes, lexSizes, classOfLex, groupOrder: bandGroupOrder(shape), classOfBand };
}
