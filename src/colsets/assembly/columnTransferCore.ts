/**
 * The hot part of src/colsets/columnTransfer.ts in AssemblyScript, compiled to WebAssembly at build time by
 * scripts/build-wasm.mjs: advancing a layer (every state's placements of the next column's digits in distinct free
 * rows, each result keyed and its count added into the next table) and the meeting sum. Same keys, same walk, same
 * order: the transitions are those of the TypeScript, which stays as the fallback and the oracle the tests compare
 * this with. The driver (order, orientation, twins, which side advances) stays in TypeScript.
 *
 * Linear memory, from __heap_base (the caller writes the tables once, after setup):
 *
 *   ranks    u16 [(1 + twins) · 4096]: a row mask's rank, then composed with each twin swap (phantom 0xfff → 1023)
 *   unrank   u16 [13 · 1024]: the mask of a rank among the masks of `bits` bits
 *   digits   i32 [6]: the column's digits (written by the caller before each advance)
 *   result   u64 [2]: the meeting sum, lo and hi (read by the caller)
 *   scratch  the walk's stack
 *   heap     from heapPtr(): the tables, laid out by the caller (memory grown by reserve)
 *
 * A table: open addressing, linear probing, 2^b slots of 16 bytes [key u64, count u64]; empty key: all ones; the
 * slot from the top b bits of key · 0x9E3779B97F4A7C15. Counts are exact u64: an add that carries sets the overflow
 * flag (the caller then runs the TypeScript); the meeting sum is 128 bits, its overflow flagged too.
 *
 * Big tables are written and probed by slices (2^14 slots, 256 KB), through a staging area of buckets, one a slice:
 * `advance` stages each result by the slice of its home slot and writes a bucket at a time (`flush`); `meet` stages
 * each complement's key by the slice of the backward table it will be looked up in, and probes a bucket at a time.
 */

let R: i32 = 0;
let NT: i32 = 0;
let overflow: i32 = 0;
let transitions: u64 = 0;
let nextSize: i32 = 0;
/** The largest count and the largest high word of the meeting sum allowed (all ones; lowered only by tests). */
let countMax: u64 = 0xffffffffffffffff;
let sumHiMax: u64 = 0xffffffffffffffff;
let sumLoMax: u64 = 0xffffffffffffffff;
/** The key of the rows by the identity, from the last canonical(). */
let key0: u64 = 0;

const EMPTY: u64 = 0xffffffffffffffff;
const MAX_TWINS: usize = 48;
const ranksBase: usize = (__heap_base + 63) & ~(63 as usize);
const unrankBase: usize = ranksBase + MAX_TWINS * 4096 * 2;
const digitsBase: usize = unrankBase + 13 * 1024 * 2;
const resultBase: usize = digitsBase + 64;
const rowsBase: usize = resultBase + 64;
const ranksOut: usize = rowsBase + 32;
const usedBase: usize = ranksOut + 32;
const ordBase: usize = usedBase + 64;
const allowedBase: usize = ordBase + 32;
const bitBase: usize = allowedBase + 32;
const restBase: usize = bitBase + 32;
const pickBase: usize = restBase + 32;
const outBase: usize = pickBase + 32;
/** NR[8·i + r]: the rank row r's mask takes once level i's digit is put in it (walk6's table, one a state). */
const nrBase: usize = (outBase + 720 * 8 + 63) & ~(63 as usize);
/** walk6's keys by a twin swap's ranks (the least of them and out[]'s kept in out[]). */
const twinOutBase: usize = (nrBase + 2 * 48 * 4 + 63) & ~(63 as usize);
/** A second NR (a twin swap's), for walk6x2; nr2Base − nrBase = 192 bytes. */
const nr2Base: usize = nrBase + 48 * 4;
/** The column's digits for state6, each as d | (5 − i) << 12 (i its place in the column). */
const digOrd: usize = (twinOutBase + 720 * 8 + 63) & ~(63 as usize);
const bucketsBase: usize = (digOrd + 32 + 63) & ~(63 as usize);
/** Staged results (sliced writes): bucket b holds [key, count] pairs at stageBase + (b · stCap + i) · 16, for
 * heads[b] ≤ i < ends[b]. */
const MAX_BUCKETS: usize = 1 << 12;
const headsBase: usize = bucketsBase + MAX_BUCKETS * 4;
/** occ[s]: the keys of the table being built whose home slot is in slice s (the flush keeps each slice ≤ ¾ full). */
const occBase: usize = headsBase + MAX_BUCKETS * 4;
const heapBase: usize = (occBase + MAX_BUCKETS * 4 + 63) & ~(63 as usize);
/**
 * Tables of 2^sliceFrom slots or more take their results through buckets, written a slice (2^sliceBits slots, 256 KB
 * by default: well within the L2 cache, so a bucket's adds, in any order, hit it) at a time; a table's slices are 2^occShift slots (sliceBits, or more where the
 * staging area would leave a bucket fewer than 1,024 results, or the table more than MAX_BUCKETS slices).
 */
let sliceBits: i32 = 14;
/**
 * Only tables of at least 2^sliceFrom slots (4 MB) are written by slices: with each slice read in order before its
 * adds, 2^15–2^19 did alike and 2^21 (the threshold before) took 1.1 times the CPU (shard 7; issue 37, round 12).
 */
