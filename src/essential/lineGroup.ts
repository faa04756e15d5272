import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial } from '../grid/shape.js';

/**
 * The group of the lines (rows or columns) of a grid: `blocks` blocks of `size` lines each, lines permuted
 * inside each block and the blocks permuted as wholes: the wreath product S_size ≀ S_blocks, acting on
 * size·blocks lines. Rows: C bands of R rows (S_R ≀ S_C); columns: R stacks of C columns (S_C ≀ S_R).
 *
 * Elements have dense ids 0..order−1 (mixed radix, see `lineGroup`); `perms` holds each element as the
 * image of every line, `inv` is a table, and `mul` is one read of a full product table for groups of at most
 * MUL_TABLE_ORDER elements (S₃ ≀ S₃: 1,296), built once order²/4 products have been asked for; before, and
 * beyond (S₅ ≀ S₂: 28,800, whose table would take 1.7 GB), it is computed from the parts, a few table reads.
 * Ids are 32-bit, up to MAX_LINE_GROUP_ORDER elements (S₆ ≀ S₂: 1,036,800, the row group of 6×2: 12 bytes of
 * images and 16 of tables an element, ~30 MB).
 *
 *   3×3 rows: 3 bands of 3 rows, order 6³·6 = 1,296;  line l = block·size + i  ↦  β(block)·size + π_block(i)
 */
export interface LineGroup {
  /** Lines per block. */
  readonly size: number;
  /** Number of blocks. */
  readonly blocks: number;
  /** Lines: size·blocks. */
  readonly lines: number;
  /** (size!)^blocks · blocks!. */
  readonly order: number;
  /** perms[x·lines + l]: the image of line l under element x. */
  readonly perms: Uint8Array;
  /** x∘y (y first). */
  readonly mul: (x: number, y: number) => number;
  readonly inv: Int32Array;
  /** Id of the identity (0). */
  readonly identity: number;
  /** A generating set: adjacent transpositions of the lines of block 0 and of the blocks. */
  readonly generators: readonly number[];
  /** The id of a permutation of the lines that lies in the group, or −1 when it does not. */
  indexOf(perm: ArrayLike<number>, offset?: number): number;
}

/**
 * S_size ≀ S_blocks. Id of (β, π_0..π_(blocks−1)) = rank(β)·(size!)^blocks + Σ_b rank(π_b)·(size!)^b, with
 * ranks in lexicographic order of the permutations, so the identity has id 0.
 */
/** Largest order with a full product table (4,096² entries of 2 bytes: 32 MB). */
export const MUL_TABLE_ORDER = 4096;

/** Largest order built (2²¹: S₆ ≀ S₂ has 1,036,800 elements; S₇ ≀ S₂, 50,803,200, would take 2 GB). */
export const MAX_LINE_GROUP_ORDER = 2 ** 21;

/** The line groups built so far, by (size, blocks): built once a process (S₆ ≀ S₂ takes ~0.3 s and ~30 MB). */
const built = new Map<string, LineGroup>();

export function lineGroup(size: number, blocks: number): LineGroup {
  const key = `${size}≀${blocks}`;
  let w = built.get(key);
  if (w === undefined) built.set(key, (w = buildLineGroup(size, blocks)));
  return w;
}

