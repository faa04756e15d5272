import { columnSetClassCounter } from '../classSum/columnSetClassSum.js';
import { classListDigest, configurationText } from '../colsets/countByColumnSets.js';
import { columnSetRows, MAX_COLUMN_SET_SHARD_ROWS } from '../colsets/columnSetSupport.js';
import { grouped } from '../grid/grouped.js';
import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { readPlan } from '../io/shardFiles.js';
import { certificateShape, classListSource } from './classListSource.js';

/** One configuration class of a column-set count, its orbit and stabiliser, and F counted now. */
export interface OneClass {
  readonly id: number;
  /** Classes in the list. */
  readonly count: number;
  readonly box: string;
  /** Where the class list came from, in words (src/shards/classListSource.ts). */
  readonly from: string;
  readonly digest: string;
  readonly configuration: string;
  readonly orbit: number;
  readonly stabilizer: number;
  readonly F: bigint;
  readonly seconds: number;
}

/**
 * `classes --class I [--box B] [--plan P]`: class `id` of the column-set count's class list (the plan's, listed
 * again, or the shipped plan's: classListSource), its configuration, orbit and F counted now by the count's engine
 * (a 6×2 class: seconds to a minute). `onStart` is told the shape once the list is found, before the count. A shape
 * the column-set count does not take, no shape at all, or an id outside the list: InputError.
 */
export async function countOneClass(
  box: BoxShape | undefined,
  planPath: string | undefined,
  id: number,
  options: { readonly workers?: number | undefined; readonly onStart?: (box: string) => void } = {},
): Promise<OneClass> {
  let R: number;
  if (box !== undefined) {
    R = columnSetRows(box);
    if (R < 2 || R > MAX_COLUMN_SET_SHARD_ROWS)
      throw new InputError(
        `--class counts one configuration class of the column-set count (R×2 and 2×R boxes, R ≤ ` +
          `${MAX_COLUMN_SET_SHARD_ROWS}), not of ${box.name}`,
      );
  } else if (planPath !== undefined) {
    const head = readPlan(planPath, { payload: false });
    R = columnSetRows(boxShape(head.spec.rules.rows, head.spec.rules.cols));
  } else throw new InputError('--class I: of which count? Give --box RxC (R×2 or 2×R) or --plan FILE');
  const source = classListSource(R, planPath);
  const shape = certificateShape(box, R);
  const { classes } = source;
  if (id >= classes.count)
    throw new InputError(`--class ${id}: ${shape.name} has ${grouped(classes.count)} classes, 0..${classes.count - 1}`);
  const t0 = performance.now();
  options.onStart?.(shape.name);
  let F = -1n;
  await columnSetClassCounter(classes).countUnits([id], () => [], {
    workers: options.workers ?? 1,
    onUnitDone: (_c, v) => (F = v),
  });
  return {
    id,
    count: classes.count,
    box: shape.name,
    from: source.from,
    digest: classListDigest(classes),
    configuration: configurationText(R, classes.words, id * 2 * R),
    orbit: classes.orbitSizes[id],
    stabilizer: classes.stabilizers[id],
    F,
    seconds: (performance.now() - t0) / 1000,
  };
}
