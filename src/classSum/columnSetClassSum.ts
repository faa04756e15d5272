import {
  classListDigest,
  columnSetBands,
  columnSetTableOf,
  defaultColumnSetMemoSlots,
  type ColumnSetClassTable,
  type ColumnSetTally,
} from '../colsets/countByColumnSets.js';
import { configurationClasses, type ConfigurationClasses } from '../colsets/configurationClasses.js';
import { configurationsOf } from '../colsets/columnSetCertificate.js';
import type { ClassListData, ShardFacts } from '../io/shardFiles.js';
import { boxShape, factorial, InputError } from '../grid/shape.js';
import { columnOrder } from '../colsets/columnOrder.js';
import { configurationGraph } from '../colsets/configurationGraph.js';
import type * as ColumnSetTasks from '../colsets/columnSetTasks.js';
import type { ResidualsInput } from '../colsets/columnSetTasks.js';
import { edgeColouringCounter } from '../colsets/edgeColouringCounter.js';
import { sharedMemo } from '../colsets/sharedMemo.js';
import type { BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import { columnSetRows, MAX_COLUMN_SET_ROWS } from '../colsets/columnSetSupport.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import type * as ColumnTransferTask from '../colsets/columnTransferTask.js';
import type {
  ClassList,
  ClassSum,
  ClassSumCountOptions,
  ClassSumCounted,
  ClassSumReport,
  ClassSumSeconds,
  ClassSumUnits,
} from './classSum.js';
import type { ClassSumRun } from './runClassSum.js';
import { drainTasks } from './drainTasks.js';

/**
 * The column-set method (R×2 and 2×R boxes) as a class-sum count, N = Σ orbit·F². F of a class is R·Σ C_{R−1}(G − M)
 * over the perfect matchings M ∋ e₀ of its digit–column graph G (edgeColouringCounter). The one-machine count
 * memoises C_{R−1} of those residual graphs across classes; shards would each fill a memo of their own and repeat
 * most of that work. So the units are the distinct residual graphs (by canonical form) of all classes, each counted
 * once in one shard: the plan lists them (their rows are the payload) and, for each class, which it meets how often.
 *
 * Beyond the one-machine method (R = 6: 63,199 classes, ~10⁵ residual graphs a class, nearly all distinct) the
 * units are the classes themselves, rebuilt from the class list the plan carries, and a class's value is its F by
 * the transfer over its columns (columnTransfer: seconds to a minute a class, up to ~1.5 GB); N = Σ orbit·F² all
 * the same (columnSetTableOf). Their costs, for balancing the shards, come from the row sets of the order
 * columnTransfer would take (columnTransferCosts).
 */
export function columnSetClassSum(shape: BoxShape, data: ClassListData | null = null): ClassSum {
  requireShape('column-set-shards', shape);
  const R = columnSetRows(shape),
    m = 2 * R;
  const byColumns = R > MAX_COLUMN_SET_ROWS;
  let shared: { readonly slots: number; readonly id: string; memo?: ReturnType<typeof sharedMemo> } | null = null;
  const classList = lazyClassList(R, data);
  return {
    method: 'column-sets',
    spec: { route: 'column-sets', rules: { rows: shape.rows, cols: shape.cols, variants: [] } },
    box: shape.name,
    classList,
    classData() {
      const { classes } = classList();
      const rows = Array.from({ length: classes.count }, (_, c) => [
        classes.orbitSizes[c],
        classes.stabilizers[c],
        ...classes.words.subarray(c * m, (c + 1) * m),
      ]);
      return { facts: { searchNodes: classes.nodes }, rows };
    },
    ...(byColumns ? { checkpointEachUnit: true, workerMemoryMB: COLUMN_TRANSFER_MEMORY_MB } : {}),
    units(): ClassSumUnits {
      const { classes } = classList();
      if (byColumns)
        return {
          units: classes.count,
          payload: null,
          combine: null,
          scale: 1,
          costs: columnTransferCosts(classes),
          listFromPlan: true,
          unitMemoryMB: COLUMN_TRANSFER_MEMORY_MB,
          sample: COLUMN_TRANSFER_SAMPLE,
        };
      const counter = edgeColouringCounter(m);
      // unit ids by residual graph (its canonical rows), in the memo table the count itself uses: a quarter of the
      // time of a Map keyed by strings over the 429,188 residuals of 5×2; it grows before it is half full
      let index = sharedMemo(m, 1 << 10);
      const payload: number[][] = [];
      const combine: number[][] = [];
      const graph = new Int32Array(m);
      let met = new Int32Array(64);
      for (let c = 0; c < classes.count; c++) {
        configurationGraph(R, classes.words, c * m, graph);
        let k = 0;
        counter.forEachResidual(graph, R, (key) => {
          let u = index.get(key);
          if (u < 0) {
            u = payload.length;
            payload.push(Array.from(key));
            if ((u + 1) * 2 >= index.slots) {
              index = sharedMemo(m, index.slots * 4);
              payload.forEach((rows, v) => index.set(rows, v));
            } else index.set(key, u);
          }
          if (k === met.length) {
            const grown = new Int32Array(2 * k);
            grown.set(met);
            met = grown;
          }
          met[k++] = u;
        });
        // [unit, multiplicity, …] by increasing unit
        const row: number[] = [];
        const sorted = met.subarray(0, k).sort();
        for (let i = 0; i < k;) {
          let j = i + 1;
          while (j < k && sorted[j] === sorted[i]) j++;
          row.push(sorted[i], j - i);
          i = j;
        }
        combine.push(row);
      }
      return { units: payload.length, payload, combine, scale: R, costs: new Float64Array(payload.length).fill(1) };
    },
    async countUnits(ids, payloadOf, options) {
      if (byColumns) return bandsByColumns(classList().classes, ids, options);
      const pool = typedTaskPool<typeof ColumnSetTasks>(
        new URL('../colsets/columnSetTasks.js', import.meta.url),
        options.workers,
      );
      const onAbort = () => void pool.close();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        // one memo for every call (the shards packed into one process): C_{R−1} of a graph is the same whichever
        // shard asks, and a second memo would mean a second counter, whose closure makes V8 drop the optimised code
        // of the first (packed 5×2 shards cost as much CPU as a process each, before)
        shared ??= { slots: defaultColumnSetMemoSlots(R), id: `${process.pid}:${Date.now()}:${Math.random()}` };
        shared.memo ??= sharedMemo(m, shared.slots);
        const { slots, id: memoId, memo } = shared;
        const per = pool.threads > 1 ? 16 : 4;
        let next = 0;
        const runner = async (): Promise<void> => {
          while (next < ids.length) {
            const batch = ids.slice(next, (next += per));
            const graphs = new Int32Array(batch.length * m);
            batch.forEach((u, i) => graphs.set(payloadOf(u), i * m));
            const input: ResidualsInput = { rows: R, memoId, memo: memo.buffer, memoSlots: slots, graphs };
            const values = await pool.run('residualColourings', input);
            batch.forEach((u, i) => options.onUnitDone(u, values[i]));
          }
        };
        const settled = await Promise.allSettled(Array.from({ length: 2 * pool.threads }, runner));
        options.signal?.throwIfAborted();
        for (const s of settled) if (s.status === 'rejected') throw s.reason;
        // each unit is a residual graph counted once: the one-machine count's memo entries, summed over the shards
        return { facts: { memoEntries: ids.length }, setupSeconds: 0 };
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
        await pool.close();
      }
    },
    report: (values, facts, seconds) => columnSetReport(shape, classList().classes, values, facts, seconds),
  };
}