let sliceFrom: i32 = 18;
let stageBytes: usize = 1 << 27;
let occShift: i32 = 16;
let stageBase: usize = 0;
let stBuckets: usize = 0;
let stCap: usize = 0;
let stTotal: i32 = 0;
/** The table size (bits) the staged results were bucketed for (the table may have grown since). */
let stBits: i32 = 0;
/** Where the sequential touches of a slice go (kept, so that they are not optimised away). */
let touchSink: u64 = 0;

export function setup(rows: i32, twins: i32): i32 {
  if (rows < 1 || rows > 6 || twins < 0 || <usize>twins >= MAX_TWINS) return -1;
  R = rows;
  NT = twins;
  overflow = 0;
  transitions = 0;
  countMax = 0xffffffffffffffff;
  sumHiMax = 0xffffffffffffffff;
  sumLoMax = 0xffffffffffffffff;
  stageBase = 0;
  stTotal = 0;
  sliceBits = 14;
  sliceFrom = 18;
  stageBytes = 1 << 27;
  // the instance may be reused after a class that stopped midway (its tables outgrew the memory): no bucket,
  // head or slice count left from it
  if (!reserve(heapBase)) return -1;
  memory.fill(bucketsBase, 0, heapBase - bucketsBase);
  return 0;
}

/** Lower the limits past which a count or the meeting sum (sumHi·2⁶⁴ + sumLo) is flagged as an overflow (tests). */
export function limit(count: u64, sumHi: u64, sumLo: u64): void {
  countMax = count;
  sumHiMax = sumHi;
  sumLoMax = sumLo;
}

export function ranksPtr(): usize {
  return ranksBase;
}
export function unrankPtr(): usize {
  return unrankBase;
}
export function digitsPtr(): usize {
  return digitsBase;
}
export function resultPtr(): usize {
  return resultBase;
}
export function heapPtr(): usize {
  return heapBase;
}
export function overflowed(): i32 {
  return overflow;
}
export function transitionsDone(): f64 {
  return <f64>transitions;
}
export function tableSize(): i32 {
  return nextSize;
}

/** Grow the memory to hold `end` bytes; false if it cannot. */
export function reserve(end: usize): bool {
  const have = (<usize>memory.size()) << 16;
  return end <= have || memory.grow(<i32>((end - have + 0xffff) >> 16)) >= 0;
}

/** The slices and the staging area's size (tests lower them, so that small tables take the sliced writes). */
export function slicing(bits: i32, from: i32, bytes: usize): void {
  sliceBits = bits;
  sliceFrom = from;
  stageBytes = bytes;
}
/** The staging area of the sliced writes (stageBytes at base, reserved by the caller once a table needs it). */
export function setStage(base: usize): void {
  stageBase = base;
}
export function stageSize(): usize {
  return stageBytes;
}

/** Empty a table of 2^bits slots at base. */
export function clear(base: usize, bits: i32): void {
  memory.fill(base, 0xff, (<usize>16) << (<usize>bits));
  // the slices of the table about to be built (every new table is cleared first, then built or rehashed into)
  const entries = <i32>ctz<usize>(stageBytes >> 4);
  occShift = max(sliceBits, max(bits - 12, bits - entries + 10));
  memory.fill(occBase, 0, MAX_BUCKETS * 4);
}

@inline function slotOf(key: u64, shift: u64): usize {
  return <usize>((key * 0x9e3779b97f4a7c15) >> shift);
}

/** Add w to key's count in the table at base (2^bits slots); nextSize counts its keys. */
@inline function add(base: usize, bits: i32, key: u64, w: u64): void {
  const mask = ((<usize>1) << (<usize>bits)) - 1;
  let h = slotOf(key, <u64>(64 - bits));
  const o = occBase + ((h >> occShift) << 2);
  for (;;) {
    const p = base + (h << 4);
    const k = load<u64>(p);
    if (k == EMPTY) {
      store<u64>(p, key);
      store<u64>(p, w, 8);
      store<i32>(o, load<i32>(o) + 1);
      nextSize++;
      return;
    }
    if (k == key) {
      const c = load<u64>(p, 8);
      const s = c + w;
      if (s < c || s > countMax) overflow = 1;
      store<u64>(p, s, 8);
      return;
    }
    h = (h + 1) & mask;
  }
}

/** The slot address of key in the table at base, or 0. */
function find(base: usize, bits: i32, key: u64): usize {
  const mask = ((<usize>1) << (<usize>bits)) - 1;
  let h = slotOf(key, <u64>(64 - bits));
  let p = base + (h << 4);
  for (let k = load<u64>(p); k != EMPTY; k = load<u64>(p)) {
    if (k == key) return p;
    h = (h + 1) & mask;
    p = base + (h << 4);
  }
  return 0;
}

/** Move every key of the table at from (2^fromBits slots) into the empty one at to (2^toBits); its size. */
export function rehash(from: usize, fromBits: i32, to: usize, toBits: i32): i32 {
  nextSize = 0;
  const end = from + ((<usize>16) << (<usize>fromBits));
  for (let p = from; p < end; p += 16) {
    const k = load<u64>(p);
    if (k != EMPTY) add(to, toBits, k, load<u64>(p, 8));
  }
  return nextSize;
}

/** Put `key` with count 1 into the (empty) table at base: the start. Its key: from rows (all rows empty). */
export function start(base: usize, bits: i32): void {
  for (let r = 0; r < 6; r++) store<i32>(rowsBase + (<usize>r << 2), r < R ? 0 : 0xfff);
  nextSize = 0;
  add(base, bits, canonical(), 1);
}

