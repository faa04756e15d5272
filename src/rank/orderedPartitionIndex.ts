import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { permutationsOf } from '../grid/permutationsOf.js';

/**
 * The partition index of a box's column sets given in any column order, by one array read: the sets of the
 * first C−1 columns packed n bits apart (the last is what remains),
 *
 *     index[m_0 | m_1 << n | … | m_(C−2) << (C−2)·n] = partitions.indexOf(m_0, …, m_(C−1))
 *
 * (C = 2: 2^n entries; C = 3: 2^(2n), 262,144 for 3×3). `ColumnPartitions.indexOf` sorts the sets first; the
 * rank tables read partitions in their hot loops, where that sort showed up. −1 marks masks that are not the
 * first C−1 blocks of a partition.
 */
export function orderedPartitionIndex(partitions: ColumnPartitions): Int16Array {
  const { cols: C, n } = partitions.shape;
  if (n * (C - 1) > 20) throw new RangeError(`ordered partition index: ${partitions.shape.name} is too big`);
  const index = new Int16Array(1 << (n * (C - 1))).fill(-1);
  const orders = permutationsOf(C);
  for (let p = 0; p < partitions.count; p++) {
    for (const o of orders) {
      let key = 0;
      for (let i = C - 2; i >= 0; i--) key = key * (1 << n) + partitions.blocks[p * C + o[i]];
      index[key] = p;
    }
  }
  return index;
}
