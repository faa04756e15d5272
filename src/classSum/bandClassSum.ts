import { createHash } from 'node:crypto';
import { enumerateBands, reducedBands } from '../bands/enumerateBands.js';
import { lexMultiplicity } from '../bands/lexReduce.js';
import type { BuildTableInput, BuildTableOutput } from '../count/completionsTask.js';
import { classTableOf, countRepresentatives } from '../count/countGrids.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import type { ClassListData } from '../io/shardFiles.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import type * as CompletionsTasks from '../count/completionsTask.js';
import { classifyBands } from '../symmetry/classifyBands.js';
import { classUnits, type ClassList, type ClassSum } from './classSum.js';

/** What the band method's class list holds: each class's representative and size, and the enumeration's sizes. */
interface BandList extends ClassList {
  /** Representatives, R·n cells each. */
  readonly reps: Uint8Array;
  /** m_C of each class. */
  readonly sizes: Float64Array;
  readonly groupOrder: number;
  /** Standard top bands, and the reduced ones among them. */
  readonly bandCount: number;
  readonly lexCount: number;
  readonly sizeSum: number;
}

/**
 * The band method (Felgenhauer–Jarvis) as a class-sum count: the units are the band classes, a class's value is
 * n_C (the completions of its representative), N = n!·Σ m_C·n_C. The class list (bands, reduction, classes) is
 * found in this thread, or taken from the plan (`data`: per class [m_C, representative's cells…]); the column-set
 * table F is built by the shard's threads before the first class, from the reduced bands (enumerated here: a
 * shard given the plan's list still needs them, but not the classification).
 */
export function bandClassSum(shape: BoxShape, data: ClassListData | null = null): ClassSum {
  requireShape('band-method', shape);
  const size = shape.rows * shape.n;
  let lexBands: Uint8Array | null = null;
  let table: BuildTableOutput | null = null;
  let found: BandList | null = null;
  const digestOf = (reps: Uint8Array, sizes: Float64Array) =>
    createHash('sha256')
      .update(shape.name)
      .update(reps)
      .update(new Uint8Array(sizes.buffer, sizes.byteOffset, sizes.byteLength))
      .digest('hex')
      .slice(0, 16);
  const classList = (): BandList => {
    if (found) return found;
    const t0 = performance.now();
    let list: Omit<BandList, 'seconds' | 'digest' | 'sizeSum'>;
    if (data) {
      list = listOf(data);
    } else {
      const bands = enumerateBands(shape);
      const classes = classifyBands(bands);
      if (bands.lexCount * lexMultiplicity(shape) !== bands.count)
        throw new Error(`internal: ${bands.lexCount} reduced bands × ${lexMultiplicity(shape)} ≠ ${bands.count} bands`);
      lexBands = bands.lexBands;
      list = { ...classes, bandCount: bands.count, lexCount: bands.lexCount };
    }
    let sizeSum = 0;
    for (let c = 0; c < list.count; c++) sizeSum += list.sizes[c];
    if (sizeSum !== list.bandCount) {
      if (data)
        throw new InputError(`class list: the class sizes add up to ${sizeSum}, not to the ${list.bandCount} bands`);
      throw new Error(`internal: Σ m_C = ${sizeSum} ≠ ${list.bandCount} bands`);
    }
    const { count, reps, sizes, groupOrder, bandCount, lexCount } = list;
    found = {
      count,
      reps,
      sizes,
      groupOrder,
      bandCount,
      lexCount,
      sizeSum,
      digest: digestOf(reps, sizes),
      seconds: (performance.now() - t0) / 1000,
    };
    return found;
  };
  const listOf = (d: ClassListData): Omit<BandList, 'seconds' | 'digest' | 'sizeSum'> => {
    const count = d.rows.length;
    const reps = new Uint8Array(count * size),
      sizes = new Float64Array(count);
    d.rows.forEach((row, c) => {
      if (row.length !== size + 1 || row.some((x, i) => i > 0 && (x < 1 || x > shape.n)))
        throw new InputError(`class list: class ${c} is not a class size and a band of ${size} cells`);
      sizes[c] = row[0];
      reps.set(row.slice(1), c * size);
    });
    const fact = (k: string) => {
      const v = d.facts[k];
      if (v === undefined) throw new InputError(`class list: "${k}" is missing`);
      return v;
    };
    return {
      count,
      reps,
      sizes,
      groupOrder: fact('groupOrder'),
      bandCount: fact('bands'),
      lexCount: fact('lexReduced'),
    };
  };
  return {
    method: 'bands',
    spec: { route: 'bands', rules: { rows: shape.rows, cols: shape.cols, variants: [] } },
    box: shape.name,
    classList,
    classData() {
      const { count, reps, sizes, groupOrder, bandCount, lexCount } = classList();
      const rows = Array.from({ length: count }, (_, c) => [sizes[c], ...reps.subarray(c * size, (c + 1) * size)]);
      return { facts: { bands: bandCount, lexReduced: lexCount, groupOrder }, rows };
    },
    units: () => classUnits(classList().count), // one band's completions each: about the same work
    async countUnits(ids, _payload, options) {
      const { reps: allReps } = classList();
      const t1 = performance.now();
      lexBands ??= reducedBands(shape); // the number of bands is the plan's (or was found with the list)
      const pool = typedTaskPool<typeof CompletionsTasks>(
        new URL('../count/completionsTask.js', import.meta.url),
        options.workers,
      );
      const onAbort = () => void pool.close();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        // built once for the shards packed into one process (the table depends on the shape alone)
        table ??= await pool.run('buildTable', {
          rows: shape.rows,
          cols: shape.cols,
          lexBands,
        } satisfies BuildTableInput);
        const setupSeconds = (performance.now() - t1) / 1000;
        const reps = new Uint8Array(ids.length * size);
        ids.forEach((c, i) => reps.set(allReps.subarray(c * size, (c + 1) * size), i * size));
        await countRepresentatives(
          pool,
          shape,
          table.table,
          reps,
          () => {},
          (start, counts) => counts.forEach((v, i) => options.onUnitDone(ids[start + i], BigInt(v))),
        );
        options.signal?.throwIfAborted();
        return { facts: { columnSetEntries: table.table.length }, setupSeconds };
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
        await pool.close();
      }
    },
    report(values, facts, seconds) {
      const { count, reps, sizes, groupOrder, bandCount, lexCount, sizeSum } = classList();
      const entries = new Set(facts.map((f) => f['columnSetEntries']).filter((x) => x !== undefined));
      if (entries.size > 1) throw new Error('internal: the shards built column-set tables of different sizes');
      const table = classTableOf({
        shape,
        workers: 1,
        bands: { count: bandCount, lexCount },
        classes: { count, reps, sizes, groupOrder },
        sizeSum,
        columnSetEntries: [...entries][0] ?? 0,
        completions: Float64Array.from(values, Number),
        seconds: {
          bands: 0,
          classes: seconds.classes,
          columnSets: 0,
          completions: seconds.counting,
          total: seconds.classes + seconds.counting,
        },
        counter: 'column-set-sum',
      });
      const { classRows: _rows, ...count2 } = table;
      return { method: 'bands', total: count2.total, count: count2 };
    },
  };
}