/**
 * The key of rows[0..5] by the rank table t (0: the identity; 1..: the twin swaps): the six ranks sorted, packed
 * 10 bits each, the largest on top (< 2⁶⁰, so never the empty key). Packed keys order as the TypeScript's multiset
 * ranks do (both compare the largest rank first, then the next), so the least over the twin swaps is the same
 * state; decoding is six shifts instead of a search.
 */
@inline function keyOf(t: i32): u64 {
  const rk = ranksBase + ((<usize>t) << 13);
  let s0 = <i32>load<u16>(rk + ((<usize>load<i32>(rowsBase)) << 1));
  let s1 = <i32>load<u16>(rk + ((<usize>load<i32>(rowsBase, 4)) << 1));
  let s2 = <i32>load<u16>(rk + ((<usize>load<i32>(rowsBase, 8)) << 1));
  let s3 = <i32>load<u16>(rk + ((<usize>load<i32>(rowsBase, 12)) << 1));
  let s4 = <i32>load<u16>(rk + ((<usize>load<i32>(rowsBase, 16)) << 1));
  let s5 = <i32>load<u16>(rk + ((<usize>load<i32>(rowsBase, 20)) << 1));
  let t0: i32;
  if (s0 > s1) { t0 = s0; s0 = s1; s1 = t0; }
  if (s2 > s3) { t0 = s2; s2 = s3; s3 = t0; }
  if (s4 > s5) { t0 = s4; s4 = s5; s5 = t0; }
  if (s0 > s2) { t0 = s0; s0 = s2; s2 = t0; }
  if (s3 > s5) { t0 = s3; s3 = s5; s5 = t0; }
  if (s1 > s4) { t0 = s1; s1 = s4; s4 = t0; }
  if (s0 > s1) { t0 = s0; s0 = s1; s1 = t0; }
  if (s2 > s3) { t0 = s2; s2 = s3; s3 = t0; }
  if (s4 > s5) { t0 = s4; s4 = s5; s5 = t0; }
  if (s1 > s2) { t0 = s1; s1 = s2; s2 = t0; }
  if (s3 > s4) { t0 = s3; s3 = s4; s4 = t0; }
  if (s2 > s3) { t0 = s2; s2 = s3; s3 = t0; }
  return (
    <u64>s0 |
    ((<u64>s1) << 10) |
    ((<u64>s2) << 20) |
    ((<u64>s3) << 30) |
    ((<u64>s4) << 40) |
    ((<u64>s5) << 50)
  );
}

/** The least key of rows[0..5] over the twin swaps (and their key by the identity into key0). */
function canonical(): u64 {
  let key = keyOf(0);
  key0 = key;
  for (let t = 1; t <= NT; t++) {
    const k = keyOf(t);
    if (k < key) key = k;
  }
  return key;
}

/** The sorted ranks of a key into ranksOut[0..5]: its six 10-bit fields. */
@inline function unrankKey(key: u64): void {
  for (let i = 0; i < 6; i++) store<i32>(ranksOut + (<usize>i << 2), <i32>(key >> (<u64>(10 * i))) & 1023);
}

@inline function rowsFromRanks(bits: i32, complement: i32): void {
  const all = (1 << (2 * R)) - 1;
  for (let r = 0; r < 6; r++) {
    let u = 0xfff;
    if (r < R) {
      u = <i32>load<u16>(unrankBase + ((<usize>((bits << 10) + load<i32>(ranksOut + (<usize>r << 2)))) << 1));
      if (complement) u = ~u & all;
    }
    store<i32>(rowsBase + (<usize>r << 2), u);
  }
}

/**
 * The states of the table at src (2^srcBits slots) from slot `from` on, after the column digits[0..nd) (rows of
 * `bits` bits), into the table at dst (2^dstBits slots, holding `size` keys). Stops after a state once dst is half
 * full: returns the slot to resume from (the caller grows dst), or −1 when done. tableSize() is then dst's keys.
 */
