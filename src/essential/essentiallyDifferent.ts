import { countGrids, defaultWorkers } from '../count/countGrids.js';
import type { BoxShape } from '../grid/shape.js';
import { resolveShape, shapeProblem } from '../grid/support.js';
import { checkWorkers } from '../parallel/threads.js';
import { describeElement } from './describeElement.js';
import type * as ColumnSetFixedTask from './columnSetFixedTask.js';
import type * as FixedGridsTask from './fixedGridsTask.js';
import type { FixedGridsInput } from './fixedGridsTask.js';
import { burnsideClasses, type EssentialClassInfo } from './essentialClasses.js';
import { burnsideRows } from './burnsideRows.js';
import { runFixedTasks } from './runFixedTasks.js';
import { columnSetGroup, columnSetIdentity, everyBandTerm } from './columnSetTerms.js';
import { countsEveryBand } from './columnSetFixedGrids.js';

/** The two task modules of the fixed-grid terms, as the pool sees them (the same input and answer). */
type FixedGridsTasks = typeof FixedGridsTask & typeof ColumnSetFixedTask;

/**
 * How many grids are essentially different: orbits of the grids under G (row permutations inside bands, band
 * permutations, column permutations inside stacks, stack permutations, transposition when R = C) together
 * with the n! relabellings, by Burnside's lemma over the conjugacy classes of G.
 *
 * Burnside over G × S_n: orbits = (1/(|G|·n!)) Σ_(g,τ) |{X : g·X = τ·X}|. For a fixed g, a grid X has at most
 * one τ with g·X = τ·X (X uses every digit, so τ is read off X and g·X); so Σ_τ |{X : g·X = τ·X}| is the
 * number F(g) of grids fixed by g up to some relabelling. F(g) is invariant under relabelling X, and the
 * relabellings act freely on grids, each orbit holding exactly one grid with box 1 standard: F(g) = n!·F₁(g),
 * F₁(g) counting those with box 1 standard. Hence
 *
 *   essentially different grids = (1/|G|) Σ_g F₁(g) = (1/|G|) Σ_classes |K|·F₁(g_K)
 *
 * F₁(identity) = N/n! comes from the band method (src/count); for the other classes
 * F₁(g) = Σ over cycle types λ of τ of |Fix(g, τ_λ)|/|C(τ_λ)|: grouping the n! relabellings by cycle type,
 * the n!/|C(τ)| of each type have equally many fixed grids (conjugate τ by ρ and relabel X by ρ), so
 * F(g) = Σ_λ (n!/|C(τ_λ)|)·|Fix(g, τ_λ)|. Each term is counted by countFixedGrids, and only the cycle types
 * the unit lemma allows are tried (relabellingTypes); a class none is allowed for is zero, proved.
 */
export interface EssentialOptions {
  /** Box shape: a BoxShape or "RxC" (default 3x3). */
  readonly box?: BoxShape | string;
  /** Threads (default: defaultWorkers(shape)); results never depend on it. */
  readonly workers?: number;
  readonly onProgress?: (event: EssentialProgress) => void;
}

export interface EssentialProgress {
  readonly stage: 'classes' | 'identity' | 'fixed';
  readonly phase: 'start' | 'progress' | 'end';
  readonly done?: number;
  readonly total?: number;
}

/** One relabelling cycle type's term of a class: |Fix(g, τ)|/|C(τ)|. */
export interface RelabellingTerm {
  /** Cycle type of τ, e.g. "2³·1³", and as parts, largest first ([2, 2, 2, 1, 1, 1]). */
  readonly relabelling: string;
  readonly cycleType: readonly number[];
  /** |Fix(g, τ)|/|C(τ)|: a bigint where it may pass 2^53 (6×2's terms through the class sum). */
  readonly count: number | bigint;
  /** Canonical seeds, their orbits, the order of the group making them, and search nodes (see countFixedGrids). */
  readonly seeds: number;
  readonly seedOrbits: number;
  readonly seedGroup: number;
  readonly nodes: number;
  readonly seconds: number;
}

/** A class with its term: `EssentialClassInfo` (id, size, representative, the lemma's relabellings) and the count. */
export interface EssentialClassRow extends EssentialClassInfo {
  /** F₁(g): grids with box 1 standard fixed by g up to a relabelling. */
  readonly fixed: bigint;
  /** The terms by cycle type of τ (empty for the identity and for classes the lemma settles). */
  readonly terms: readonly RelabellingTerm[];
  /** Seconds spent on this class (sum of its tasks' times; for the identity, the band method's). */
  readonly seconds: number;
}

