import { bandCodec } from '../bands/bandKey.js';
import type { BandEnumeration } from '../bands/enumerateBands.js';
import { lexMultiplicity, lexReduceInto } from '../bands/lexReduce.js';
import { popTable } from '../grid/bits.js';
import { bandGroupOrder, factorial, type BoxShape } from '../grid/shape.js';
import { bandGenerators, type CellMap } from './bandSymmetry.js';
import { UnionFind } from './unionFind.js';
import { wasmBandUnion } from './wasmBandUnion.js';
import type { CoreEngine } from '../grid/wasmInstance.js';

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

export function classifyBands(bands: BandEnumeration, engine: CoreEngine = 'wasm'): BandClasses {
  const { shape, lexCount, lexBands } = bands;
  const size = shape.rows * shape.n;
  const codec = bandCodec(shape);
  let index: KeyIndex | null = null;
  const keyIndexOf = (): KeyIndex => {
    if (!index) {
      index = keyIndex(lexCount);
      for (let i = 0; i < lexCount; i++) index.set(codec.encode(lexBands, i * size), i);
    }
    return index;
  };

  // a generator that only moves boxes 2..R and their columns is undone by the reduction: it joins nothing
  const gens = bandGenerators(shape).filter((g) => !undoneByReduction(shape, g));
  // root[i]: the smallest band of band i's class (union keeps the smaller index as the root)
  let root = engine === 'wasm' ? wasmBandUnion(shape, lexBands, lexCount, gens) : null;
  if (!root) {
    const keys = keyIndexOf();
    const sets = new UnionFind(lexCount);
    const imageKey = reducedImageKey(shape);
    for (let i = 0; i < lexCount; i++) {
      for (const g of gens) {
        const j = keys.get(imageKey(g, lexBands, i * size));
        if (j < 0) throw new Error('internal: a symmetric image of a band is not a band');
        sets.union(i, j);
      }
    }
    root = new Int32Array(lexCount);
    for (let i = 0; i < lexCount; i++) root[i] = sets.find(i);
  }

  const classOfRoot = new Int32Array(lexCount).fill(-1);
  const classOfLex = new Int32Array(lexCount);
  let count = 0;
  for (let i = 0; i < lexCount; i++) {
    const r = root[i];
    if (classOfRoot[r] === -1) classOfRoot[r] = count++;
    classOfLex[i] = classOfRoot[r];
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
  const reduced = new Uint8Array(size);
  const scratch = new Uint8Array(size);
  const relabel = new Uint8Array(shape.n + 1);
  const relabelled = new Uint8Array(size);
  function classOfBand(band: ArrayLike<number>): number {
    for (let r = 0; r < shape.rows; r++)
      for (let c = 0; c < shape.cols; c++) relabel[band[r * shape.n + c]] = r * shape.cols + c + 1;
    for (let i = 0; i < size; i++) relabelled[i] = relabel[band[i]];
    lexReduceInto(shape, relabelled, reduced, scratch);
    const j = keyIndexOf().get(codec.encode(reduced));
    if (j < 0) throw new Error('not a valid band');
    return classOfLex[j];
  }
  return { shape, count, reps, sizes, lexSizes, classOfLex, groupOrder: bandGroupOrder(shape), classOfBand };
}

/**
 * The `bandCodec` key of reduce(relabel(g·band)), computed in one pass without writing the reduced band: the
 * image's cells are read through g, box 1 gives the relabelling, and the reduction is a column order (boxes 2..R
 * by their smallest top entry, columns inside a box by top entry) that the key is read through. The same key as
 * applyBandSymmetry → lexReduceInto → encode (the tests compare them), at a fraction of the cost.
 */
function reducedImageKey(shape: BoxShape): (g: CellMap, bands: Uint8Array, offset: number) => number {
  const { rows: R, cols: C, n } = shape;
  const free = n - C;
  const radix = factorial(free);
  const pop = popTable(n);
  const rowMask = new Int32Array(R);
  for (let r = 0; r < R; r++) rowMask[r] = ((1 << n) - 1) & ~(((1 << C) - 1) << (r * C));
  const relabel = new Int32Array(n + 1);
  const top = new Int32Array(n); // relabelled top entry of each column of the image
  const order = new Int32Array(n); // reduced column q ← image column order[q]
  const boxFirst = new Int32Array(R);
  const boxOrder = new Int32Array(R);
  return (g, bands, offset) => {
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) relabel[bands[offset + g[r * n + c]]] = r * C + c + 1;
    // columns of each box b ≥ 1 sorted by top entry (insertion sort, C ≤ 4)
    for (let b = 1; b < R; b++) {
      const base = b * C;
      for (let i = 0; i < C; i++) {
        const col = base + i;
        const v = (top[col] = relabel[bands[offset + g[col]]]);
        let j = i;
        while (j > 0 && top[order[base + j - 1]] > v) {
          order[base + j] = order[base + j - 1];
          j--;
        }
        order[base + j] = col;
      }
      // boxes ordered by their smallest top entry
      const v = top[order[base]];
      let j = b - 1;
      while (j > 0 && boxFirst[j - 1] > v) {
        boxFirst[j] = boxFirst[j - 1];
        boxOrder[j] = boxOrder[j - 1];
        j--;
      }
      boxFirst[j] = v;
      boxOrder[j] = b;
    }
    // Lehmer rank of each row's free part in Horner form: rank = (…(c₀·(f−1) + c₁)·(f−2) + …) + c_(f−1)
    let key = 0;
    for (let r = 0; r < R; r++) {
      let rem = rowMask[r],
        rank = 0,
        left = free;
      for (let k = 0; k + 1 < R; k++) {
        const base = boxOrder[k] * C;
        for (let c = 0; c < C; c++) {
          const bit = 1 << (relabel[bands[offset + g[r * n + order[base + c]]]] - 1);
          rank = rank * left-- + pop[rem & (bit - 1)];
          rem ^= bit;
        }
      }
      key = key * radix + rank;
    }
    return key;
  };
}