export function advance(
  src: usize,
  srcBits: i32,
  from: i32,
  dst: usize,
  dstBits: i32,
  size: i32,
  bits: i32,
  nd: i32,
): i32 {
  const last = nd - 1;
  const fast = R == 6 && nd == 6;
  const slots = 1 << srcBits;
  const limit = 1 << (dstBits - 1);
  nextSize = size;
  // results left staged by the last call (the table was grown since): into the table first
  if (stTotal > 0 && !flush(dst, dstBits)) return from;
  // big tables: results staged in buckets by slice, then written a slice at a time
  const sliced = stageBase != 0 && dstBits >= sliceFrom;
  const shift = <u64>(64 - dstBits);
  const cap: usize = sliced ? (stageBytes >> 4) >> (<usize>(dstBits - occShift)) : 0;
  if (sliced) {
    stBuckets = (<usize>1) << (<usize>(dstBits - occShift));
    stCap = cap;
    stBits = dstBits;
  }
  if (fast)
    for (let i = 0; i < 6; i++)
      store<i32>(digOrd + (<usize>i << 2), load<i32>(digitsBase + (<usize>i << 2)) | ((5 - i) << 12));
  for (let s = from; s < slots; s++) {
    const sp = src + ((<usize>s) << 4);
    const key = load<u64>(sp);
    if (key == EMPTY) continue;
    const w = load<u64>(sp, 8);
    let i = 0;
    let taken = 0;
    let n = 0;
    if (fast) {
      n = state6(key, bits);
      i = -1;
    } else {
      orderDigits(key, bits, nd);
      store<i32>(restBase, load<i32>(allowedBase));
    }
    for (; i >= 0; ) {
      const ip = <usize>i << 2;
      const f = load<i32>(restBase + ip);
      if (f == 0) {
        if (i == 0) break;
        i--;
        const q = <usize>i << 2;
        const r = load<i32>(pickBase + q);
        taken ^= 1 << r;
        const rp = rowsBase + (<usize>r << 2);
        store<i32>(rp, load<i32>(rp) ^ load<i32>(bitBase + q));
        continue;
      }
      const low = f & -f;
      store<i32>(restBase + ip, f ^ low);
      const r = ctz<i32>(low);
      const rp = rowsBase + (<usize>r << 2);
      const b = load<i32>(bitBase + ip);
      if (i < last) {
        store<i32>(pickBase + ip, r);
        taken |= low;
        store<i32>(rp, load<i32>(rp) | b);
        i++;
        store<i32>(restBase + ip + 4, load<i32>(allowedBase + ip + 4) & ~taken);
        continue;
      }
      // a leaf: the column placed
      const old = load<i32>(rp);
      store<i32>(rp, old | b);
      store<u64>(outBase + (<usize>n << 3), canonical());
      store<i32>(rp, old);
      n++;
    }
    transitions += <u64>n;
    if (sliced) {
      // each result into the bucket of its slice; when a bucket is nearly full, every bucket into the table
      let fill = false;
      for (let j = 0; j < n; j++) {
        const k = load<u64>(outBase + (<usize>j << 3));
        const b = slotOf(k, shift) >> occShift;
        const cp = bucketsBase + (b << 2);
        const c = <usize>load<i32>(cp);
        const at = stageBase + ((b * cap + c) << 4);
        store<u64>(at, k);
        store<u64>(at, w, 8);
        store<i32>(cp, <i32>c + 1);
        if (c + 721 >= cap) fill = true; // a whole state's results (≤ 720) still fit
      }
      stTotal += n;
      if (fill && !flush(dst, dstBits)) return s + 1;
    } else {
      for (let j = 0; j < n; j++) add(dst, dstBits, load<u64>(outBase + (<usize>j << 3)), w);
      if (nextSize >= limit) return s + 1 < slots ? s + 1 : -1;
    }
  }
  if (sliced && !flush(dst, dstBits)) return slots;
  return -1;
}

/**
 * The general walk's per-state work: rows[] from the key, the rows each of the column's digits has used, the digits
 * with the fewest free rows first (ties in column order), allowed[] and bit[] in that order.
 */
function orderDigits(key: u64, bits: i32, nd: i32): void {
  const full = (1 << R) - 1;
  unrankKey(key);
  rowsFromRanks(bits, 0);
  // the rows each of the column's digits has used; the digits with the fewest free rows first
  for (let i = 0; i < nd; i++) {
    const d = load<i32>(digitsBase + (<usize>i << 2));
    let u = 0;
    for (let r = 0; r < R; r++) u |= ((load<i32>(rowsBase + (<usize>r << 2)) >> d) & 1) << r;
    store<i32>(usedBase + (<usize>d << 2), u);
    const c = popcnt<i32>(u);
    let j = i;
    while (j > 0 && popcnt<i32>(load<i32>(usedBase + (<usize>load<i32>(ordBase + (<usize>(j - 1) << 2)) << 2))) < c) {
      store<i32>(ordBase + (<usize>j << 2), load<i32>(ordBase + (<usize>(j - 1) << 2)));
      j--;
    }
    store<i32>(ordBase + (<usize>j << 2), d);
  }
  for (let i = 0; i < nd; i++) {
    const d = load<i32>(ordBase + (<usize>i << 2));
    store<i32>(allowedBase + (<usize>i << 2), full & ~load<i32>(usedBase + (<usize>d << 2)));
    store<i32>(bitBase + (<usize>i << 2), 1 << d);
  }
}

/**
 * One state of a six-row layer (R = 6, six digits a column), its per-state work in locals (issue 37, round 13):
 * the key's six ranks decoded straight into row masks, the rows each digit has used by shifts, the digits ordered
 * by a branch-free sorting network (the fewest free rows first, ties in column order: the order of the general
 * walk's insertion sort), allowed[], bit[] and rows[] written once for walk6 and the twin swaps' newRanks, and NR by
 * the identity's ranks. Then walk6, once by the ranks and once by each twin swap's, the least key kept; the count.
 */
