import type { ColumnSetCount } from '../colsets/countByColumnSets.js';
import type { GridCount } from '../count/countGrids.js';
import { countSpecOf, type ClassSumMethod, type CountSpec } from '../grid/countSpec.js';
import { boxShape } from '../grid/shape.js';
import type { ClassListData, ShardFacts } from '../io/shardFiles.js';
import type { VariantCount } from '../variants/countVariantGrids.js';
import type { EssentiallyDifferent } from '../essential/essentiallyDifferent.js';

/**
 * A class-sum count: N = a sum over a list of classes, each class's term a function of one value that takes the
 * time (n_C of a band class for the band method, F of a configuration class for the column-set method). The shard
 * protocol (plan → shards → merge, src/shards/) works on this interface alone, so another count (a variant, 6×2 by
 * a new F) joins it by supplying one.
 *
 * The work is cut into units, which the shards count: a unit is a class (the band method), or a piece of work
 * shared by several classes (the column-set method: the distinct graphs left by the first colour, each counted
 * once however many classes meet it; a class's F is then `scale` · Σ multiplicity·value over its units). Units that
 * a shard cannot rebuild cheaply carry a payload (numbers written into the plan).
 *
 * The variant counts (method 'variant', src/classSum/variantClassSum.ts) are class sums too: the units are the
 * top-block classes, a class's value is n_C; their "box" is the rules' name ("3x3+anti-king").
 */
export { CLASS_SUM_METHODS, type ClassSumMethod } from '../grid/countSpec.js';

export interface ClassSumCountOptions {
  /** Threads (at least 1). */
  readonly workers: number;
  /**
   * Hears each unit's value as soon as it is known (in no particular order); a count whose units report more than
   * their value (the DLX route: middle bands visited, search microseconds) gives those as `details`, whole numbers
   * the checkpoint keeps beside the value.
   */
  readonly onUnitDone: (id: number, value: bigint, details?: readonly bigint[]) => void;
  /** Stops the count; the promise then rejects. */
  readonly signal?: AbortSignal;
  /**
   * The units counted before (a checkpoint's), each its value and details: a count whose report covers every unit
   * as its engine counted it (the DLX route, the variant counts) hands them to the engine; others need not look.
   */
  readonly known?: ReadonlyMap<number, UnitCounted>;
}

/** A unit as counted: its value, and the details its count reports beside it (none for most counts). */
export interface UnitCounted {
  readonly value: bigint;
  readonly details: readonly bigint[];
}

/**
 * How a one-machine run's checkpoint names its count, so that `--resume FILE` alone names the run: the method (or
 * route: "dlx"), the shape or rules, and for the DLX route the level of its classes.
 */
export interface ClassSumRunName {
  readonly method: string;
  readonly box: string;
  readonly level?: string;
}

export interface ClassSumCounted {
  /** Numbers the report needs besides the values (table sizes), as this run found them. */
  readonly facts: ShardFacts;
  /** Seconds before the first unit could be counted (tables). */
  readonly setupSeconds: number;
}

/** The one-machine result of a count, from every class's value (the CLI prints it as `count` does). */
export type ClassSumReport =
  | { readonly method: 'bands'; readonly total: bigint; readonly count: GridCount }
  | { readonly method: 'column-sets'; readonly total: bigint; readonly count: ColumnSetCount }
  | { readonly method: 'variant'; readonly total: bigint; readonly count: VariantCount }
  | { readonly method: 'burnside'; readonly total: bigint; readonly count: EssentiallyDifferent };

/** The run name of `sum`: its own (the DLX route's), else its method and shape. */
export function runNameOf(sum: Pick<ClassSum, 'method' | 'box' | 'runName'>): ClassSumRunName {
  return sum.runName ?? { method: sum.method, box: sum.box };
}

export interface ClassSumSeconds {
  /** Finding the class list (this process). */
  readonly classes: number;
  /** Counting every unit, summed over the shards (wall seconds of each shard). */
  readonly counting: number;
}

/** The class list: its size and digest (two runs with the same digest have the same classes in the same order). */
export interface ClassList {
  readonly count: number;
  readonly digest: string;
  /** Seconds it took to find. */
  readonly seconds: number;
}

/** How a count is cut into units (found when a plan is made). */
export interface ClassSumUnits {
  readonly units: number;
  /** What a shard needs to count each unit (null: the unit is a class, rebuilt from the class list). */
  readonly payload: readonly (readonly number[])[] | null;
  /** For each class, [unit, multiplicity, unit, multiplicity, …] (null: unit c is class c). */
  readonly combine: readonly (readonly number[])[] | null;
  /** A class's value is scale · Σ multiplicity·value(unit). */
  readonly scale: number;
  /** Relative cost of each unit (for balancing shards); only ratios matter. */
  readonly costs: Float64Array;
  /**
   * CPU seconds of every unit together, when the count declares them (a 9×9 variant:
   * src/variants/variantCountSupport.ts VARIANT_COUNT_COST_9X9): the plan then times no sample (one unit may take
   * minutes) and sizes the shards from it.
   */
  readonly declaredSeconds?: number;
  /**
   * Whether a shard takes the class list from the plan as it is (nothing found again: the units are rebuilt from its
   * rows); otherwise a shard without a payload is taken to repeat the list's search (a band shard enumerates the
   * reduced bands again for its tables).
   */
  readonly listFromPlan?: boolean;
  /**
   * MB one unit may need at most, where the plan's sample may miss the largest (6×2: up to ~1.5 GB a class): the
   * plan's memory per shard is at least this.
   */
  readonly unitMemoryMB?: number;
  /** Units the plan times for its estimate (default DEFAULT_PLAN_SAMPLE): fewer where a unit takes seconds. */
  readonly sample?: number;
}

