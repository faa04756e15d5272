/**
 * The 9×9 searches in AssemblyScript, compiled to WebAssembly (with SIMD) at build time by scripts/build-wasm.mjs:
 * plain Sudoku as BitboardCounter9 searches it at limits 1 and 2 (with the triad rule), and the 9×9 variants that
 * keep the boxes as VariantCounter9 searches them, at any limit. Same state, same propagation, same branching order
 * as the TypeScript engines, so the same counts, the same first solution and the same number of branches:
 * src/solve/bitboardCounter9.ts and variantCounter9.ts explain the method; this file says how the state lies in
 * memory.
 *
 * Linear memory (no allocator, no GC: every buffer is static data):
 *   tables      ROW_BOXES, KEEP, BAND_KEEP27, COLUMNS27, SINGLE_ROW (512 i32 each), PEERS27 (27 i32)
 *   layers      one per search depth, 160 bytes: for digit d the three band words and a spare, then the
 *               unsolved cells of each band
 *
 *     byte  0         16        32             128       144              160
 *           [d0 b0 b1 b2 _][d1 b0 b1 b2 _] … [d8 b0 b1 b2 _][U b0 b1 b2 _]
 *
 *               so one v128 holds a digit's three bands: the naked-single and branching scans take all
 *               three bands of a digit at once (9 vector steps instead of 27 scalar ones)
 *   io          the puzzle (81 bytes, 0 = empty), the preferred digits (81 bytes), the first solution (81 bytes)
 *   scratch     triads(): each digit's horizontal triads (possible, forced; one v128 each) and vertical ones
 *
 * Entry point: count(limit, maxNodes, notCell, usePrefer) after the caller wrote the puzzle (and the preferred
 * digits) at inputPtr() (preferPtr()); nodes(), solved() and aborted() describe the last count.
 * One search serves both (countVariant, the second half of the file: VariantCounter9's twin): the rules' extra
 * houses and pairs are data given at setup (setRules), and with none of them (an instance's starting state) it is
 * exactly the plain search above, so count() is countVariant on the plain rules. (Measured against the former
 * separate plain search, commit be8d239: the same CPU rate on top1465 and royle17, within 1 %.)
 */

const LAYER: usize = 160;
const U: usize = 144;
const DEPTH: usize = 82;
const FULL27: i32 = (1 << 27) - 1;

const ROW_BOXES = memory.data(512 * 4, 16);
const KEEP = memory.data(512 * 4, 16);
const BAND_KEEP27 = memory.data(512 * 4, 16);
const COLUMNS27 = memory.data(512 * 4, 16);
const SINGLE_ROW = memory.data(512 * 4, 16);
const PEERS27 = memory.data(32 * 4, 16);
const COL_OF = memory.data(32 * 4, 16);
const STACK = memory.data(<i32>(LAYER * (DEPTH + 1)), 16);
const INPUT = memory.data(96, 16);
const PREFER = memory.data(96, 16);
const OUTPUT = memory.data(96, 16);
const SCRATCH = memory.data(368, 16); // triads(): per digit p, q (32 bytes) at 32d, v, w at 288 + 8d

let wasAborted = false;
let haveSolution = false;
let usingPrefer = false;

function tab(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}

function board(o: usize, d: i32, b: i32): usize {
  return o + ((<usize>d) << 4) + ((<usize>b) << 2);
}

function buildTables(): void {
  for (let x = 0; x < 512; x++) {
    store<i32>(ROW_BOXES + ((<usize>x) << 2), (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0));
    store<i32>(COLUMNS27 + ((<usize>x) << 2), x | (x << 9) | (x << 18));
    store<i32>(SINGLE_ROW + ((<usize>x) << 2), x != 0 && (x & (x - 1)) == 0 ? x : 0);
    let keep = 0;
    // the six permutations (p0, p1, p2) of {0, 1, 2}, as row r → box p_r
    for (let k = 0; k < 6; k++) {
      const p0 = k >> 1;
      const rest = p0 == 0 ? 0x21 : p0 == 1 ? 0x20 : 0x10; // the two others, low nibble first
      const p1 = k & 1 ? (rest >> 4) & 3 : rest & 3;
      const p2 = 3 - p0 - p1;
      const pm = (1 << p0) | (1 << (3 + p1)) | (1 << (6 + p2));
      if ((x & pm) == pm) keep |= pm;
    }
    store<i32>(KEEP + ((<usize>x) << 2), keep);
    let cells = 0;
    for (let r = 0; r < 3; r++)
      for (let k = 0; k < 3; k++) if (keep & (1 << (3 * r + k))) cells |= 7 << (9 * r + 3 * k);
    store<i32>(BAND_KEEP27 + ((<usize>x) << 2), cells);
  }
  for (let p = 0; p < 27; p++) {
    const r = p / 9,
      c = p % 9,
      k = c / 3;
    let m = 0;
    for (let q = 0; q < 27; q++) {
      const qr = q / 9,
        qc = q % 9;
      if (q != p && (qr == r || qc == c || qc / 3 == k)) m |= 1 << q;
    }
    store<i32>(PEERS27 + ((<usize>p) << 2), m);
    store<i32>(COL_OF + ((<usize>p) << 2), tab(COLUMNS27, 1 << c));
  }
}
buildTables();

