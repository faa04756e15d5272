import { createHash } from 'node:crypto';
import { enumerateBands } from '../bands/enumerateBands.js';
import { classTableOf, runCount, type CountFound, type GridCount, type ProgressEvent } from '../count/countGrids.js';
import type { DlxClassResult } from '../count/dlxCompletions.js';
import { formatBand } from '../grid/digits.js';
import type { BoxShape } from '../grid/shape.js';
import { classChain } from '../symmetry/classChain.js';
import { classifyBands } from '../symmetry/classifyBands.js';
import type { LevelName } from '../symmetry/levelNames.js';
import type { ClassList, ClassSum } from './classSum.js';
import { wholeRouteSum } from './wholeRouteSum.js';

/** The DLX route's class list: the classes of its level, one representative each (a symmetry class's). */
interface DlxList extends ClassList {
  readonly found: CountFound;
  /** The symmetry class each class of the level is represented by. */
  readonly repOf: Int32Array;
}

export interface DlxClassSumOptions {
  /** The stages of the count (bands, classes, F, the column-set sum, the DLX route) as runCount reports them. */
  readonly onProgress?: (event: ProgressEvent) => void;
}

/**
 * `count --counter dlx` (docs/dlx-route.md) as a class-sum count, so that the one runner (runClassSum) keeps its
 * checkpoint, resume and Ctrl-C: the units are the classes of `level`, a unit's value is n_C by the DLX route, and
 * its details are the middle bands visited and the search's microseconds (what the report's rows show). A run counts
 * every class not known yet through countGrids' DLX route (which also computes every class's column-set sum, to
 * compare with), and its report is that route's GridCount. Not a plan's count: a shard would need the comparison's
 * whole table.
 */
export function dlxClassSum(
  shape: BoxShape,
  level: LevelName,
  options: DlxClassSumOptions = {},
): ClassSum & { readonly level: LevelName } {
  const size = shape.rows * shape.n;
  const sum = wholeRouteSum<DlxList, GridCount>({
    spec: { route: 'bands', rules: { rows: shape.rows, cols: shape.cols, variants: [] } },
    box: shape.name,
    runName: { method: 'dlx', box: shape.name, level },
    findList() {
      const t0 = performance.now();
      options.onProgress?.({ stage: 'bands', phase: 'start' });
      const bands = enumerateBands(shape);
      const t1 = performance.now();
      options.onProgress?.({ stage: 'classes', phase: 'start' });
      const classes = classifyBands(bands);
      const t2 = performance.now();
      const chosen =
        level === 'symmetry'
          ? { rep: Int32Array.from({ length: classes.count }, (_, c) => c), sizes: classes.sizes }
          : classChain(classes).levels.find((l) => l.name === level)!;
      const hash = createHash('sha256').update(`${shape.name}\n${level}\n`);
      for (const c of chosen.rep) hash.update(classes.reps.subarray(c * size, (c + 1) * size));
      hash.update(new Uint8Array(Float64Array.from(chosen.sizes).buffer));
      return {
        count: chosen.rep.length,
        digest: hash.digest('hex').slice(0, 16),
        seconds: (performance.now() - t0) / 1000,
        found: { bands, classes, seconds: { bands: (t1 - t0) / 1000, classes: (t2 - t1) / 1000 } },
        repOf: chosen.rep,
      };
    },
    async count(known, held, run) {
      // the classes a checkpoint held go to the route as its resume (it counts the others, and reports on all)
      const resume = known.map(([id, { value, details }]): DlxClassResult => ({
        id,
        band: formatBand(shape, held!.found.classes.reps, held!.repOf[id] * size),
        completions: Number(value),
        middleBands: Number(details[0] ?? 0n),
        seconds: Number(details[1] ?? 0n) / 1e6,
      }));
      const r = await runCount(
        {
          box: shape,
          workers: run.workers,
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          counter: 'dlx',
          dlx: {
            level,
            resume,
            onClassDone: (c) =>
              run.onUnitDone(c.id, BigInt(c.completions), [BigInt(c.middleBands), BigInt(Math.round(c.seconds * 1e6))]),
            ...(run.signal ? { signal: run.signal } : {}),
          },
        },
        held?.found,
      );
      const { classRows: _rows, ...result } = classTableOf(r);
      return { result, facts: { columnSetEntries: r.columnSetEntries } };
    },
    report: (counted) => ({ method: 'bands', total: counted.total, count: counted }),
  });
  return { ...sum, level };
}
