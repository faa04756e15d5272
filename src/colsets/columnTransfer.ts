import { columnOrder } from './columnOrder.js';
import { type TransferTables, wasmTransferTables, WasmTransferFallback } from './wasmColumnTransfer.js';

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
 *   key of a state (one double, < 2⁵¹): every row mask of a layer has as many bits as there are columns taken, so
 *   a mask is its rank among the masks with that many bits (0..923); the six ranks sorted, r0 ≤ … ≤ r5 (phantom
 *   rows of R < 6: 1023), are one multiset, whose rank Σ_i C(r_i + i, i + 1) is the key (decoded greedily from
 *   r5 down)
 *
 * Speed (issue 25, round 7): the hot loop walks the placements of a column with an explicit stack, keys each
 * result with one sorting network and six table look-ups, collects a state's keys and then adds them to a table of
 * three doubles a slot sized twice the layer; ~0.1 µs a transition, of which the table's random writes are about
 * half (a radix-partitioned insertion, buffered by the top bits of the hash into tables of ~100 KB, was tried and
 * was slower, even on tables of 2.5·10⁶ states). By default the layers are advanced, and the meeting sum taken, by a
 * WebAssembly core (assembly/columnTransferCore.ts, wasmColumnTransfer.ts: the same walk and keys, the key and count
 * each one u64, 16 bytes a slot); this TypeScript is its fallback and the oracle the tests compare it with.
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
  /**
   * Where the layers are advanced: 'wasm', the WebAssembly core (assembly/columnTransferCore.ts: 64-bit keys and
   * counts; a count that would pass 2⁶⁴, or tables that outgrow its linear memory (wasm32: < 4 GB), send the class
   * to the TypeScript), or 'js', the TypeScript (the oracle). Default: wasm when this engine has WebAssembly, else
   * js. The same states and transitions either way (after a fallback, onColumn hears the columns again from the
   * TypeScript).
   */
  readonly engine?: 'wasm' | 'js';
}

const POPCOUNT = Uint8Array.from(
  { length: 64 },
  (_, u) => (u & 1) + ((u >> 1) & 1) + ((u >> 2) & 1) + ((u >> 3) & 1) + ((u >> 4) & 1) + ((u >> 5) & 1),
);
const popcount6 = (u: number): number => POPCOUNT[u];
const TWO32 = 4294967296;
const TWO20 = 1048576;
const TWO52 = 4503599627370496;
const INV32 = 1 / TWO32;
/** The rank a phantom row (R < 6, mask 0xfff) takes: above every real rank (≤ 923), so phantoms sort last. */
const PHANTOM = 1023;

/**
 * Row masks as ranks: RANK[mask] = the place of mask among the 12-bit masks with as many bits, in increasing order
 * (0..923, C(12,6) = 924 at most); every row has as many bits as there are columns taken, so the ranks of a state's
 * rows sort as its masks do. UNRANK[1024·bits + rank] = the mask.
 */
const RANK = new Int16Array(4096);
const UNRANK = new Int16Array(13 * 1024);
{
  const seen = new Int32Array(13);
  for (let u = 0; u < 4096; u++) {
    let bits = 0;
    for (let v = u; v !== 0; v &= v - 1) bits++;
    RANK[u] = seen[bits];
    UNRANK[1024 * bits + seen[bits]++] = u;
  }
}
/**
 * COMB[1024·i + r] = C(r + i, i + 1): the key of a state is the rank of its sorted row ranks r0 ≤ … ≤ r5 as a
 * multiset (the combinatorial number system on r_i + i), Σ_i COMB[1024·i + r_i] < C(1028, 6) < 2⁵¹: one double,
 * exact, and decoded greedily from the top.
 */
const COMB = new Float64Array(6 * 1024);
for (let i = 0; i < 6; i++)
  for (let r = 0; r < 1024; r++) {
    let c = 1;
    for (let j = 1; j <= i + 1; j++) c = (c * (r + i + 1 - j)) / j; // C(r + i, i + 1), exact at every step
    COMB[1024 * i + r] = Math.round(c);
  }

/**
 * Open-addressing table, linear probing: keys → exact counts, three doubles a slot:
 *   [key, lo, hi]   key < 2⁵¹; count = lo + 2³²·hi (lo < 2³²); empty slot: key −1
 * The slot: the top bits of the key's hash. Grown at half full.
 */
