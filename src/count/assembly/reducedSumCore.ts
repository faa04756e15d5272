/**
 * n(b₁) for boxes of three columns from the column-set table reduced to base boxes (src/count/reducedCompletions.ts
 * explains the sum, src/count/boxPairReduction.ts the reduction, docs/4x3.md the route): the loop of 4×3, in
 * AssemblyScript, compiled to WebAssembly at build time by scripts/build-wasm.mjs. The TypeScript of
 * reducedCompletions.ts is its twin (the tests compare them on 2×3 and 3×3).
 *
 *   n(b₁) = 2 · Σ over box-1 choices t₀ (first set below its exchange's) Σ_(t₁, …, t_(R−1)) F(T)·F(S∖T)
 *
 * F(T) = table[base₂·P^(R−2) + Σ_(k ≥ 2) p_k·P^(R−1−k)]: T renamed so that its box 1 is standard and then by the
 * base renaming tau of its box 2's partition q (base₂ = base[q]); boxes 3..R indexed by their renamed partitions.
 *
 * Linear memory, from __heap_base (no allocator: `setup` grows the memory once and lays the buffers out):
 *
 *   table    F, bases·P^(R−2) u32 (written by the caller at tablePtr(): 1.2 GB for 4×3)
 *   pairs    i16 over 2^(2n): the partition with two given blocks (pairsPtr())
 *   base     i32 over P: the base box of each box-2 partition (basePtr())
 *   tau      u8 over P·n: the base renaming of each box-2 partition, digit bit → digit bit (tauPtr())
 *   need     the n column masks S the band being counted leaves (needPtr())
 *   choices  per box: up to MAX_CHOICES choices of 3 masks (T), then the same for S∖T
 *   offsets  per box ≥ 2: the table offsets (bytes) of each choice for band 2 (T) and band 3 (S∖T)
 *   maps     per lower band: the digit targets (16 i32) and the split renaming (lo, hi: 64 i32 each)
 *   result   n(b₁) as two u64 (low, high): resultPtr()
 *
 * A row of the last box sums at most MAX_CHOICES products below 2^56 each in u64 (346 for 4×3: below 2^64); rows
 * are added into the 128-bit result with their carry.
 */

import { align, growTo, i32At, setI32 } from '../../grid/assembly/linearMemory';
import { enumerateChoices, lastBox, splitRenaming, standardTargets } from './threeBandLoops';

const C: i32 = 3;
const MAX_CHOICES: i32 = 512;

let R: i32 = 0;
let N: i32 = 0;
let P: i32 = 0;
let LOW: i32 = 0;
let LOW_MASK: i32 = 0;
let BASE_STRIDE: i32 = 0; // P^(R−2)

let tableBase: usize = 0;
let pairsBase: usize = 0;
let baseBase: usize = 0;
let tauBase: usize = 0;
let needBase: usize = 0;
let choiceBase: usize = 0;
let offsetBase: usize = 0;
let mapBase: usize = 0;
let counts: usize = 0;
let resultBase: usize = 0;

/** 0, or −1 if the shape is not one this core takes or the memory cannot grow. */
export function setup(rows: i32, n: i32, partitions: i32, bases: i32): i32 {
  if (rows < 2 || rows > 4 || n != rows * C || n > 12) return -1;
  R = rows;
  N = n;
  P = partitions;
  LOW = n >> 1;
  LOW_MASK = (1 << LOW) - 1;
  let cells: u64 = 1;
  for (let k = 2; k < R; k++) cells *= P as u64;
  BASE_STRIDE = cells as i32;
  const tableBytes: u64 = (bases as u64) * cells * 4;
  if (tableBytes >= (<u64>1) << 32) return -1;
  tableBase = align(__heap_base);
  pairsBase = align(tableBase + (tableBytes as usize));
  baseBase = align(pairsBase + ((<usize>1) << ((2 * n + 1) as usize)));
  tauBase = align(baseBase + ((P * 4) as usize));
  needBase = align(tauBase + ((P * n) as usize));
  choiceBase = align(needBase + 64);
  offsetBase = align(choiceBase + ((R * 6 * MAX_CHOICES * 4) as usize));
  mapBase = align(offsetBase + ((R * 2 * MAX_CHOICES * 4) as usize));
  counts = align(mapBase + 2 * (16 + 2 * 64) * 4);
  resultBase = align(counts + 64);
  const end = resultBase + 64;
  if (end < resultBase || !growTo(end)) return -1;
  return 0;
}

export function tablePtr(): usize {
  return tableBase;
}
export function pairsPtr(): usize {
  return pairsBase;
}
export function basePtr(): usize {
  return baseBase;
}
export function tauPtr(): usize {
  return tauBase;
}
export function needPtr(): usize {
  return needBase;
}
export function resultPtr(): usize {
  return resultBase;
}

