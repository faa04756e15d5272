import { availableParallelism } from 'node:os';
import { digitChar } from '../grid/digits.js';
import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { columnSetRows } from '../colsets/columnSetSupport.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import type * as ColumnSetTasks from './columnSetTasks.js';
import type { BandsOfClassesInput } from './columnSetTasks.js';
import { configurationClasses, type ConfigurationClasses } from './configurationClasses.js';
import { sharedMemo } from './sharedMemo.js';

/**
 * The number of grids with R×2 boxes from the column sets of one band alone (2×R: the same number, by
 * transposition):
 *
 *   N = Σ_T F(T)² = Σ_classes (orbit size) · F²
 *
 * A grid of R×2 boxes has two bands of R rows. Its top band has some configuration T (which R digits the left
 * column of each box holds); the bottom band then holds in each column the complementary R digits. Any top
 * band with configuration T and any bottom band with those complementary sets make a grid, and swapping the two
 * columns of every box maps bottom bands to bands with configuration T, one to one. So the grids with top
 * configuration T number F(T)·F(T), F(T) the bands with configuration T.
 *
 * Stages: the configuration classes (configurationClasses, orderly, with orbit sizes), then F of each class's
 * representative (columnSetTasks: proper R-edge-colourings of its digit–column graph, on the worker pool,
 * memoised in shared memory), then the sum in BigInt.
 */
export type ColumnSetStage = 'classes' | 'bands';

export interface ColumnSetProgress {
  readonly stage: ColumnSetStage;
  /** 'start', 'progress' (bands only) or 'end'. */
  readonly phase: 'start' | 'progress' | 'end';
  readonly done?: number;
  readonly total?: number;
}

/** Classes already counted by an earlier run (from its checkpoint). */
export interface ColumnSetResume {
  /** The class list they refer to: its size and digest must be this run's. */
  readonly classes: number;
  readonly digest: string;
  /** F by class id. */
  readonly done: ReadonlyMap<number, bigint>;
}

export interface ColumnSetCountOptions {
  /** Box shape R×2 or 2×R (a BoxShape or "RxC"). */
  readonly box: BoxShape | string;
  /** Threads for F (default: the cores, at most 2; results never depend on it). */
  readonly workers?: number;
  readonly onProgress?: (event: ColumnSetProgress) => void;
  readonly resume?: ColumnSetResume;
  /** Hears the number of classes and the digest of their list once they are found, before any F. */
  readonly onClasses?: (classes: number, digest: string) => void;
  /** Hears each class's F as soon as it is known (in no particular order). */
  readonly onClassDone?: (id: number, bands: bigint) => void;
  /** Stops the run (between tasks; running threads are terminated): the promise rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

export interface ColumnSetSeconds {
  /** Enumerating the configuration classes with their orbits. */
  readonly classes: number;
  /** F of every class (wall time; on the threads). */
  readonly bands: number;
  /** Σ orbit·F² in BigInt. */
  readonly sum: number;
  /** Wall time of the whole count. */
  readonly total: number;
}

export interface ColumnSetCount {
  /** The shape asked for. */
  readonly box: string;
  /** The shape counted: R×2 (2×R is counted as its transpose R×2). */
  readonly countedAs: string;
  readonly transposed: boolean;
  readonly n: number;
  /** C(2R, R)^R: configurations of one band. */
  readonly configurations: bigint;
  /** Configuration classes under relabelling, box permutations and column swaps. */
  readonly classes: number;
  /** Order of that group: (2R)!·2^R·R!. */
  readonly groupOrder: number;
  /** Lists tested by the orderly class search. */
  readonly classSearchNodes: number;
  /** Σ orbit·F: bands of one R×2 band configuration summed over all configurations (all bands, any box 1). */
  readonly bands: bigint;
  /** N = Σ orbit·F². */
  readonly total: bigint;
  /** Classes whose F came from the checkpoint. */
  readonly resumed: number;
  /** Residual graphs memoised (shared by the threads). */
  readonly memoEntries: number;
  /** Threads of the run; null for a merge of shards (its seconds are the shards' summed). */
  readonly workers: number | null;
  readonly seconds: ColumnSetSeconds;
}

export interface ColumnSetClassRow {
  readonly id: number;
  /** The representative's left-column digit sets, box by box, '|' between (the right columns hold the rest). */
  readonly configuration: string;
  /** Labelled configurations in the class. */
  readonly orbit: number;
  /** |stabiliser| in the symmetry group = groupOrder / orbit. */
  readonly stabilizer: number;
  /** F: bands with this configuration. */
  readonly bands: bigint;
}

