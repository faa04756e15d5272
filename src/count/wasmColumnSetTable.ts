import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import { partitionRenamingGenerators } from '../grid/partitionRenamings.js';
import type { BoxShape } from '../grid/shape.js';
import { wasmInstance, type WasmExports } from '../grid/wasmInstance.js';
import { COLUMN_SET_WASM } from './columnSetBinary.js';

/**
 * The column-set table F and H in WebAssembly (assembly/columnSetCore.ts, compiled from AssemblyScript at build
 * time), for boxes of three columns; null when this engine has no WebAssembly or the shape is not one the core
 * takes, and buildColumnSetTable then runs its TypeScript (the tests compare the two, entry by entry). F comes back
 * in a SharedArrayBuffer, as the TypeScript builds it.
 */
export function wasmColumnSetTable(
  shape: BoxShape,
  partitions: ColumnPartitions,
  lexBands: Uint8Array,
  lexCount: number,
  perOrder: number,
  order: number,
): { table: Uint32Array; standard: Float64Array } | null {
  if (shape.cols !== 3) return null;
  const core = wasmInstance<ColumnSetExports>(COLUMN_SET_WASM);
  const gens = partitionRenamingGenerators(partitions);
  if (!core || core.setup(shape.rows, shape.n, partitions.count, lexCount, gens.length) !== 0) return null;
  const { buffer } = core.memory;
  const size = shape.rows * shape.n;
  new Uint8Array(buffer, core.bandsPtr(), lexCount * size).set(lexBands.subarray(0, lexCount * size));
  const pairs = partitionOfTwoBlocks(partitions);
  new Int16Array(buffer, core.pairsPtr(), pairs.length).set(pairs);
  const acts = new Int32Array(buffer, core.gensPtr(), gens.length * partitions.count);
  gens.forEach((g, k) => acts.set(g, k * partitions.count));
  if (core.build(perOrder, order) !== 0) throw new Error('internal: a column-set count does not fit in 32 bits');
  const cells = partitions.count ** (shape.rows - 1);
  const table = new Uint32Array(new SharedArrayBuffer(cells * 4));
  table.set(new Uint32Array(buffer, core.tablePtr(), cells));
  const standard = new Float64Array(buffer, core.standardPtr(), cells).slice();
  return { table, standard };
}

/** What assembly/columnSetCore.ts exports. */
interface ColumnSetExports extends WasmExports {
  setup(rows: number, n: number, partitions: number, count: number, gens: number): number;
  bandsPtr(): number;
  pairsPtr(): number;
  gensPtr(): number;
  standardPtr(): number;
  tablePtr(): number;
  build(perOrder: number, order: number): number;
}
