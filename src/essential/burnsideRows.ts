import type { FixedCount } from './countFixedGrids.js';
import { formatCycleType } from './cycleTypes.js';
import type { ElementDescription } from './describeElement.js';
import type { EssentialClassRow, RelabellingTerm } from './essentiallyDifferent.js';
import type { RelabellingTypes } from './relabellingTypes.js';

const us = (s: number) => Math.round(s * 1e6) / 1e6;

/** What Burnside's per-class rows are made from, and what they add up to (plain and variant counts alike). */
export interface BurnsideRows {
  readonly classRows: EssentialClassRow[];
  /** Σ |K|·F₁(g_K). */
  readonly burnsideSum: bigint;
  /** Seconds of the non-identity terms. */
  readonly fixedSeconds: number;
  readonly nonZero: number;
  readonly zeroByLemma: number;
  readonly zeroBySearch: number;
}

/**
 * The class rows of a Burnside count from its tasks' results: each task is one (class k, cycle type of τ) and its
 * fixed-grid count; the identity's term (class 0) comes from the count. Rows in class order.
 */
export function burnsideRows(
  rows: ReadonlyArray<{ readonly k: number; readonly x: number; readonly rt: RelabellingTypes }>,
  tasks: ReadonlyArray<{ readonly k: number; readonly input: { readonly tauType: readonly number[] } }>,
  results: ReadonlyArray<Omit<FixedCount, 'count'> & { readonly count: number | bigint; readonly seconds: number }>,
  sizes: ArrayLike<number>,
  identity: { readonly fixed: bigint; readonly seconds: number },
  describe: (x: number) => ElementDescription,
): BurnsideRows {
  const terms: RelabellingTerm[][] = rows.map(() => []);
  tasks.forEach((t, i) => {
    const r = results[i];
    terms[t.k].push({
      relabelling: formatCycleType(t.input.tauType),
      cycleType: t.input.tauType,
      count: r.count,
      seeds: r.seeds,
      seedOrbits: r.seedOrbits,
      seedGroup: r.seedGroup,
      nodes: r.nodes,
      seconds: us(r.seconds),
    });
  });
  let fixedSeconds = 0;
  let burnsideSum = 0n;
  let nonZero = 0,
    zeroByLemma = 0,
    zeroBySearch = 0;
  const classRows: EssentialClassRow[] = rows.map(({ k, x, rt }) => {
    let fixed: bigint;
    let seconds: number;
    if (k === 0) {
      fixed = identity.fixed;
      seconds = identity.seconds;
    } else {
      fixed = 0n;
      seconds = 0;
      for (const t of terms[k]) {
        fixed += BigInt(t.count);
        seconds += t.seconds;
      }
      fixedSeconds += seconds;
    }
    if (fixed > 0n) nonZero++;
    else if (rt.admissible.length === 0) zeroByLemma++;
    else zeroBySearch++;
    burnsideSum += BigInt(sizes[k]) * fixed;
    return {
      id: k,
      size: sizes[k],
      element: x,
      representative: describe(x),
      relabellings: rt.admissible.map(formatCycleType),
      zeroReason: rt.zeroReason,
      fixed,
      terms: terms[k],
      seconds: us(seconds),
    };
  });
  return { classRows, burnsideSum, fixedSeconds, nonZero, zeroByLemma, zeroBySearch };
}
