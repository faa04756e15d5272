import { classListDigest, columnSetBands, columnSetTableOf } from '../colsets/countByColumnSets.js';
import { configurationClasses } from '../colsets/configurationClasses.js';
import type { BoxShape } from '../grid/shape.js';
import { columnSetRows, requireShape } from '../grid/support.js';
import type { ClassSum } from './classSum.js';

/**
 * The column-set method (R×2 and 2×R boxes) as a class-sum count: the classes are the configuration classes, a
 * class's value is F (the bands with its configuration), N = Σ orbit·F². Each shard memoises on its own, so the
 * residual graphs memoised are summed over the shards.
 */
export function columnSetClassSum(shape: BoxShape): ClassSum {
  requireShape('column-sets', shape);
  const t0 = performance.now();
  const classes = configurationClasses(columnSetRows(shape));
  const classSeconds = (performance.now() - t0) / 1000;
  return {
    method: 'column-sets',
    box: shape.name,
    classes: classes.count,
    digest: classListDigest(classes),
    classSeconds,
    costs: () => new Float64Array(classes.count).fill(1),
    async count(ids, options) {
      const memoEntries = await columnSetBands(classes, ids, options);
      return { facts: { memoEntries }, setupSeconds: 0 };
    },
    report(values, facts, seconds, workers) {
      const table = columnSetTableOf(shape, classes, values, {
        resumed: 0,
        memoEntries: facts.reduce((a, f) => a + (f['memoEntries'] ?? 0), 0),
        workers,
        seconds: {
          classes: seconds.classes,
          bands: seconds.counting,
          sum: 0,
          total: seconds.classes + seconds.setup + seconds.counting,
        },
      });
      const { classRows: _rows, digest: _digest, ...count } = table;
      return { method: 'column-sets', total: count.total, count };
    },
  };
}
