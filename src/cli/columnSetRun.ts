import { columnSetTableSum } from '../classSum/columnSetClassSum.js';
import { defaultColumnSetWorkers, type ColumnSetClassTable } from '../colsets/countByColumnSets.js';
import { boxShape, InputError, parseBoxShape, type BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import { columnSetRows } from '../colsets/columnSetSupport.js';
import { progressSpinner } from './common.js';
import { heldRun, oneCheckpoint, runCount } from './countRun.js';

/**
 * A column-set count run from the command line (count and classes): a run of src/classSum/runClassSum.ts, with
 * progress on the terminal, a checkpoint of the finished classes (--checkpoint FILE, continued with --resume FILE),
 * and Ctrl-C, which stops at once (the threads are terminated), saves the checkpoint and exits with status 130.
 */
export interface ColumnSetRunOptions {
  readonly box?: BoxShape;
  readonly workers?: number;
  readonly checkpoint?: string;
  readonly resume?: string;
}

const METHOD = 'column-sets';
const CLASSES_TEXT = 'finding the configuration classes';
const BANDS_TEXT = 'counting the bands of each configuration class';

/** The shape a run counts: --box, or the checkpoint's when only --resume is given; 3x3 otherwise. */
export function columnSetRunShape(opts: ColumnSetRunOptions, fallback: BoxShape): BoxShape {
  oneCheckpoint(opts);
  if (opts.box) return opts.box;
  if (opts.resume !== undefined) return requireShape('column-sets', parseBoxShape(heldRun(opts.resume, METHOD).box));
  return fallback;
}

/** Run it. Ctrl-C: the checkpoint is saved and an Interrupted error says where. */
export async function runColumnSetCount(shape: BoxShape, opts: ColumnSetRunOptions): Promise<ColumnSetClassTable> {
  requireShape('column-sets', shape);
  const counted = boxShape(columnSetRows(shape), 2).name;
  if (opts.resume !== undefined) {
    const { box } = heldRun(opts.resume, METHOD);
    if (box !== counted)
      throw new InputError(
        `checkpoint ${opts.resume} is a count of ${box} boxes, not of ${shape.name}` +
          (shape.name !== counted ? ` (counted as ${counted})` : ''),
      );
  }
  const sum = columnSetTableSum(shape);
  const workers = opts.workers ?? defaultColumnSetWorkers();
  const spinner = await progressSpinner(CLASSES_TEXT);
  spinner.start();
  const t0 = performance.now();
  try {
    const run = await runCount(sum, {
      workers,
      checkpoint: opts.checkpoint,
      resume: opts.resume,
      onProgress: (done, total) => (spinner.text = `${BANDS_TEXT}: ${done}/${total}`),
    });
    return sum.tableOfRun(run, workers, (performance.now() - t0) / 1000);
  } finally {
    spinner.stop();
  }
}