function state6(key: u64, bits: i32): i32 {
  const ub = unrankBase + ((<usize>bits) << 11);
  const m0 = <i32>load<u16>(ub + ((<usize>(<i32>key & 1023)) << 1));
  const m1 = <i32>load<u16>(ub + ((<usize>(<i32>(key >> 10) & 1023)) << 1));
  const m2 = <i32>load<u16>(ub + ((<usize>(<i32>(key >> 20) & 1023)) << 1));
  const m3 = <i32>load<u16>(ub + ((<usize>(<i32>(key >> 30) & 1023)) << 1));
  const m4 = <i32>load<u16>(ub + ((<usize>(<i32>(key >> 40) & 1023)) << 1));
  const m5 = <i32>load<u16>(ub + ((<usize>(<i32>(key >> 50) & 1023)) << 1));
  store<i32>(rowsBase, m0);
  store<i32>(rowsBase, m1, 4);
  store<i32>(rowsBase, m2, 8);
  store<i32>(rowsBase, m3, 12);
  store<i32>(rowsBase, m4, 16);
  store<i32>(rowsBase, m5, 20);
  // per digit (in column order, digOrd: d | (5 − i) << 12): v = popcount(used) << 16 | (5 − i) << 12 | used << 4 | d
  let v0 = sortKey6(load<i32>(digOrd), m0, m1, m2, m3, m4, m5);
  let v1 = sortKey6(load<i32>(digOrd, 4), m0, m1, m2, m3, m4, m5);
  let v2 = sortKey6(load<i32>(digOrd, 8), m0, m1, m2, m3, m4, m5);
  let v3 = sortKey6(load<i32>(digOrd, 12), m0, m1, m2, m3, m4, m5);
  let v4 = sortKey6(load<i32>(digOrd, 16), m0, m1, m2, m3, m4, m5);
  let v5 = sortKey6(load<i32>(digOrd, 20), m0, m1, m2, m3, m4, m5);
  // descending (the values are distinct): the network of keyOf, max first
  let t = 0;
  t = min(v0, v1); v0 = max(v0, v1); v1 = t;
  t = min(v2, v3); v2 = max(v2, v3); v3 = t;
  t = min(v4, v5); v4 = max(v4, v5); v5 = t;
  t = min(v0, v2); v0 = max(v0, v2); v2 = t;
  t = min(v3, v5); v3 = max(v3, v5); v5 = t;
  t = min(v1, v4); v1 = max(v1, v4); v4 = t;
  t = min(v0, v1); v0 = max(v0, v1); v1 = t;
  t = min(v2, v3); v2 = max(v2, v3); v3 = t;
  t = min(v4, v5); v4 = max(v4, v5); v5 = t;
  t = min(v1, v2); v1 = max(v1, v2); v2 = t;
  t = min(v3, v4); v3 = max(v3, v4); v4 = t;
  t = min(v2, v3); v2 = max(v2, v3); v3 = t;
  level6(0, v0);
  level6(1, v1);
  level6(2, v2);
  level6(3, v3);
  level6(4, v4);
  level6(5, v5);
  if (NT == 0) return walk6(outBase);
  // twin swaps two at a time: walk6x2 keys each placement by two rank tables in one walk
  newRanks(1, nr2Base);
  const n = walk6x2(outBase);
  for (let tw = 2; tw <= NT; tw += 2) {
    newRanks(tw, nrBase);
    if (tw < NT) {
      newRanks(tw + 1, nr2Base);
      walk6x2(twinOutBase);
    } else walk6(twinOutBase);
    for (let j = 0; j < n; j++) {
      const at = outBase + (<usize>j << 3);
      const k = load<u64>(twinOutBase + (<usize>j << 3));
      if (k < load<u64>(at)) store<u64>(at, k);
    }
  }
  return n;
}

/** state6's sort key of one digit (dd: d | (5 − i) << 12) from the six row masks. */
@inline function sortKey6(dd: i32, m0: i32, m1: i32, m2: i32, m3: i32, m4: i32, m5: i32): i32 {
  const d = dd & 15;
  const u =
    ((m0 >> d) & 1) |
    (((m1 >> d) & 1) << 1) |
    (((m2 >> d) & 1) << 2) |
    (((m3 >> d) & 1) << 3) |
    (((m4 >> d) & 1) << 4) |
    (((m5 >> d) & 1) << 5);
  return (popcnt<i32>(u) << 16) | dd | (u << 4);
}

/** Level l of walk6 from its sort key: allowed[l], bit[l] and NR[8l + r] by the identity's ranks. */
@inline function level6(l: i32, v: i32): void {
  const lb = <usize>l << 2;
  const a = 63 & ~(v >> 4);
  const b = 1 << (v & 15);
  store<i32>(allowedBase + lb, a);
  store<i32>(bitBase + lb, b);
  for (let x = a; x != 0; x &= x - 1) {
    const r = ctz<i32>(x);
    const m = load<i32>(rowsBase + (<usize>r << 2)) | b;
    store<i32>(nrBase + (<usize>(8 * l + r) << 2), <i32>load<u16>(ranksBase + ((<usize>m) << 1)));
  }
}

/** NR for walk6 from rows[], allowed[] and bit[] of the state, by rank table t (0: the identity; 1..: twin swaps). */
function newRanks(t: i32, nr: usize): void {
  const rk = ranksBase + ((<usize>t) << 13);
  for (let l = 0; l < 6; l++) {
    const lb = <usize>l << 2;
    const b = load<i32>(bitBase + lb);
    for (let a = load<i32>(allowedBase + lb); a != 0; a &= a - 1) {
      const r = ctz<i32>(a);
      const m = load<i32>(rowsBase + (<usize>r << 2)) | b;
      store<i32>(nr + (<usize>(8 * l + r) << 2), <i32>load<u16>(rk + ((<usize>m) << 1)));
    }
  }
}

/**
 * Every placement of a column's six digits (level l: digit ord[l], in a row of allowed[l] not taken above it) from
 * the state whose new ranks are NR, keyed into out[]; the count. The same placements and keys as the general walk in
 * `advance` (which keyOf sorts at each leaf), but in locals: each level inserts its rank into the sorted ranks of the
 * levels above (branch-free, min and max), so a leaf is one insertion of five steps and a packing (issue 37,
 * round 11). The last level has one row left at most.
 */
