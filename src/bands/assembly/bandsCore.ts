/**
 * The two band searches of src/bands/enumerateBands.ts in AssemblyScript, compiled to WebAssembly at build time by
 * scripts/build-wasm.mjs: the fillings of the first R−1 rows (counted), and the lexicographically reduced standard
 * top bands (written out, in increasing order). Same search as `searchBands` (cells outside box 1 in reading order,
 * smallest digit first, the top row placed in reduced order): enumerateBands.ts explains it, and its TypeScript
 * stays as the fallback and the twin the tests compare this with.
 *
 * Linear memory, from __heap_base: the search's per-position tables and state, then the reduced bands, R·n bytes
 * each, from bandsPtr(); the memory grows as bands are written (the caller reads it after `reduced`).
 *
 * Entry points: setup(R, C) → 0 (−1: not a shape this core takes); count(rows) → fillings of the first `rows` rows;
 * reduced() → the number of reduced bands written at bandsPtr() (−1 if the memory cannot grow).
 */

import { growTo, i32At, setI32 } from '../../grid/assembly/linearMemory';

let R: i32 = 0;
let C: i32 = 0;
let N: i32 = 0;
let SIZE: i32 = 0;

let cellOf: usize = 0;
let rowOf: usize = 0;
let boxOf: usize = 0;
let above: usize = 0;
let cand: usize = 0;
let placed: usize = 0;
let rowUsed: usize = 0;
let boxUsed: usize = 0;
let band: usize = 0;
let bandsBase: usize = 0;

const MAX_DEPTH: i32 = 256;

export function setup(rows: i32, cols: i32): i32 {
  R = rows;
  C = cols;
  N = rows * cols;
  SIZE = R * N;
  if (N > 16 || R * (N - C) > MAX_DEPTH) return -1;
  const base = (__heap_base + 63) & ~(63 as usize);
  cellOf = base;
  rowOf = cellOf + MAX_DEPTH * 4;
  boxOf = rowOf + MAX_DEPTH * 4;
  above = boxOf + MAX_DEPTH * 4;
  cand = above + MAX_DEPTH * 4;
  placed = cand + MAX_DEPTH * 4;
  rowUsed = placed + MAX_DEPTH * 4;
  boxUsed = rowUsed + 64;
  band = boxUsed + 64;
  bandsBase = band + 256;
  return growTo(bandsBase + 64 * (SIZE as usize)) ? 0 : -1;
}

export function bandsPtr(): usize {
  return bandsBase;
}

/** The search over the first `rows` rows; reduced: the top row in reduced order, and every leaf written out. */
function search(rows: i32, reduced: bool): i32 {
  const free = N - C;
  const depth = rows * free;
  const full = (1 << N) - 1;
  for (let i = 0; i < SIZE; i++) store<u8>(band + (i as usize), 0);
  for (let r = 0; r < R; r++)
    for (let c = 0; c < C; c++) store<u8>(band + ((r * N + c) as usize), (r * C + c + 1) as u8);
  for (let p = 0; p < depth; p++) {
    const r = p / free;
    const c = C + (p % free);
    setI32(cellOf, p, r * N + c);
    setI32(rowOf, p, r);
    setI32(boxOf, p, c / C);
    let a = -1;
    if (reduced && r == 0 && c % C != 0) a = c - 1;
    else if (reduced && r == 0 && c >= 2 * C) a = c - C;
    setI32(above, p, a);
  }
  for (let r = 0; r < R; r++) {
    let m = 0;
    for (let c = 0; c < C; c++) m |= 1 << (r * C + c);
    setI32(rowUsed, r, m);
    setI32(boxUsed, r, 0);
  }
  setI32(boxUsed, 0, full);
  let count = 0;
  let p = 0;
  setI32(cand, 0, full & ~i32At(rowUsed, i32At(rowOf, 0)) & ~i32At(boxUsed, i32At(boxOf, 0)));
  for (;;) {
    const m = i32At(cand, p);
    if (m == 0) {
      if (--p < 0) break;
      const bit = i32At(placed, p);
      setI32(rowUsed, i32At(rowOf, p), i32At(rowUsed, i32At(rowOf, p)) ^ bit);
      setI32(boxUsed, i32At(boxOf, p), i32At(boxUsed, i32At(boxOf, p)) ^ bit);
      continue;
    }
    const bit = m & -m;
    setI32(cand, p, m ^ bit);
    store<u8>(band + (i32At(cellOf, p) as usize), (32 - clz(bit)) as u8);
    if (p == depth - 1) {
      if (reduced) {
        const out = bandsBase + (count as usize) * (SIZE as usize);
        if (!growTo(out + (SIZE as usize))) return -1;
        memory.copy(out, band, SIZE as usize);
      }
      count++;
      continue;
    }
    setI32(placed, p, bit);
    setI32(rowUsed, i32At(rowOf, p), i32At(rowUsed, i32At(rowOf, p)) | bit);
    setI32(boxUsed, i32At(boxOf, p), i32At(boxUsed, i32At(boxOf, p)) | bit);
    p++;
    let next = full & ~i32At(rowUsed, i32At(rowOf, p)) & ~i32At(boxUsed, i32At(boxOf, p));
    const a = i32At(above, p);
    if (a >= 0) {
      const v: i32 = load<u8>(band + (a as usize));
      next &= ~((1 << v) - 1); // digit d is bit d−1: keep the digits above v
    }
    setI32(cand, p, next);
  }
  return count;
}

export function count(rows: i32): i32 {
  return search(rows, false);
}

export function reduced(): i32 {
  return search(R, true);
}