/** The class list of R×2, found on first use (or taken from a plan's rows), with the classes themselves. */
function lazyClassList(R: number, data: ClassListData | null): () => ClassList & { classes: ConfigurationClasses } {
  let found: (ClassList & { classes: ConfigurationClasses }) | null = null;
  return () => {
    if (found) return found;
    const t0 = performance.now();
    const classes = data ? classesOf(R, data) : configurationClasses(R);
    found = {
      count: classes.count,
      digest: classListDigest(classes),
      seconds: (performance.now() - t0) / 1000,
      classes,
    };
    return found;
  };
}

/** A column-set count's report from every class's F: the count of columnSetTableOf, without the class rows. */
function columnSetReport(
  shape: BoxShape,
  classes: ConfigurationClasses,
  values: readonly bigint[],
  facts: readonly ShardFacts[],
  seconds: ClassSumSeconds,
): ClassSumReport {
  const table = columnSetTableOf(shape, classes, values, {
    resumed: 0,
    memoEntries: facts.reduce((a, f) => a + (f['memoEntries'] ?? 0), 0),
    workers: null, // a merge: the shards' threads are theirs, its seconds summed over them
    seconds: { classes: seconds.classes, bands: seconds.counting, sum: 0, total: seconds.classes + seconds.counting },
  });
  const { classRows: _rows, digest: _digest, ...count } = table;
  return { method: 'column-sets', total: count.total, count };
}

