import {
  columnSetClassTable,
  type ColumnSetProgress,
  type ColumnSetStage,
  type ColumnSetClassTable,
} from '../colsets/countByColumnSets.js';
import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { columnSetRows, requireShape } from '../grid/support.js';
import { lockFile } from '../io/fileLock.js';
import { prepareOutput, refuseThrough } from '../io/outputFile.js';
import {
  COLUMN_SET_CHECKPOINT_OUTPUT,
  readColumnSetCheckpoint,
  writeColumnSetCheckpoint,
  type ColumnSetCheckpoint,
} from '../io/columnSetCheckpoint.js';
import { Interrupted, progressSpinner } from './common.js';
import { existsSync } from 'node:fs';

/**
 * A column-set count run from the command line (count and classes): progress on the terminal, a checkpoint of
 * the finished classes (--checkpoint FILE, continued with --resume FILE), and Ctrl-C, which stops at once (the
 * threads are terminated), saves the checkpoint and exits with status 130.
 */
export interface ColumnSetRunOptions {
  readonly box?: BoxShape;
  readonly workers?: number;
  readonly checkpoint?: string;
  readonly resume?: string;
}

const STAGE_TEXT: Record<ColumnSetStage, string> = {
  classes: 'finding the configuration classes',
  bands: 'counting the bands of each configuration class',
};

/** Seconds between checkpoint writes while classes finish. */
const CHECKPOINT_EVERY = 2;

/** The shape a run counts: --box, or the checkpoint's when only --resume is given; 3x3 otherwise. */
export function columnSetRunShape(opts: ColumnSetRunOptions, fallback: BoxShape): BoxShape {
  if (opts.checkpoint !== undefined && opts.resume !== undefined)
    throw new InputError('--checkpoint starts a new run and --resume continues one: give one of them');
  if (opts.box) return opts.box;
  if (opts.resume !== undefined) {
    const [rows, cols] = readColumnSetCheckpoint(opts.resume).box.split('x').map(Number);
    return requireShape('column-sets', boxShape(rows, cols));
  }
  return fallback;
}

/** Run it. Ctrl-C: the checkpoint is saved and an Interrupted error says where. */
export async function runColumnSetCount(shape: BoxShape, opts: ColumnSetRunOptions): Promise<ColumnSetClassTable> {
  requireShape('column-sets', shape);
  const counted = boxShape(columnSetRows(shape), 2).name;
  const path = opts.checkpoint ?? opts.resume;
  if (path !== undefined) refuseThrough(path, 'checkpoint');
  // one writer at a time: the lock is taken before the checkpoint is read, and held to the end of the run
  const lock = path !== undefined ? lockFile(path, 'checkpoint') : null;
  try {
    return await runLocked(shape, opts, counted, path);
  } finally {
    lock?.release();
  }
}

async function runLocked(
  shape: BoxShape,
  opts: ColumnSetRunOptions,
  counted: string,
  path: string | undefined,
): Promise<ColumnSetClassTable> {
  let previous: ColumnSetCheckpoint | null = null;
  if (opts.resume !== undefined) {
    previous = readColumnSetCheckpoint(opts.resume);
    if (previous.box !== counted)
      throw new InputError(
        `checkpoint ${opts.resume} is a count of ${previous.box} boxes, not of ${shape.name}` +
          (shape.name !== counted ? ` (counted as ${counted})` : ''),
      );
  }
  if (opts.checkpoint !== undefined && existsSync(opts.checkpoint))
    throw new InputError(
      `checkpoint ${opts.checkpoint} already exists: continue it with --resume ${opts.checkpoint}, or choose ` +
        'another file',
    );
  if (path !== undefined) prepareOutput(path, COLUMN_SET_CHECKPOINT_OUTPUT); // a path we cannot write fails now
  const done = new Map<number, bigint>(previous?.done ?? []);
  let header: { classes: number; digest: string } | null = previous
    ? { classes: previous.classes, digest: previous.digest }
    : null;
  const started = performance.now();
  let lastWrite = started;
  const save = (): void => {
    if (path === undefined || header === null) return;
    writeColumnSetCheckpoint(path, {
      box: counted,
      classes: header.classes,
      digest: header.digest,
      seconds: (previous?.seconds ?? 0) + (performance.now() - started) / 1000,
      done,
    });
    lastWrite = performance.now();
  };

  const spinner = await progressSpinner(STAGE_TEXT.classes);
  spinner.start();
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const onProgress = (e: ColumnSetProgress) => {
    if (e.phase === 'start') spinner.text = STAGE_TEXT[e.stage];
    else if (e.phase === 'progress') spinner.text = `${STAGE_TEXT[e.stage]}: ${e.done}/${e.total}`;
  };
  try {
    const table = await columnSetClassTable({
      box: shape,
      ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
      onProgress,
      signal: controller.signal,
      ...(previous ? { resume: { classes: previous.classes, digest: previous.digest, done: previous.done } } : {}),
      onClasses: (classes: number, digest: string) => {
        header = { classes, digest };
        save(); // the file exists (and names its class list) from the start
      },
      onClassDone: (id: number, bands: bigint) => {
        done.set(id, bands);
        if (performance.now() - lastWrite >= CHECKPOINT_EVERY * 1000) save();
      },
    });
    save();
    return table;
  } catch (e) {
    if (!controller.signal.aborted) throw e;
    save();
    const of = header ? ` (${done.size} of ${header.classes} classes done)` : '';
    throw new Interrupted(
      `interrupted${of}` +
        (path !== undefined
          ? `; saved to ${path}: continue with --resume ${path}`
          : '; nothing saved (--checkpoint FILE keeps the finished classes)'),
    );
  } finally {
    process.off('SIGINT', onSigint);
    spinner.stop();
  }
}
