/**
 * The column-set table F of src/count/columnSetTable.ts for boxes of three columns (C = 3: 3x3 and 2x3), in
 * AssemblyScript, compiled to WebAssembly at build time by scripts/build-wasm.mjs. Same method: H over the
 * partitions of boxes 2..R from the reduced bands, then F(p) = (|K|/|orbit|)·Σ_{q ∈ orbit} H(q) over the orbits
 * of K, found by a union-find over K's generators. columnSetTable.ts explains it; its TypeScript stays as the
 * fallback and the twin the tests compare this with, entry by entry.
 *
 * Linear memory, from __heap_base (no allocator: `setup` grows the memory once and lays the buffers out):
 *
 *   bands    the reduced bands, R·n bytes each (written by the caller at bandsPtr())
 *   pairs    i16 over 2^(2n): the partition with two given blocks (written by the caller at pairsPtr())
 *   gens     each generator of K as its action on the P partitions, i32 (written by the caller at gensPtr())
 *   H        f64 per table cell (read by the caller at standardPtr())
 *   parent   the union-find over the cells; orbit sums (f64) and sizes (i32)
 *   table    F, u32 per cell (read by the caller at tablePtr())
 *
 * Entry points: setup(R, n, P, count, gens) → 0 (−1: not a shape this core takes), then build(perOrder, order)
 * → 0, or −1 if an entry does not fit in 32 bits or an orbit does not divide |K|.
 */

import { align, find, growTo, i32At, setI32, union } from '../../grid/assembly/linearMemory';

let R: i32 = 0;
let N: i32 = 0;
let P: i32 = 0;
let COUNT: i32 = 0;
let GENS: i32 = 0;
let CELLS: i32 = 0;

let bandsBase: usize = 0;
let pairsBase: usize = 0;
let gensBase: usize = 0;
let hBase: usize = 0;
let parentBase: usize = 0;
let sumBase: usize = 0;
let sizeBase: usize = 0;
let tableBase: usize = 0;

export function setup(rows: i32, n: i32, partitions: i32, count: i32, gens: i32): i32 {
  if (rows < 2 || rows > 3 || n != 3 * rows) return -1;
  R = rows;
  N = n;
  P = partitions;
  COUNT = count;
  GENS = gens;
  CELLS = rows == 2 ? P : P * P;
  const cells = <usize>CELLS;
  bandsBase = align(__heap_base);
  pairsBase = align(bandsBase + <usize>count * ((R * N) as usize));
  gensBase = align(pairsBase + ((<usize>1) << ((2 * n + 1) as usize)));
  hBase = align(gensBase + ((gens * P * 4) as usize));
  parentBase = align(hBase + (cells << 3));
  sumBase = align(parentBase + (cells << 2));
  sizeBase = align(sumBase + (cells << 3));
  tableBase = align(sizeBase + (cells << 2));
  const end = tableBase + (cells << 2);
  if (!growTo(end)) return -1;
  return 0;
}

export function bandsPtr(): usize {
  return bandsBase;
}
export function pairsPtr(): usize {
  return pairsBase;
}
export function gensPtr(): usize {
  return gensBase;
}
export function standardPtr(): usize {
  return hBase;
}
export function tablePtr(): usize {
  return tableBase;
}

function pairIndex(x: i32, y: i32): i32 {
  return <i32>load<i16>(pairsBase + (((x | (y << N)) as usize) << 1));
}

/** H, then F over K's orbits. perOrder: what a reduced band adds to each box order's entry; order: |K|. */
export function build(perOrder: f64, order: f64): i32 {
  const size = (R * N) as usize;
  for (let t = 0; t < CELLS; t++) {
    store<f64>(hBase + ((<usize>t) << 3), 0);
    store<f64>(sumBase + ((<usize>t) << 3), 0);
    setI32(sizeBase, t, 0);
    setI32(parentBase, t, t);
  }
  for (let i = 0; i < COUNT; i++) {
    const band = bandsBase + <usize>i * size;
    // the digit masks of columns 3..8 (boxes 2..R): masks of box k's first two columns give its partition
    let p1 = 0;
    let p2 = 0;
    for (let k = 1; k < R; k++) {
      let m0 = 0;
      let m1 = 0;
      for (let r = 0; r < R; r++) {
        const row = band + ((r * N + 3 * k) as usize);
        m0 |= 1 << (<i32>load<u8>(row) - 1);
        m1 |= 1 << (<i32>load<u8>(row + 1) - 1);
      }
      if (k == 1) p1 = pairIndex(m0, m1);
      else p2 = pairIndex(m0, m1);
    }
    if (R == 2) {
      const a = hBase + ((<usize>p1) << 3);
      store<f64>(a, load<f64>(a) + perOrder);
    } else {
      const a = hBase + (((p1 * P + p2) as usize) << 3);
      store<f64>(a, load<f64>(a) + perOrder);
      const b = hBase + (((p2 * P + p1) as usize) << 3);
      store<f64>(b, load<f64>(b) + perOrder);
    }
  }
  for (let g = 0; g < GENS; g++) {
    const act = gensBase + ((g * P * 4) as usize);
    for (let t = 0; t < CELLS; t++) {
      const image = R == 2 ? i32At(act, t) : i32At(act, t / P) * P + i32At(act, t % P);
      union(parentBase, t, image);
    }
  }
  for (let t = 0; t < CELLS; t++) {
    const root = find(parentBase, t);
    setI32(parentBase, t, root);
    const s = sumBase + ((<usize>root) << 3);
    store<f64>(s, load<f64>(s) + load<f64>(hBase + ((<usize>t) << 3)));
    setI32(sizeBase, root, i32At(sizeBase, root) + 1);
  }
  for (let t = 0; t < CELLS; t++) {
    const root = i32At(parentBase, t);
    const orbit = <f64>i32At(sizeBase, root);
    const stab = order / orbit;
    if (stab != Math.floor(stab)) return -1;
    const v = stab * load<f64>(sumBase + ((<usize>root) << 3));
    if (v > 4294967295.0) return -1;
    store<u32>(tableBase + ((<usize>t) << 2), <u32>v);
  }
  return 0;
}
