import type { BoxShape } from '../grid/shape.js';
import type { CellMap } from './bandSymmetry.js';
import { wasmInstance, type WasmExports } from '../grid/wasmInstance.js';
import { CLASSIFY_WASM } from './classifyBinary.js';

/**
 * The union-find of classifyBands in WebAssembly (assembly/classifyCore.ts, compiled from AssemblyScript at build
 * time): every reduced band joined with the reduced form of its image under each generator, the smaller index
 * kept as the root. Returns root[i], the smallest band of band i's class, or null when this engine has no
 * WebAssembly or the shape is too large for the core; classifyBands then runs its TypeScript loop (the tests
 * compare the two).
 */
export function wasmBandUnion(
  shape: BoxShape,
  lexBands: Uint8Array,
  lexCount: number,
  gens: readonly CellMap[],
): Int32Array | null {
  const core = wasmInstance<ClassifyExports>(CLASSIFY_WASM);
  const size = shape.rows * shape.n;
  if (!core || core.setup(shape.rows, shape.cols, lexCount, gens.length + 1) !== 0) return null;
  const { buffer } = core.memory;
  new Uint8Array(buffer, core.bandsPtr(), lexCount * size).set(lexBands.subarray(0, lexCount * size));
  const maps = new Int32Array(buffer, core.gensPtr(), (gens.length + 1) * size);
  for (let i = 0; i < size; i++) maps[i] = i;
  gens.forEach((g, k) => maps.set(g, (k + 1) * size));
  if (core.classify() !== 0) throw new Error('internal: a symmetric image of a band is not a band');
  const parent = new Int32Array(buffer, core.parentPtr(), lexCount);
  // parent[i] ≤ i (a union hangs the larger root under the smaller), so one pass finds every root
  const root = new Int32Array(lexCount);
  for (let i = 0; i < lexCount; i++) root[i] = parent[i] === i ? i : root[parent[i]];
  return root;
}

/** What assembly/classifyCore.ts exports. */
interface ClassifyExports extends WasmExports {
  setup(rows: number, cols: number, count: number, gens: number): number;
  bandsPtr(): number;
  gensPtr(): number;
  parentPtr(): number;
  classify(): number;
}