function buildLineGroup(size: number, blocks: number): LineGroup {
  const lines = size * blocks;
  const fs = factorial(size);
  const fb = factorial(blocks);
  const inner = fs ** blocks;
  const order = inner * fb;
  if (order > MAX_LINE_GROUP_ORDER)
    throw new RangeError(`line group S${size}≀S${blocks} has ${order} elements: more than ${MAX_LINE_GROUP_ORDER}`);
  const small = permutationsOf(size);
  const big = permutationsOf(blocks);
  const rankSmall = rankTable(small, size);
  const rankBig = rankTable(big, blocks);
  const perms = new Uint8Array(order * lines);
  for (let x = 0; x < order; x++) {
    const beta = big[Math.floor(x / inner)];
    let rest = x % inner;
    for (let b = 0; b < blocks; b++) {
      const pi = small[rest % fs];
      rest = Math.floor(rest / fs);
      for (let i = 0; i < size; i++) perms[x * lines + b * size + i] = beta[b] * size + pi[i];
    }
  }
  const code = new Int32Array(Math.max(size, blocks));
  function indexOf(perm: ArrayLike<number>, offset = 0): number {
    // block permutation, and each block's inner permutation, from the images of the lines
    let x = 0;
    for (let b = 0; b < blocks; b++) {
      const to = Math.floor(perm[offset + b * size] / size);
      code[b] = to;
      let k = 0;
      for (let i = 0; i < size; i++) {
        const img = perm[offset + b * size + i];
        if (Math.floor(img / size) !== to) return -1;
        k = k * size + (img % size);
      }
      const r = rankSmall[k];
      if (r < 0) return -1;
      x += r * fs ** b;
    }
    let k = 0;
    for (let b = 0; b < blocks; b++) k = k * blocks + code[b];
    const rb = rankBig[k];
    return rb < 0 ? -1 : rb * inner + x;
  }
  // x∘y from the parts: with x = (β, π_b) and y = (β′, π′_b), line b·size + i ↦ β(β′(b))·size + π_β′(b)(π′_b(i)),
  // so (x∘y) = (ββ′, π_β′(b)∘π′_b): small permutation products, no search
  const mulSmall = productTable(small, rankSmall, size);
  const mulBig = productTable(big, rankBig, blocks);
  // each element's block permutation rank and inner permutation ranks
  const bigOf = new Int32Array(order);
  const smallOf = new Int32Array(order * blocks);
  for (let x = 0; x < order; x++) {
    bigOf[x] = Math.floor(x / inner);
    for (let b = 0, rest = x % inner; b < blocks; b++, rest = Math.floor(rest / fs))
      smallOf[x * blocks + b] = rest % fs;
  }
  const nb = big.length;
  function product(x: number, y: number): number {
    const bx = bigOf[x],
      xb = x * blocks,
      yb = y * blocks;
    const betaY = big[bigOf[y]];
    let z = mulBig[bx * nb + bigOf[y]] * inner;
    for (let b = 0, w = 1; b < blocks; b++, w *= fs) z += mulSmall[smallOf[xb + betaY[b]] * fs + smallOf[yb + b]] * w;
    return z;
  }
  const inv = new Int32Array(order);
  const back = new Uint8Array(lines);
  for (let x = 0; x < order; x++) {
    for (let l = 0; l < lines; l++) back[perms[x * lines + l]] = l;
    inv[x] = indexOf(back);
  }
  let mul = product;
  if (order <= MUL_TABLE_ORDER) {
    // the table (order² products: 1,296² take 0.1-0.4 s, paid by every 9×9 command that builds G) is built once
    // the group has been asked for a quarter as many products: a caller that multiplies much pays a quarter more,
    // one that multiplies little (G_V of a variant, a few thousand products) pays nothing
    let table: Uint16Array | null = null;
    let asked = 0;
    const build = (): Uint16Array => {
      const t = new Uint16Array(order * order);
      for (let x = 0; x < order; x++) for (let y = 0; y < order; y++) t[x * order + y] = product(x, y);
      return t;
    };
    mul = (x, y) => {
      if (table !== null) return table[x * order + y];
      if (++asked * 4 >= order * order) table = build();
      return product(x, y);
    };
  }
  const generators: number[] = [];
  const id = Array.from({ length: lines }, (_, l) => l);
  const swap = (a: number, b: number): number => {
    const p = id.slice();
    p[a] = b;
    p[b] = a;
    return indexOf(p);
  };
  for (let i = 0; i + 1 < size; i++) generators.push(swap(i, i + 1));
  for (let b = 0; b + 1 < blocks; b++) {
    const p = id.slice();
    for (let i = 0; i < size; i++) {
      p[b * size + i] = (b + 1) * size + i;
      p[(b + 1) * size + i] = b * size + i;
    }
    generators.push(indexOf(p));
  }
  return { size, blocks, lines, order, perms, mul, inv, identity: 0, generators, indexOf };
}

/** table[a·k! + b] = rank of a∘b (b first), for the permutations in lexicographic order. */
function productTable(perms: number[][], rank: Int32Array, k: number): Int32Array {
  const m = perms.length;
  const t = new Int32Array(m * m);
  for (let a = 0; a < m; a++)
    for (let b = 0; b < m; b++) {
      let code = 0;
      for (let i = 0; i < k; i++) code = code * k + perms[a][perms[b][i]];
      t[a * m + b] = rank[code];
    }
  return t;
}

/** rank[code] for every permutation in `perms` (code = base-k digits), −1 for codes that are not permutations. */
function rankTable(perms: number[][], k: number): Int32Array {
  const t = new Int32Array(k ** k).fill(-1);
  perms.forEach((p, r) => {
    let code = 0;
    for (const v of p) code = code * k + v;
    t[code] = r;
  });
  return t;
}