export function inputPtr(): usize {
  return INPUT;
}
export function preferPtr(): usize {
  return PREFER;
}
export function outputPtr(): usize {
  return OUTPUT;
}
export function nodes(): i32 {
  return <i32>vNodes;
}
export function solved(): bool {
  return haveSolution;
}
export function aborted(): bool {
  return wasAborted;
}

/**
 * Count the completions of the puzzle at inputPtr(), stopping at `limit` (1 or 2 in use); the first solution goes to
 * outputPtr(). maxNodes: give up after that many branches (aborted()). notCell ≥ 0 with usePrefer: the preferred
 * digit leaves that cell's candidates. The plain rules are the variant search's with no extra house and no pair
 * (the state an instance starts in, and the only one Fast9Counter uses): at limits 1 and 2 it runs exactly
 * BitboardCounter9's rules and branching.
 */
export function count(limit: i32, maxNodes: i32, notCell: i32, usePrefer: bool): i32 {
  return <i32>countVariant(<f64>limit, <f64>maxNodes, notCell, usePrefer, false);
}

/** Put digit d in cell at layer o: off the other digits' boards, d off the cell's peers. */
// @ts-ignore: decorator
@inline
function place(o: usize, cell: i32, d: i32): bool {
  const b = cell / 27,
    p = cell - 27 * b,
    bit = 1 << p;
  if ((load<i32>(board(o, d, b)) & bit) == 0) return false;
  for (let e = 0; e < 9; e++) {
    if (e == d) continue;
    const at = board(o, e, b);
    store<i32>(at, load<i32>(at) & ~bit);
  }
  eliminate(o, d, b, p);
  return true;
}

/**
 * d at position p of band b: d leaves p's peers in the band and p's column in the other bands. Returns the dirty
 * bits (see settle) of d's boards that lost a cell, band b's always (its row held p and another cell at least).
 */
// @ts-ignore: decorator
@inline
function eliminate(o: usize, d: i32, b: i32, p: i32): i32 {
  const col = ~tab(COL_OF, p);
  const at = board(o, d, 0);
  const own = ~tab(PEERS27, p);
  const f0 = load<i32>(at),
    f1 = load<i32>(at + 4),
    f2 = load<i32>(at + 8);
  const g0 = f0 & (b == 0 ? own : col),
    g1 = f1 & (b == 1 ? own : col),
    g2 = f2 & (b == 2 ? own : col);
  store<i32>(at, g0);
  store<i32>(at + 4, g1);
  store<i32>(at + 8, g2);
  return ((<i32>(g0 != f0)) | ((<i32>(g1 != f1)) << 1) | ((<i32>(g2 != f2)) << 2) | (1 << b)) << (3 * d);
}

// @ts-ignore: decorator
@inline
function bandRule(f: i32): i32 {
  return (
    f &
    tab(BAND_KEEP27, tab(ROW_BOXES, f & 511) | (tab(ROW_BOXES, (f >>> 9) & 511) << 3) | (tab(ROW_BOXES, f >>> 18) << 6))
  );
}

// @ts-ignore: decorator
@inline
function singleRows(f: i32): i32 {
  return tab(SINGLE_ROW, f & 511) | (tab(SINGLE_ROW, (f >>> 9) & 511) << 9) | (tab(SINGLE_ROW, f >>> 18) << 18);
}

/** A digit's vertical triads (a column's three cells in one band): bit 9b + c, from its boards (a vector). */
function verticals(f: v128): i32 {
  const g = v128.or(f, v128.or(i32x4.shr_u(f, 9), i32x4.shr_u(f, 18)));
  return (
    (i32x4.extract_lane(g, 0) & 511) |
    ((i32x4.extract_lane(g, 1) & 511) << 9) |
    ((i32x4.extract_lane(g, 2) & 511) << 18)
  );
}