class StateTable {
  size = 0;
  mask: number;
  shift: number;
  slots: Float64Array;
  constructor(bits = 10) {
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    this.slots = new Float64Array(3 << bits).fill(-1);
  }
  /** The first of a key's three doubles in `slots`, or -1. */
  find(key: number): number {
    const slots = this.slots,
      mask = this.mask;
    for (let h = hashOf(key) >>> this.shift; ; h = (h + 1) & mask) {
      const k = slots[3 * h];
      if (k === -1) return -1;
      if (k === key) return 3 * h;
    }
  }
  add(key: number, lo: number, hi: number): void {
    const slots = this.slots,
      mask = this.mask;
    for (let h = hashOf(key) >>> this.shift; ; h = (h + 1) & mask) {
      const i = 3 * h,
        k = slots[i];
      if (k === -1) {
        slots[i] = key;
        slots[i + 1] = lo;
        slots[i + 2] = hi;
        if (++this.size * 2 > mask) this.grow();
        return;
      }
      if (k === key) {
        let l = slots[i + 1] + lo;
        let g = slots[i + 2] + hi;
        if (l >= TWO32) {
          l -= TWO32;
          g += 1;
        }
        slots[i + 1] = l;
        slots[i + 2] = g;
        return;
      }
    }
  }
  private grow(): void {
    const old = this.slots;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.shift--;
    this.slots = new Float64Array(3 * cap).fill(-1);
    this.size = 0;
    for (let i = 0; i < old.length; i += 3) if (old[i] !== -1) this.add(old[i], old[i + 1], old[i + 2]);
  }
}

/** A 32-bit multiplicative hash of a key's two 32-bit halves (the top bits are the good ones). */
function hashOf(key: number): number {
  return Math.imul((key >>> 0) ^ Math.imul((key * INV32) | 0, 0x85ebca77), 0x9e3779b1) >>> 0;
}

