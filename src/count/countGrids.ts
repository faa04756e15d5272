import { enumerateBands, type BandEnumeration } from '../bands/enumerateBands.js';
import { lexMultiplicity } from '../bands/lexReduce.js';
import { formatBand } from '../grid/digits.js';
import { factorialBig, InputError, type BoxShape } from '../grid/shape.js';
import { classifyBands, type BandClasses } from '../symmetry/classifyBands.js';
import { resolveShape } from '../grid/support.js';
import { typedTaskPool, type TypedTaskPool } from '../parallel/taskPool.js';
import type * as CompletionsTasks from './completionsTask.js';
import type * as MiddleBandTasks from './middleBandTask.js';
import { checkWorkers } from '../parallel/threads.js';
import { defaultWorkers } from './defaultWorkers.js';
import {
  buildTable,
  type BuildTableInput,
  type BuildTableOutput,
  type CountBandsInput,
  type PrepareInput,
} from './completionsTask.js';
import { counterProblem, type CounterName } from './counterName.js';
import type { DlxOptions, DlxReport } from './dlxCompletions.js';

/**
 * The exact count, end to end:
 *   standard top bands → lexicographically reduced → classes → column-set table F → n_C per class
 *   → N = n!·Σ m_C·n_C (BigInt).
 */
export type Stage = 'bands' | 'classes' | 'columnSets' | 'completions' | 'dlx';

export interface ProgressEvent {
  readonly stage: Stage;
  /** 'start', 'progress' (completions only) or 'end'. */
  readonly phase: 'start' | 'progress' | 'end';
  readonly done?: number;
  readonly total?: number;
  /** 'dlx' only: middle bands visited so far. */
  readonly middleBands?: number;
}

export interface CountOptions {
  /** Box shape: a BoxShape or "RxC" (default 3x3). */
  readonly box?: BoxShape | string;
  /** Threads for the completion counts (default: `defaultWorkers(shape)`; results never depend on it). */
  readonly workers?: number;
  readonly onProgress?: (event: ProgressEvent) => void;
  /**
   * Which counter gives n_C: 'column-set-sum' (default) or 'dlx' (every middle band enumerated,
   * the bottom band from F: dlxCompletions.ts), which is then checked class by class against the column-set sum.
   */
  readonly counter?: CounterName;
  /** Options of the DLX route (level, resume, checkpoint hook, abort). */
  readonly dlx?: DlxOptions;
}

/**
 * Seconds per stage. For boxes of three columns the column-set table is built on the main thread by the
 * WebAssembly core before the classes; for the others, with more than one worker, it is built on a worker while the
 * main thread finds the classes, so those two overlap and the stages add up to more than `total`.
 */
export interface StageSeconds {
  /** Enumerating the standard top bands; the lexicographic reduction is done in the same pass. */
  readonly bands: number;
  readonly classes: number;
  /** Building the column-set table F (on the main thread, or on a worker: see above). */
  readonly columnSets: number;
  readonly completions: number;
  /** The DLX route's wall time (counter 'dlx' only). */
  readonly dlx?: number;
  /** Wall time of the whole count, from the first stage to the total. */
  readonly total: number;
}

export interface GridCount {
  readonly box: string;
  readonly n: number;
  /** Standard top bands (box 1 = 1..n in reading order). */
  readonly bands: number;
  /** Lexicographically reduced bands. */
  readonly lexReduced: number;
  /** Bands each reduced band stands for: (C!)^(R−1)·(R−1)!. */
  readonly lexMultiplicity: number;
  /** Classes under box, column, row permutations and relabelling. */
  readonly classes: number;
  /** Order of that group. */
  readonly groupOrder: number;
  /** Σ m_C (checked equal to `bands`). */
  readonly classSizeSum: number;
  /** Entries of the column-set table F. */
  readonly columnSetEntries: number;
  /** Σ m_C·n_C = N/n!: grids with box 1 fixed. */
  readonly totalWithFixedBox: bigint;
  /** N. */
  readonly total: bigint;
  readonly workers: number;
  readonly seconds: StageSeconds;
  /** The counter that gave n_C. */
  readonly counter: CounterName;
  /** Counter 'dlx': every class counted, with its middle bands, time and the column-set sum's n_C. */
  readonly dlx?: DlxReport;
}

export interface ClassRow {
  /** 0-based, in order of the canonical representatives. */
  readonly id: number;
  /** Canonical representative (lexicographically smallest band of the class), rows separated by '|'. */
  readonly band: string;
  /** m_C: standard top bands in the class. */
  readonly bands: number;
  /** |stabiliser| = group order / m_C. */
  readonly stabilizer: number;
  /** n_C: completions of any band of the class. */
  readonly completions: number;
}

export interface ClassTable extends GridCount {
  readonly classRows: readonly ClassRow[];
}

/** Seconds rounded to the microsecond. */
const us = (s: number) => Math.round(s * 1e6) / 1e6;

export { defaultWorkers } from './defaultWorkers.js';

