import { wasmInstance, type WasmExports } from '../grid/wasmInstance.js';
import { COLUMN_TRANSFER_WASM } from './columnTransferBinary.js';

/**
 * The tables of columnTransfer and the two steps on them (advance a layer, the meeting sum), as the driver sees
 * them: the TypeScript's StateTable, or the WebAssembly core's tables in linear memory (assembly/
 * columnTransferCore.ts, compiled from AssemblyScript at build time; 64-bit keys and counts, 16 bytes a slot).
 */
export interface TransferTables<T> {
  /** The table holding the empty state alone. */
  start(): T;
  /** The states after the column `digits[0..nd)` (rows of `bits` bits) from those of `table`, which is freed. */
  advance(table: T, digits: Int32Array, nd: number, bits: number): T;
  size(table: T): number;
  /** Σ W_fwd(x)·W_bwd(x̄)·|stab(x)| over the states x of `fwd` (after k columns). */
  meetSum(fwd: T, bwd: T, k: number): bigint;
  /** Transitions walked so far. */
  transitions(): number;
}

/** The WebAssembly core cannot finish this class: the caller runs the TypeScript instead. */
export class WasmTransferFallback extends Error {}
/** A count passed 2⁶⁴ (or the meeting sum 2¹²⁸) in the WebAssembly core. */
export class WasmTransferOverflow extends WasmTransferFallback {}
/** The tables outgrew the core's linear memory (wasm32: < 4 GB) or the memory could not grow. */
export class WasmTransferMemory extends WasmTransferFallback {}

/**
 * Test hooks (never set by the library): lower limits for the core, so that the fallback to the TypeScript runs
 * on small classes. `count`: the largest count a table may hold; `sum`: the largest meeting sum (< 2¹²⁸);
 * `memoryBytes`: the largest linear memory the tables may use; `sliceBits`, `sliceFrom` and `stageBytes`: smaller
 * slices, tables and staging area for the sliced writes (a power of two, ≥ 2^14 bytes), so that small tables take them.
 */
export const wasmTransferTestLimits: {
  count?: bigint;
  sum?: bigint;
  memoryBytes?: number;
  sliceBits?: number;
  sliceFrom?: number;
  stageBytes?: number;
} = {};

interface WasmTable {
  base: number;
  bits: number;
  size: number;
}

/**
 * The core's instance, one a thread, kept from class to class (setup() starts it afresh): its linear memory, grown by
 * the first classes, is reused, so a class's tables land on pages already mapped instead of pages the kernel must
 * zero for every class (~3–10 % of a class's CPU when each class had an instance of its own; issue 37, round 12).
 * The memory never shrinks: a thread keeps the largest its classes needed (a shard's peak, as before).
 */
let kept: TransferExports | null | undefined;

