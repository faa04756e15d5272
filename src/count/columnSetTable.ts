import type { BandEnumeration } from '../bands/enumerateBands.js';
import { lexMultiplicity } from '../bands/lexReduce.js';
import { factorial, type BoxShape } from '../grid/shape.js';
import { columnPartitions, type ColumnPartitions } from '../grid/columnPartitions.js';
import { partitionRenamingGenerators } from '../grid/partitionRenamings.js';
import { UnionFind } from '../symmetry/unionFind.js';
import { wasmColumnSetTable } from './wasmColumnSetTable.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import type { CoreEngine } from '../grid/wasmInstance.js';

/**
 * F(T): how many bands have column digit-sets T (any box 1, not only the standard one).
 *
 * F does not change when digits are renamed or columns inside a box are permuted, so it is tabulated for
 * column configurations whose box 1 has the standard column sets S_c = {c+1, c+1+C, …} and whose boxes
 * 2..R are given as unordered partitions p_1..p_(R−1):
 *
 *     table[p_1·P^(R−2) + … + p_(R−1)] = F(S_0..S_(C−1) ; p_1 ; … ; p_(R−1))
 *
 * How it is built: H(T) counts the standard top bands (box 1 exactly 1..n) with the ordered column sets T.
 * A reduced band stands for L = (C!)^(R−1)·(R−1)! bands: for each of the (R−1)! orders of boxes 2..R, one
 * band for each of the (C!)^(R−1) column orders inside them. Indexed by unordered partitions, that is one
 * band per box order for each ordered configuration, so every reduced band adds L/((R−1)!·(C!)^(R−1)) = 1
 * to the entry of each box order of its partitions. A band whose
 * box 1 has the standard column sets but another order inside them becomes standard under one renaming ρ
 * in K = Sym(S_0)×…×Sym(S_(C−1)) (|K| = (R!)^C = 216 for 3×3), so F(p) = Σ_{ρ∈K} H(ρ·p), which is summed over
 * K's orbits on the table's cells (`partitionRenamings` and all 216 renamings serve the tests as the other way).
 */
export interface ColumnSetTable {
  readonly shape: BoxShape;
  readonly partitions: ColumnPartitions;
  /**
   * The table, in a SharedArrayBuffer so workers can read it without a copy. 32-bit entries (checked to
   * fit): for 3×3 that is 313 KB, which stays in a core's L2 cache, where the inner loop reads it at
   * random; as doubles (627 KB) it did not, and two threads slowed each other down.
   */
  readonly table: Uint32Array;
  /**
   * H, indexed like `table`: standard top bands (box 1 exactly 1..n) whose boxes 2..R have the column sets of
   * the partitions p_1..p_(R−1) in one fixed column order (every column order gives the same count).
   */
  readonly standard: Float64Array;
}

export function buildColumnSetTable(
  bands: BandEnumeration,
  partitions: ColumnPartitions = columnPartitions(bands.shape),
  engine: CoreEngine = 'wasm',
): ColumnSetTable {
  const { shape, lexCount, lexBands } = bands;
  const { rows: R, cols: C, n } = shape;
  const P = partitions.count;
  const dims = R - 1;
  const cells = P ** dims;
  const size = R * n;
  const perOrder = lexMultiplicity(shape) / (factorial(dims) * factorial(C) ** dims);
  const kOrder = factorial(R) ** C;
  const fast = engine === 'wasm' ? wasmColumnSetTable(shape, partitions, lexBands, lexCount, perOrder, kOrder) : null;
  if (fast) return { shape, partitions, ...fast };

  // H over partitions of boxes 2..R, from the reduced bands with their multiplicity.
  const H = new Float64Array(cells);
  const boxOrders = permutationsOf(dims);
  const masks = new Int32Array(n);
  const part = new Int32Array(dims);
  for (let i = 0; i < lexCount; i++) {
    const base = i * size;
    masks.fill(0);
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) masks[c] |= 1 << (lexBands[base + r * n + c] - 1);
    for (let k = 1; k < R; k++) part[k - 1] = partitions.indexOf(masks, k * C);
    for (const order of boxOrders) {
      let idx = 0;
      for (let k = 0; k < dims; k++) idx = idx * P + part[order[k]];
      H[idx] += perOrder;
    }
  }

  // F(p) = Σ_{ρ∈K} H(ρ·p). As ρ runs over K, ρ·p runs over p's orbit, each point |K|/|orbit| times, so
  // F(p) = (|K|/|orbit|)·Σ_{q ∈ orbit} H(q): the orbits come from a union-find over K's generators.
  const gens = partitionRenamingGenerators(partitions);
  const orbits = new UnionFind(cells);
  const digit = new Int32Array(dims);
  for (const a of gens) {
    for (let t = 0; t < cells; t++) {
      let image: number;
      if (dims === 1) image = a[t];
      else if (dims === 2) image = a[(t - (t % P)) / P] * P + a[t % P];
      else {
        let x = t;
        for (let k = dims - 1; k >= 0; k--) {
          digit[k] = x % P;
          x = (x - digit[k]) / P;
        }
        image = 0;
        for (let k = 0; k < dims; k++) image = image * P + a[digit[k]];
      }
      orbits.union(t, image);
    }
  }
  const orbitSum = new Float64Array(cells);
  const orbitSize = new Float64Array(cells);
  const root = new Int32Array(cells);
  for (let t = 0; t < cells; t++) {
    const r = (root[t] = orbits.find(t));
    orbitSum[r] += H[t];
    orbitSize[r]++;
  }
  const sums = new Float64Array(cells);
  for (let t = 0; t < cells; t++) {
    const r = root[t];
    if (kOrder % orbitSize[r] !== 0) throw new Error('internal: an orbit of K does not divide its order');
    sums[t] = (kOrder / orbitSize[r]) * orbitSum[r];
  }
  const table = new Uint32Array(new SharedArrayBuffer(cells * 4));
  for (let t = 0; t < cells; t++) {
    const v = sums[t];
    if (!Number.isSafeInteger(v) || v > 0xffffffff)
      throw new Error('internal: a column-set count does not fit in 32 bits');
    table[t] = v;
  }
  return { shape, partitions, table, standard: H };
}