/** Everything a run computes, for the layers above (class tables, the chain). */
export interface CountRun {
  readonly shape: BoxShape;
  readonly workers: number;
  readonly bands: BandEnumeration;
  readonly classes: BandClasses;
  readonly sizeSum: number;
  readonly columnSetEntries: number;
  /** n_C for each class, in class order, by `counter`. */
  readonly completions: Float64Array;
  readonly seconds: StageSeconds;
  readonly counter: CounterName;
  readonly dlx?: DlxReport;
}

/** The bands and their classes, when a caller found them already (the DLX route's class list for its checkpoint). */
export interface CountFound {
  readonly bands: BandEnumeration;
  readonly classes: BandClasses;
  /** The seconds they took (the report's `bands` and `classes`). */
  readonly seconds: { readonly bands: number; readonly classes: number };
}

/** Run every stage: bands, reduction, classes, column-set table, completions (the first two taken from `found`). */
export async function runCount(options: CountOptions = {}, found?: CountFound): Promise<CountRun> {
  const shape = resolveShape('band-method', options.box);
  const workers = checkWorkers(options.workers ?? defaultWorkers(shape));
  const counter = options.counter ?? 'column-set-sum';
  const problem = counterProblem(counter);
  if (problem) throw new InputError(`counter '${counter}': ${problem}`);
  // the DLX route is loaded when it is asked for (a plain count does not pay for its modules)
  const dlxRoute = counter === 'dlx' ? await import('./dlxCompletions.js') : null;
  const dlxProblem = dlxRoute ? dlxRoute.dlxShapeProblem(shape) : null;
  if (dlxProblem) throw new InputError(`box shape ${shape.name}: ${dlxProblem}`);
  const progress = options.onProgress ?? (() => {});
  const clock = () => performance.now() / 1000;
  const t0 = clock() - (found ? found.seconds.bands + found.seconds.classes : 0);

  // threads start now, while the bands are enumerated (the DLX route's module also serves the count's tasks)
  const module = counter === 'dlx' ? './middleBandTask.js' : './completionsTask.js';
  // the column-set sum's tasks take milliseconds: this thread counts too, beside workers − 1 threads (boxes of two
  // columns keep their workers: one of them builds F while this thread finds the classes)
  // typed by both modules: the DLX route's (middleBandTask) is asked for countMiddleBands, the other for prepare
  const pool = typedTaskPool<typeof CompletionsTasks & typeof MiddleBandTasks>(
    new URL(module, import.meta.url),
    workers,
    {
      thisThreadWorks: counter !== 'dlx' && shape.cols === 3,
      warmUp: { task: 'prepare', input: { rows: shape.rows, cols: shape.cols } satisfies PrepareInput },
    },
  );
  try {
    progress({ stage: 'bands', phase: 'start' });
    const bands = found?.bands ?? enumerateBands(shape);
    const t1 = clock();
    progress({ stage: 'bands', phase: 'end', total: bands.count });
    if (bands.lexCount * lexMultiplicity(shape) !== bands.count) {
      throw new Error(`internal: ${bands.lexCount} reduced bands × ${lexMultiplicity(shape)} ≠ ${bands.count} bands`);
    }

    progress({ stage: 'columnSets', phase: 'start' });
    // F: here, when the WebAssembly core takes the shape (boxes of three columns: milliseconds); else on a thread
    // of the pool (in shared memory) while the classes are found here
    const prepared: Promise<BuildTableOutput> =
      shape.cols === 3
        ? Promise.resolve(buildTable({ rows: shape.rows, cols: shape.cols, lexBands: bands.lexBands }))
        : pool.run('buildTable', {
            rows: shape.rows,
            cols: shape.cols,
            lexBands: bands.lexBands,
          } satisfies BuildTableInput);
    prepared.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled
    progress({ stage: 'classes', phase: 'start' });
    const tc = clock(); // after F when it was built here
    const classes = found?.classes ?? classifyBands(bands);
    const t2 = clock();
    progress({ stage: 'classes', phase: 'end', total: classes.count });
    let sizeSum = 0;
    for (let c = 0; c < classes.count; c++) {
      sizeSum += classes.sizes[c];
      if (classes.groupOrder % classes.sizes[c] !== 0)
        throw new Error(`internal: class ${c} size ${classes.sizes[c]} does not divide the group order`);
    }
    if (sizeSum !== bands.count) throw new Error(`internal: Σ m_C = ${sizeSum} ≠ ${bands.count} bands`);
    const table = await prepared;
    const t3 = clock();
    progress({ stage: 'columnSets', phase: 'end', total: table.table.length });

    progress({ stage: 'completions', phase: 'start', done: 0, total: classes.count });
    const completions = await countRepresentatives(pool, shape, table.table, classes.reps, (done, total) =>
      progress({ stage: 'completions', phase: 'progress', done, total }),
    );
    const t4 = clock();
    progress({ stage: 'completions', phase: 'end', total: classes.count });

    let dlx: { completions: Float64Array; report: DlxReport } | undefined;
    if (dlxRoute) {
      progress({ stage: 'dlx', phase: 'start', done: 0 });
      dlx = await dlxRoute.dlxCompletions({
        pool,
        shape,
        table: table.table,
        classes,
        columnSetSums: completions,
        options: options.dlx ?? {},
        onProgress: (done, total, middleBands) =>
          progress({ stage: 'dlx', phase: 'progress', done, total, middleBands }),
      });
      progress({ stage: 'dlx', phase: 'end', total: dlx.report.classes.length, middleBands: dlx.report.middleBands });
    }
    const t5 = clock();
    return {
      shape,
      workers,
      bands,
      classes,
      sizeSum,
      columnSetEntries: table.table.length,
      completions: dlx ? dlx.completions : completions,
      seconds: {
        bands: us(found ? found.seconds.bands : t1 - t0),
        classes: us(found ? found.seconds.classes : t2 - tc),
        columnSets: us(table.seconds),
        completions: us(t4 - t3),
        ...(dlx ? { dlx: us(t5 - t4) } : {}),
        total: us(t5 - t0),
      },
      counter,
      ...(dlx ? { dlx: dlx.report } : {}),
    };
  } finally {
    await pool.close();
  }
}

