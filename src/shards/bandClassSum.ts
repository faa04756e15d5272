import { createHash } from 'node:crypto';
import { enumerateBands, type BandEnumeration } from '../bands/enumerateBands.js';
import { lexMultiplicity } from '../bands/lexReduce.js';
import type { BuildTableInput, BuildTableOutput } from '../count/completionsTask.js';
import { classTableOf, countRepresentatives } from '../count/countGrids.js';
import type { BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import { taskPool } from '../parallel/taskPool.js';
import { classifyBands, type BandClasses } from '../symmetry/classifyBands.js';
import type { ClassList, ClassSum } from './classSum.js';

/**
 * The band method (Felgenhauer–Jarvis) as a class-sum count: the units are the band classes, a class's value is
 * n_C (the completions of its representative), N = n!·Σ m_C·n_C. The class list (bands, reduction, classes) is
 * found in this thread; the column-set table F is built by the shard's threads before the first class.
 */
export function bandClassSum(shape: BoxShape): ClassSum {
  requireShape('band-method', shape);
  let found: (ClassList & { bands: BandEnumeration; classes: BandClasses; sizeSum: number }) | null = null;
  const classList = () => {
    if (found) return found;
    const t0 = performance.now();
    const bands = enumerateBands(shape);
    const classes = classifyBands(bands);
    let sizeSum = 0;
    for (let c = 0; c < classes.count; c++) sizeSum += classes.sizes[c];
    if (sizeSum !== bands.count) throw new Error(`internal: Σ m_C = ${sizeSum} ≠ ${bands.count} bands`);
    if (bands.lexCount * lexMultiplicity(shape) !== bands.count)
      throw new Error(`internal: ${bands.lexCount} reduced bands × ${lexMultiplicity(shape)} ≠ ${bands.count} bands`);
    const digest = createHash('sha256')
      .update(shape.name)
      .update(classes.reps)
      .update(new Uint8Array(classes.sizes.buffer, classes.sizes.byteOffset, classes.sizes.byteLength))
      .digest('hex')
      .slice(0, 16);
    found = { count: classes.count, digest, seconds: (performance.now() - t0) / 1000, bands, classes, sizeSum };
    return found;
  };
  const size = shape.rows * shape.n;
  return {
    method: 'bands',
    box: shape.name,
    classList,
    units() {
      const { count } = classList();
      // one band's completions each: about the same work
      return { units: count, payload: null, combine: null, scale: 1, costs: new Float64Array(count).fill(1) };
    },
    async countUnits(ids, _payload, options) {
      const { bands, classes } = classList();
      const t1 = performance.now();
      const pool = taskPool(new URL('../count/completionsTask.js', import.meta.url), options.workers);
      const onAbort = () => void pool.close();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const table = await pool.run<BuildTableOutput>('buildTable', {
          rows: shape.rows,
          cols: shape.cols,
          lexBands: bands.lexBands,
        } satisfies BuildTableInput);
        const setupSeconds = (performance.now() - t1) / 1000;
        const reps = new Uint8Array(ids.length * size);
        ids.forEach((c, i) => reps.set(classes.reps.subarray(c * size, (c + 1) * size), i * size));
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
      const { bands, classes, sizeSum } = classList();
      const entries = new Set(facts.map((f) => f['columnSetEntries']).filter((x) => x !== undefined));
      if (entries.size > 1) throw new Error('internal: the shards built column-set tables of different sizes');
      const table = classTableOf({
        shape,
        workers: 1,
        bands,
        classes,
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
      const { classRows: _rows, ...count } = table;
      return { method: 'bands', total: count.total, count };
    },
  };
}
