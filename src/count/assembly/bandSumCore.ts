/**
 * The three-band completion sum of src/count/bandCompletions.ts (C = 3: 2x3 and 3x3 boxes), in AssemblyScript,
 * compiled to WebAssembly at build time by scripts/build-wasm.mjs. Same sum, same halving by the swap of the two
 * lower bands, same table reads: bandCompletions.ts explains the method; this file only says how the data lies in
 * memory. The TypeScript sum stays as the fallback and as the twin the tests compare this with, band by band.
 *
 *   n(b₁) = 2 · Σ over box-1 choices t₀ (first set below its complement's) Σ_{t₁, t₂} F(T)·F(S∖T)
 *
 * Linear memory, from __heap_base (no allocator: `setup` grows the memory once and lays the buffers out):
 *
 *   table    F, P^(R−1) u32 entries (written by the caller at tablePtr())
 *   pairs    i16 over 2^(2n): the partition with two given blocks (written by the caller at pairsPtr())
 *   need     the n column masks S of the band being counted (written by the caller at needPtr())
 *   choices  per box: up to MAX_CHOICES choices of 3 masks (T), then the same for S∖T
 *   offsets  per box: the table offsets A (middle band) and B (bottom band) of each choice
 *   maps     the two split renamings (lo, hi) of the middle and bottom bands
 *
 * Entry points: setup(R, n, P) → 0 (or −1 if the shape is not one this core takes), then completions() per band
 * after writing its S; it returns n(b₁) as an f64 (exact below 2^53: the caller checks).
 */

import { align, growTo, i32At, setI32 } from '../../grid/assembly/linearMemory';
import { enumerateChoices, lastBox, splitRenaming, standardTargets } from './threeBandLoops';

const C: i32 = 3;
const MAX_CHOICES: i32 = 1024;

let R: i32 = 0;
let N: i32 = 0;
let P: i32 = 0;
let LOW: i32 = 0;
let LOW_MASK: i32 = 0;

let tableBase: usize = 0;
let pairsBase: usize = 0;
let needBase: usize = 0;
let choiceBase: usize = 0; // per box k: 3·MAX_CHOICES i32 for T, then 3·MAX_CHOICES for S∖T
let offsetBase: usize = 0; // per box k: MAX_CHOICES i32 for A, then MAX_CHOICES for B
let mapBase: usize = 0; // target (16 i32), loT, hiT, loU, hiU (64 i32 each)
let counts: usize = 0; // choices per box (4 i32)

export function setup(rows: i32, n: i32, partitions: i32): i32 {
  if (rows < 2 || rows > 3 || n != rows * C || n > 12) return -1;
  R = rows;
  N = n;
  P = partitions;
  LOW = n >> 1;
  LOW_MASK = (1 << LOW) - 1;
  let cells: i32 = 1;
  for (let k = 1; k < R; k++) cells *= P;
  tableBase = align(__heap_base);
  pairsBase = align(tableBase + ((<usize>cells) << 2));
  needBase = align(pairsBase + ((<usize>1) << ((2 * n + 1) as usize)));
  choiceBase = align(needBase + 64);
  offsetBase = align(choiceBase + ((R * 6 * MAX_CHOICES * 4) as usize));
  mapBase = align(offsetBase + ((R * 2 * MAX_CHOICES * 4) as usize));
  counts = align(mapBase + (16 + 4 * 64) * 4);
  const end = counts + 64;
  if (!growTo(end)) return -1;
  return 0;
}

export function tablePtr(): usize {
  return tableBase;
}
export function pairsPtr(): usize {
  return pairsBase;
}
export function needPtr(): usize {
  return needBase;
}

function tChoice(k: i32): usize {
  return choiceBase + ((k * 6 * MAX_CHOICES * 4) as usize);
}
function uChoice(k: i32): usize {
  return tChoice(k) + ((3 * MAX_CHOICES * 4) as usize);
}
function aOffsets(k: i32): usize {
  return offsetBase + ((k * 2 * MAX_CHOICES * 4) as usize);
}
function bOffsets(k: i32): usize {
  return aOffsets(k) + ((MAX_CHOICES * 4) as usize);
}

/** Fill the split renaming at lo/hi that sends the three sets at base (masks) to the standard sets S_c. */
function rename(base: usize, i: i32, lo: usize, hi: usize): void {
  standardTargets(base, i, mapBase);
  splitRenaming(mapBase, lo, hi, N, LOW);
}

function mapped(lo: usize, hi: usize, m: i32): i32 {
  return i32At(lo, m & LOW_MASK) | i32At(hi, m >> LOW);
}

function pairIndex(x: i32, y: i32): i32 {
  return <i32>load<i16>(pairsBase + (((x | (y << N)) as usize) << 1));
}

export function completions(): f64 {
  for (let k = 0; k < R; k++) {
    const c = enumerateChoices(needBase, k, N, R, tChoice(k), uChoice(k), MAX_CHOICES);
    if (c < 0) return -1;
    setI32(counts, k, c);
  }
  const loT = mapBase + 16 * 4;
  const hiT = loT + 64 * 4;
  const loU = hiT + 64 * 4;
  const hiU = loU + 64 * 4;
  const t0s = tChoice(0);
  const u0s = uChoice(0);
  const n0 = i32At(counts, 0);
  let total: u64 = 0;
  for (let t0 = 0; t0 < n0; t0++) {
    if (i32At(u0s, 3 * t0) < i32At(t0s, 3 * t0)) continue; // the complementary choice stands for this pair
    rename(t0s, 3 * t0, loT, hiT);
    rename(u0s, 3 * t0, loU, hiU);
    let stride = 1;
    for (let k = R - 1; k >= 1; k--) {
      const t = tChoice(k);
      const u = uChoice(k);
      const a = aOffsets(k);
      const b = bOffsets(k);
      const nk = i32At(counts, k);
      // byte offsets into the table (4 bytes an entry)
      for (let i = 0; i < nk; i++) {
        setI32(a, i, pairIndex(mapped(loT, hiT, i32At(t, 3 * i)), mapped(loT, hiT, i32At(t, 3 * i + 1))) * stride * 4);
        setI32(b, i, pairIndex(mapped(loU, hiU, i32At(u, 3 * i)), mapped(loU, hiU, i32At(u, 3 * i + 1))) * stride * 4);
      }
      stride *= P;
    }
    if (R == 2) total += lastBox(tableBase, i32At(counts, 1), aOffsets(1), bOffsets(1), 0, 0);
    else {
      const a1 = aOffsets(1);
      const b1 = bOffsets(1);
      const a2 = aOffsets(2);
      const b2 = bOffsets(2);
      const n1 = i32At(counts, 1);
      const n2 = i32At(counts, 2);
      for (let t1 = 0; t1 < n1; t1++) total += lastBox(tableBase, n2, a2, b2, i32At(a1, t1), i32At(b1, t1));
    }
  }
  const v = total << 1;
  return v >= (<u64>1) << 53 ? -1 : <f64>v;
}