/** The vertical triads a digit is forced into: its column's only band left (after the stack rule). */
function forcedVerticals(v: i32): i32 {
  const a = v & 511,
    b = (v >>> 9) & 511,
    c = v >>> 18;
  const one = (a | b | c) & ~((a & b) | (c & (a | b)));
  return v & (one * 0x40201);
}

/** Of a 9-bit column set, the other columns of the stacks it touches. */
function stackRest(x: i32): i32 {
  return (((x | (x >>> 1) | (x >>> 2)) & 0o111) * 7) & ~x;
}

const TRIADS: i32 = 0x1249249; // bit 3t of a band word: the first cell of triad t = 3r + k (row r, box k)
const ROW_FIRST: i32 = 0x40201; // bit 9r: the first triad of each row

/**
 * The triad rule (tdoku's triads, as eliminations): a triad is the three cells of a row in a box, and holds three
 * different digits. Per band, for each triad, the digits still possible there and the digits forced there (after
 * the band rule, a digit whose row has one triad left for it). A triad with exactly three possible digits forces
 * them (each leaves the triad's row and box elsewhere); a triad with three forced digits takes no other. Fewer than
 * three possible or more than three forced: a dead end (-1). Returns the dirty bits of the boards it changed.
 */
function triads(o: usize): i32 {
  const tm = i32x4(TRIADS, TRIADS, TRIADS, 0);
  const rm = i32x4.splat(ROW_FIRST);
  let p1 = i32x4.splat(0),
    p2 = p1,
    p3 = p1,
    p4 = p1,
    q1 = p1,
    q2 = p1,
    q3 = p1,
    q4 = p1;
  let v1 = 0,
    v2 = 0,
    v3 = 0,
    v4 = 0,
    w1 = 0,
    w2 = 0,
    w3 = 0,
    w4 = 0;
  for (let d: usize = 0; d < 9; d++) {
    const f = v128.load(o + (d << 4));
    const p = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 1), i32x4.shr_u(f, 2))), tm);
    const a = v128.and(p, rm),
      b = v128.and(i32x4.shr_u(p, 3), rm),
      c = v128.and(i32x4.shr_u(p, 6), rm);
    const one = v128.andnot(v128.or(a, v128.or(b, c)), v128.or(v128.and(a, b), v128.and(c, v128.or(a, b))));
    const q = v128.and(p, v128.or(one, v128.or(i32x4.shl(one, 3), i32x4.shl(one, 6))));
    p4 = v128.or(p4, v128.and(p3, p));
    p3 = v128.or(p3, v128.and(p2, p));
    p2 = v128.or(p2, v128.and(p1, p));
    p1 = v128.or(p1, p);
    q4 = v128.or(q4, v128.and(q3, q));
    q3 = v128.or(q3, v128.and(q2, q));
    q2 = v128.or(q2, v128.and(q1, q));
    q1 = v128.or(q1, q);
    const v = verticals(f);
    const w = forcedVerticals(v);
    v128.store(SCRATCH + (d << 5), p);
    v128.store(SCRATCH + (d << 5) + 16, q);
    store<i32>(SCRATCH + 288 + (d << 3), v);
    store<i32>(SCRATCH + 292 + (d << 3), w);
    v4 |= v3 & v;
    v3 |= v2 & v;
    v2 |= v1 & v;
    v1 |= v;
    w4 |= w3 & w;
    w3 |= w2 & w;
    w2 |= w1 & w;
    w1 |= w;
  }
  if (v128.any_true(v128.or(v128.andnot(tm, p3), q4))) return -1;
  if ((FULL27 & ~v3) | w4) return -1;
  // exactly three possible, exactly three forced; a triad with both (a solved one) has nothing to give
  const exact3 = v128.andnot(p3, p4),
    full3 = v128.andnot(q3, q4);
  const exact = v128.andnot(exact3, full3),
    full = v128.andnot(full3, exact3);
  const vExact3 = v3 & ~v4,
    vFull3 = w3 & ~w4;
  const vExact = vExact3 & ~vFull3,
    vFull = vFull3 & ~vExact3;
  if (!v128.any_true(v128.or(exact, full)) && (vExact | vFull) == 0) return 0;
  const seven = i32x4.splat(7);
  let dirty = 0;
  for (let d: usize = 0; d < 9; d++) {
    const x = o + (d << 4);
    const f = v128.load(x);
    const p = v128.load(SCRATCH + (d << 5)),
      q = v128.load(SCRATCH + (d << 5) + 16);
    // newly forced here: d leaves the rest of the triad's row and box
    const nf = v128.andnot(v128.and(exact, p), q);
    const rows = v128.and(v128.or(nf, v128.or(i32x4.shr_u(nf, 3), i32x4.shr_u(nf, 6))), rm);
    const cols = v128.and(v128.or(nf, v128.or(i32x4.shr_u(nf, 9), i32x4.shr_u(nf, 18))), i32x4.splat(0o111));
    const boxes = i32x4.mul(i32x4.mul(cols, seven), rm);
    const keepNf = i32x4.mul(nf, seven);
    const off1 = v128.andnot(v128.or(i32x4.mul(rows, i32x4.splat(511)), boxes), keepNf);
    // not forced in a triad that has its three: d leaves it
    const off2 = i32x4.mul(v128.andnot(v128.and(full, p), q), seven);
    let g = v128.andnot(f, v128.or(off1, off2));
    const v = load<i32>(SCRATCH + 288 + (d << 3)),
      w = load<i32>(SCRATCH + 292 + (d << 3));
    const vn = vExact & v & ~w; // newly forced vertical triads
    const vo = vFull & v & ~w; // vertical triads d must leave
    if ((vn | vo) != 0) {
      const n0 = vn & 511,
        n1 = (vn >>> 9) & 511,
        n2 = vn >>> 18;
      g = v128.andnot(
        g,
        i32x4(
          tab(COLUMNS27, ((n1 | n2) & ~n0) | stackRest(n0) | (vo & 511)),
          tab(COLUMNS27, ((n0 | n2) & ~n1) | stackRest(n1) | ((vo >>> 9) & 511)),
          tab(COLUMNS27, ((n0 | n1) & ~n2) | stackRest(n2) | (vo >>> 18)),
          0,
        ),
      );
    }
    const changed = i32x4.bitmask(i32x4.ne(g, f));
    if (changed != 0) {
      v128.store(x, g);
      dirty |= changed << (3 * <i32>d);
    }
  }
  return dirty;
}

