import type { ColumnSetCount } from '../colsets/countByColumnSets.js';
import type { GridCount } from '../count/countGrids.js';
import { InputError, parseBoxShape } from '../grid/shape.js';
import type { ShardFacts } from '../io/shardFiles.js';
import { bandClassSum } from './bandClassSum.js';
import { columnSetClassSum } from './columnSetClassSum.js';

/**
 * A class-sum count: N = a sum over a list of classes, each class's term a function of one value that takes the
 * time (n_C of a band class for the band method, F of a configuration class for the column-set method). The shard
 * protocol (plan → shards → merge, src/shards/) works on this interface alone, so another count (a variant, 6×2 by
 * a new F) joins it by supplying one.
 *
 * Building a ClassSum finds the class list (cheap next to the values): every shard and the merge build it again
 * and check its digest against the plan's.
 */
export type ClassSumMethod = 'bands' | 'column-sets';

export const CLASS_SUM_METHODS: readonly ClassSumMethod[] = ['bands', 'column-sets'];

export interface ClassSumCountOptions {
  /** Threads (at least 1). */
  readonly workers: number;
  /** Hears each class's value as soon as it is known (in no particular order). */
  readonly onClassDone: (id: number, value: bigint) => void;
  /** Stops the count; the promise then rejects. */
  readonly signal?: AbortSignal;
}

export interface ClassSumCounted {
  /** Numbers the report needs besides the values (table sizes), as this run found them. */
  readonly facts: ShardFacts;
  /** Seconds before the first class could be counted (tables). */
  readonly setupSeconds: number;
}

/** The one-machine result of a count, from every class's value (the CLI prints it as `count` does). */
export type ClassSumReport =
  | { readonly method: 'bands'; readonly total: bigint; readonly count: GridCount }
  | { readonly method: 'column-sets'; readonly total: bigint; readonly count: ColumnSetCount };

export interface ClassSumSeconds {
  /** Finding the class list (this process). */
  readonly classes: number;
  /** Counting every class, summed over the shards (wall seconds of each shard's counting). */
  readonly counting: number;
  /** Setting the shards up (tables), the slowest shard. */
  readonly setup: number;
}

export interface ClassSum {
  readonly method: ClassSumMethod;
  /** The shape, as asked for ("2x5" stays "2x5"). */
  readonly box: string;
  readonly classes: number;
  /** Digest of the class list: two runs with the same digest have the same classes in the same order. */
  readonly digest: string;
  /** Seconds it took to find the class list. */
  readonly classSeconds: number;
  /** Relative cost of each class (for balancing shards); only ratios matter. */
  costs(): Float64Array;
  /** Count the classes `ids`. */
  count(ids: readonly number[], options: ClassSumCountOptions): Promise<ClassSumCounted>;
  /** The report from the value of every class (in class order) and the facts of every shard. */
  report(
    values: readonly bigint[],
    facts: readonly ShardFacts[],
    seconds: ClassSumSeconds,
    workers: number,
  ): ClassSumReport;
}

/** The class-sum count of `method` on the shape `box` ("RxC"). Throws InputError for a shape it does not count. */
export function classSum(method: string, box: string): ClassSum {
  const shape = parseBoxShape(box);
  if (method === 'bands') return bandClassSum(shape);
  if (method === 'column-sets') return columnSetClassSum(shape);
  throw new InputError(`method '${method}' is not a class-sum count (${CLASS_SUM_METHODS.join(', ')})`);
}
