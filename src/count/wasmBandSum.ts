import type { ColumnPartitions } from '../grid/columnPartitions.js';
import type { BoxShape } from '../grid/shape.js';
import { wasmInstance, type WasmExports } from '../grid/wasmInstance.js';
import { BAND_SUM_WASM } from './bandSumBinary.js';

/**
 * The three-band completion sum (C = 3) in WebAssembly: assembly/bandSumCore.ts, compiled from AssemblyScript at
 * build time. It computes what `completionCounter`'s TypeScript sum computes, in the same way; the count uses it
 * where it loads and the TypeScript sum elsewhere (and the tests compare the two on every 3×3 class).
 *
 * Returns n(b₁) from the column masks S a band leaves (n masks, bit d−1 for digit d), or null when this engine
 * has no WebAssembly or the shape is not one the core takes. The core holds its own copy of the table.
 */
export function wasmBandSum(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: Uint32Array,
  pairs: Int16Array,
): ((need: ArrayLike<number>) => number) | null {
  if (shape.cols !== 3) return null;
  const core = wasmInstance<BandSumExports>(BAND_SUM_WASM);
  if (!core || core.setup(shape.rows, shape.n, partitions.count) !== 0) return null;
  const { buffer } = core.memory;
  new Uint32Array(buffer, core.tablePtr(), table.length).set(table);
  new Int16Array(buffer, core.pairsPtr(), pairs.length).set(pairs);
  const need = new Int32Array(buffer, core.needPtr(), shape.n);
  return (S) => {
    for (let c = 0; c < shape.n; c++) need[c] = S[c];
    const v = core.completions();
    if (v < 0) throw new Error('internal: the WebAssembly band sum overflowed');
    return v;
  };
}

/** Compile the core on this thread ahead of its first use; true when it can run. */
export function loadBandSum(): boolean {
  return wasmInstance<BandSumExports>(BAND_SUM_WASM) !== null;
}

/** What assembly/bandSumCore.ts exports. */
interface BandSumExports extends WasmExports {
  setup(rows: number, n: number, partitions: number): number;
  tablePtr(): number;
  pairsPtr(): number;
  needPtr(): number;
  completions(): number;
}
