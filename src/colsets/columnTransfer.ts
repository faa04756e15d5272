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
 * no search over R! permutations. Twins (digits in exactly the same columns) are merged too: the key is the least
 * over the twin swaps. (Other digits with the same remaining columns are not merged: in a good order such digits
 * are mostly finished or unstarted, whose bits do not vary.) The walk goes from both ends and meets in the middle.
 * Each state carries the number of partial fillings reaching it, exactly, as lo + 2³²·hi in two doubles (totals
 * below 2⁸⁵).
 *
 *   key of a state, R = 6: three 24-bit words, each two sorted 12-bit row masks
 *     word 0 = m0 | m1 << 12, word 1 = m2 | m3 << 12, word 2 = m4 | m5 << 12   (m0 ≤ m1 ≤ … ≤ m5)
 */
export interface ColumnTransferResult {
  readonly F: bigint;
  /** The column order used (column 2k + s: box k's left (s = 0) or right column), or the digit order if transposed. */
  readonly order: readonly number[];
  /** Whether the digits were the steps (and the columns the state). */
  readonly transposed: boolean;
  /** Canonical states after each column taken from the front. */
  readonly states: readonly number[];
  /** Canonical states after each column taken from the back (meeting in the middle), last column first. */
  readonly backStates: readonly number[];
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
   * digit puts itself in distinct rows of its R columns): a second, independent walk to the same F. Default: the
   * orientation whose chosen order has the fewer row sets (columnOrder); with `order` given, columns.
   */
  readonly transpose?: boolean;
  /**
   * Walk from both ends and meet in the middle (default, unless maxColumns is given): the side with fewer states
   * advances; the states of the meeting point are never extended.
   */
  readonly meet?: boolean;
  /** Stop after this many columns, all from the front (F is then -1n): for measuring. */
  readonly maxColumns?: number;
  /** Called after each column with its number of states. */
  readonly onColumn?: (column: number, states: number) => void;
}

const TWO24 = 16777216;
const POPCOUNT = Uint8Array.from(
  { length: 64 },
  (_, u) => (u & 1) + ((u >> 1) & 1) + ((u >> 2) & 1) + ((u >> 3) & 1) + ((u >> 4) & 1) + ((u >> 5) & 1),
);
const popcount6 = (u: number): number => POPCOUNT[u];
const TWO32 = 4294967296;

/**
 * Open-addressing table: 72-bit keys → exact counts, four doubles a slot (one cache line holds two slots):
 *   [a + 2²⁴·b, c, lo, hi]   key words a, b, c (24 bits each); count = lo + 2³²·hi; empty slot: first double −1
 */
class StateTable {
  size = 0;
  mask: number;
  slots: Float64Array;
  constructor(capacity = 1 << 10) {
    this.mask = capacity - 1;
    this.slots = new Float64Array(4 * capacity).fill(-1);
  }
  private slotOf(a: number, b: number, c: number): number {
    const h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> 0;
    return (h ^ (h >>> 15)) & this.mask;
  }
  /** The slot of a key, or -1. */
  find(a: number, b: number, c: number): number {
    const k0 = a + TWO24 * b;
    const slots = this.slots;
    for (let h = this.slotOf(a, b, c); ; h = (h + 1) & this.mask) {
      const i = 4 * h;
      if (slots[i] === -1) return -1;
      if (slots[i] === k0 && slots[i + 1] === c) return h;
    }
  }
  add(a: number, b: number, c: number, lo: number, hi: number): void {
    const k0 = a + TWO24 * b;
    const slots = this.slots;
    for (let h = this.slotOf(a, b, c); ; h = (h + 1) & this.mask) {
      const i = 4 * h;
      if (slots[i] === -1) {
        slots[i] = k0;
        slots[i + 1] = c;
        slots[i + 2] = lo;
        slots[i + 3] = hi;
        if (++this.size * 2 > this.mask) this.grow();
        return;
      }
      if (slots[i] === k0 && slots[i + 1] === c) {
        let l = slots[i + 2] + lo;
        let g = slots[i + 3] + hi;
        if (l >= TWO32) {
          l -= TWO32;
          g += 1;
        }
        slots[i + 2] = l;
        slots[i + 3] = g;
        return;
      }
    }
  }
  /** Key words of slot s into out[0..2]; false if the slot is empty. */
  key(s: number, out: Int32Array): boolean {
    const k0 = this.slots[4 * s];
    if (k0 === -1) return false;
    out[1] = Math.floor(k0 / TWO24);
    out[0] = k0 - TWO24 * out[1];
    out[2] = this.slots[4 * s + 1];
    return true;
  }
  count(s: number): bigint {
    return BigInt(this.slots[4 * s + 2]) + (BigInt(this.slots[4 * s + 3]) << 32n);
  }
  private grow(): void {
    const old = this.slots;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.slots = new Float64Array(4 * cap).fill(-1);
    this.size = 0;
    for (let i = 0; i < old.length; i += 4)
      if (old[i] !== -1) {
        const b = Math.floor(old[i] / TWO24);
        this.add(old[i] - TWO24 * b, b, old[i + 1], old[i + 2], old[i + 3]);
      }
  }
}

