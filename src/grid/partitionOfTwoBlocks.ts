import type { ColumnPartitions } from './columnPartitions.js';

const built = new WeakMap<ColumnPartitions, Int16Array>();

/**
 * For boxes of three columns (C = 3): the index of a partition of the digits into three blocks from any two of its
 * blocks, in either order, as one read:
 *
 *   pairs[B | B' << n] = p        (2^(2n) 16-bit entries, 512 KB for 3×3, of which 1,680 are used; −1 elsewhere)
 *
 * Built once per partition list.
 */
export function partitionOfTwoBlocks(partitions: ColumnPartitions): Int16Array {
  let pairs = built.get(partitions);
  if (!pairs) {
    const { n, cols } = partitions.shape;
    if (cols !== 3) throw new Error(`internal: two blocks name a partition of three, not of ${cols}`);
    pairs = new Int16Array(1 << (2 * n)).fill(-1);
    for (let p = 0; p < partitions.count; p++) {
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          if (i !== j) pairs[partitions.blocks[p * 3 + i] | (partitions.blocks[p * 3 + j] << n)] = p;
    }
    built.set(partitions, pairs);
  }
  return pairs;
}
