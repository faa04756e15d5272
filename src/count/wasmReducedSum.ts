import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import { wasmInstance, type WasmExports } from '../grid/wasmInstance.js';
import type { BoxPairReduction } from './boxPairReduction.js';
import { REDUCED_SUM_WASM } from './reducedSumBinary.js';

/**
 * The loop of reducedCompletions.ts in WebAssembly (assembly/reducedSumCore.ts): n(b₁) for boxes of three columns
 * from the column-set table reduced to base boxes. The core holds the table in its own memory: `table` is a view of
 * it for the caller to fill (bases·P^(R−2) entries; 1.2 GB for 4×3, so it is built there, not copied). Null when
 * this engine has no WebAssembly or the core cannot take the shape (or its memory).
 */
export interface WasmReducedSum {
  /** The core's table, to be filled before the first `completionsOf`. */
  readonly table: Uint32Array;
  /** n(b₁) of a band whose column c holds the digits masks[c] (bit d−1 for digit d; 3R columns). */
  completionsOf(masks: ArrayLike<number>): bigint;
}

export function wasmReducedSum(partitions: ColumnPartitions, reduction: BoxPairReduction): WasmReducedSum | null {
  const { rows: R, cols: C, n } = partitions.shape;
  if (C !== 3) return null;
  const core = wasmInstance<ReducedSumExports>(REDUCED_SUM_WASM);
  const P = partitions.count;
  if (!core || core.setup(R, n, P, reduction.bases) !== 0) return null;
  const { buffer } = core.memory;
  const table = new Uint32Array(buffer, core.tablePtr(), reduction.bases * P ** (R - 2));
  const pairs = partitionOfTwoBlocks(partitions);
  new Int16Array(buffer, core.pairsPtr(), pairs.length).set(pairs);
  new Int32Array(buffer, core.basePtr(), P).set(reduction.base);
  new Uint8Array(buffer, core.tauPtr(), P * n).set(reduction.tau);
  const full = (1 << n) - 1;
  const need = new Int32Array(buffer, core.needPtr(), n);
  const result = new BigUint64Array(buffer, core.resultPtr(), 2);
  return {
    table,
    completionsOf(masks) {
      // the core takes what each column still needs: the complement of band 1's column sets
      for (let c = 0; c < n; c++) need[c] = full & ~masks[c];
      if (core.completions() !== 0) throw new Error('internal: the WebAssembly reduced sum met too many choices');
      return result[0] + (result[1] << 64n);
    },
  };
}

/** What assembly/reducedSumCore.ts exports. */
interface ReducedSumExports extends WasmExports {
  setup(rows: number, n: number, partitions: number, bases: number): number;
  tablePtr(): number;
  pairsPtr(): number;
  basePtr(): number;
  tauPtr(): number;
  needPtr(): number;
  resultPtr(): number;
  completions(): number;
}