/** The one-machine column-set count as a class sum: its class table from every class's F (the run's values). */
export interface ColumnSetTableSum extends ClassSum {
  /**
   * The class table of a run of every unit (runClassSum: its values, the units it resumed, its memo's entries), its
   * seconds those of the count's stages: `runSeconds` (the run's wall time, the class list found in it) split into
   * the class list and the bands, and the sum made here.
   */
  tableOfRun(
    run: Pick<ClassSumRun, 'values' | 'resumed' | 'facts'>,
    workers: number,
    runSeconds: number,
  ): ColumnSetClassTable;
}

/**
 * The one-machine column-set count (`count --method column-sets`, `classes`; R ≤ MAX_COLUMN_SET_ROWS) as a class sum
 * whose units are the classes: F of each by columnSetBands, with the memo of residual graphs shared across the run
 * (what columnSetClassTable counts, so the figures are its own). Its box is the shape counted ("5x2" for 2×5 too), so
 * a checkpoint serves both; the table names the shape asked for.
 */
export function columnSetTableSum(shape: BoxShape): ColumnSetTableSum {
  requireShape('column-sets', shape);
  const R = columnSetRows(shape);
  const classList = lazyClassList(R, null);
  const table = (values: ReadonlyMap<number, bigint>, tally: ColumnSetTally) => {
    const { classes } = classList();
    return columnSetTableOf(
      shape,
      classes,
      Array.from({ length: classes.count }, (_, c) => values.get(c)!),
      tally,
    );
  };
  const tableOfRun: ColumnSetTableSum['tableOfRun'] = (run, workers, runSeconds) => {
    const t0 = performance.now();
    const t = table(run.values, {
      resumed: run.resumed,
      memoEntries: run.facts['memoEntries'] ?? 0,
      workers,
      seconds: { classes: 0, bands: 0, sum: 0, total: 0 },
    });
    const sum = (performance.now() - t0) / 1000,
      classes = classList().seconds;
    const us = (x: number) => Math.round(x * 1e6) / 1e6;
    const seconds = {
      classes: us(classes),
      bands: us(runSeconds - classes),
      sum: us(sum),
      total: us(runSeconds + sum),
    };
    return { ...t, seconds };
  };
  return {
    method: 'column-sets',
    spec: { route: 'column-sets', rules: { rows: R, cols: 2, variants: [] } },
    box: boxShape(R, 2).name,
    classList,
    classData: () => null,
    units: () => {
      const { count } = classList();
      return { units: count, payload: null, combine: null, scale: 1, costs: new Float64Array(count).fill(1) };
    },
    countUnits: (ids, payload, options) => columnSetClassCounter(classList().classes).countUnits(ids, payload, options),
    report: (values, facts, seconds) => columnSetReport(shape, classList().classes, values, facts, seconds),
    tableOfRun,
  };
}

/**
 * MB one worker may hold while it counts a class's F by columnTransfer (the WebAssembly core): whole 6×2 shards of
 * one worker peaked at 1.68–2.25 GB (shards 5–9), and shard 0 of the committed plan, class 63198 alone (the dearest
 * by the cost proxy), at 3.36 GB (data/6x2/README.md); so 4 GB. It is the floor of a plan's memory per shard
 * (`unitMemoryMB`; the committed plan was made with 2,048, from the 1.4 GB of the largest of 48 sampled
 * configurations, when round 6's TypeScript tables needed up to 10.3 GB), and what `count --plan F --slurm` asks for
 * each worker of a task, whatever the plan says (`workerMemoryMB`).
 */
const COLUMN_TRANSFER_MEMORY_MB = 4096;

/**
 * Relative cost of each class's F by columnTransfer: (Σ_k rowSets of columnOrder's order, the smaller of the two
 * orientations)^1.2. On the 48 seeded random 6×2 configurations of data/6x2/columns-sample*.jsonl, log CPU seconds
 * against log row sets: correlation 0.98, slope 1.22. ~7–10 ms a class (both orientations): 7–10 minutes of a plan.
 */