/**
 * Twins: state vertices (digits; columns when transposed) in exactly the same steps. Swapping twins maps every
 * state's completions onto another's, so states are merged under them too: the group Π S_(twin class) as maps of a
 * 12-bit mask (bits at m and above kept), identity left out; none if it has more than 48 elements.
 */
function twinSwaps(cols: readonly number[], m: number): { maps: Uint16Array[] } {
  const steps = new Array<number>(m).fill(0);
  cols.forEach((u, j) => {
    for (let v = u; v !== 0; v &= v - 1) steps[31 - Math.clz32(v & -v)] |= 1 << j;
  });
  const classes = new Map<number, number[]>();
  steps.forEach((st, v) => classes.set(st, [...(classes.get(st) ?? []), v]));
  let perms: number[][] = [Array.from({ length: m }, (_, v) => v)];
  for (const members of classes.values()) {
    if (members.length < 2) continue;
    const arrangements: number[][] = [[]];
    for (let i = 0; i < members.length; i++) {
      const next: number[][] = [];
      for (const a of arrangements) for (const x of members) if (!a.includes(x)) next.push([...a, x]);
      arrangements.splice(0, arrangements.length, ...next);
    }
    perms = perms.flatMap((p) =>
      arrangements.map((a) => {
        const q = p.slice();
        members.forEach((v, i) => (q[v] = a[i]));
        return q;
      }),
    );
    if (perms.length > 48) return { maps: [] };
  }
  const maps = perms.slice(1).map((p) => {
    const map = new Uint16Array(4096);
    for (let u = 0; u < 4096; u++) {
      let out = u & ~((1 << m) - 1);
      for (let v = 0; v < m; v++) if ((u >> v) & 1) out |= 1 << p[v];
      map[u] = out;
    }
    return map;
  });
  return { maps };
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
  const graph = (transpose: boolean): number[] =>
    Array.from({ length: m }, (_, j) => {
      let mask = 0;
      if (transpose) for (let k = 0; k < R; k++) mask |= 1 << (2 * k + ((words[offset + j] >> k) & 1));
      else for (let d = 0; d < m; d++) if (((words[offset + d] >> (j >> 1)) & 1) === (j & 1)) mask |= 1 << d;
      return mask;
    });
  // the orientation: as asked, else the one whose chosen order has the fewer row sets
  // (the row sets divided by the twin swaps, which merge states about that much)
  let transpose = options.transpose ?? false;
  let cols = graph(transpose);
  let twins = twinSwaps(cols, m);
  let order: readonly number[];
  if (options.order !== undefined) order = options.order;
  else {
    const chosen = columnOrder(R, cols, m);
    order = chosen.order;
    if (options.transpose === undefined) {
      const colsT = graph(true);
      const twinsT = twinSwaps(colsT, m);
      const other = columnOrder(R, colsT, m);
      if (other.rowSets / (twinsT.maps.length + 1) < chosen.rowSets / (twins.maps.length + 1)) {
        transpose = true;
        cols = colsT;
        twins = twinsT;
        order = other.order;
      }
    }
  }
  const maxColumns = options.maxColumns ?? m;
  const meet = options.maxColumns === undefined && options.meet !== false;
  const full = (1 << R) - 1;
  const allDigits = (1 << m) - 1;
  let transitions = 0,
    peak = 1;
  // rows R..5 (when R < 6) are phantoms holding 0xfff, above every real mask (< 2^m ≤ 2^10): they sort last
  const rowMask = new Int32Array(6).fill(0xfff); // the state being extended: row r → digits that used it
  const used = new Int32Array(m); // digit → rows it used
  const sorted = new Int32Array(6);
  const digits = new Int32Array(R);
  const ord = new Int32Array(R); // the column's digits in the order the walk places them
  const kw = new Int32Array(3);
  const decode = (table: StateTable, s: number): boolean => {
    if (!table.key(s, kw)) return false;
    const a = kw[0],
      b = kw[1],
      c = kw[2];
    rowMask[0] = a & 0xfff;
    rowMask[1] = a >>> 12;
    rowMask[2] = b & 0xfff;
    rowMask[3] = b >>> 12;
    rowMask[4] = c & 0xfff;
    rowMask[5] = c >>> 12;
    return true;
  };
  /** dst = src in ascending order (a sorting network of 12 comparators). */
  const sort6 = (src: Int32Array, dst: Int32Array): void => {
    let s0 = src[0],
      s1 = src[1],
      s2 = src[2],
      s3 = src[3],
      s4 = src[4],
      s5 = src[5];
    if (s0 > s1) {
      const t = s0;
      s0 = s1;
      s1 = t;
    }
    if (s2 > s3) {
      const t = s2;
      s2 = s3;
      s3 = t;
    }
    if (s4 > s5) {
      const t = s4;
      s4 = s5;
      s5 = t;
    }
    if (s0 > s2) {
      const t = s0;
      s0 = s2;
      s2 = t;
    }
    if (s3 > s5) {
      const t = s3;
      s3 = s5;
      s5 = t;
    }
    if (s1 > s4) {
      const t = s1;
      s1 = s4;
      s4 = t;
    }
    if (s0 > s1) {
      const t = s0;
      s0 = s1;
      s1 = t;
    }
    if (s2 > s3) {
      const t = s2;
      s2 = s3;
      s3 = t;
    }
    if (s4 > s5) {
      const t = s4;
      s4 = s5;
      s5 = t;
    }
    if (s1 > s2) {
      const t = s1;
      s1 = s2;
      s2 = t;
    }
    if (s3 > s4) {
      const t = s3;
      s3 = s4;
      s4 = t;
    }
    if (s2 > s3) {
      const t = s2;
      s2 = s3;
      s3 = t;
    }
    dst[0] = s0;
    dst[1] = s1;
    dst[2] = s2;
    dst[3] = s3;
    dst[4] = s4;
    dst[5] = s5;
  };
  // the canonical key of rowMask, in ka, kb, kc: the least, over the twin swaps h (identity included), of the
  // sorted masks of h·rowMask, compared as the three key words
  let ka = 0,
    kb = 0,
    kc = 0;
  const moved = new Int32Array(6),
    movedSorted = new Int32Array(6);
  const canon = (): void => {
    sort6(rowMask, sorted);
    ka = sorted[0] | (sorted[1] << 12);
    kb = sorted[2] | (sorted[3] << 12);
    kc = sorted[4] | (sorted[5] << 12);
    for (const map of twins.maps) {
      for (let r = 0; r < 6; r++) moved[r] = map[rowMask[r]];
      sort6(moved, movedSorted);
      const a = movedSorted[0] | (movedSorted[1] << 12),
        b = movedSorted[2] | (movedSorted[3] << 12),
        c = movedSorted[4] | (movedSorted[5] << 12);
      if (a < ka || (a === ka && (b < kb || (b === kb && c < kc)))) {
        ka = a;
        kb = b;
        kc = c;
      }
    }
  };
  /** Π (multiplicity of equal masks)! · #{twin swaps h : h·rowMask = rowMask up to the rows}: its stabiliser. */
  const stabiliser = (): bigint => {
    sort6(rowMask, sorted);
    let stab = 1n;
    for (let r = 1, run = 1; r <= R; r++) {
      if (r < R && sorted[r] === sorted[r - 1]) stab *= BigInt(++run);
      else run = 1;
    }
    let fixed = 1n;
    for (const map of twins.maps) {
      for (let r = 0; r < 6; r++) moved[r] = map[rowMask[r]];
      sort6(moved, movedSorted);
      let same = true;
      for (let r = 0; r < 6; r++) if (movedSorted[r] !== sorted[r]) same = false;
      if (same) fixed++;
    }
    return stab * fixed;
  };
  /** The states after one more column (the column's digits each take a row they have not used, all distinct). */
  const advance = (table: StateTable, column: number): StateTable => {
    let nd = 0;
    for (let u = cols[column]; u !== 0; u &= u - 1) digits[nd++] = 31 - Math.clz32(u & -u);
    const next = new StateTable(Math.max(1 << 10, 1 << Math.ceil(Math.log2(table.size * 4 + 1))));
    const slots = table.slots;
    let wLo = 0,
      wHi = 0;
    const walk = (i: number, taken: number): void => {
      if (i === nd) {
        transitions++;
        canon();
        next.add(ka, kb, kc, wLo, wHi);
        return;
      }
      const d = ord[i];
      const bit = 1 << d;
      for (let free = full & ~taken & ~used[d]; free !== 0; free &= free - 1) {
        const r = 31 - Math.clz32(free & -free);
        rowMask[r] |= bit;
        walk(i + 1, taken | (1 << r));
        rowMask[r] &= ~bit;
      }
    };
    for (let s = 0; s <= table.mask; s++) {
      if (!decode(table, s)) continue;
      used.fill(0);
      for (let r = 0; r < R; r++) for (let u = rowMask[r]; u !== 0; u &= u - 1) used[31 - Math.clz32(u & -u)] |= 1 << r;
      // the digits with the fewest free rows first: fewer dead ends
      for (let i = 0; i < nd; i++) {
        const d = digits[i],
          k = popcount6(used[d]);
        let j = i;
        while (j > 0 && popcount6(used[ord[j - 1]]) < k) {
          ord[j] = ord[j - 1];
          j--;
        }
        ord[j] = d;
      }
      wLo = slots[4 * s + 2];
      wHi = slots[4 * s + 3];
      walk(0, 0);
    }
    peak = Math.max(peak, next.size);
    return next;
  };
  const start = (): StateTable => {
    const t = new StateTable();
    for (let r = 0; r < R; r++) rowMask[r] = 0;
    canon();
    t.add(ka, kb, kc, 1, 0);
    return t;
  };
  // forward from the first column; with `meet`, also backward from the last, the smaller side advancing, until
  // they meet: F = Σ_x W_fwd(x)·W_bwd(x̄) / |orbit(x)|, x̄ the complement of every row mask (the rows each digit
  // still needs), |orbit(x)| = R!/Π (multiplicity of equal row masks)! (W counts the orbit's labelled states)
  let fwd = start(),
    bwd = start();
  const levels: number[] = [],
    backLevels: number[] = [];
  for (let steps = 0; steps < Math.min(maxColumns, m); steps++) {
    if (meet && bwd.size < fwd.size) {
      bwd = advance(bwd, order[m - 1 - backLevels.length]);
      backLevels.push(bwd.size);
    } else {
      fwd = advance(fwd, order[levels.length]);
      levels.push(fwd.size);
      options.onColumn?.(levels.length - 1, fwd.size);
    }
  }
  let F = -1n;
  if (maxColumns >= m) {
    F = 0n;
    let fact = BigInt(twins.maps.length + 1); // |S_R × twin swaps|
    for (let r = 2; r <= R; r++) fact *= BigInt(r);
    for (let s = 0; s <= fwd.mask; s++) {
      if (!decode(fwd, s)) continue;
      for (let r = 0; r < R; r++) rowMask[r] = ~rowMask[r] & allDigits;
      canon();
      const t = bwd.find(ka, kb, kc);
      if (t < 0) continue;
      F += ((fwd.count(s) * stabiliser()) / fact) * bwd.count(t);
    }
  }
  return { F, order, transposed: transpose, states: levels, backStates: backLevels, transitions, peakStates: peak };
}
