import type { Rules } from '../../grid/rules.js';
import type { CoreEngine } from '../../grid/wasmInstance.js';
import type { PuzzleCounter } from '../puzzleCounter.js';
import type { SearchGuide, SolvedCount } from '../puzzleCounter.js';
import { VariantCounter9, variantTables9 } from '../variantCounter9.js';
import { Fast9Base, fast9Instance } from './fast9Counter.js';

/**
 * The 9×9 variants on the WebAssembly core (assembly/fast9Core.ts, countVariant): VariantCounter9's search, the
 * same propagation and branching (so the same counts, first solutions and branch counts), at every limit. The rules
 * reach the core as data, once, at construction: VariantCounter9's band-word tables (extra peers, extra houses,
 * every house and every cell's peers), one v128 (three band words and a zero) per cell or house. Without
 * WebAssembly, or with more houses than the core holds, every count goes to VariantCounter9 (same answers, slower).
 * Each counter has its own instance of the core, so its rules stay in place between counts.
 */
export class Fast9VariantCounter extends Fast9Base<VariantCounter9> implements PuzzleCounter {
  static supports(rules: Rules): boolean {
    return VariantCounter9.supports(rules);
  }

  /** 'typescript': always VariantCounter9 (for tests and benchmarks). */
  constructor(
    readonly rules: Rules,
    engine: CoreEngine = 'wasm',
  ) {
    if (!Fast9VariantCounter.supports(rules))
      throw new RangeError(`variant counter 9: ${rules.name} is not 3x3 with boxes`);
    super((tick) => {
      const core = engine === 'wasm' ? fast9Instance(tick) : null;
      return core && rules.houseCount <= core.maxHouses() ? core : null;
    });
    const core = this.core;
    if (!core) return;
    const buffer = core.memory.buffer;
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

  /** Count the completions of 81 digits (0 = empty), stopping at `limit`; see PuzzleCounter.count. */
  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    const core = this.core;
    if (core === null) return this.slow().count(cells, limit, solution, guide);
    const notCell = this.load(cells, guide);
    const count = core.countVariant(
      limit,
      guide?.maxNodes ?? Infinity,
      notCell,
      guide?.prefer ? 1 : 0,
      this.tick ? 1 : 0,
    );
    return this.answer(core, count, limit, core.variantNodes(), solution);
  }

  protected makeTwin(): VariantCounter9 {
    return new VariantCounter9(this.rules);
  }
}