function capture(o: usize): void {
  for (let cell = 0; cell < 81; cell++) {
    const b = cell / 27,
      bit = 1 << (cell - 27 * b);
    let d = 0;
    while (d < 9 && (load<i32>(board(o, d, b)) & bit) == 0) d++;
    store<u8>(OUTPUT + <usize>cell, <u8>(d + 1));
  }
  haveSolution = true;
}

// ---------------------------------------------------------------------------------------------------------------
// The search (plain rules: none of the data below): VariantCounter9's search (src/solve/variantCounter9.ts explains it), the same rules and the
// same branching, so the same counts, first solutions and branch counts at every limit. What the rules add is data,
// written by the caller at setup (setRules): no code here knows a variant.
//
//   XPV[cell]    the cell's extra peers (through an extra house or a pair), one v128 of band words (b0 b1 b2 0)
//   FPV[cell]    all the cell's peers (for the pair deduction)
//   HXV[h]       extra house h (E of them), HAV[h] every house (HN of them, the 27 plain ones first)
//   XPC          the cells of each band that have extra peers (b0 b1 b2 0)
// The layers are those described at the top (160 bytes, digit-major, unsolved cells at U); SEEN holds, per digit, the
// boards as the extra houses last saw them. Counts, limits and branch counts are f64 (exact to 2^53): full counts
// of sparse grids pass 2^31. Every 65,536 branches the search calls the imported tick(nodes) when asked to (a
// caller's progress, and its way to stop a long count by throwing).

const MAX_HOUSES: i32 = 128;
const XPV = memory.data(81 * 16, 16);
const FPV = memory.data(81 * 16, 16);
const HXV = memory.data(MAX_HOUSES * 16, 16);
const HAV = memory.data(MAX_HOUSES * 16, 16);
const XPC = memory.data(16, 16);
const SEEN = memory.data(9 * 16, 16);
const HXU = memory.data(16, 16); // the cells of all extra houses

let extraHouses: i32 = 0;
let allHouses: i32 = 0;
let withPairs = false;
let ticking = false;
let vNodes: f64 = 0;
let vMaxNodes: f64 = 0;
let triadMode = false; // limits 1 and 2: the triad rule and scored branching, as the plain search
let tickCountdown: i32 = 0;

// @ts-ignore: decorator
@external('env', 'tick')
declare function tick(nodes: f64): void;

