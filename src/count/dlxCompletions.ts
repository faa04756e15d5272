import { formatBand } from '../grid/digits.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { shapeProblem } from '../grid/support.js';
import type { TypedTaskPool } from '../parallel/taskPool.js';
import { classChain, LEVEL_NAMES, type LevelName } from '../symmetry/classChain.js';
import type { BandClasses } from '../symmetry/classifyBands.js';
import type * as MiddleBandTasks from './middleBandTask.js';
import type { MiddleBandTaskInput } from './middleBandTask.js';

/**
 * The DLX route to n_C (docs/dlx-route.md): every class representative of a level is counted by the
 * middle-band counter on the worker pool, each class in a few parts, and every n_C is compared with the
 * column-set sum's. Finished classes are reported one by one (for a checkpoint) and can be handed back to
 * skip them (resume). Results do not depend on the number of threads: a class's count is the exact sum of
 * its parts, whatever order they finish in.
 */
export { COUNTER_NAMES, counterProblem, type CounterName } from './counterName.js';

/**
 * Why the DLX route cannot count `shape` (one line), or null: it counts the band method's shapes with two or three
 * bands (C ≤ 3). Four bands (2x4) would need a two-band sum at every leaf.
 */
export function dlxShapeProblem(shape: BoxShape): string | null {
  return shapeProblem('dlx-route', shape);
}

export interface DlxClassResult {
  /** Class id at the level counted. */
  readonly id: number;
  /** Its representative band (the band that was counted), rows separated by '|'. */
  readonly band: string;
  /** n_C by the DLX route. */
  readonly completions: number;
  /** Middle bands visited (bottom bands for C = 2). */
  readonly middleBands: number;
  /** Search seconds, summed over the class's parts (each measured in its thread). */
  readonly seconds: number;
}

export interface DlxClassRow extends DlxClassResult {
  /** m_C at the level. */
  readonly bands: number;
  /** n_C by the column-set sum, for the same representative. */
  readonly columnSetSum: number;
  /** True when the result came from a checkpoint rather than from this run. */
  readonly resumed: boolean;
}

export interface DlxOptions {
  /**
   * Which classes to count, one representative each: 'symmetry' (default; every class, 416 for 3×3) or a
   * coarser level of the chain ('column-sets': 44). The classes a level merges have equal n_C (the chain proves
   * it with the column-set sum), so each symmetry class takes the n_C of its class at that level.
   */
  readonly level?: LevelName;
  /** Classes already counted (from a checkpoint): not counted again. Each must name its class's representative. */
  readonly resume?: readonly DlxClassResult[];
  /** Called as each class is finished (in the order they finish). */
  readonly onClassDone?: (result: DlxClassResult) => void;
  /** Aborting stops the search within milliseconds; the count then rejects with `CountInterrupted`. */
  readonly signal?: AbortSignal;
}

export interface DlxReport {
  readonly level: LevelName;
  /** The classes counted, in id order. */
  readonly classes: readonly DlxClassRow[];
  /** Σ middle bands visited, resumed classes included. */
  readonly middleBands: number;
  /** Σ search seconds over the classes (thread time; with K threads the wall time is about this / K). */
  readonly searchSeconds: number;
  /** Classes taken from the checkpoint. */
  readonly resumed: number;
  /** Tasks each class was split into. */
  readonly partsPerClass: number;
  /** The first class (in id order) whose n_C differs from the column-set sum's; null when every one agrees. */
  readonly firstMismatch: DlxClassRow | null;
}

/** The count was stopped through `DlxOptions.signal`; the classes finished before were reported. */
export class CountInterrupted extends Error {
  override name = 'CountInterrupted';
  constructor(
    readonly done: number,
    readonly total: number,
  ) {
    super(`interrupted after ${done} of ${total} classes`);
  }
}

/**
 * Parts per class: 3×3 classes take about a second each, so four parts keep both threads busy to the end,
 * move the progress often, and let a single-threaded run answer Ctrl-C between parts.
 */
export function partsPerClass(shape: BoxShape): number {
  return shape.n >= 9 ? 4 : 1;
}

export interface DlxCountInput {
  readonly pool: TypedTaskPool<Pick<typeof MiddleBandTasks, 'countMiddleBands'>>;
  readonly shape: BoxShape;
  readonly table: Uint32Array;
  readonly classes: BandClasses;
  /** n_C by the column-set sum for every symmetry class: what each result is compared with. */
  readonly columnSetSums: Float64Array;
  readonly options: DlxOptions;
  /** Classes finished of those to count, and middle bands visited so far; a few times a second. */
  readonly onProgress?: (done: number, total: number, middleBands: number) => void;
}

let runs = 0;