function columnTransferCosts(classes: ConfigurationClasses): Float64Array {
  const R = classes.rows,
    m = 2 * R;
  const costs = new Float64Array(classes.count);
  const digitColumns = new Int32Array(m);
  const columnDigits = new Array<number>(m);
  for (let c = 0; c < classes.count; c++) {
    configurationGraph(R, classes.words, c * m, digitColumns);
    columnDigits.fill(0);
    for (let d = 0; d < m; d++) for (let j = 0; j < m; j++) if ((digitColumns[d] >> j) & 1) columnDigits[j] |= 1 << d;
    const byColumns = columnOrder(R, columnDigits, m).rowSets;
    const byDigits = columnOrder(R, Array.from(digitColumns), m).rowSets;
    costs[c] = Math.min(byColumns, byDigits) ** 1.2;
  }
  return costs;
}

/** Classes a plan times when F is columnTransfer's (~10 CPU s a class on average: about two minutes in all). */
const COLUMN_TRANSFER_SAMPLE = 6;

/** F of the classes `ids` by columnTransfer, a class a task, each on a worker thread (Ctrl-C stops it at once). */
async function bandsByColumns(
  classes: ConfigurationClasses,
  ids: readonly number[],
  options: ClassSumCountOptions,
): Promise<ClassSumCounted> {
  const t0 = performance.now();
  const R = classes.rows,
    m = 2 * R;
  const pool = typedTaskPool<typeof ColumnTransferTask>(
    new URL('../colsets/columnTransferTask.js', import.meta.url),
    options.workers,
    { isolate: true },
  );
  await drainTasks(pool, ids.length, options.signal, async (t) => {
    const c = ids[t];
    const [F] = await pool.run('bandsByColumns', { rows: R, words: classes.words.slice(c * m, (c + 1) * m) });
    options.onUnitDone(c, F);
  });
  return { facts: {}, setupSeconds: (performance.now() - t0) / 1000 };
}

/**
 * The configuration classes of R×2: from a plan's class list (`data`, its orbits checked to add up), else found by
 * the orderly search (seconds up to R = 5; 15–40 minutes for R = 6).
 */
export function columnSetClasses(R: number, data: ClassListData | null): ConfigurationClasses {
  return data ? classesOf(R, data) : configurationClasses(R);
}

/**
 * F of single classes, by the engine a count of R×2 uses for a class (`classes --class I`, `classes --verify
 * --recount K`): columnSetBands up to MAX_COLUMN_SET_ROWS (its memo of residual graphs shared by the classes asked),
 * columnTransfer beyond (a class a worker thread). The unit ids are class ids.
 */
export function columnSetClassCounter(classes: ConfigurationClasses): Pick<ClassSum, 'countUnits'> {
  return {
    async countUnits(ids, _payload, options) {
      if (classes.rows > MAX_COLUMN_SET_ROWS) return bandsByColumns(classes, ids, options);
      const memoEntries = await columnSetBands(classes, ids, {
        workers: options.workers,
        onClassDone: options.onUnitDone,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { facts: { memoEntries }, setupSeconds: 0 };
    },
  };
}

/** The configuration classes from a plan's rows [orbit, stabiliser, word of digit 0, …, word of digit 2R−1]. */
function classesOf(R: number, data: ClassListData): ConfigurationClasses {
  const m = 2 * R,
    count = data.rows.length;
  const words = new Uint8Array(count * m),
    orbitSizes = new Float64Array(count),
    stabilizers = new Float64Array(count);
  data.rows.forEach((row, c) => {
    if (row.length !== m + 2 || row.slice(2).some((w) => w >= 1 << R))
      throw new InputError(`class list: class ${c} is not an orbit, a stabiliser and ${m} words of ${R} bits`);
    orbitSizes[c] = row[0];
    stabilizers[c] = row[1];
    words.set(row.slice(2), c * m);
  });
  const configurations = configurationsOf(R);
  if (orbitSizes.reduce((a, o) => a + BigInt(o), 0n) !== configurations)
    throw new InputError(`class list: the orbits do not add up to the ${configurations} configurations`);
  return {
    rows: R,
    count,
    words,
    orbitSizes,
    stabilizers,
    groupOrder: factorial(m) * 2 ** R * factorial(R),
    configurations,
    nodes: data.facts['searchNodes'] ?? 0,
  };
}
