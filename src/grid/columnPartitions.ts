import { fullMask } from './bits.js';
import type { BoxShape } from './shape.js';

/**
 * The column digit-sets of one box: C disjoint sets of R digits whose union is all n digits — an unordered
 * partition of the digits into C blocks of R. There are P = n!/((R!)^C·C!) of them (280 for 3×3).
 * Each gets a dense index 0..P−1.
 *
 * Lookup key: the blocks sorted by their smallest digit, the first C−1 packed n bits apart
 *   key = B₀ | B₁ << n | … | B_(C−2) << (C−2)·n        (the last block is what is left)
 */
export interface ColumnPartitions {
  readonly shape: BoxShape;
  /** P, the number of partitions. */
  readonly count: number;
  /** Block masks of partition p, sorted by smallest digit: blocks[p·C + i]. */
  readonly blocks: Int32Array;
  /** Index of the partition whose blocks are masks[offset..offset+C−1], in any order. */
  indexOf(masks: ArrayLike<number>, offset?: number): number;
}

const DENSE_KEY_BITS = 22;

export function columnPartitions(shape: BoxShape): ColumnPartitions {
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  const list: number[] = [];
  const cur = new Int32Array(C);
  const chooseRest = (avail: number, need: number, start: number, acc: number, out: (m: number) => void): void => {
    if (need === 0) {
      out(acc);
      return;
    }
    for (let d = start; d < n; d++) {
      if (avail & (1 << d)) chooseRest(avail, need - 1, d + 1, acc | (1 << d), out);
    }
  };
  const rec = (i: number, avail: number): void => {
    if (i === C) {
      for (let k = 0; k < C; k++) list.push(cur[k]);
      return;
    }
    const low = avail & -avail;
    const lowIdx = 31 - Math.clz32(low);
    chooseRest(avail, R - 1, lowIdx + 1, low, (m) => {
      cur[i] = m;
      rec(i + 1, avail & ~m);
    });
  };
  rec(0, full);
  const blocks = Int32Array.from(list);
  const count = blocks.length / C;

  const keyBits = n * (C - 1);
  // Int16: P < 32,768 for every shape with a dense key, and half the bytes keep the lookups in cache
  const dense = keyBits <= DENSE_KEY_BITS && count < 32768 ? new Int16Array(1 << keyBits).fill(-1) : null;
  const sparse = dense ? null : new Map<number, number>();
  for (let p = 0; p < count; p++) {
    let key = 0;
    for (let i = C - 2; i >= 0; i--) key = key * (1 << n) + blocks[p * C + i];
    if (dense) dense[key] = p;
    else sparse!.set(key, p);
  }

  const sorted = new Int32Array(C);
  function indexOf(masks: ArrayLike<number>, offset = 0): number {
    // insertion sort of the C blocks by lowest bit
    for (let i = 0; i < C; i++) {
      const m = masks[offset + i];
      const lo = m & -m;
      let j = i;
      while (j > 0 && (sorted[j - 1] & -sorted[j - 1]) > lo) {
        sorted[j] = sorted[j - 1];
        j--;
      }
      sorted[j] = m;
    }
    let key = 0;
    for (let i = C - 2; i >= 0; i--) key = key * (1 << n) + sorted[i];
    const p = dense ? dense[key] : (sparse!.get(key) ?? -1);
    if (p < 0) throw new Error('internal: column sets do not partition the digits');
    return p;
  }
  return { shape, count, blocks, indexOf };
}
