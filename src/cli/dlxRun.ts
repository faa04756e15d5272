import { countGrids, defaultWorkers, type GridCount, type ProgressEvent } from '../count/countGrids.js';
import { CountInterrupted, dlxShapeProblem, type DlxClassResult } from '../count/dlxCompletions.js';
import { InputError, parseBoxShape, SHAPE_3X3, type BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import { openDlxCheckpoint, readDlxCheckpoint, type DlxCheckpointFile } from '../io/dlxCheckpoint.js';
import { LEVEL_NAMES, type LevelName } from '../symmetry/classChain.js';
import { grouped, interruptible, Interrupted, progressSpinner } from './common.js';

/**
 * A `count --counter dlx` run from the command line: progress on the terminal, a checkpoint of the finished classes
 * (--checkpoint FILE, continued with --resume FILE), and Ctrl-C, which stops the search within milliseconds, saves
 * the checkpoint and exits with status 130.
 */
export interface DlxRunOptions {
  readonly box?: BoxShape;
  readonly workers?: number;
  readonly level?: LevelName;
  readonly method?: string;
  readonly checkpoint?: string;
  readonly resume?: string;
}

/** Seconds between checkpoint writes while classes finish. */
const CHECKPOINT_EVERY = 1;

/** The shape and level a run counts: --box and --level, else the checkpoint's when resuming, else 3x3, symmetry. */
export function dlxRunPlan(opts: DlxRunOptions): { shape: BoxShape; level: LevelName } {
  if (opts.checkpoint !== undefined && opts.resume !== undefined)
    throw new InputError('--checkpoint starts a new run and --resume continues one: give one of them');
  if (opts.method !== undefined && opts.method !== 'bands')
    throw new InputError(`--counter dlx counts by the band method, not --method ${opts.method}`);
  const held = opts.resume !== undefined && (!opts.box || !opts.level) ? readDlxCheckpoint(opts.resume) : null;
  const shape = opts.box ?? (held ? parseBoxShape(held.box) : SHAPE_3X3);
  const level = opts.level ?? (held?.level as LevelName | undefined) ?? 'symmetry';
  if (!LEVEL_NAMES.includes(level)) throw new InputError(`checkpoint ${opts.resume}: level '${level}' is not a level`);
  requireShape('band-method', shape);
  const problem = dlxShapeProblem(shape);
  if (problem) throw new InputError(`box shape ${shape.name}: ${problem}`);
  return { shape, level };
}

/** "3 min 20 s", "45 s". */
function duration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.round(s);
  if (t < 90) return `${t} s`;
  const m = Math.floor(t / 60);
  return m < 90 ? `${m} min ${t % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

const STAGE_TEXT: Record<ProgressEvent['stage'], string> = {
  bands: 'enumerating standard top bands',
  classes: 'collapsing bands into classes',
  columnSets: 'tabulating bands by column sets',
  completions: 'column-set sum per class (to check against)',
  dlx: 'DLX route: enumerating second bands',
};

/** Run it. Ctrl-C: the checkpoint is saved and an Interrupted error says where. */
export async function runDlxCount(shape: BoxShape, level: LevelName, opts: DlxRunOptions): Promise<GridCount> {
  const path = opts.checkpoint ?? opts.resume;
  const run = { box: shape.name, level };
  // locked, read, and checked for writing now: a path that cannot be written fails before the work
  const file: DlxCheckpointFile | null =
    path !== undefined ? openDlxCheckpoint(path, run, opts.resume !== undefined ? 'resume' : 'new') : null;
  const finished: DlxClassResult[] = [...(file?.classes ?? [])];
  let lastWrite = performance.now();
  const save = () => {
    file?.save(finished);
    lastWrite = performance.now();
  };
  const spinner = await progressSpinner('counting');
  spinner.start();
  const twoBands = shape.cols === 2;
  let dlxStart = 0;
  let firstDone: number | null = null;
  const onProgress = (e: ProgressEvent) => {
    if (e.phase === 'start') {
      spinner.text = STAGE_TEXT[e.stage];
      if (e.stage === 'dlx') dlxStart = performance.now();
    } else if (e.phase === 'progress' && e.stage === 'dlx') {
      const done = e.done ?? 0;
      const total = e.total ?? 0;
      firstDone ??= done;
      const secs = (performance.now() - dlxStart) / 1000;
      const rate = secs > 0 ? ((e.middleBands ?? 0) / secs / 1e6).toFixed(1) : '…';
      const left = done > firstDone ? (secs / (done - firstDone)) * (total - done) : Infinity;
      spinner.text =
        `DLX route: ${done}/${total} classes, ${grouped(e.middleBands ?? 0)} ${twoBands ? 'bottom' : 'middle'} ` +
        `bands` +
        (done < total ? `, ${rate} M/s, about ${duration(left)} left` : '');
    } else if (e.phase === 'progress') {
      spinner.text = `${STAGE_TEXT[e.stage]}: ${e.done}/${e.total}`;
    }
  };
  try {
    save(); // the file exists (and is ours) from the start
    const r = await interruptible((signal) =>
      countGrids({
        box: shape,
        workers: opts.workers ?? defaultWorkers(shape),
        onProgress,
        counter: 'dlx',
        dlx: {
          level,
          resume: [...finished],
          onClassDone: (result) => {
            finished.push(result);
            if (performance.now() - lastWrite >= CHECKPOINT_EVERY * 1000) save();
          },
          signal,
        },
      }),
    );
    save();
    return r;
  } catch (e) {
    if (!(e instanceof CountInterrupted)) {
      // keep what was finished, unless writing the checkpoint is what failed
      try {
        save();
      } catch {
        // the original error says more
      }
      throw e;
    }
    save();
    throw new Interrupted(
      `interrupted after ${e.done} of ${e.total} classes` +
        (path !== undefined
          ? `; saved to ${path}: continue with --resume ${path}`
          : '; nothing saved (--checkpoint FILE keeps the finished classes)'),
    );
  } finally {
    spinner.stop();
    file?.release();
  }
}