export interface ClassSum {
  readonly method: ClassSumMethod;
  /** What is counted, typed (a plan stores its rules): `method` is its route, `box` its name. */
  readonly spec: CountSpec;
  /** The shape, as asked for ("2x5" stays "2x5"). */
  readonly box: string;
  /** How a one-machine checkpoint names the count when `method` and `box` do not say it all (the DLX route). */
  readonly runName?: ClassSumRunName;
  /** The class list (found on first use, or taken from the plan's copy when the count was made with one). */
  classList(): ClassList;
  /**
   * The class list as a plan carries it (classSum(…, data) takes it back without finding the list again); null
   * when the list is cheaper to find again than to read (a variant's: 271,872 top blocks for 9×9 anti-king).
   */
  classData(): ClassListData | null;
  /**
   * Whether a unit takes seconds or more (6×2's F by columnTransfer): a shard then saves its checkpoint after every
   * unit, so a shard killed outright loses none that finished (else every few seconds).
   */
  readonly checkpointEachUnit?: boolean;
  /**
   * MB each worker thread may hold while it counts a unit, where that is large (6×2: a class's transfer tables, up
   * to 3.4 GB): a Slurm task's memory is then at least this, and this more for every worker beyond the first
   * (src/shards/slurmScript.ts taskMemoryMB); otherwise a worker is taken to need little beyond the plan's estimate.
   */
  readonly workerMemoryMB?: number;
  /** The units (found on first use; for the plan). */
  units(): ClassSumUnits;
  /** Count the units `ids`; `payload(id)` gives a unit's payload from the plan. */
  countUnits(
    ids: readonly number[],
    payload: (id: number) => readonly number[],
    options: ClassSumCountOptions,
  ): Promise<ClassSumCounted>;
  /**
   * The report from the value of every class (in class order) and the facts of every shard; `details`, the units'
   * details as the shard results hold them (a merge), for a count whose report shows them (else what this object's
   * own counting heard).
   */
  report(
    values: readonly bigint[],
    facts: readonly ShardFacts[],
    seconds: ClassSumSeconds,
    details?: ReadonlyMap<number, readonly bigint[]>,
  ): ClassSumReport;
}

/** Units that are the classes themselves, each of about the same cost (the band method, the variant counts). */
export function classUnits(count: number): ClassSumUnits {
  return { units: count, payload: null, combine: null, scale: 1, costs: new Float64Array(count).fill(1) };
}

/** "the 5x2 count by column-sets", "the 3x3+anti-king variant count": a plan's count in words. */
export function countWords(method: string, box: string): string {
  if (method === 'burnside') return `the ${box} Burnside terms`;
  return method === 'variant' ? `the ${box} variant count` : `the ${box} count by ${method}`;
}

/** Every class's value from every unit's value. */
export function classValues(
  unitValues: readonly bigint[],
  combine: readonly (readonly number[])[] | null,
  scale: number,
): bigint[] {
  if (combine === null) return unitValues.map((v) => BigInt(scale) * v);
  return combine.map((row) => {
    let s = 0n;
    for (let i = 0; i < row.length; i += 2) s += BigInt(row[i + 1]) * unitValues[row[i]];
    return BigInt(scale) * s;
  });
}

/**
 * The class-sum count of `method` on the shape `box` ("RxC"; for 'variant', the rules' name "RxC+v+…"): the count
 * countSpecOf reads from those names (InputError for one it does not count), made by classSumOf.
 */
export async function classSum(method: string, box: string, data: ClassListData | null = null): Promise<ClassSum> {
  return classSumOf(countSpecOf(method, box), data);
}

/**
 * The class-sum count `spec`. `data`: the class list a plan carries (classData()), taken instead of finding it
 * again; its digest is computed from the data, so a caller that compares it with the plan's still catches a list
 * that is not the plan's. Each route's code is loaded when asked for: a shard loads its own count's modules only (a
 * process per shard: start-up is part of the protocol's overhead, docs/sharding.md).
 */
export async function classSumOf(spec: CountSpec, data: ClassListData | null = null): Promise<ClassSum> {
  if (spec.route === 'variant') return (await import('./variantClassSum.js')).variantClassSum(spec.rules);
  const shape = boxShape(spec.rules.rows, spec.rules.cols);
  if (spec.route === 'burnside') return (await import('./burnsideClassSum.js')).burnsideClassSum(shape);
  if (spec.route === 'bands') return (await import('./bandClassSum.js')).bandClassSum(shape, data);
  return (await import('./columnSetClassSum.js')).columnSetClassSum(shape, data);
}