export function xpPtr(): usize {
  return XPV;
}
export function fpPtr(): usize {
  return FPV;
}
export function hxPtr(): usize {
  return HXV;
}
export function haPtr(): usize {
  return HAV;
}
export function xpcPtr(): usize {
  return XPC;
}
export function maxHouses(): i32 {
  return MAX_HOUSES;
}
/** After the caller wrote XPV, FPV, HXV (e extra houses), HAV (hn houses) and XPC: the rules' sizes. */
export function setRules(e: i32, hn: i32, pairs: bool): void {
  extraHouses = e;
  allHouses = hn;
  withPairs = pairs;
  let all = i32x4.splat(0);
  for (let h = 0; h < e; h++) all = v128.or(all, v128.load(HXV + ((<usize>h) << 4)));
  v128.store(HXU, all);
}
export function variantNodes(): f64 {
  return vNodes;
}

/**
 * Count the completions of the puzzle at inputPtr() under the rules of setRules, stopping at `limit` (any, up to
 * 2^53); the first solution goes to outputPtr(). maxNodes, notCell, usePrefer: as count(). withTick: call tick().
 */
export function countVariant(limit: f64, maxNodes: f64, notCell: i32, usePrefer: bool, withTick: bool): f64 {
  vNodes = 0;
  vMaxNodes = maxNodes;
  tickCountdown = 0;
  ticking = withTick;
  wasAborted = false;
  haveSolution = false;
  usingPrefer = usePrefer;
  triadMode = limit <= 2;
  if (!(limit > 0) || !vSetup(usePrefer ? notCell : -1)) return 0;
  return vSearch(STACK, limit);
}

function vSetup(notCell: i32): bool {
  const o = STACK;
  const full = i32x4(FULL27, FULL27, FULL27, 0);
  for (let d: usize = 0; d < 10; d++) v128.store(o + (d << 4), full);
  for (let cell = 0; cell < 81; cell++) {
    const v = <i32>load<u8>(INPUT + <usize>cell);
    if (v == 0) continue;
    if (!place(o, cell, v - 1)) return false;
  }
  if (notCell >= 0 && load<u8>(INPUT + <usize>notCell) == 0) {
    const b = notCell / 27;
    const d = <i32>load<u8>(PREFER + <usize>notCell) - 1;
    const at = board(o, d, b);
    store<i32>(at, load<i32>(at) & ~(1 << (notCell - 27 * b)));
  }
  return vSettle(o, FULL27);
}

/**
 * Digit d in cell (band b, position p): off the other digits' boards, d off its row, column and box. Returns the
 * dirty bits (bit 3e + b', as settle's) of the boards that changed, d's band b always.
 */
function vPut(o: usize, b: i32, p: i32, d: i32): i32 {
  const bit = 1 << p;
  let dirty = 0;
  for (let e = 0; e < 9; e++) {
    const x = board(o, e, b);
    const v = load<i32>(x);
    if (e != d && (v & bit) != 0) {
      store<i32>(x, v & ~bit);
      dirty |= 1 << (3 * e + b);
    }
  }
  return dirty | eliminate(o, d, b, p);
}

/**
 * Propagate at layer o from the boards in `dirty` (bit 3d + b, as settle's) to a fixpoint: VariantCounter9.settle's
 * rules (so its fixpoint), in the plain core's order and with its shortcuts (band rule on the boards that changed,
 * the stack rule skipped when the columns are the ones it last left alone, decided cells three bands at a time),
 * plus the extra houses and the extra peers. False at a dead end.
 */