/** True when g keeps the rows and box 1 and sends whole boxes 2..R onto boxes 2..R: the reduction undoes it. */
function undoneByReduction(shape: BoxShape, g: CellMap): boolean {
  const { rows: R, cols: C, n } = shape;
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < n; c++) {
      const src = g[r * n + c];
      const sr = Math.floor(src / n),
        sc = src % n;
      if (sr !== r || sc !== g[c] % n) return false;
      if (c < C ? sc !== c : sc < C) return false;
      if (Math.floor(sc / C) !== Math.floor(g[Math.floor(c / C) * C] / C)) return false;
    }
  }
  return true;
}

/** Band keys → reduced band ids: open addressing with linear probing in typed arrays (−1 for a missing key). */
interface KeyIndex {
  set(key: number, id: number): void;
  get(key: number): number;
}

function keyIndex(count: number): KeyIndex {
  let bits = 4;
  while (1 << bits < 2 * count) bits++;
  const mask = (1 << bits) - 1;
  const keys = new Float64Array(1 << bits).fill(-1);
  const ids = new Int32Array(1 << bits);
  const slot = (key: number) =>
    (Math.imul(key | 0, 0x9e3779b1) ^ Math.imul((key / 4294967296) | 0, 0x85ebca6b)) >>> (32 - bits);
  return {
    set(key, id) {
      let s = slot(key);
      while (keys[s] !== -1 && keys[s] !== key) s = (s + 1) & mask;
      keys[s] = key;
      ids[s] = id;
    },
    get(key) {
      for (let s = slot(key); ; s = (s + 1) & mask) {
        if (keys[s] === key) return ids[s];
        if (keys[s] === -1) return -1;
      }
    },
  };
}