export interface EssentiallyDifferent {
  readonly box: string;
  readonly n: number;
  /** |G|. */
  readonly groupOrder: number;
  readonly classes: number;
  /** Classes with a non-zero term; zero by the unit lemma; zero by an exhaustive search. */
  readonly nonZeroClasses: number;
  readonly zeroByLemma: number;
  readonly zeroBySearch: number;
  /** N/n!: grids with box 1 standard (the identity's term). */
  readonly gridsWithFixedBox: bigint;
  /**
   * How N and the terms are counted: 'bands' (band method, countFixedGrids) or 'column-sets' (5×2, 2×5: N by
   * column sets, every term by countFixedByColumnSets on the R×2 group).
   */
  readonly method: 'bands' | 'column-sets';
  /** Σ_classes |K|·F₁(g_K), checked divisible by |G|. */
  readonly burnsideSum: bigint;
  /** The number of essentially different grids. */
  readonly total: bigint;
  /** The threads that counted the terms; null for a merge of shards (each ran with its own). */
  readonly workers: number | null;
  readonly seconds: {
    /** The group and its conjugacy classes. */
    readonly classes: number;
    /** The identity's term (band method). */
    readonly identity: number;
    /** Every other term (sum over tasks of their times; with several workers they overlap). */
    readonly fixed: number;
    /** Wall time of the whole computation. */
    readonly total: number;
  };
  readonly classRows: readonly EssentialClassRow[];
}

/**
 * Why essentiallyDifferent cannot handle the shape, or null: it takes the shapes the band method counts (the
 * identity's term), whose line groups are small enough for full product tables (n ≤ 9).
 */
export function essentialShapeProblem(shape: BoxShape): string | null {
  return shapeProblem('essentially-different', shape);
}

const us = (s: number) => Math.round(s * 1e6) / 1e6;

export async function essentiallyDifferent(options: EssentialOptions = {}): Promise<EssentiallyDifferent> {
  const shape = resolveShape('essentially-different', options.box);
  const workers = checkWorkers(options.workers ?? defaultWorkers(shape));
  const progress = options.onProgress ?? (() => {});
  const clock = () => performance.now() / 1000;
  const t0 = clock();

  progress({ stage: 'classes', phase: 'start' });
  const { group, classes, rows } = burnsideClasses(shape);
  const t1 = clock();
  progress({ stage: 'classes', phase: 'end', total: classes.count });

  // every (class, relabelling type) the lemma leaves, heaviest-looking first (small classes have large
  // centralisers and, usually, many fixed grids); results are combined in class order whatever the order of
  // completion
  // beyond the band method (5×2, 2×5), every term is counted by column sets on the R×2 group (2×R transposed)
  const columnSets = shapeProblem('band-method', shape) !== null;
  const rx2 = columnSets ? columnSetGroup(group) : null;
  const tasks: Array<{ k: number; input: FixedGridsInput }> = [];
  for (const { k, x, rt } of rows) {
    if (k === 0) continue;
    for (const tau of rt.admissible)
      tasks.push({
        k,
        input: rx2
          ? { rows: rx2.group.shape.rows, cols: 2, element: rx2.element(x), tauType: tau }
          : { rows: shape.rows, cols: shape.cols, element: x, tauType: tau },
      });
  }

  // the identity's term first, then the others: one set of threads at a time (two pools side by side put 2K
  // threads on K cores)
  progress({ stage: 'identity', phase: 'start' });
  const identity: { totalWithFixedBox: bigint; allBands?: bigint; seconds: { total: number } } = rx2
    ? await columnSetIdentity(shape, workers)
    : await countGrids({ box: shape, workers });
  progress({ stage: 'identity', phase: 'end' });
  // a term that is the number of bands over n! (countsEveryBand) is the column-set count's, not a task
  const local = tasks.map((t) =>
    rx2 && identity.allBands !== undefined && countsEveryBand(rx2.group, t.input.element, t.input.tauType)
      ? everyBandTerm(identity.allBands, shape.n)
      : null,
  );
  const remote = tasks.filter((_, i) => local[i] === null);
  progress({ stage: 'fixed', phase: 'start', done: 0, total: remote.length });
  const counted = await runFixedTasks<FixedGridsTasks, 'countFixed' | 'countFixedColumnSets'>(
    new URL(rx2 ? './columnSetFixedTask.js' : './fixedGridsTask.js', import.meta.url),
    rx2 ? 'countFixedColumnSets' : 'countFixed',
    remote,
    classes.sizes,
    workers,
    (done, total) => progress({ stage: 'fixed', phase: 'progress', done, total }),
  );
  progress({ stage: 'fixed', phase: 'end', total: remote.length });
  let next = 0;
  const results = local.map((r) => r ?? counted[next++]);

  const { classRows, burnsideSum, fixedSeconds, nonZero, zeroByLemma, zeroBySearch } = burnsideRows(
    rows,
    tasks,
    results,
    classes.sizes,
    { fixed: identity.totalWithFixedBox, seconds: identity.seconds.total },
    (x) => describeElement(group, x),
  );
  const order = BigInt(group.order);
  if (burnsideSum % order !== 0n)
    throw new Error(`internal: the Burnside sum ${burnsideSum} is not divisible by |G| = ${group.order}`);
  const t2 = clock();
  return {
    box: shape.name,
    n: shape.n,
    groupOrder: group.order,
    classes: classes.count,
    nonZeroClasses: nonZero,
    zeroByLemma,
    zeroBySearch,
    gridsWithFixedBox: identity.totalWithFixedBox,
    method: rx2 ? 'column-sets' : 'bands',
    burnsideSum,
    total: burnsideSum / order,
    workers,
    seconds: {
      classes: us(t1 - t0),
      identity: identity.seconds.total,
      fixed: us(fixedSeconds),
      total: us(t2 - t0),
    },
    classRows,
  };
}