function vSettle(o: usize, dirty: i32): bool {
  const E = extraHouses;
  let visited = 0; // digits whose boards changed since the pair deduction last looked
  if (E > 0) {
    if (o == STACK) for (let d: usize = 0; d < 9; d++) v128.store(SEEN + (d << 4), i32x4.splat(-1));
    else for (let d: usize = 0; d < 9; d++) v128.store(SEEN + (d << 4), v128.load(o - LAYER + (d << 4)));
  }
  for (;;) {
    while (dirty != 0) {
      const d = <i32>(<u32>ctz(dirty) / 3);
      let bands = (dirty >>> (3 * d)) & 7;
      let touched = bands;
      dirty &= ~(7 << (3 * d));
      visited |= 1 << d;
      const at = board(o, d, 0);
      let f0 = load<i32>(at),
        f1 = load<i32>(at + 4),
        f2 = load<i32>(at + 8);
      for (;;) {
        let seen = load<i32>(at + 12);
        for (;;) {
          if (bands & 1) {
            f0 = bandRule(f0);
            if (f0 == 0) return false;
          }
          if (bands & 2) {
            f1 = bandRule(f1);
            if (f1 == 0) return false;
          }
          if (bands & 4) {
            f2 = bandRule(f2);
            if (f2 == 0) return false;
          }
          const c0 = (f0 | (f0 >>> 9) | (f0 >>> 18)) & 511;
          const c1 = (f1 | (f1 >>> 9) | (f1 >>> 18)) & 511;
          const c2 = (f2 | (f2 >>> 9) | (f2 >>> 18)) & 511;
          const columns = c0 | (c1 << 9) | (c2 << 18);
          if (columns == seen) break;
          const k0 = tab(KEEP, (c0 & 7) | ((c1 & 7) << 3) | ((c2 & 7) << 6));
          const k1 = tab(KEEP, ((c0 >>> 3) & 7) | (((c1 >>> 3) & 7) << 3) | (((c2 >>> 3) & 7) << 6));
          const k2 = tab(KEEP, (c0 >>> 6) | ((c1 >>> 6) << 3) | ((c2 >>> 6) << 6));
          const g0 = f0 & tab(COLUMNS27, (k0 & 7) | ((k1 & 7) << 3) | ((k2 & 7) << 6));
          const g1 = f1 & tab(COLUMNS27, ((k0 >>> 3) & 7) | (((k1 >>> 3) & 7) << 3) | (((k2 >>> 3) & 7) << 6));
          const g2 = f2 & tab(COLUMNS27, (k0 >>> 6) | ((k1 >>> 6) << 3) | ((k2 >>> 6) << 6));
          bands = (<i32>(g0 != f0)) | ((<i32>(g1 != f1)) << 1) | ((<i32>(g2 != f2)) << 2);
          f0 = g0;
          f1 = g1;
          f2 = g2;
          if (bands == 0) {
            seen = columns;
            store<i32>(at + 12, columns);
            break;
          }
          touched |= bands;
        }
        if (E == 0) break;
        // the extra houses: none left is a dead end, one unsolved left is placed
        const sd = SEEN + ((<usize>d) << 4);
        let fv = i32x4(f0, f1, f2, seen); // the spare lane keeps the stack rule's columns
        const vv = v128.and(v128.xor(fv, v128.load(sd)), v128.load(HXU));
        v128.store(sd, fv);
        // no cell of an extra house changed on d's board since the last look: nothing new
        if (!v128.any_true(vv)) break;
        bands = 0;
        for (let h = 0; h < E; h++) {
          const hx = v128.load(HXV + ((<usize>h) << 4));
          if (!v128.any_true(v128.and(vv, hx))) continue;
          const a = v128.and(fv, hx);
          if (!v128.any_true(a)) return false;
          const a0 = i32x4.extract_lane(a, 0),
            a1 = i32x4.extract_lane(a, 1),
            a2 = i32x4.extract_lane(a, 2);
          if (popcnt(a0) + popcnt(a1) + popcnt(a2) != 1) continue;
          const b = a0 != 0 ? 0 : a1 != 0 ? 1 : 2;
          const bit = a0 | a1 | a2;
          if ((load<i32>(o + U + ((<usize>b) << 2)) & bit) == 0) continue;
          v128.store(at, fv);
          dirty |= vPut(o, b, ctz(bit), d) & ~(7 << (3 * d));
          const n = v128.load(at);
          bands |= i32x4.bitmask(i32x4.ne(n, fv)) & 7;
          fv = n;
        }
        f0 = i32x4.extract_lane(fv, 0);
        f1 = i32x4.extract_lane(fv, 1);
        f2 = i32x4.extract_lane(fv, 2);
        if (bands == 0) break;
        touched |= bands;
      }
      store<i32>(at, f0);
      store<i32>(at + 4, f1);
      store<i32>(at + 8, f2);
      // decided cells: rows of a band with one place left; they leave the unsolved cells and the other digits'
      // boards (the three bands in one vector), and d leaves their extra peers
      const u = v128.load(o + U);
      const fresh = v128.and(
        u,
        i32x4(touched & 1 ? singleRows(f0) : 0, touched & 2 ? singleRows(f1) : 0, touched & 4 ? singleRows(f2) : 0, 0),
      );
      if (!v128.any_true(fresh)) continue;
      const left = v128.xor(u, fresh);
      v128.store(o + U, left);
      for (let e = 0; e < 9; e++) {
        if (e == d) continue;
        const x = board(o, e, 0);
        const v = v128.load(x);
        const hit = v128.and(v, fresh);
        if (v128.any_true(hit)) {
          v128.store(x, v128.andnot(v, fresh));
          dirty |= i32x4.bitmask(i32x4.ne(hit, i32x4.splat(0))) << (3 * e);
        }
      }
      const withPeers = v128.and(fresh, v128.load(XPC));
      if (!v128.any_true(withPeers)) continue;
      const f = v128.load(at);
      let off = i32x4.splat(0);
      for (let b = 0; b < 3; b++) {
        let cells =
          b == 0
            ? i32x4.extract_lane(withPeers, 0)
            : b == 1
              ? i32x4.extract_lane(withPeers, 1)
              : i32x4.extract_lane(withPeers, 2);
        while (cells != 0) {
          const bit = cells & -cells;
          cells ^= bit;
          off = v128.or(off, v128.load(XPV + ((<usize>(27 * b + ctz(bit))) << 4)));
        }
      }
      const hit = v128.and(f, off);
      if (!v128.any_true(hit)) continue;
      // a solved extra peer holding d (on d's board, not unsolved) is a dead end
      if (v128.any_true(v128.andnot(hit, left))) return false;
      v128.store(at, v128.andnot(f, off));
      dirty |= i32x4.bitmask(i32x4.ne(hit, i32x4.splat(0))) << (3 * d);
    }
    // naked singles and cells with no candidate, the three bands at once
    let once = i32x4.splat(0),
      twice = i32x4.splat(0);
    for (let d: usize = 0; d < 9; d++) {
      const f = v128.load(o + (d << 4));
      twice = v128.or(twice, v128.and(once, f));
      once = v128.or(once, f);
    }
    const u = v128.load(o + U);
    if (v128.any_true(v128.andnot(u, once))) return false;
    const singles = v128.andnot(u, twice);
    if (v128.any_true(singles)) {
      for (let b = 0; b < 3; b++) {
        let single =
          b == 0
            ? i32x4.extract_lane(singles, 0)
            : b == 1
              ? i32x4.extract_lane(singles, 1)
              : i32x4.extract_lane(singles, 2);
        while (single != 0) {
          const p = ctz(single);
          const bit = single & -single;
          single ^= bit;
          let d = 0;
          while (d < 9 && (load<i32>(board(o, d, b)) & bit) == 0) d++;
          if (d == 9) return false; // an earlier single of this pass took its last candidate
          dirty |= eliminate(o, d, b, p);
        }
      }
    }
    if (dirty == 0 && triadMode) {
      dirty = triads(o);
      if (dirty < 0) return false;
    }
    if (dirty == 0) {
      if (!withPairs) return true;
      dirty = seeAll(o, visited);
      if (dirty == 0) return true;
      visited = 0;
    }
  }
  return true; // not reached: the loop returns
}

