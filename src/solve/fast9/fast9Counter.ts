import { BitboardCounter9 } from '../bitboardCounter9.js';
import type { SearchGuide, SolvedCount } from '../puzzleCounter.js';
import { compileWasm, wasmInstance, wasmModule, type CoreEngine } from '../../grid/wasmInstance.js';
import { FAST9_WASM } from './fast9Binary.js';

/**
 * The 9×9 plain-Sudoku uniqueness core: BitboardCounter9's search (same propagation, same branching order, so the
 * same counts, first solutions and branch counts) compiled from AssemblyScript (assembly/fast9Core.ts) to
 * WebAssembly with SIMD at build time. It answers limits of 1 and 2 (solve, "is it unique?", the generator's
 * guided checks); counts with a larger limit, which want BitboardCounter9's count cache and progress ticks, go to
 * BitboardCounter9, and so does everything when WebAssembly is missing. Self-contained: a caller needs only
 * `new Fast9Counter()` and `count`. The same core runs the 9×9 variants (Fast9VariantCounter, which sets their
 * rules in its own instance; this one keeps the plain rules it starts with).
 */

/** What assembly/fast9Core.ts exports (the variant search's part: Fast9VariantCounter). */
export interface Fast9Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  inputPtr(): number;
  preferPtr(): number;
  outputPtr(): number;
  count(limit: number, maxNodes: number, notCell: number, usePrefer: number): number;
  nodes(): number;
  solved(): number;
  aborted(): number;
  xpPtr(): number;
  fpPtr(): number;
  hxPtr(): number;
  haPtr(): number;
  xpcPtr(): number;
  maxHouses(): number;
  setRules(e: number, hn: number, pairs: number): void;
  variantNodes(): number;
  countVariant(limit: number, maxNodes: number, notCell: number, usePrefer: number, withTick: number): number;
}

/**
 * Compile the core asynchronously, once; true when it can run. Node compiles it synchronously on first use, but a
 * browser's main thread refuses a synchronous compile of a module above 4 KB (the core is about 4.9 KB): a page
 * awaits this before its first count, else its counters quietly use BitboardCounter9 (same answers, slower).
 */
export function loadFast9(): Promise<boolean> {
  return compileWasm(FAST9_WASM);
}

/** Can this JavaScript engine run the WebAssembly core (SIMD included)? (If not, Fast9Counter is BitboardCounter9.) */
export function fast9Available(): boolean {
  return wasmModule(FAST9_WASM) !== null;
}

/**
 * A new instance of the core (its own memory), or null when this engine cannot run it. `tick` receives the variant
 * search's progress calls (every 65,536 branches, when asked for).
 */
export function fast9Instance(tick: (nodes: number) => void = () => {}): Fast9Exports | null {
  return wasmInstance<Fast9Exports>(FAST9_WASM, { env: { tick } });
}

const MAX_I32 = 0x7fffffff;

/** The TypeScript twin a core counter falls back on (BitboardCounter9 or VariantCounter9). */
interface Twin {
  onTick: ((nodes: number) => void) | null;
  count(cells: ArrayLike<number>, limit?: number, solution?: Uint8Array, guide?: SearchGuide): SolvedCount;
}

/**
 * What the two counters on the core share: the core's 81-byte windows (puzzle, preferred digits, first solution;
 * its memory never grows), the TypeScript twin made on first need, the progress tick, and moving a puzzle in and a
 * count out.
 */
export abstract class Fast9Base<T extends Twin> {
  protected readonly core: Fast9Exports | null;
  private readonly input: Uint8Array;
  private readonly prefer: Uint8Array;
  private readonly output: Uint8Array;
  private fallback: T | null = null;
  protected tick: ((nodes: number) => void) | null = null;

  /** `makeCore` gets the tick to import (the core calls it every 65,536 branches when asked); null: the twin only. */
  constructor(makeCore: (tick: (nodes: number) => void) => Fast9Exports | null) {
    const core = makeCore((nodes) => this.tick?.(nodes));
    this.core = core;
    const buffer = core ? core.memory.buffer : new ArrayBuffer(0);
    this.input = core ? new Uint8Array(buffer, core.inputPtr(), 81) : new Uint8Array(0);
    this.prefer = core ? new Uint8Array(buffer, core.preferPtr(), 81) : new Uint8Array(0);
    this.output = core ? new Uint8Array(buffer, core.outputPtr(), 81) : new Uint8Array(0);
  }

  /** Is the WebAssembly core in use (else every count goes to the TypeScript twin)? */
  get usesCore(): boolean {
    return this.core !== null;
  }

  /** Progress: called every 65,536 branches with the branches so far (a caller stops a count by throwing from it). */
  get onTick(): ((nodes: number) => void) | null {
    return this.tick;
  }

  set onTick(f: ((nodes: number) => void) | null) {
    this.tick = f;
    if (this.fallback) this.fallback.onTick = f;
  }

  protected abstract makeTwin(): T;

  protected slow(): T {
    if (!this.fallback) {
      this.fallback = this.makeTwin();
      this.fallback.onTick = this.tick;
    }
    return this.fallback;
  }

  /** Put the puzzle and the guide's preferred digits into the core; the notCell to pass (−1: no preference). */
  protected load(cells: ArrayLike<number>, guide: SearchGuide | undefined): number {
    if (cells instanceof Uint8Array) this.input.set(cells);
    else for (let i = 0; i < 81; i++) this.input[i] = cells[i];
    const prefer = guide?.prefer;
    if (!prefer) return -1;
    if (prefer instanceof Uint8Array) this.prefer.set(prefer);
    else for (let i = 0; i < 81; i++) this.prefer[i] = prefer[i];
    return guide?.notCell ?? -1;
  }

  /** The count's answer, and the first solution into `solution` when one was found. */
  protected answer(
    core: Fast9Exports,
    count: number,
    limit: number,
    nodes: number,
    solution: Uint8Array | undefined,
  ): SolvedCount {
    const solved = core.solved() !== 0;
    if (solved && solution) solution.set(this.output);
    const aborted = core.aborted() !== 0;
    return { count, limited: count >= limit && !aborted, nodes, solved, aborted };
  }
}

export class Fast9Counter extends Fast9Base<BitboardCounter9> {
  /** 'typescript': always BitboardCounter9 (for tests and benchmarks). */
  constructor(engine: CoreEngine = 'wasm') {
    super(() => (engine === 'wasm' ? fast9Instance() : null));
  }

  protected makeTwin(): BitboardCounter9 {
    return new BitboardCounter9();
  }

  /**
   * Count the completions of 81 digits (0 = empty), stopping at `limit`; see SolutionCounter.count. The core's
   * plain searches answer limits 1 and 2 (milliseconds, no ticks); larger limits go to BitboardCounter9, whose
   * count cache and ticks they want.
   */
  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    const core = this.core;
    if (core === null || (limit !== 1 && limit !== 2)) return this.slow().count(cells, limit, solution, guide);
    const notCell = this.load(cells, guide);
    const maxNodes = guide?.maxNodes ?? Infinity;
    const count = core.count(limit, maxNodes >= MAX_I32 ? MAX_I32 : maxNodes, notCell, guide?.prefer ? 1 : 0);
    return this.answer(core, count, limit, core.nodes(), solution);
  }
}