let runs = 0;

/**
 * n(b) for each band of `reps` (R·n cells each), in order: contiguous chunks, a few per thread so the threads
 * stay busy to the end and progress moves; every count is exact and made alone, so the split changes nothing.
 * `onChunk` hears each chunk's counts as it finishes (`start`: the index of its first band). The whole count and
 * a shard of it (src/shards/) both count here.
 */
const tableIds = new WeakMap<Uint32Array, string>();

export async function countRepresentatives(
  pool: TypedTaskPool<Pick<typeof CompletionsTasks, 'countBands'>>,
  shape: BoxShape,
  table: Uint32Array,
  reps: Uint8Array,
  onDone: (done: number, total: number) => void,
  onChunk?: (start: number, counts: Float64Array) => void,
): Promise<Float64Array> {
  const size = shape.rows * shape.n;
  const k = reps.length / size;
  const out = new Float64Array(k);
  const chunks = pool.threads === 1 ? Math.min(k, 64) : 4 * pool.threads;
  const per = Math.ceil(k / Math.max(1, chunks));
  // one id a table: the same table again (shards packed into one process) finds each thread's counter built
  let tableId = tableIds.get(table);
  if (tableId === undefined) tableIds.set(table, (tableId = `${process.pid}:${++runs}`));
  let done = 0;
  const tasks: Promise<void>[] = [];
  for (let start = 0; start < k; start += per) {
    const end = Math.min(k, start + per);
    const input: CountBandsInput = {
      rows: shape.rows,
      cols: shape.cols,
      tableId,
      table,
      bands: reps.slice(start * size, end * size), // a copy: a view would carry its whole buffer
    };
    tasks.push(
      pool.run('countBands', input).then((counts) => {
        out.set(counts, start);
        onChunk?.(start, counts);
        done += end - start;
        onDone(done, k);
      }),
    );
  }
  await Promise.all(tasks);
  return out;
}

/** What the totals and class rows need of a run (a sharded count has no enumeration or classification of its own). */
export type ClassTableRun = Omit<CountRun, 'bands' | 'classes'> & {
  readonly bands: Pick<BandEnumeration, 'count' | 'lexCount'>;
  readonly classes: Pick<BandClasses, 'count' | 'reps' | 'sizes' | 'groupOrder'>;
};

/** The totals and the class rows of a run. */
export function classTableOf(run: ClassTableRun): ClassTable {
  const { shape, workers, bands, classes, sizeSum, columnSetEntries, completions, seconds, counter, dlx } = run;
  let sum = 0n;
  const size = shape.rows * shape.n;
  const classRows: ClassRow[] = [];
  for (let c = 0; c < classes.count; c++) {
    sum += BigInt(classes.sizes[c]) * BigInt(completions[c]);
    classRows.push({
      id: c,
      band: formatBand(shape, classes.reps, c * size),
      bands: classes.sizes[c],
      stabilizer: classes.groupOrder / classes.sizes[c],
      completions: completions[c],
    });
  }
  return {
    box: shape.name,
    n: shape.n,
    bands: bands.count,
    lexReduced: bands.lexCount,
    lexMultiplicity: lexMultiplicity(shape),
    classes: classes.count,
    groupOrder: classes.groupOrder,
    classSizeSum: sizeSum,
    columnSetEntries,
    totalWithFixedBox: sum,
    total: sum * factorialBig(shape.n),
    workers,
    seconds,
    counter,
    ...(dlx ? { dlx } : {}),
    classRows,
  };
}

/** Run every stage and return the class table with all counts. */
export async function classTable(options: CountOptions = {}): Promise<ClassTable> {
  return classTableOf(await runCount(options));
}

/** The exact number of grids, with the count of every stage. */
export async function countGrids(options: CountOptions = {}): Promise<GridCount> {
  const { classRows: _rows, ...count } = await classTable(options);
  return count;
}