function walk6(out: usize): i32 {
  const s1 = load<i32>(allowedBase, 4);
  const s2 = load<i32>(allowedBase, 8);
  const s3 = load<i32>(allowedBase, 12);
  const s4 = load<i32>(allowedBase, 16);
  const s5 = load<i32>(allowedBase, 20);
  let n = 0;
  for (let a0 = load<i32>(allowedBase); a0 != 0; a0 &= a0 - 1) {
    const l0 = a0 & -a0;
    const v0 = load<i32>(nrBase + (<usize>ctz<i32>(a0) << 2));
    for (let a1 = s1 & ~l0; a1 != 0; a1 &= a1 - 1) {
      const t1 = l0 | (a1 & -a1);
      const v1 = load<i32>(nrBase + 32 + (<usize>ctz<i32>(a1) << 2));
      const b0 = min(v0, v1);
      const b1 = max(v0, v1);
      for (let a2 = s2 & ~t1; a2 != 0; a2 &= a2 - 1) {
        const t2 = t1 | (a2 & -a2);
        const v2 = load<i32>(nrBase + 64 + (<usize>ctz<i32>(a2) << 2));
        const c0 = min(b0, v2);
        let m = max(b0, v2);
        const c1 = min(b1, m);
        const c2 = max(b1, m);
        for (let a3 = s3 & ~t2; a3 != 0; a3 &= a3 - 1) {
          const t3 = t2 | (a3 & -a3);
          const v3 = load<i32>(nrBase + 96 + (<usize>ctz<i32>(a3) << 2));
          const d0 = min(c0, v3);
          m = max(c0, v3);
          const d1 = min(c1, m);
          m = max(c1, m);
          const d2 = min(c2, m);
          const d3 = max(c2, m);
          for (let a4 = s4 & ~t3; a4 != 0; a4 &= a4 - 1) {
            const a5 = s5 & ~(t3 | (a4 & -a4));
            if (a5 == 0) continue;
            const v4 = load<i32>(nrBase + 128 + (<usize>ctz<i32>(a4) << 2));
            const v5 = load<i32>(nrBase + 160 + (<usize>ctz<i32>(a5) << 2));
            const e0 = min(d0, v4);
            m = max(d0, v4);
            const e1 = min(d1, m);
            m = max(d1, m);
            const e2 = min(d2, m);
            m = max(d2, m);
            const e3 = min(d3, m);
            const e4 = max(d3, m);
            const f0 = min(e0, v5);
            m = max(e0, v5);
            const f1 = min(e1, m);
            m = max(e1, m);
            const f2 = min(e2, m);
            m = max(e2, m);
            const f3 = min(e3, m);
            m = max(e3, m);
            const f4 = min(e4, m);
            const f5 = max(e4, m);
            const lo = f0 | (f1 << 10) | (f2 << 20);
            const hi = f3 | (f4 << 10) | (f5 << 20);
            store<u64>(out + (<usize>n << 3), (<u64>(<u32>lo)) | ((<u64>(<u32>hi)) << 30));
            n++;
          }
        }
      }
    }
  }
  return n;
}

/**
 * walk6 by two rank tables at once, NR (at nrBase) and NR′ (at nr2Base, a twin swap's): the same placements, each
 * keyed both ways and the lesser key kept. One walk instead of two for a twin swap (issue 37, round 13): the loops
 * and their branches are shared, only the insertions and the packing are done twice.
 */