/**
 * Under pairs, at a fixpoint (VariantCounter9.seeAll): a digit with two or three places in a house is in one of
 * them, so it leaves every unsolved cell that sees them all. Only `digits` are looked at. Returns the dirty bits
 * (3d + b) of the boards that changed.
 */
function seeAll(o: usize, digits: i32): i32 {
  const HN = allHouses;
  const u = v128.load(o + U);
  let changed = 0;
  while (digits != 0) {
    const low = digits & -digits;
    digits ^= low;
    const d = ctz(low);
    const at = o + ((<usize>d) << 4);
    const f = v128.load(at);
    const fu = v128.and(f, u);
    let e = i32x4.splat(0);
    for (let h = 0; h < HN; h++) {
      const ha = v128.and(f, v128.load(HAV + ((<usize>h) << 4)));
      let a = i32x4.extract_lane(ha, 0),
        w = 0,
        k = 0;
      const a1 = i32x4.extract_lane(ha, 1),
        a2 = i32x4.extract_lane(ha, 2);
      let m = i32x4.splat(-1);
      for (;;) {
        if (a == 0) {
          if (w == 0 && a1 != 0) {
            w = 1;
            a = a1;
          } else if (w < 2 && a2 != 0) {
            w = 2;
            a = a2;
          } else break;
        }
        const bit = a & -a;
        a ^= bit;
        m = v128.and(m, v128.load(FPV + ((<usize>(27 * w + ctz(bit))) << 4)));
        // more than three places, or no unsolved cell sees the places so far: nothing to take here
        if (++k == 4 || (k >= 2 && !v128.any_true(v128.and(m, fu)))) {
          k = 0;
          break;
        }
      }
      if (k < 2) continue;
      e = v128.or(e, v128.and(m, fu));
    }
    if (v128.any_true(e)) {
      v128.store(at, v128.andnot(f, e));
      changed |= i32x4.bitmask(i32x4.ne(e, i32x4.splat(0))) << (3 * d);
    }
  }
  return changed;
}

