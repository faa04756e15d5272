import type { ColumnPartitions } from './columnPartitions.js';
import { permutationsOf } from './permutationsOf.js';

/**
 * K: the renamings of digits that keep each standard column set of box 1, S_c = {c+1, c+1+C, …}, as it is
 * (each S_c permuted within itself): |K| = (R!)^C, 216 for 3×3. Their action on column partitions:
 *
 *   act[g·P + p] = index of the partition p with its digits renamed by the g-th element of K
 */
export interface PartitionRenamings {
  /** |K|. */
  readonly order: number;
  readonly act: Int32Array;
}

export function partitionRenamings(partitions: ColumnPartitions): PartitionRenamings {
  const { rows: R, cols: C, n } = partitions.shape;
  const P = partitions.count;
  const rowPerms = permutationsOf(R);
  const order = rowPerms.length ** C;
  const act = new Int32Array(order * P);
  const rho = new Int32Array(n);
  const mapped = new Int32Array(C);
  for (let g = 0; g < order; g++) {
    let x = g;
    for (let c = 0; c < C; c++) {
      const perm = rowPerms[x % rowPerms.length];
      x = Math.floor(x / rowPerms.length);
      for (let r = 0; r < R; r++) rho[r * C + c] = perm[r] * C + c;
    }
    actOn(partitions, rho, act.subarray(g * P, (g + 1) * P), mapped);
  }
  return { order, act };
}

/**
 * Generators of K: the swaps of two adjacent digits of one standard column set S_c ((R−1)·C of them, 6 for 3×3),
 * each as its action on the partitions (`act[p]`, as a row of `partitionRenamings`). Enough to find K's orbits.
 */
export function partitionRenamingGenerators(partitions: ColumnPartitions): Int32Array[] {
  const { rows: R, cols: C, n } = partitions.shape;
  const rho = new Int32Array(n);
  const mapped = new Int32Array(C);
  const gens: Int32Array[] = [];
  for (let c = 0; c < C; c++) {
    for (let r = 0; r + 1 < R; r++) {
      for (let d = 0; d < n; d++) rho[d] = d;
      rho[r * C + c] = (r + 1) * C + c;
      rho[(r + 1) * C + c] = r * C + c;
      const act = new Int32Array(partitions.count);
      actOn(partitions, rho, act, mapped);
      gens.push(act);
    }
  }
  return gens;
}

/** act[p] = the partition p with digit bit d renamed to bit rho[d]. */
function actOn(partitions: ColumnPartitions, rho: Int32Array, act: Int32Array, mapped: Int32Array): void {
  const C = partitions.shape.cols;
  for (let p = 0; p < partitions.count; p++) {
    for (let i = 0; i < C; i++) {
      let m = partitions.blocks[p * C + i],
        out = 0;
      while (m) {
        const b = m & -m;
        out |= 1 << rho[31 - Math.clz32(b)];
        m ^= b;
      }
      mapped[i] = out;
    }
    act[p] = partitions.indexOf(mapped);
  }
}