export interface ColumnSetClassTable extends ColumnSetCount {
  /** Digest of the class list (the canonical word lists in order): names it in checkpoints. */
  readonly digest: string;
  readonly classRows: readonly ColumnSetClassRow[];
}

/** Threads: the cores, at most 2 (the machines here have 2). */
export function defaultColumnSetWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** Memo slots per R: ~12,000 residual graphs are met for 5×2; a quarter full keeps probes short. */
const MEMO_SLOTS = [0, 2, 2, 64, 1024, 1 << 16, 1 << 20];

/** Memo slots the column-set count uses for R×2 boxes. */
export function defaultColumnSetMemoSlots(R: number): number {
  return MEMO_SLOTS[R];
}

/**
 * Classes per task on threads: small enough that progress moves and an interrupt loses little, large enough to
 * pay a message. In this thread one class per task: between tasks the event loop turns, so Ctrl-C is heard.
 */
const CLASSES_PER_TASK = 4;

/** Digest of a class list: FNV-1a (two 32-bit lanes) over R and the words, as 16 hex digits. */
export function classListDigest(classes: ConfigurationClasses): string {
  let a = 0x811c9dc5,
    b = 0x01000193 ^ classes.rows;
  const feed = (x: number) => {
    a = Math.imul(a ^ x, 0x01000193) >>> 0;
    b = Math.imul(b ^ x ^ (a >>> 7), 0x5bd1e995) >>> 0;
  };
  feed(classes.rows);
  for (const w of classes.words) feed(w);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** "123|124|…": the left column of each box of the class's representative (digits 1..2R). */
export function configurationText(R: number, words: ArrayLike<number>, offset: number): string {
  const boxes: string[] = [];
  for (let k = 0; k < R; k++) {
    let s = '';
    for (let d = 0; d < 2 * R; d++) if (((words[offset + d] >> k) & 1) === 0) s += digitChar(d + 1);
    boxes.push(s);
  }
  return boxes.join('|');
}

const us = (s: number) => Math.round(s * 1e6) / 1e6;

/** Options of `columnSetBands`: F of some classes of a class list. */
export interface ColumnSetBandsOptions {
  /** Threads (at least 1). */
  readonly workers: number;
  /** Hears each class's F as soon as it is known (in no particular order). */
  readonly onClassDone: (id: number, bands: bigint) => void;
  /** Stops the run (between tasks; running threads are terminated): the promise rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

/**
 * F of the classes `ids` of `classes`, on the worker pool with a memo shared by its threads; returns the residual
 * graphs memoised. The whole count and a shard of it (src/shards/) both count their classes here.
 */
export async function columnSetBands(
  classes: ConfigurationClasses,
  ids: readonly number[],
  options: ColumnSetBandsOptions,
): Promise<number> {
  const R = classes.rows,
    m = 2 * R;
  const { signal } = options;
  signal?.throwIfAborted();
  const pool = typedTaskPool<typeof ColumnSetTasks>(new URL('./columnSetTasks.js', import.meta.url), options.workers);
  const onAbort = () => void pool.close();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const slots = MEMO_SLOTS[R];
    const memo = sharedMemo(m, slots);
    const memoId = `${process.pid}:${Date.now()}:${Math.random()}`;
    // a few tasks in flight per thread: the threads stay busy, and an interrupt has little queued to drop
    const chunks: number[][] = [];
    const per = pool.threads > 1 ? CLASSES_PER_TASK : 1;
    for (let at = 0; at < ids.length; at += per) chunks.push(ids.slice(at, at + per));
    let next = 0;
    const runner = async (): Promise<void> => {
      while (next < chunks.length) {
        const batch = chunks[next++];
        const words = new Uint8Array(batch.length * m);
        batch.forEach((c, i) => words.set(classes.words.subarray(c * m, (c + 1) * m), i * m));
        const input: BandsOfClassesInput = { rows: R, memoId, memo: memo.buffer, memoSlots: slots, words };
        const values = await pool.run('bandsOfClasses', input);
        batch.forEach((c, i) => options.onClassDone(c, values[i]));
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: 2 * pool.threads }, runner));
    signal?.throwIfAborted();
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    return memo.size();
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.close();
  }
}