/** Count below layer o (at its fixpoint), VariantCounter9.search's branching. Returns min(count, cap). */
function vSearch(o: usize, cap: f64): f64 {
  const u = v128.load(o + U);
  let ones = i32x4.splat(0),
    twos = i32x4.splat(0),
    threes = i32x4.splat(0),
    more = i32x4.splat(0);
  for (let d: usize = 0; d < 9; d++) {
    const f = v128.and(v128.load(o + (d << 4)), u);
    more = v128.or(more, v128.and(threes, f));
    threes = v128.or(threes, v128.and(twos, f));
    twos = v128.or(twos, v128.and(ones, f));
    ones = v128.or(ones, f);
  }
  const two = v128.andnot(twos, threes);
  const three = v128.andnot(threes, more);
  let bestBand = -1,
    bestBit = 0,
    bestRank = 4,
    bestScore = -1;
  const scored = triadMode;
  const u0 = load<i32>(o + U),
    u1 = load<i32>(o + U + 4),
    u2 = load<i32>(o + U + 8);
  for (let b = 0; b < 3 && (bestRank > 2 || scored); b++) {
    const ub = b == 0 ? u0 : b == 1 ? u1 : u2;
    if (ub == 0) continue;
    const tw = b == 0 ? i32x4.extract_lane(two, 0) : b == 1 ? i32x4.extract_lane(two, 1) : i32x4.extract_lane(two, 2);
    const th =
      b == 0 ? i32x4.extract_lane(three, 0) : b == 1 ? i32x4.extract_lane(three, 1) : i32x4.extract_lane(three, 2);
    if (tw != 0 && scored) {
      // of the bivalue cells, the first with the most unsolved peers (its row, column and box), as BitboardCounter9
      for (let t = tw; t != 0; t &= t - 1) {
        const p = ctz(t);
        const col = tab(COL_OF, p);
        const score =
          popcnt(tab(PEERS27, p) & ub) +
          popcnt(col & (b == 0 ? 0 : u0)) +
          popcnt(col & (b == 1 ? 0 : u1)) +
          popcnt(col & (b == 2 ? 0 : u2));
        if (score > bestScore) {
          bestScore = score;
          bestBand = b;
          bestBit = t & -t;
        }
      }
      bestRank = 2;
    } else if (tw != 0) {
      bestBand = b;
      bestBit = tw & -tw;
      bestRank = 2;
    } else if (th != 0 && bestRank > 3) {
      bestBand = b;
      bestBit = th & -th;
      bestRank = 3;
    } else if (bestBand < 0) {
      bestBand = b;
      bestBit = ub & -ub;
    }
  }
  if (bestBand < 0) {
    if (!haveSolution) capture(o);
    return 1;
  }
  return vBranch(o, cap, bestBand, bestBit);
}

/** Try each candidate d of the cell (band b, bit) in a copy of layer o. Returns min(count, cap). */
function vBranch(o: usize, cap: f64, b: i32, bit: i32): f64 {
  const p = ctz(bit);
  const o2 = o + LAYER;
  let total: f64 = 0;
  const first = usingPrefer ? <i32>load<u8>(PREFER + <usize>(27 * b + p)) - 1 : -1;
  for (let k = first >= 0 ? -1 : 0; k < 9; k++) {
    const d = k < 0 ? first : k;
    if (k >= 0 && d == first) continue;
    if ((load<i32>(board(o, d, b)) & bit) == 0) continue;
    if (++vNodes > vMaxNodes) {
      wasAborted = true;
      return cap; // unwind: every caller stops at its cap
    }
    if (ticking) {
      tickCountdown = (tickCountdown + 1) & 0xffff;
      if (tickCountdown == 0) tick(vNodes);
    }
    for (let i: usize = 0; i < LAYER; i += 16) v128.store(o2 + i, v128.load(o + i));
    if (vSettle(o2, vPut(o2, b, p, d))) {
      total += vSearch(o2, cap - total);
      if (total >= cap) return cap;
    }
  }
  return total;
}