/** n_C of every symmetry class by the DLX route (see `DlxOptions.level`), and the report. */
export async function dlxCompletions(input: DlxCountInput): Promise<{ completions: Float64Array; report: DlxReport }> {
  const { pool, shape, table, classes, columnSetSums, options } = input;
  const level = options.level ?? 'symmetry';
  const size = shape.rows * shape.n;
  let repOf: Int32Array; // class at the level → its symmetry class
  let classOf: Int32Array; // symmetry class → class at the level
  let sizes: Float64Array;
  if (level === 'symmetry') {
    repOf = Int32Array.from({ length: classes.count }, (_, c) => c);
    classOf = repOf;
    sizes = classes.sizes;
  } else {
    const found = classChain(classes).levels.find((l) => l.name === level);
    if (!found) throw new InputError(`level '${String(level)}': expected one of ${LEVEL_NAMES.join(', ')}`);
    ({ rep: repOf, classOf, sizes } = found);
  }
  const total = repOf.length;
  const bandText = (k: number) => formatBand(shape, classes.reps, repOf[k] * size);

  const results: Array<DlxClassResult | undefined> = new Array<DlxClassResult | undefined>(total);
  const resumed = new Uint8Array(total);
  for (const r of options.resume ?? []) {
    if (!Number.isInteger(r.id) || r.id < 0 || r.id >= total)
      throw new InputError(`checkpoint: class ${r.id} does not exist at level ${level} (${total} classes)`);
    if (r.band !== bandText(r.id))
      throw new InputError(`checkpoint: class ${r.id} is band ${r.band} there but ${bandText(r.id)} here`);
    if (resumed[r.id]) throw new InputError(`checkpoint: class ${r.id} appears twice`);
    resumed[r.id] = 1;
    results[r.id] = r;
  }

  const parts = partsPerClass(shape);
  const todo: number[] = [];
  for (let k = 0; k < total; k++) if (!resumed[k]) todo.push(k);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const live = new Float64Array(new SharedArrayBuffer(8 * Math.max(1, todo.length * parts)));
  let resumedBands = 0;
  for (let k = 0; k < total; k++) if (resumed[k]) resumedBands += results[k]!.middleBands;
  let done = total - todo.length;
  const report = () => {
    let visited = resumedBands;
    for (let i = 0; i < live.length; i++) visited += live[i];
    input.onProgress?.(done, total, visited);
  };
  report();
  const timer = setInterval(report, 250);
  timer.unref();

  const tableId = `dlx:${process.pid}:${++runs}`;
  let stopping = false;
  const signal = options.signal;
  let onAbort: (() => void) | null = null;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      stopping = true;
      Atomics.store(stop, 0, 1);
      reject(new CountInterrupted(done, total));
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {}); // raced below; this keeps an abort after the end from being reported as unhandled

  // One job per part; a few in flight per thread, handed out in order. Single-threaded, one at a time: the
  // event loop then turns between parts, so the progress timer and Ctrl-C are served.
  const jobs = todo.length * parts;
  const partsLeft = new Int32Array(total).fill(parts);
  const sums = new Float64Array(3 * total); // completions, middle bands, seconds
  const bands = new Map<number, Uint8Array>();
  let next = 0;
  const runner = async (): Promise<void> => {
    while (next < jobs && !stopping) {
      const j = next++;
      const k = todo[Math.floor(j / parts)];
      const part = j % parts;
      let band = bands.get(k);
      if (!band) {
        band = classes.reps.slice(repOf[k] * size, (repOf[k] + 1) * size);
        bands.set(k, band);
      }
      const out = await pool.run('countMiddleBands', {
        rows: shape.rows,
        cols: shape.cols,
        tableId,
        table,
        band,
        part,
        parts,
        stop,
        live,
        slot: j,
      } satisfies MiddleBandTaskInput);
      if (out.stopped) {
        stopping = true;
        return;
      }
      sums[3 * k] += out.completions;
      sums[3 * k + 1] += out.middleBands;
      sums[3 * k + 2] += out.seconds;
      if (--partsLeft[k] > 0) continue;
      bands.delete(k);
      const completions = sums[3 * k];
      if (!Number.isSafeInteger(completions)) throw new Error('internal: completion count is not exact');
      const result: DlxClassResult = {
        id: k,
        band: bandText(k),
        completions,
        middleBands: sums[3 * k + 1],
        seconds: Math.round(sums[3 * k + 2] * 1e6) / 1e6,
      };
      results[k] = result;
      done++;
      options.onClassDone?.(result);
    }
  };
  const inFlight = pool.threads <= 1 ? 1 : 2 * pool.threads;
  try {
    await Promise.race([Promise.all(Array.from({ length: inFlight }, runner)), aborted]);
  } finally {
    clearInterval(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
  report();

  const rows: DlxClassRow[] = [];
  let middleBands = 0;
  let searchSeconds = 0;
  let firstMismatch: DlxClassRow | null = null;
  for (let k = 0; k < total; k++) {
    const r = results[k];
    if (!r) throw new Error(`internal: class ${k} was not counted`);
    const row: DlxClassRow = {
      id: k,
      band: r.band,
      bands: sizes[k],
      completions: r.completions,
      columnSetSum: columnSetSums[repOf[k]],
      middleBands: r.middleBands,
      seconds: r.seconds,
      resumed: resumed[k] === 1,
    };
    rows.push(row);
    middleBands += r.middleBands;
    searchSeconds += r.seconds;
    if (firstMismatch === null && row.completions !== row.columnSetSum) firstMismatch = row;
  }
  const completions = new Float64Array(classes.count);
  for (let c = 0; c < classes.count; c++) completions[c] = results[classOf[c]]!.completions;
  return {
    completions,
    report: {
      level,
      classes: rows,
      middleBands,
      searchSeconds: Math.round(searchSeconds * 1e6) / 1e6,
      resumed: total - todo.length,
      partsPerClass: parts,
      firstMismatch,
    },
  };
}
