import type { Rules } from '../../grid/rules.js';
import type { PuzzleCounter } from '../puzzleCounter.js';
import type { SearchGuide, SolutionCount } from '../solutionCounter.js';
import { VariantCounter9, variantTables9 } from '../variantCounter9.js';
import { fast9Instance, type Fast9Exports } from './fast9Counter.js';

/**
 * The 9×9 variants on the WebAssembly core (assembly/fast9Core.ts, countVariant): VariantCounter9's search, the
 * same propagation and branching (so the same counts, first solutions and branch counts), at every limit. The rules
 * reach the core as data, once, at construction: VariantCounter9's band-word tables (extra peers, extra houses,
 * every house and every cell's peers), one v128 (three band words and a zero) per cell or house. Without
 * WebAssembly, or with more houses than the core holds, every count goes to VariantCounter9 (same answers, slower).
 * Each counter has its own instance of the core, so its rules stay in place between counts.
 */
export class Fast9VariantCounter implements PuzzleCounter {
  private readonly core: Fast9Exports | null;
  private readonly input: Uint8Array;
  private readonly prefer: Uint8Array;
  private readonly output: Uint8Array;
  private fallback: VariantCounter9 | null = null;
  private tick: ((nodes: number) => void) | null = null;

  static supports(rules: Rules): boolean {
    return VariantCounter9.supports(rules);
  }

  /** useCore false: always VariantCounter9 (for tests and benchmarks). */
  constructor(
    readonly rules: Rules,
    useCore = true,
  ) {
    if (!Fast9VariantCounter.supports(rules))
      throw new RangeError(`variant counter 9: ${rules.name} is not 3x3 with boxes`);
    let core = useCore ? fast9Instance((nodes) => this.tick?.(nodes)) : null;
    if (core && rules.houseCount > core.maxHouses()) core = null;
    this.core = core;
    const buffer = core ? core.memory.buffer : new ArrayBuffer(0);
    this.input = core ? new Uint8Array(buffer, core.inputPtr(), 81) : new Uint8Array(0);
    this.prefer = core ? new Uint8Array(buffer, core.preferPtr(), 81) : new Uint8Array(0);
    this.output = core ? new Uint8Array(buffer, core.outputPtr(), 81) : new Uint8Array(0);
    if (!core) return;
    const t = variantTables9(rules);
    // three band words per cell or house in the tables, four (the last 0) in the core's vectors
    const put = (ptr: number, words: Int32Array) => {
      const v = new Int32Array(buffer, ptr, (words.length / 3) * 4);
      for (let i = 0, j = 0; i < words.length; i += 3, j += 4) {
        v[j] = words[i];
        v[j + 1] = words[i + 1];
        v[j + 2] = words[i + 2];
        v[j + 3] = 0;
      }
    };
    put(core.xpPtr(), t.XP);
    put(core.fpPtr(), t.FP);
    put(core.hxPtr(), t.HX);
    put(core.haPtr(), t.HA);
    put(core.xpcPtr(), t.XPC);
    core.setRules(t.E, t.HN, rules.pairCount > 0 ? 1 : 0);
  }

  /** Is the WebAssembly core in use (else every count goes to VariantCounter9)? */
  get usesCore(): boolean {
    return this.core !== null;
  }

  /** Called every 65,536 branches with the branches so far (a caller stops a count by throwing from it). */
  get onTick(): ((nodes: number) => void) | null {
    return this.tick;
  }

  set onTick(f: ((nodes: number) => void) | null) {
    this.tick = f;
    if (this.fallback) this.fallback.onTick = f;
  }

  /** Count the completions of 81 digits (0 = empty), stopping at `limit`; see PuzzleCounter.count. */
  count(
    cells: ArrayLike<number>,
    limit = Infinity,
    solution?: Uint8Array,
    guide?: SearchGuide,
  ): SolutionCount & { readonly solved: boolean } {
    const core = this.core;
    if (core === null) return this.slow().count(cells, limit, solution, guide);
    const input = this.input;
    if (cells instanceof Uint8Array) input.set(cells);
    else for (let i = 0; i < 81; i++) input[i] = cells[i];
    const prefer = guide?.prefer;
    if (prefer) {
      if (prefer instanceof Uint8Array) this.prefer.set(prefer);
      else for (let i = 0; i < 81; i++) this.prefer[i] = prefer[i];
    }
    const count = core.countVariant(
      limit,
      guide?.maxNodes ?? Infinity,
      prefer ? (guide?.notCell ?? -1) : -1,
      prefer ? 1 : 0,
      this.tick ? 1 : 0,
    );
    const solved = core.solved() !== 0;
    if (solved && solution) solution.set(this.output);
    const aborted = core.aborted() !== 0;
    return { count, limited: count >= limit && !aborted, nodes: core.variantNodes(), solved, aborted };
  }

  private slow(): VariantCounter9 {
    if (!this.fallback) {
      this.fallback = new VariantCounter9(this.rules);
      this.fallback.onTick = this.tick;
    }
    return this.fallback;
  }
}
