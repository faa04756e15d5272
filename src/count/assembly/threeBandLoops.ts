/**
 * What the two three-band cores share (bandSumCore.ts: the band method's completion sum of 2×3 and 3×3 from the
 * full column-set table; reducedSumCore.ts: the same sum from the table reduced to base boxes, the route of 4×3):
 * listing a box's choices for the middle band, making a renaming of digits as two small maps, and the innermost sum
 * of products of table reads. AssemblyScript; each core imports what it needs (inlined by the compiler).
 */

import { i32At, setI32 } from '../../grid/assembly/linearMemory';

/**
 * The choices of box k for the middle band: three disjoint R-sets T_c ⊂ S_(3k+c) (S: the n column masks at `need`,
 * what band 1 leaves) partitioning the n digits, written as 3 masks each at t, and S∖T at u. Returns how many, or
 * −1 past `max`.
 */
export function enumerateChoices(need: usize, k: i32, n: i32, R: i32, t: usize, u: usize, max: i32): i32 {
  const s0 = i32At(need, 3 * k);
  const s1 = i32At(need, 3 * k + 1);
  const s2 = i32At(need, 3 * k + 2);
  const full = (1 << n) - 1;
  let count = 0;
  for (let a = s0; a != 0; a = (a - 1) & s0) {
    if (popcnt(a) != R) continue;
    const m1 = s1 & ~a;
    for (let b = m1; b != 0; b = (b - 1) & m1) {
      if (popcnt(b) != R) continue;
      const c = full & ~(a | b);
      if ((c & ~s2) != 0) continue;
      if (count == max) return -1;
      setI32(t, 3 * count, a);
      setI32(t, 3 * count + 1, b);
      setI32(t, 3 * count + 2, c);
      setI32(u, 3 * count, s0 & ~a);
      setI32(u, 3 * count + 1, s1 & ~b);
      setI32(u, 3 * count + 2, s2 & ~c);
      count++;
    }
  }
  return count;
}

/**
 * target[i] = the digit bit that bit i goes to (n entries at `target`), as two maps over the low `low` bits and the
 * other n − low: a mask m goes to lo[m & (2^low − 1)] | hi[m >> low].
 */
export function splitRenaming(target: usize, lo: usize, hi: usize, n: i32, low: i32): void {
  const lowMask = (1 << low) - 1;
  setI32(lo, 0, 0);
  for (let m = 1; m <= lowMask; m++) setI32(lo, m, i32At(lo, m & (m - 1)) | (1 << i32At(target, ctz(m))));
  setI32(hi, 0, 0);
  const hiSize = 1 << (n - low);
  for (let m = 1; m < hiSize; m++) setI32(hi, m, i32At(hi, m & (m - 1)) | (1 << i32At(target, low + ctz(m))));
}

/**
 * The renaming that sends the three sets at base[i..i+2] to the standard sets S_c = {bits c, c+3, …} (smallest
 * digit to smallest): target[d] for each digit bit d of the sets.
 */
export function standardTargets(base: usize, i: i32, target: usize): void {
  for (let c = 0; c < 3; c++) {
    let m = i32At(base, i + c);
    let r = 0;
    while (m != 0) {
      const b = m & -m;
      setI32(target, ctz(b), r * 3 + c);
      r++;
      m ^= b;
    }
  }
}

/**
 * Σ_t F(a0 + a[t])·F(b0 + b[t]) over `count` byte offsets a[t], b[t] (i32) into the u32 table at `table`, in four
 * sums so that consecutive products do not wait on one addition.
 */
@inline export function lastBox(table: usize, count: i32, a: usize, b: usize, a0: i32, b0: i32): u64 {
  const ta = table + (a0 as usize);
  const tb = table + (b0 as usize);
  let s0: u64 = 0;
  let s1: u64 = 0;
  let s2: u64 = 0;
  let s3: u64 = 0;
  const end = a + ((count as usize) << 2);
  const end4 = a + (((count & ~3) as usize) << 2);
  let p = a;
  let q = b;
  for (; p < end4; p += 16, q += 16) {
    s0 += (load<u32>(ta + load<u32>(p)) as u64) * (load<u32>(tb + load<u32>(q)) as u64);
    s1 += (load<u32>(ta + load<u32>(p, 4)) as u64) * (load<u32>(tb + load<u32>(q, 4)) as u64);
    s2 += (load<u32>(ta + load<u32>(p, 8)) as u64) * (load<u32>(tb + load<u32>(q, 8)) as u64);
    s3 += (load<u32>(ta + load<u32>(p, 12)) as u64) * (load<u32>(tb + load<u32>(q, 12)) as u64);
  }
  for (; p < end; p += 4, q += 4) s0 += (load<u32>(ta + load<u32>(p)) as u64) * (load<u32>(tb + load<u32>(q)) as u64);
  return s0 + s1 + (s2 + s3);
}
