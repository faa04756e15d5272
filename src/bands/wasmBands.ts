import type { BoxShape } from '../grid/shape.js';
import { wasmInstance, type WasmExports } from '../grid/wasmInstance.js';
import { BANDS_WASM } from './bandsBinary.js';

/**
 * enumerateBands' two searches in WebAssembly (assembly/bandsCore.ts, compiled from AssemblyScript at build time):
 * the fillings of the first R−1 rows, counted, and the reduced bands, in increasing order. Null when this engine
 * has no WebAssembly or the shape is not one the core takes; enumerateBands then runs its TypeScript (the tests
 * compare the two). `countPrefixes` false skips the first search (prefixes is then 0).
 */
export function wasmBands(
  shape: BoxShape,
  countPrefixes = true,
): { readonly prefixes: number; readonly lexBands: Uint8Array } | null {
  const core = wasmInstance<BandsExports>(BANDS_WASM);
  if (!core || core.setup(shape.rows, shape.cols) !== 0) return null;
  // without countPrefixes (reducedBands): the reduced bands only, prefixes 0
  const prefixes = countPrefixes ? core.count(shape.rows - 1) : 0;
  const k = core.reduced();
  if (prefixes < 0 || k < 0) return null;
  const size = shape.rows * shape.n;
  return { prefixes, lexBands: new Uint8Array(core.memory.buffer, core.bandsPtr(), k * size).slice() };
}

/** What assembly/bandsCore.ts exports. */
interface BandsExports extends WasmExports {
  setup(rows: number, cols: number): number;
  bandsPtr(): number;
  count(rows: number): number;
  reduced(): number;
}