function walk6x2(out: usize): i32 {
  const s1 = load<i32>(allowedBase, 4);
  const s2 = load<i32>(allowedBase, 8);
  const s3 = load<i32>(allowedBase, 12);
  const s4 = load<i32>(allowedBase, 16);
  const s5 = load<i32>(allowedBase, 20);
  let n = 0;
  for (let a0 = load<i32>(allowedBase); a0 != 0; a0 &= a0 - 1) {
    const l0 = a0 & -a0;
    const r0 = nrBase + (<usize>ctz<i32>(a0) << 2);
    const v0 = load<i32>(r0);
    const w0 = load<i32>(r0, 192);
    for (let a1 = s1 & ~l0; a1 != 0; a1 &= a1 - 1) {
      const t1 = l0 | (a1 & -a1);
      const r1 = nrBase + 32 + (<usize>ctz<i32>(a1) << 2);
      const v1 = load<i32>(r1);
      const w1 = load<i32>(r1, 192);
      const b0 = min(v0, v1);
      const b1 = max(v0, v1);
      const y0 = min(w0, w1);
      const y1 = max(w0, w1);
      for (let a2 = s2 & ~t1; a2 != 0; a2 &= a2 - 1) {
        const t2 = t1 | (a2 & -a2);
        const r2 = nrBase + 64 + (<usize>ctz<i32>(a2) << 2);
        const v2 = load<i32>(r2);
        const w2 = load<i32>(r2, 192);
        const c0 = min(b0, v2);
        let m = max(b0, v2);
        const c1 = min(b1, m);
        const c2 = max(b1, m);
        const z0 = min(y0, w2);
        let q = max(y0, w2);
        const z1 = min(y1, q);
        const z2 = max(y1, q);
        for (let a3 = s3 & ~t2; a3 != 0; a3 &= a3 - 1) {
          const t3 = t2 | (a3 & -a3);
          const r3 = nrBase + 96 + (<usize>ctz<i32>(a3) << 2);
          const v3 = load<i32>(r3);
          const w3 = load<i32>(r3, 192);
          const d0 = min(c0, v3);
          m = max(c0, v3);
          const d1 = min(c1, m);
          m = max(c1, m);
          const d2 = min(c2, m);
          const d3 = max(c2, m);
          const x0 = min(z0, w3);
          q = max(z0, w3);
          const x1 = min(z1, q);
          q = max(z1, q);
          const x2 = min(z2, q);
          const x3 = max(z2, q);
          for (let a4 = s4 & ~t3; a4 != 0; a4 &= a4 - 1) {
            const a5 = s5 & ~(t3 | (a4 & -a4));
            if (a5 == 0) continue;
            const r4 = nrBase + 128 + (<usize>ctz<i32>(a4) << 2);
            const r5 = nrBase + 160 + (<usize>ctz<i32>(a5) << 2);
            const v4 = load<i32>(r4);
            const v5 = load<i32>(r5);
            const w4 = load<i32>(r4, 192);
            const w5 = load<i32>(r5, 192);
            const e0 = min(d0, v4);
            m = max(d0, v4);
            const e1 = min(d1, m);
            m = max(d1, m);
            const e2 = min(d2, m);
            m = max(d2, m);
            const e3 = min(d3, m);
            const e4 = max(d3, m);
            const f0 = min(e0, v5);
            m = max(e0, v5);
            const f1 = min(e1, m);
            m = max(e1, m);
            const f2 = min(e2, m);
            m = max(e2, m);
            const f3 = min(e3, m);
            m = max(e3, m);
            const f4 = min(e4, m);
            const f5 = max(e4, m);
            const g0 = min(x0, w4);
            q = max(x0, w4);
            const g1 = min(x1, q);
            q = max(x1, q);
            const g2 = min(x2, q);
            q = max(x2, q);
            const g3 = min(x3, q);
            const g4 = max(x3, q);
            const h0 = min(g0, w5);
            q = max(g0, w5);
            const h1 = min(g1, q);
            q = max(g1, q);
            const h2 = min(g2, q);
            q = max(g2, q);
            const h3 = min(g3, q);
            q = max(g3, q);
            const h4 = min(g4, q);
            const h5 = max(g4, q);
            const k =
              (<u64>(<u32>(f0 | (f1 << 10) | (f2 << 20)))) | ((<u64>(<u32>(f3 | (f4 << 10) | (f5 << 20)))) << 30);
            const k2 =
              (<u64>(<u32>(h0 | (h1 << 10) | (h2 << 20)))) | ((<u64>(<u32>(h3 | (h4 << 10) | (h5 << 20)))) << 30);
            store<u64>(out + (<usize>n << 3), k2 < k ? k2 : k);
            n++;
          }
        }
      }
    }
  }
  return n;
}

/**
 * The staged results into the table, bucket by bucket (a bucket's writes stay within one slice of the table it was
 * staged for); stops, false, once the home slice of the next result is ¾ full (the caller grows the table and calls
 * advance again, which goes on from where this stopped).
 */
function flush(dst: usize, dstBits: i32): bool {
  const stop = (3 << occShift) >> 2;
  const shift = <u64>(64 - dstBits);
  const sliceBytes = (<usize>16) << (<usize>occShift);
  for (let b: usize = 0; b < stBuckets; b++) {
    const hp = headsBase + (b << 2);
    const cp = bucketsBase + (b << 2);
    const n = <usize>load<i32>(cp);
    let i = <usize>load<i32>(hp);
    const base = stageBase + ((b * stCap) << 4);
    // a bucket staged for this table holds the results of one slice: read the slice in order first (a stream the
    // hardware prefetches, instead of a cache miss at each line's first add)
    if (stBits == dstBits && (n - i) << 9 >= sliceBytes) {
      let acc: u64 = 0;
      const from = dst + b * sliceBytes;
      for (let p = from; p < from + sliceBytes; p += 64) acc ^= load<u64>(p);
      touchSink ^= acc;
    }
    if (stBits == dstBits && <usize>load<i32>(occBase + (b << 2)) + (n - i) < <usize>stop) {
      // nor can its results fill the slice: every add without the ¾ check
      for (; i < n; i++) {
        const at = base + (i << 4);
        add(dst, dstBits, load<u64>(at), load<u64>(at, 8));
      }
    } else
      for (; i < n; i++) {
        const at = base + (i << 4);
        const key = load<u64>(at);
        if (load<i32>(occBase + ((slotOf(key, shift) >> occShift) << 2)) >= stop) {
          store<i32>(hp, <i32>i);
          return false;
        }
        add(dst, dstBits, key, load<u64>(at, 8));
      }
    store<i32>(hp, 0);
    store<i32>(cp, 0);
  }
  stTotal = 0;
  return true;
}

/** |stab(rows)|: Π (multiplicity of equal masks)! · #{twin swaps (identity too) fixing rows up to the rows}. */
function stabiliser(): u64 {
  // rows[] come from ranksOut in sorted order, so equal masks are adjacent: Π (run length)!
  let stab: u64 = 1;
  let run: u64 = 1;
  for (let i = 1; i < R; i++) {
    if (load<i32>(rowsBase + (<usize>i << 2)) == load<i32>(rowsBase + (<usize>(i - 1) << 2))) {
      run++;
      stab *= run;
    } else run = 1;
  }
  if (NT == 0) return stab;
  let fixed: u64 = 1;
  for (let t = 1; t <= NT; t++) if (keyOf(t) == key0) fixed++;
  return stab * fixed;
}