function tChoice(k: i32): usize {
  return choiceBase + ((k * 6 * MAX_CHOICES * 4) as usize);
}
function uChoice(k: i32): usize {
  return tChoice(k) + ((3 * MAX_CHOICES * 4) as usize);
}
function tOffsets(k: i32): usize {
  return offsetBase + ((k * 2 * MAX_CHOICES * 4) as usize);
}
function uOffsets(k: i32): usize {
  return tOffsets(k) + ((MAX_CHOICES * 4) as usize);
}

function mapped(lo: usize, hi: usize, m: i32): i32 {
  return i32At(lo, m & LOW_MASK) | i32At(hi, m >> LOW);
}

function pairIndex(x: i32, y: i32): i32 {
  return <i32>load<i16>(pairsBase + (((x | (y << N)) as usize) << 1));
}

/**
 * The renaming of a lower band whose box 1 is the three masks at box1[i..] and box 2 those at box2[j..]: box 1 to
 * the standard sets, then box 2's base renaming; into the split maps at map (targets, lo, hi). Returns the base box.
 */
function renaming(box1: usize, i: i32, box2: usize, j: i32, map: usize): i32 {
  const target = map;
  const lo = map + 16 * 4;
  const hi = lo + 64 * 4;
  standardTargets(box1, i, target);
  splitRenaming(target, lo, hi, N, LOW);
  const q = pairIndex(mapped(lo, hi, i32At(box2, j)), mapped(lo, hi, i32At(box2, j + 1)));
  const tau = tauBase + ((q * N) as usize);
  for (let d = 0; d < N; d++) setI32(target, d, <i32>load<u8>(tau + (i32At(target, d) as usize)));
  splitRenaming(target, lo, hi, N, LOW);
  return i32At(baseBase, q);
}

/** Computes n(b₁) for the masks at needPtr() into resultPtr() (low, high u64); 0, or −1 if a box has too many choices. */
export function completions(): i32 {
  for (let k = 0; k < R; k++) {
    const c = enumerateChoices(needBase, k, N, R, tChoice(k), uChoice(k), MAX_CHOICES);
    if (c < 0) return -1;
    setI32(counts, k, c);
  }
  const mapT = mapBase;
  const mapU = mapBase + (16 + 2 * 64) * 4;
  const loT = mapT + 16 * 4,
    hiT = loT + 64 * 4;
  const loU = mapU + 16 * 4,
    hiU = loU + 64 * 4;
  const t0s = tChoice(0),
    u0s = uChoice(0),
    t1s = tChoice(1),
    u1s = uChoice(1);
  const n0 = i32At(counts, 0),
    n1 = i32At(counts, 1);
  let low: u64 = 0,
    high: u64 = 0;
  for (let t0 = 0; t0 < n0; t0++) {
    if (i32At(u0s, 3 * t0) < i32At(t0s, 3 * t0)) continue; // the exchanged choice stands for this pair
    for (let t1 = 0; t1 < n1; t1++) {
      const b2 = renaming(t0s, 3 * t0, t1s, 3 * t1, mapT);
      const b3 = renaming(u0s, 3 * t0, u1s, 3 * t1, mapU);
      let stride = 1;
      for (let k = R - 1; k >= 2; k--) {
        const t = tChoice(k),
          u = uChoice(k);
        const a = tOffsets(k),
          b = uOffsets(k);
        const nk = i32At(counts, k);
        for (let i = 0; i < nk; i++) {
          setI32(a, i, pairIndex(mapped(loT, hiT, i32At(t, 3 * i)), mapped(loT, hiT, i32At(t, 3 * i + 1))) * stride * 4);
          setI32(b, i, pairIndex(mapped(loU, hiU, i32At(u, 3 * i)), mapped(loU, hiU, i32At(u, 3 * i + 1))) * stride * 4);
        }
        stride *= P;
      }
      const o2 = b2 * BASE_STRIDE * 4,
        o3 = b3 * BASE_STRIDE * 4;
      let v: u64 = 0;
      if (R == 2) {
        v = (load<u32>(tableBase + (o2 as usize)) as u64) * (load<u32>(tableBase + (o3 as usize)) as u64);
        low += v;
        if (low < v) high++;
      } else if (R == 3) {
        v = lastBox(tableBase, i32At(counts, 2), tOffsets(2), uOffsets(2), o2, o3);
        low += v;
        if (low < v) high++;
      } else {
        const a2 = tOffsets(2),
          b2o = uOffsets(2);
        const n2 = i32At(counts, 2),
          n3 = i32At(counts, 3);
        const a3 = tOffsets(3),
          b3o = uOffsets(3);
        for (let i = 0; i < n2; i++) {
          v = lastBox(tableBase, n3, a3, b3o, o2 + i32At(a2, i), o3 + i32At(b2o, i));
          low += v;
          if (low < v) high++;
        }
      }
    }
  }
  // doubled: the exchange of bands 2 and 3
  high = (high << 1) | (low >> 63);
  low = low << 1;
  store<u64>(resultBase, low);
  store<u64>(resultBase, high, 8);
  return 0;
}