/** What a column-set count adds up besides F: for `columnSetTableOf`. */
export interface ColumnSetTally {
  readonly resumed: number;
  readonly memoEntries: number;
  /** Threads of the run; null for a merge of shards (its seconds are the shards' summed). */
  readonly workers: number | null;
  readonly seconds: ColumnSetSeconds;
}

/** The count and its class rows from every class's F (in class order). */
export function columnSetTableOf(
  shape: BoxShape,
  classes: ConfigurationClasses,
  F: readonly bigint[],
  tally: ColumnSetTally,
): ColumnSetClassTable {
  const R = classes.rows,
    m = 2 * R;
  let total = 0n,
    bands = 0n;
  const classRows: ColumnSetClassRow[] = [];
  for (let c = 0; c < classes.count; c++) {
    const f = F[c];
    if (f === undefined) throw new Error(`internal: class ${c} has no F`);
    const orbit = classes.orbitSizes[c];
    total += BigInt(orbit) * f * f;
    bands += BigInt(orbit) * f;
    classRows.push({
      id: c,
      configuration: configurationText(R, classes.words, c * m),
      orbit,
      stabilizer: classes.stabilizers[c],
      bands: f,
    });
  }
  return {
    box: shape.name,
    countedAs: boxShape(R, 2).name,
    transposed: shape.rows !== R,
    n: shape.n,
    configurations: classes.configurations,
    classes: classes.count,
    groupOrder: classes.groupOrder,
    classSearchNodes: classes.nodes,
    bands,
    total,
    ...tally,
    digest: classListDigest(classes),
    classRows,
  };
}

/** Count N for R×2 (or 2×R) boxes by column sets, with every class's F. */
export async function columnSetClassTable(options: ColumnSetCountOptions): Promise<ColumnSetClassTable> {
  const shape = resolveShape('column-sets', options.box);
  const R = columnSetRows(shape);
  const counted = boxShape(R, 2);
  const workers = options.workers ?? defaultColumnSetWorkers();
  if (!Number.isInteger(workers) || workers < 1)
    throw new RangeError(`workers must be a whole number ≥ 1, not ${workers}`);
  const progress = options.onProgress ?? (() => {});
  const signal = options.signal;
  const clock = () => performance.now() / 1000;
  const t0 = clock();
  signal?.throwIfAborted();

  progress({ stage: 'classes', phase: 'start' });
  const classes = configurationClasses(R);
  const digest = classListDigest(classes);
  const t1 = clock();
  progress({ stage: 'classes', phase: 'end', total: classes.count });

  const resume = options.resume;
  if (resume && (resume.classes !== classes.count || resume.digest !== digest)) {
    throw new InputError(
      `the checkpoint names ${resume.classes} classes with digest ${resume.digest}; this ${counted.name} run has ` +
        `${classes.count} with digest ${digest}`,
    );
  }
  options.onClasses?.(classes.count, digest);
  const F: (bigint | undefined)[] = new Array<bigint | undefined>(classes.count);
  let resumed = 0;
  for (const [id, f] of resume?.done ?? []) {
    if (!Number.isInteger(id) || id < 0 || id >= classes.count)
      throw new InputError(`the checkpoint names class ${id}; there are ${classes.count}`);
    F[id] = f;
    resumed++;
  }
  const todo: number[] = [];
  for (let c = 0; c < classes.count; c++) if (F[c] === undefined) todo.push(c);
  let done = resumed;
  progress({ stage: 'bands', phase: 'start', done, total: classes.count });
  const memoEntries = await columnSetBands(classes, todo, {
    workers,
    ...(signal ? { signal } : {}),
    onClassDone: (c, f) => {
      F[c] = f;
      options.onClassDone?.(c, f);
      done++;
      progress({ stage: 'bands', phase: 'progress', done, total: classes.count });
    },
  });
  const t2 = clock();
  progress({ stage: 'bands', phase: 'end', total: classes.count });
  const table = columnSetTableOf(shape, classes, F as bigint[], {
    resumed,
    memoEntries,
    workers,
    seconds: { classes: 0, bands: 0, sum: 0, total: 0 },
  });
  const t3 = clock();
  return { ...table, seconds: { classes: us(t1 - t0), bands: us(t2 - t1), sum: us(t3 - t2), total: us(t3 - t0) } };
}

/** N for R×2 (or 2×R) boxes by column sets, with the count of every stage. */
export async function countByColumnSets(options: ColumnSetCountOptions): Promise<ColumnSetCount> {
  const { classRows: _rows, digest: _digest, ...count } = await columnSetClassTable(options);
  return count;
}