/** The sorted ranks of a state's six rows (phantoms last) from its key, into out[0..5]. */
function unrankKey(key: number, out: Int32Array): void {
  let rest = key,
    hi = PHANTOM;
  for (let i = 5; i >= 0; i--) {
    // the largest r ≤ hi with COMB[i][r] ≤ rest
    let lo = 0,
      top = hi;
    const base = 1024 * i;
    while (lo < top) {
      const mid = (lo + top + 1) >> 1;
      if (COMB[base + mid] <= rest) lo = mid;
      else top = mid - 1;
    }
    out[i] = lo;
    rest -= COMB[base + lo];
    hi = lo;
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
  const allDigits = (1 << m) - 1;
  // ranks of the masks (phantom rows, 0xfff when R < 6, above every real one); the same composed with each twin swap
  const rank = RANK.slice();
  if (R < 6) rank[0xfff] = PHANTOM;
  const twinRanks = twins.maps.map((map) => rank.map((_, u) => rank[map[u]]));
  const fact = BigInt(twins.maps.length + 1) * [2, 3, 4, 5, 6].reduce((f, r) => (r <= R ? f * BigInt(r) : f), 1n);
  const run = <T>(tables: TransferTables<T>): ColumnTransferResult => {
    let peak = 1;
    const digits = new Int32Array(6);
    const advance = (table: T, column: number, bits: number): T => {
      let nd = 0;
      for (let u = cols[column]; u !== 0; u &= u - 1) digits[nd++] = 31 - Math.clz32(u & -u);
      const next = tables.advance(table, digits, nd, bits);
      peak = Math.max(peak, tables.size(next));
      return next;
    };
    // forward from the first column; with `meet`, also backward from the last, the smaller side advancing, until
    // they meet: F = Σ_x W_fwd(x)·W_bwd(x̄) / |orbit(x)|, x̄ the complement of every row mask (the rows each digit
    // still needs), |orbit(x)| = R!·t/|stab(x)|, t the twin swaps (W counts the orbit's labelled states)
    let fwd = tables.start(),
      bwd = tables.start();
    const levels: number[] = [],
      backLevels: number[] = [];
    for (let steps = 0; steps < Math.min(maxColumns, m); steps++) {
      if (meet && tables.size(bwd) < tables.size(fwd)) {
        bwd = advance(bwd, order[m - 1 - backLevels.length], backLevels.length);
        backLevels.push(tables.size(bwd));
      } else {
        fwd = advance(fwd, order[levels.length], levels.length);
        levels.push(tables.size(fwd));
        options.onColumn?.(levels.length - 1, tables.size(fwd));
      }
    }
    // Σ over the meeting states of W_fwd·W_bwd·|stab|, then divided by R!·t
    const F = maxColumns >= m ? tables.meetSum(fwd, bwd, levels.length) / fact : -1n;
    const transitions = tables.transitions();
    return { F, order, transposed: transpose, states: levels, backStates: backLevels, transitions, peakStates: peak };
  };
  const ranks = [rank, ...twinRanks];
  if (options.engine !== 'js') {
    const wasm = wasmTransferTables(R, ranks, UNRANK);
    if (wasm) {
      try {
        return run(wasm);
      } catch (e) {
        // a count past 2⁶⁴, or tables past the core's memory: the TypeScript (exact in BigInt, tables in the
        // JavaScript heap) counts the class again
        if (!(e instanceof WasmTransferFallback)) throw e;
      }
    } else if (options.engine === 'wasm') throw new Error('column transfer: this engine has no WebAssembly');
  }
  return run(jsTransferTables(R, rank, twinRanks, allDigits));
}

/** The tables in TypeScript: StateTable, a Layer to advance them, the meeting sum in a double while exact. */
function jsTransferTables(
  R: number,
  rank: Int16Array,
  twinRanks: readonly Int16Array[],
  allDigits: number,
): TransferTables<StateTable> {
  const rows = new Int32Array(6);
  const sorted = new Int32Array(6);
  const layer = new Layer(R, rank, twinRanks);
  let transitions = 0;
  return {
    start() {
      const t = new StateTable();
      for (let r = 0; r < 6; r++) rows[r] = r < R ? 0 : 0xfff;
      t.add(layer.canonical(rows), 1, 0);
      return t;
    },
    advance(table, digits, nd, bits) {
      layer.digits.set(digits.subarray(0, nd));
      const next = new StateTable(Math.max(10, Math.ceil(Math.log2(2 * table.size + 1))));
      transitions += layer.advance(table, next, bits, nd);
      return next;
    },
    size: (t) => t.size,
    transitions: () => transitions,
    meetSum(fwd, bwd, k) {
      // in a double while the terms and the running sum stay below 2⁵² (nearly always: the mean term is about
      // 720·F / the states), else in a BigInt
      const slots = fwd.slots,
        back = bwd.slots;
      let sum = 0,
        total = 0n;
      for (let s = 0; s < slots.length; s += 3) {
        const key = slots[s];
        if (key === -1) continue;
        unrankKey(key, sorted);
        for (let r = 0; r < 6; r++) rows[r] = r < R ? ~UNRANK[1024 * k + sorted[r]] & allDigits : 0xfff;
        const t = bwd.find(layer.canonical(rows));
        if (t < 0) continue;
        const st = layer.stabiliser(rows);
        const term = (slots[s + 1] + TWO32 * slots[s + 2]) * (back[t + 1] + TWO32 * back[t + 2]) * st;
        if (term < TWO52 && slots[s + 2] < TWO20 && back[t + 2] < TWO20) {
          sum += term; // exact: both counts below 2⁵², so each product, if below 2⁵², is exact; sum < 2⁵³
          if (sum >= TWO52) {
            total += BigInt(sum);
            sum = 0;
          }
        } else
          total +=
            (BigInt(slots[s + 1]) + (BigInt(slots[s + 2]) << 32n)) *
            (BigInt(back[t + 1]) + (BigInt(back[t + 2]) << 32n)) *
            BigInt(st);
      }
      return total + BigInt(sum);
    },
  };
}

/**
 * One column of the transfer: every state of a table, every way to put the column's digits in distinct rows they
 * have not used, the canonical key of the result added to the next table with the state's count. The hot loop:
 * an explicit stack instead of recursion, the row masks as ranks, the key one double.
 */
class Layer {
  /** The column's digits (R of them). */
  readonly digits = new Int32Array(6);
  private readonly rows = new Int32Array(6);
  private readonly ranks = new Int32Array(6);
  private readonly used = new Int32Array(12);
  private readonly ord = new Int32Array(6);
  private readonly allowed = new Int32Array(6);
  private readonly bit = new Int32Array(6);
  private readonly rest = new Int32Array(7);
  private readonly pick = new Int32Array(6);
  /** The keys a state leads to (at most 6! = 720). */
  private readonly out = new Float64Array(720);
  constructor(
    private readonly R: number,
    private readonly rank: Int16Array,
    private readonly twinRanks: readonly Int16Array[],
  ) {}

  /** The key of the state rows[0..5]: the least over the twin swaps of the key of its sorted row ranks. */
  canonical(rows: Int32Array): number {
    let key = keyOf(rows, this.rank);
    for (const tr of this.twinRanks) {
      const k = keyOf(rows, tr);
      if (k < key) key = k;
    }
    return key;
  }

  /** |stab(rows)|: Π (multiplicity of equal masks)! · #{twin swaps h (identity too): h·rows = rows up to the rows}. */
  stabiliser(rows: Int32Array): number {
    let stab = 1;
    for (let i = 1; i < this.R; i++) {
      let same = 1;
      for (let j = 0; j < i; j++) if (rows[j] === rows[i]) same++;
      stab *= same;
    }
    const key = keyOf(rows, this.rank);
    let fixed = 1;
    for (const tr of this.twinRanks) if (keyOf(rows, tr) === key) fixed++;
    return stab * fixed;
  }

  /** The states after the column `digits[0..nd)` from those of `table` (rows of `bits` bits each) into `next`. */
  advance(table: StateTable, next: StateTable, bits: number, nd: number): number {
    const R = this.R,
      full = (1 << R) - 1,
      rows = this.rows,
      ranks = this.ranks,
      used = this.used,
      ord = this.ord,
      allowed = this.allowed,
      bit = this.bit,
      rest = this.rest,
      pick = this.pick,
      digits = this.digits,
      rank = this.rank,
      twins = this.twinRanks,
      nt = twins.length,
      out = this.out,
      last = nd - 1;
    let transitions = 0;
    const slots = table.slots;
    for (let s = 0; s < slots.length; s += 3) {
      const key = slots[s];
      if (key === -1) continue;
      const wLo = slots[s + 1],
        wHi = slots[s + 2];
      unrankKey(key, ranks);
      for (let r = 0; r < 6; r++) rows[r] = r < R ? UNRANK[1024 * bits + ranks[r]] : 0xfff;
      // the rows each of the column's digits has used; the digits with the fewest free rows first (fewer dead ends)
      for (let i = 0; i < nd; i++) {
        const d = digits[i];
        let u = 0;
        for (let r = 0; r < R; r++) u |= ((rows[r] >> d) & 1) << r;
        used[d] = u;
        const c = popcount6(u);
        let j = i;
        while (j > 0 && popcount6(used[ord[j - 1]]) < c) {
          ord[j] = ord[j - 1];
          j--;
        }
        ord[j] = d;
      }
      for (let i = 0; i < nd; i++) {
        allowed[i] = full & ~used[ord[i]];
        bit[i] = 1 << ord[i];
      }
      // every system of distinct rows: level i places digit ord[i]; rest[i] = its rows not yet tried
      let i = 0,
        taken = 0,
        n = 0;
      rest[0] = allowed[0];
      for (;;) {
        const f = rest[i];
        if (f === 0) {
          if (i === 0) break;
          i--;
          const r = pick[i];
          taken ^= 1 << r;
          rows[r] ^= bit[i];
          continue;
        }
        const low = f & -f;
        rest[i] = f ^ low;
        const r = 31 - Math.clz32(low);
        if (i < last) {
          pick[i] = r;
          taken |= low;
          rows[r] |= bit[i];
          i++;
          rest[i] = allowed[i] & ~taken;
          continue;
        }
        // a leaf: the column placed
        rows[r] |= bit[i];
        let k = keyOf(rows, rank);
        for (let t = 0; t < nt; t++) {
          const k2 = keyOf(rows, twins[t]);
          if (k2 < k) k = k2;
        }
        rows[r] ^= bit[i];
        out[n++] = k;
      }
      // then the state's count to each (apart from the walk, which stays small enough to be compiled as one piece)
      for (let j = 0; j < n; j++) next.add(out[j], wLo, wHi);
      transitions += n;
    }
    return transitions;
  }
}

/** The key of six rows: their ranks (by `rank`) sorted by a network of 12 comparators, as a multiset (COMB). */
function keyOf(rows: Int32Array, rank: Int16Array): number {
  let s0 = rank[rows[0]],
    s1 = rank[rows[1]],
    s2 = rank[rows[2]],
    s3 = rank[rows[3]],
    s4 = rank[rows[4]],
    s5 = rank[rows[5]];
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
  return COMB[s0] + COMB[1024 + s1] + COMB[2048 + s2] + COMB[3072 + s3] + COMB[4096 + s4] + COMB[5120 + s5];
}