/** The tables in WebAssembly for a transfer with these rank tables (the identity's, then one per twin swap). */
export function wasmTransferTables(
  R: number,
  ranks: readonly Int16Array[],
  unrank: Int16Array,
): TransferTables<WasmTable> | null {
  if (kept === undefined) kept = wasmInstance<TransferExports>(COLUMN_TRANSFER_WASM);
  const core = kept;
  if (!core || core.setup(R, ranks.length - 1) !== 0) return null;
  const { count, sum, memoryBytes } = wasmTransferTestLimits;
  const top = 2n ** 64n - 1n;
  if (count !== undefined || sum !== undefined)
    core.limit(count ?? top, (sum ?? 2n ** 128n - 1n) >> 64n, (sum ?? top) & top);
  const u16 = (at: number, n: number): Uint16Array => new Uint16Array(core.memory.buffer, at, n);
  ranks.forEach((rank, t) => u16(core.ranksPtr() + 8192 * t, 4096).set(rank));
  u16(core.unrankPtr(), unrank.length).set(unrank);
  const heap = new Heap(core, memoryBytes ?? 2 ** 32 - 65536);
  const { sliceBits = 14, sliceFrom = 18, stageBytes = 2 ** 27 } = wasmTransferTestLimits;
  core.slicing(sliceBits, sliceFrom, stageBytes);
  let staged = false;
  const table = (bits: number): WasmTable => {
    // the staging area of the sliced writes, once a table outgrows a slice
    if (bits >= sliceFrom && !staged) {
      core.setStage(heap.alloc(stageBytes));
      staged = true;
    }
    const base = heap.alloc(16 * 2 ** bits);
    core.clear(base, bits);
    return { base, bits, size: 0 };
  };
  const check = (): void => {
    if (core.overflowed() !== 0) throw new WasmTransferOverflow('a count passed 2^64');
  };
  return {
    start() {
      const t = table(12);
      core.start(t.base, t.bits);
      t.size = core.tableSize();
      return t;
    },
    advance(from, digits, nd, bits) {
      new Int32Array(core.memory.buffer, core.digitsPtr(), 6).set(digits.subarray(0, nd));
      let next = table(Math.max(12, Math.ceil(Math.log2(2 * from.size + 1))));
      for (let s = 0; s >= 0;) {
        s = core.advance(from.base, from.bits, s, next.base, next.bits, next.size, bits, nd);
        next.size = core.tableSize();
        if (s >= 0 || 2 * next.size > 2 ** next.bits) {
          const grown = table(next.bits + 1);
          grown.size = core.rehash(next.base, next.bits, grown.base, grown.bits);
          heap.free(next.base);
          next = grown;
        }
      }
      heap.free(from.base);
      check();
      return next;
    },
    size: (t) => t.size,
    meetSum(fwd, bwd, k) {
      core.meet(fwd.base, fwd.bits, bwd.base, bwd.bits, k);
      check();
      const [lo, hi] = new BigUint64Array(core.memory.buffer, core.resultPtr(), 2);
      return lo + (hi << 64n);
    },
    transitions: () => core.transitionsDone(),
  };
}

/** First-fit blocks of linear memory from the core's heap on, the memory grown as they need (wasm32: < 4 GB). */
class Heap {
  /** [start, end, free] in address order. */
  private readonly blocks: [number, number, boolean][] = [];
  private end: number;
  constructor(
    private readonly core: TransferExports,
    private readonly maxBytes: number,
  ) {
    this.end = core.heapPtr();
  }
  alloc(bytes: number): number {
    for (const b of this.blocks)
      if (b[2] && b[1] - b[0] >= bytes) {
        if (b[1] - b[0] > bytes) this.blocks.splice(this.blocks.indexOf(b) + 1, 0, [b[0] + bytes, b[1], true]);
        b[1] = b[0] + bytes;
        b[2] = false;
        return b[0];
      }
    const lastBlock = this.blocks[this.blocks.length - 1];
    const start = lastBlock?.[2] ? lastBlock[0] : this.end;
    if (lastBlock?.[2]) this.blocks.pop();
    if (start + bytes > this.maxBytes || !this.core.reserve(start + bytes))
      throw new WasmTransferMemory('column transfer: the WebAssembly memory cannot hold the tables');
    this.blocks.push([start, start + bytes, false]);
    this.end = Math.max(this.end, start + bytes);
    return start;
  }
  free(start: number): void {
    const i = this.blocks.findIndex((b) => b[0] === start);
    this.blocks[i][2] = true;
    const next = this.blocks[i + 1];
    if (next?.[2]) {
      this.blocks[i][1] = next[1];
      this.blocks.splice(i + 1, 1);
    }
    const prev = this.blocks[i - 1];
    if (prev?.[2]) {
      prev[1] = this.blocks[i][1];
      this.blocks.splice(i, 1);
    }
  }
}

/** What assembly/columnTransferCore.ts exports. */
interface TransferExports extends WasmExports {
  setup(R: number, twins: number): number;
  slicing(bits: number, from: number, bytes: number): void;
  setStage(base: number): void;
  ranksPtr(): number;
  unrankPtr(): number;
  digitsPtr(): number;
  resultPtr(): number;
  heapPtr(): number;
  overflowed(): number;
  transitionsDone(): number;
  tableSize(): number;
  reserve(end: number): boolean;
  clear(base: number, bits: number): void;
  rehash(from: number, fromBits: number, to: number, toBits: number): number;
  start(base: number, bits: number): void;
  advance(
    src: number,
    srcBits: number,
    from: number,
    dst: number,
    dstBits: number,
    size: number,
    bits: number,
    nd: number,
  ): number;
  meet(fwd: number, fwdBits: number, bwd: number, bwdBits: number, k: number): void;
  limit(count: bigint, sumHi: bigint, sumLo: bigint): void;
}
