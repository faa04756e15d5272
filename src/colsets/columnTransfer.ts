import { columnOrder } from './columnOrder.js';

/**
 * F of a band configuration by a transfer over the band's columns in a chosen order (issue 25, 6×2 research).
 *
 * F is the number of proper R-edge-colourings of the digit–column graph (configurationGraph): each of the 2R
 * columns puts its R digits in distinct rows, and each digit takes every row once. Nothing ties a column to its box
 * partner, so the columns may be taken in any order; stackTransfer takes them box by box (0L, 0R, 1L, …), which
 * leaves every digit with half its rows used at the middle. columnOrder picks an order that finishes some digits
 * early and starts others late (docs/sharding.md, "6x2: where it stands").
 *
 * The state after some columns: for each row r, the mask of the digits that have used r (2R ≤ 12 bits). Its
 * completions depend on it only up to a permutation of the rows, so the canonical form is the R row masks sorted:
 * no search over R! permutations. (Digits with the same remaining columns are not merged: in a good order such
 * digits are mostly finished or unstarted, whose bits do not vary.) Each state carries the number of partial
 * fillings reaching it, exactly, as lo + 2³²·hi in two doubles (totals below 2⁸⁵).
 *
 *   key of a state, R = 6: three 24-bit words, each two sorted 12-bit row masks
 *     word 0 = m0 | m1 << 12, word 1 = m2 | m3 << 12, word 2 = m4 | m5 << 12   (m0 ≤ m1 ≤ … ≤ m5)
 */
export interface ColumnTransferResult {
  readonly F: bigint;
  /** The column order used (column 2k + s: box k's left (s = 0) or right column). */
  readonly order: readonly number[];
  /** Canonical states after each column. */
  readonly states: readonly number[];
  /** Transitions walked (ways to place one column's digits from one state). */
  readonly transitions: number;
  /** The largest table held (states), for memory. */
  readonly peakStates: number;
}

export interface ColumnTransferOptions {
  /** The column order (default: columnOrder's). */
  readonly order?: readonly number[];
  /**
   * Take the digits as the steps and the columns as the state instead (the same graph from its other side: each
   * digit puts itself in distinct rows of its R columns): a second, independent walk to the same F.
   */
  readonly transpose?: boolean;
  /** Stop after this many columns (F is then -1n): for measuring. */
  readonly maxColumns?: number;
  /** Called after each column with its number of states. */
  readonly onColumn?: (column: number, states: number) => void;
}

const EMPTY = 0xffffffff;
const TWO32 = 4294967296;

/** Open-addressing table: 72-bit keys (three 24-bit words) → exact counts (lo + 2³²·hi). */
class StateTable {
  size = 0;
  mask: number;
  keys: Uint32Array;
  lo: Float64Array;
  hi: Float64Array;
  constructor(capacity = 1 << 10) {
    this.mask = capacity - 1;
    this.keys = new Uint32Array(3 * capacity).fill(EMPTY);
    this.lo = new Float64Array(capacity);
    this.hi = new Float64Array(capacity);
  }
  add(a: number, b: number, c: number, lo: number, hi: number): void {
    let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> 0;
    h = (h ^ (h >>> 15)) & this.mask;
    const keys = this.keys;
    for (;;) {
      const i = 3 * h;
      if (keys[i] === EMPTY) {
        keys[i] = a;
        keys[i + 1] = b;
        keys[i + 2] = c;
        this.lo[h] = lo;
        this.hi[h] = hi;
        if (++this.size * 2 > this.mask) this.grow();
        return;
      }
      if (keys[i] === a && keys[i + 1] === b && keys[i + 2] === c) {
        let l = this.lo[h] + lo;
        let g = this.hi[h] + hi;
        if (l >= TWO32) {
          l -= TWO32;
          g += 1;
        }
        this.lo[h] = l;
        this.hi[h] = g;
        return;
      }
      h = (h + 1) & this.mask;
    }
  }
  private grow(): void {
    const { keys, lo, hi } = this;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.keys = new Uint32Array(3 * cap).fill(EMPTY);
    this.lo = new Float64Array(cap);
    this.hi = new Float64Array(cap);
    this.size = 0;
    for (let s = 0; s < lo.length; s++)
      if (keys[3 * s] !== EMPTY) this.add(keys[3 * s], keys[3 * s + 1], keys[3 * s + 2], lo[s], hi[s]);
  }
}

