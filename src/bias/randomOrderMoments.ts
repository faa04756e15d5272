import { cellTables } from '../grid/cellTables.js';
import { fullMask, popTable } from '../grid/bits.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import type { Rules } from '../grid/rules.js';

/**
 * Exact E[X], E[X²] and P(X > 0) of the random-order walks, `knuth-random` (K = n²) and `hybrid --fill K`,
 * by recursion over partial grids s (a tree of draw sequences would hold n²! cell orders).
 *
 * From a partial grid with m empty cells and j filled, the samplers pick the next cell uniformly among the
 * m empty ones (a Fisher–Yates step), then a digit uniformly among its d_c legal digits, and multiply X by
 * d_c; after K cells X is multiplied by the number of completions (1 for a full grid). So, with
 * fall(m, t) = m·(m−1)···(m−t+1) and t = K − j steps left,
 *
 *   F(s) = fall(m, t)·E[X | s]   = Σ_c Σ_{legal d} F(s + (c,d))              leaf: #completions(s)
 *   G(s) = fall(m, t)·E[X² | s]  = Σ_c d_c · Σ_{legal d} G(s + (c,d))       leaf: #completions(s)²
 *   P(s) = P(X > 0 | s)          = (1/m) Σ_c (1/d_c) Σ_{legal d} P(s + (c,d))   leaf: [#completions > 0]
 *
 * F and G are whole numbers (BigInt); E[X] = F(∅)/fall(n², K). A state with no completion is 0 in all
 * three (X > 0 needs a completion). The law from s on does not change when the digits are renamed, so
 * states are memoised under their digits renamed in order of first appearance (up to n! fewer states).
 * Under variants a cell's legal digits are those none of its placed peers (rules.peerList: houses and pairs) holds,
 * and the leaves are counted by the rules' counter; renaming digits keeps every variant.
 */
export interface RandomOrderMoments {
  /** F(∅), G(∅) and the denominator fall(n², K). */
  readonly first: bigint;
  readonly second: bigint;
  readonly denominator: bigint;
  readonly pNonzero: number;
  readonly states: number;
}

export class TooManyStatesError extends Error {}

export function randomOrderMoments(rules: Rules, fill: number, maxStates: number): RandomOrderMoments {
  const shape = rules.shape;
  const t = cellTables(shape);
  const { plain, peerStart, peerList } = rules;
  const { cells, row, col, box } = t;
  const full = fullMask(shape.n);
  const pop = popTable(shape.n);
  const n = shape.n;
  const grid = new Uint8Array(cells);
  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const counter = puzzleCounter(rules);
  const memo = new Map<string, { f: bigint; g: bigint; p: number }>();
  const rename = new Uint8Array(n + 1);
  const codes: number[] = new Array<number>(cells);
  const ZERO = { f: 0n, g: 0n, p: 0 };

  const key = (): string => {
    rename.fill(0);
    let next = 1;
    for (let i = 0; i < cells; i++) {
      const d = grid[i];
      if (d !== 0 && rename[d] === 0) rename[d] = next++;
      codes[i] = 48 + rename[d];
    }
    return String.fromCharCode(...codes);
  };

  const visit = (filled: number): { f: bigint; g: bigint; p: number } => {
    if (filled === fill) {
      const c = counter.count(grid).count;
      return c === 0 ? ZERO : { f: BigInt(c), g: BigInt(c) * BigInt(c), p: 1 };
    }
    const k = key();
    const hit = memo.get(k);
    if (hit) return hit;
    let result = ZERO;
    if (counter.count(grid, 1).count > 0) {
      let f = 0n,
        g = 0n,
        p = 0;
      for (let i = 0; i < cells; i++) {
        if (grid[i] !== 0) continue;
        const r = row[i],
          c = col[i],
          b = box[i];
        let legal = full & ~(rowUsed[r] | colUsed[c] | boxUsed[b]);
        if (!plain)
          for (let j = peerStart[i]; j < peerStart[i + 1]; j++) {
            const e = grid[peerList[j]];
            if (e !== 0) legal &= ~(1 << (e - 1));
          }
        const d = pop[legal];
        let fc = 0n,
          gc = 0n,
          pc = 0;
        for (let m = legal; m !== 0; m &= m - 1) {
          const bit = m & -m;
          grid[i] = 32 - Math.clz32(bit);
          rowUsed[r] |= bit;
          colUsed[c] |= bit;
          boxUsed[b] |= bit;
          const s = visit(filled + 1);
          rowUsed[r] ^= bit;
          colUsed[c] ^= bit;
          boxUsed[b] ^= bit;
          grid[i] = 0;
          fc += s.f;
          gc += s.g;
          pc += s.p;
        }
        f += fc;
        g += BigInt(d) * gc;
        p += d > 0 ? pc / d : 0;
      }
      result = { f, g, p: p / (cells - filled) };
    }
    memo.set(k, result);
    if (memo.size > maxStates) throw new TooManyStatesError(`more than ${maxStates} partial grids`);
    return result;
  };

  const root = visit(0);
  let denominator = 1n;
  for (let j = 0; j < fill; j++) denominator *= BigInt(cells - j);
  return { first: root.f, second: root.g, denominator, pNonzero: root.p, states: memo.size };
}
