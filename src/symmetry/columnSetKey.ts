import type { ColumnPartitions } from '../grid/columnPartitions.js';
import type { PartitionRenamings } from '../grid/partitionRenamings.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import type { BoxShape } from '../grid/shape.js';

/**
 * The class of a band's column digit-sets ("gangster") under box permutations, column permutations inside
 * boxes and renaming of digits: two bands get the same key exactly when one's column sets become the
 * other's under those. Bands with the same key have the same number of completions.
 *
 * Key: choose which box comes first and the order of its columns; rename digits so those columns become
 * the standard sets S_c (the renaming is fixed up to K, which keeps every S_c); the other boxes are then
 * unordered partitions, and their order is free, so sort their indices. The key is the smallest such
 * sorted tuple (as a mixed-radix number) over every box, column order and element of K.
 */
export function columnSetKeyer(
  shape: BoxShape,
  partitions: ColumnPartitions,
  renamings: PartitionRenamings,
): (band: ArrayLike<number>) => number {
  const { rows: R, cols: C, n } = shape;
  const P = partitions.count;
  const colOrders = permutationsOf(C);
  const masks = new Int32Array(n);
  const rename = new Int32Array(n);
  const mapped = new Int32Array(C);
  const q = new Int32Array(R - 1);
  const t = new Int32Array(R - 1);
  return (band) => {
    masks.fill(0);
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) masks[c] |= 1 << (band[r * n + c] - 1);
    let best = Infinity;
    for (let b0 = 0; b0 < R; b0++) {
      for (const order of colOrders) {
        // rename: the r-th smallest digit of the first box's column order[c] → digit r·C + c (0-based)
        for (let c = 0; c < C; c++) {
          let m = masks[b0 * C + order[c]],
            r = 0;
          while (m) {
            const bit = m & -m;
            rename[31 - Math.clz32(bit)] = r * C + c;
            r++;
            m ^= bit;
          }
        }
        let k = 0;
        for (let b = 0; b < R; b++) {
          if (b === b0) continue;
          for (let i = 0; i < C; i++) {
            let m = masks[b * C + i],
              out = 0;
            while (m) {
              const bit = m & -m;
              out |= 1 << rename[31 - Math.clz32(bit)];
              m ^= bit;
            }
            mapped[i] = out;
          }
          q[k++] = partitions.indexOf(mapped);
        }
        for (let g = 0; g < renamings.order; g++) {
          const act = g * P;
          for (let i = 0; i < R - 1; i++) {
            const v = renamings.act[act + q[i]];
            let j = i;
            while (j > 0 && t[j - 1] > v) {
              t[j] = t[j - 1];
              j--;
            }
            t[j] = v;
          }
          let key = 0;
          for (let i = 0; i < R - 1; i++) key = key * P + t[i];
          if (key < best) best = key;
        }
      }
    }
    return best;
  };
}
