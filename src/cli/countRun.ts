import type { ClassSum } from '../classSum/classSum.js';
import { ClassSumInterrupted, oneCheckpoint, runClassSum, type ClassSumRun } from '../classSum/runClassSum.js';
import { refuseThrough } from '../io/outputFile.js';
import { interruptible, Interrupted } from './common.js';

export { checkpointCount as heldRun } from '../io/checkpointCount.js';

/**
 * A one-machine class-sum count on the command line (count --method column-sets, --counter dlx, --variant): a run
 * of every unit by src/classSum/runClassSum.ts, with its checkpoint (--checkpoint FILE, continued with --resume
 * FILE) and Ctrl-C (the checkpoint is saved, status 130). Progress and printing are the caller's.
 */
export interface CountRunOptions {
  readonly workers: number;
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
  readonly onProgress?: (done: number, total: number) => void;
  /** The units to count (all when omitted), and what they are called in the interruption's line ('classes'). */
  readonly units?: readonly number[] | 'all';
  readonly unitWord?: string;
}

/** --checkpoint and --resume: one of them at most (src/classSum/runClassSum.ts). */
export { oneCheckpoint };

/** Count the units of `sum` (all by default). Ctrl-C: the checkpoint is saved and an Interrupted error says where. */
export async function runCount(sum: ClassSum, opts: CountRunOptions): Promise<ClassSumRun> {
  const path = oneCheckpoint(opts);
  if (path !== undefined) refuseThrough(path, 'checkpoint');
  try {
    return await interruptible((signal) =>
      runClassSum(sum, opts.units ?? 'all', {
        workers: opts.workers,
        signal,
        ...(path !== undefined ? { checkpoint: path, resume: opts.resume !== undefined } : {}),
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      }),
    );
  } catch (e) {
    if (!(e instanceof ClassSumInterrupted)) throw e;
    throw new Interrupted(
      `interrupted after ${e.done} of ${e.total} ${opts.unitWord ?? 'classes'}` +
        (path !== undefined
          ? `; saved to ${path}: continue with --resume ${path}`
          : `; nothing saved (--checkpoint FILE keeps the finished ${opts.unitWord ?? 'classes'})`),
    );
  }
}