export function columnTransfer(
  R: number,
  words: ArrayLike<number>,
  offset = 0,
  options: ColumnTransferOptions = {},
): ColumnTransferResult {
  if (!Number.isInteger(R) || R < 1 || R > 6) throw new RangeError(`column transfer: R = ${R} is not in 1..6`);
  const m = 2 * R;
  // cols[j]: the digits of column j (or, transposed, digit j's columns: 2k + bit k of its word)
  const cols = Array.from({ length: m }, (_, j) => {
    let mask = 0;
    if (options.transpose === true) for (let k = 0; k < R; k++) mask |= 1 << (2 * k + ((words[offset + j] >> k) & 1));
    else for (let d = 0; d < m; d++) if (((words[offset + d] >> (j >> 1)) & 1) === (j & 1)) mask |= 1 << d;
    return mask;
  });
  const order = options.order ?? columnOrder(R, cols, m);
  const maxColumns = options.maxColumns ?? m;
  const full = (1 << R) - 1;
  let table = new StateTable();
  table.add(0, 0, 0, 1, 0);
  const levels: number[] = [];
  let transitions = 0,
    peak = 1;
  const rowMask = new Int32Array(6); // the state being extended: row r → digits that used it
  const used = new Int32Array(m); // digit → rows it used
  const sorted = new Int32Array(6); // rows R..5 (when R < 6) stay 0
  const digits = new Int32Array(R);
  for (let step = 0; step < Math.min(maxColumns, m); step++) {
    let nd = 0;
    for (let u = cols[order[step]]; u !== 0; u &= u - 1) digits[nd++] = 31 - Math.clz32(u & -u);
    const next = new StateTable(Math.max(1 << 10, 1 << Math.ceil(Math.log2(table.size * 4 + 1))));
    const { keys, lo, hi } = table;
    let wLo = 0,
      wHi = 0;
    const leaf = (): void => {
      transitions++;
      for (let r = 0; r < R; r++) {
        const x = rowMask[r];
        let j = r;
        while (j > 0 && sorted[j - 1] > x) {
          sorted[j] = sorted[j - 1];
          j--;
        }
        sorted[j] = x;
      }
      next.add(sorted[0] | (sorted[1] << 12), sorted[2] | (sorted[3] << 12), sorted[4] | (sorted[5] << 12), wLo, wHi);
    };
    const walk = (i: number, taken: number): void => {
      if (i === nd) return leaf();
      const d = digits[i];
      const bit = 1 << d;
      for (let free = full & ~taken & ~used[d]; free !== 0; free &= free - 1) {
        const r = 31 - Math.clz32(free & -free);
        rowMask[r] |= bit;
        walk(i + 1, taken | (1 << r));
        rowMask[r] &= ~bit;
      }
    };
    for (let s = 0; s <= table.mask; s++) {
      const a = keys[3 * s];
      if (a === EMPTY) continue;
      const b = keys[3 * s + 1],
        c = keys[3 * s + 2];
      rowMask[0] = a & 0xfff;
      rowMask[1] = a >>> 12;
      rowMask[2] = b & 0xfff;
      rowMask[3] = b >>> 12;
      rowMask[4] = c & 0xfff;
      rowMask[5] = c >>> 12;
      used.fill(0);
      for (let r = 0; r < 6; r++) for (let u = rowMask[r]; u !== 0; u &= u - 1) used[31 - Math.clz32(u & -u)] |= 1 << r;
      wLo = lo[s];
      wHi = hi[s];
      walk(0, 0);
    }
    table = next;
    peak = Math.max(peak, table.size);
    levels.push(table.size);
    options.onColumn?.(step, table.size);
  }
  let F = -1n;
  if (maxColumns >= m) {
    F = 0n;
    for (let s = 0; s <= table.mask; s++)
      if (table.keys[3 * s] !== EMPTY) F += BigInt(table.lo[s]) + (BigInt(table.hi[s]) << 32n);
  }
  return { F, order, states: levels, transitions, peakStates: peak };
}
