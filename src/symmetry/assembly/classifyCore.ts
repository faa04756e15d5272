/**
 * The union-find of src/symmetry/classifyBands.ts in AssemblyScript, compiled to WebAssembly at build time by
 * scripts/build-wasm.mjs: every reduced band is joined with the reduced form of its image under each generator.
 * Same keys (the `bandCodec` key of the reduced image, computed in one pass as `reducedImageKey` does), same
 * union rule (the smaller index stays the root), so the same classes: classifyBands.ts explains the method, and
 * its TypeScript loop stays as the fallback and the twin the tests compare this with.
 *
 * Linear memory, from __heap_base (no allocator: `setup` grows the memory once and lays the buffers out):
 *
 *   bands    the reduced bands, R·n bytes each (written by the caller at bandsPtr())
 *   gens     the generators' cell maps, R·n i32 each (written by the caller at gensPtr()); map 0 is the identity
 *   parent   the union-find, one i32 per band (read by the caller at parentPtr() after classify())
 *   keys     the key index: open addressing, linear probing; a slot holds a u64 key (−1 empty) and an i32 band id
 *   scratch  relabelling, top entries, column and box orders; popcount over 2^n masks; row masks
 *
 * Entry points: setup(R, C, count, gens) → 0 (−1: too large), then classify() → 0, or −1 if an image is not
 * among the bands.
 */

import { align, growTo, i32At, setI32, union } from '../../grid/assembly/linearMemory';

let R: i32 = 0;
let C: i32 = 0;
let N: i32 = 0;
let SIZE: i32 = 0;
let COUNT: i32 = 0;
let GENS: i32 = 0;
let FREE: i32 = 0;
let RADIX: u64 = 0;
let BITS: i32 = 0;

let bandsBase: usize = 0;
let gensBase: usize = 0;
let parentBase: usize = 0;
let keysBase: usize = 0; // slots of 16 bytes: the u64 key, then the i32 band id (one cache line holds both)
let relabel: usize = 0; // n + 1 i32
let top: usize = 0; // n i32
let order: usize = 0; // n i32
let boxFirst: usize = 0; // R i32
let boxOrder: usize = 0; // R i32
let rowMask: usize = 0; // R i32
let pop: usize = 0; // 2^n u8

export function setup(rows: i32, cols: i32, count: i32, gens: i32): i32 {
  R = rows;
  C = cols;
  N = rows * cols;
  if (N > 16 || gens < 1) return -1;
  SIZE = R * N;
  COUNT = count;
  GENS = gens;
  FREE = N - C;
  let radix: u64 = 1;
  for (let i = 2; i <= FREE; i++) radix *= <u64>i;
  RADIX = radix;
  BITS = 4;
  while (1 << BITS < 2 * count) BITS++;
  bandsBase = align(__heap_base);
  gensBase = align(bandsBase + <usize>count * <usize>SIZE);
  parentBase = align(gensBase + ((gens * SIZE * 4) as usize));
  keysBase = align(parentBase + ((<usize>count) << 2));
  relabel = align(keysBase + ((<usize>1) << ((BITS + 4) as usize)));
  top = relabel + 80;
  order = top + 80;
  boxFirst = order + 80;
  boxOrder = boxFirst + 80;
  rowMask = boxOrder + 80;
  pop = align(rowMask + 80);
  const end = pop + ((<usize>1) << (<usize>N));
  if (!growTo(end)) return -1;
  for (let m = 1; m < 1 << N; m++) store<u8>(pop + <usize>m, load<u8>(pop + ((m >> 1) as usize)) + ((m & 1) as u8));
  for (let r = 0; r < R; r++) setI32(rowMask, r, ((1 << N) - 1) & ~(((1 << C) - 1) << (r * C)));
  return 0;
}

export function bandsPtr(): usize {
  return bandsBase;
}
export function gensPtr(): usize {
  return gensBase;
}
export function parentPtr(): usize {
  return parentBase;
}

function cell(offset: usize, g: usize, i: i32): i32 {
  return <i32>load<u8>(offset + <usize>i32At(g, i));
}

/** The bandCodec key of reduce(relabel(g·band)) for the band at `offset` (see reducedImageKey in classifyBands.ts). */
function imageKey(g: usize, offset: usize): u64 {
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) setI32(relabel, cell(offset, g, r * N + c), r * C + c + 1);
  for (let b = 1; b < R; b++) {
    const base = b * C;
    for (let i = 0; i < C; i++) {
      const col = base + i;
      const v = i32At(relabel, cell(offset, g, col));
      setI32(top, col, v);
      let j = i;
      while (j > 0 && i32At(top, i32At(order, base + j - 1)) > v) {
        setI32(order, base + j, i32At(order, base + j - 1));
        j--;
      }
      setI32(order, base + j, col);
    }
    const v = i32At(top, i32At(order, base));
    let j = b - 1;
    while (j > 0 && i32At(boxFirst, j - 1) > v) {
      setI32(boxFirst, j, i32At(boxFirst, j - 1));
      setI32(boxOrder, j, i32At(boxOrder, j - 1));
      j--;
    }
    setI32(boxFirst, j, v);
    setI32(boxOrder, j, b);
  }
  let key: u64 = 0;
  for (let r = 0; r < R; r++) {
    let rem = i32At(rowMask, r);
    let rank: u64 = 0;
    let left = FREE;
    for (let k = 0; k + 1 < R; k++) {
      const base = i32At(boxOrder, k) * C;
      for (let c = 0; c < C; c++) {
        const bit = 1 << (i32At(relabel, cell(offset, g, r * N + i32At(order, base + c))) - 1);
        rank = rank * <u64>left + <u64>load<u8>(pop + ((rem & (bit - 1)) as usize));
        left--;
        rem ^= bit;
      }
    }
    key = key * RADIX + rank;
  }
  return key;
}

function slot(key: u64): i32 {
  return ((key * 0x9e3779b97f4a7c15) >> ((64 - BITS) as u64)) as i32;
}

export function classify(): i32 {
  const mask = (1 << BITS) - 1;
  for (let s = 0; s <= mask; s++) store<u64>(keysBase + ((<usize>s) << 4), <u64>-1);
  for (let i = 0; i < COUNT; i++) {
    const key = imageKey(gensBase, bandsBase + <usize>i * <usize>SIZE);
    let s = slot(key);
    while (load<u64>(keysBase + ((<usize>s) << 4)) != <u64>-1) s = (s + 1) & mask;
    store<u64>(keysBase + ((<usize>s) << 4), key);
    store<i32>(keysBase + ((<usize>s) << 4) + 8, i);
    setI32(parentBase, i, i);
  }
  for (let i = 0; i < COUNT; i++) {
    const offset = bandsBase + <usize>i * <usize>SIZE;
    for (let g = 1; g < GENS; g++) {
      const key = imageKey(gensBase + ((g * SIZE * 4) as usize), offset);
      let s = slot(key);
      let j = -1;
      for (;;) {
        const k = load<u64>(keysBase + ((<usize>s) << 4));
        if (k == key) {
          j = load<i32>(keysBase + ((<usize>s) << 4) + 8);
          break;
        }
        if (k == <u64>-1) return -1;
        s = (s + 1) & mask;
      }
      union(parentBase, i, j);
    }
  }
  return 0;
}