/** The meeting sum so far, 128 bits: sumHi·2⁶⁴ + sumLo. */
let accLo: u64 = 0;
let accHi: u64 = 0;

/** Add a·b·st (st < 2¹⁶) to the meeting sum; the overflow flag if it passes 128 bits (or the test limit). */
@inline function accumulate(a: u64, b: u64, st: u64): void {
  // a · b as 128 bits from 32-bit halves, then · st
  const a0 = a & 0xffffffff, a1 = a >> 32, b0 = b & 0xffffffff, b1 = b >> 32;
  const p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  const plo = (p00 & 0xffffffff) | (mid << 32);
  const phi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  // (phi, plo) · st: plo · st as 128 bits (st < 2¹⁶), phi · st must stay below 2⁶⁴
  if (phi >> 47 != 0) overflow = 1;
  const l0 = (plo & 0xffffffff) * st, l1 = (plo >> 32) * st;
  const tlo = l0 + (l1 << 32);
  const carry: u64 = tlo < l0 ? 1 : 0;
  const thi = phi * st + (l1 >> 32) + carry;
  const nlo = accLo + tlo;
  const nhi = accHi + thi + (nlo < accLo ? 1 : 0);
  if (nhi < accHi || nhi > sumHiMax || (nhi == sumHiMax && nlo > sumLoMax)) overflow = 1;
  accLo = nlo;
  accHi = nhi;
}

/**
 * Σ over the states x of the forward table (after k columns) of W_fwd(x)·W_bwd(x̄)·|stab(x)|, x̄ every row mask
 * complemented, into result[0] + 2⁶⁴·result[1]; the overflow flag if it does not fit in 128 bits.
 *
 * A backward table of 2^sliceFrom slots or more is probed by slices, as the sliced writes write (a partitioned
 * join): each x̄'s key, W_fwd(x) and |stab(x)| go to the bucket of the slice of bwd holding x̄'s home slot (24 bytes,
 * sequentially, in the staging area), and when a bucket is full every bucket is looked up in turn, its probes
 * staying within one slice of bwd (256 KB) instead of one a state anywhere in it.
 */
export function meet(fwd: usize, fwdBits: i32, bwd: usize, bwdBits: i32, k: i32): void {
  accLo = 0;
  accHi = 0;
  const end = fwd + ((<usize>16) << (<usize>fwdBits));
  const sliced = stageBase != 0 && bwdBits >= sliceFrom;
  // the slices of bwd: 2^mShift slots, at most MAX_BUCKETS of them, a bucket ≥ 1,024 entries of 24 bytes
  const entries = <i32>(31 - clz<u32>(<u32>min<usize>(stageBytes / 24, 0x7fffffff)));
  const mShift = sliced ? min(bwdBits, max(sliceBits, max(bwdBits - 12, bwdBits - entries + 10))) : 0;
  const nb: usize = sliced ? (<usize>1) << (<usize>(bwdBits - mShift)) : 0;
  const cap: usize = sliced ? stageBytes / 24 / nb : 0;
  const shift = <u64>(64 - bwdBits);
  for (let p = fwd; p < end; p += 16) {
    const key = load<u64>(p);
    if (key == EMPTY) continue;
    unrankKey(key);
    rowsFromRanks(k, 1);
    const ck = canonical();
    if (sliced) {
      const b = slotOf(ck, shift) >> mShift;
      const cp = bucketsBase + (b << 2);
      const c = <usize>load<i32>(cp);
      const at = stageBase + (b * cap + c) * 24;
      store<u64>(at, ck);
      store<u64>(at, load<u64>(p, 8), 8);
      store<u64>(at, stabiliser(), 16); // of the rows canonical() just keyed; ≤ 720 · 48 < 2¹⁶
      store<i32>(cp, <i32>c + 1);
      if (c + 1 == cap) probeBuckets(bwd, bwdBits, nb, cap, mShift);
      continue;
    }
    const q = find(bwd, bwdBits, ck);
    if (q == 0) continue;
    accumulate(load<u64>(p, 8), load<u64>(q, 8), stabiliser());
  }
  if (sliced) probeBuckets(bwd, bwdBits, nb, cap, mShift);
  store<u64>(resultBase, accLo);
  store<u64>(resultBase, accHi, 8);
}

/** The staged entries [x̄'s key, W_fwd, |stab|] of the nb buckets looked up in bwd, bucket by bucket, and emptied. */
function probeBuckets(bwd: usize, bwdBits: i32, nb: usize, cap: usize, mShift: i32): void {
  const sliceBytes = (<usize>16) << (<usize>mShift);
  for (let b: usize = 0; b < nb; b++) {
    const cp = bucketsBase + (b << 2);
    const n = <usize>load<i32>(cp);
    const base = stageBase + b * cap * 24;
    if (n << 9 >= sliceBytes) {
      // the slice read in order first, as flush does
      let acc: u64 = 0;
      const from = bwd + b * sliceBytes;
      for (let p = from; p < from + sliceBytes; p += 64) acc ^= load<u64>(p);
      touchSink ^= acc;
    }
    for (let i: usize = 0; i < n; i++) {
      const at = base + i * 24;
      const q = find(bwd, bwdBits, load<u64>(at));
      if (q != 0) accumulate(load<u64>(at, 8), load<u64>(q, 8), load<u64>(at, 16));
    }
    store<i32>(cp, 0);
  }
}
