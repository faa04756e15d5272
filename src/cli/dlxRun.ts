import { dlxClassSum } from '../classSum/dlxClassSum.js';
import { defaultWorkers, type GridCount, type ProgressEvent } from '../count/countGrids.js';
import { dlxShapeProblem } from '../count/dlxCompletions.js';
import { InputError, parseBoxShape, SHAPE_3X3, type BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import { LEVEL_NAMES, type LevelName } from '../symmetry/levelNames.js';
import { progressSpinner } from './common.js';
import { dlxProgressText } from '../reports/dlxProgressText.js';
import { heldRun, oneCheckpoint, runCount } from './countRun.js';

/**
 * A `count --counter dlx` run from the command line: progress on the terminal around src/classSum/dlxClassSum.ts,
 * run by src/cli/countRun.ts (checkpoint, --resume, Ctrl-C within milliseconds, status 130).
 */
export interface DlxRunOptions {
  readonly box?: BoxShape;
  readonly workers?: number;
  readonly level?: LevelName;
  readonly method?: string;
  readonly checkpoint?: string;
  readonly resume?: string;
}

/** The shape and level a run counts: --box and --level, else the checkpoint's when resuming, else 3x3, symmetry. */
export function dlxRunPlan(opts: DlxRunOptions): { shape: BoxShape; level: LevelName } {
  oneCheckpoint(opts);
  if (opts.method !== undefined && opts.method !== 'bands')
    throw new InputError(`--counter dlx counts by the band method, not --method ${opts.method}`);
  const held = opts.resume !== undefined ? heldRun(opts.resume, 'dlx') : null;
  const shape = opts.box ?? (held ? parseBoxShape(held.box) : SHAPE_3X3);
  const level = opts.level ?? (held?.level as LevelName | undefined) ?? 'symmetry';
  if (!LEVEL_NAMES.includes(level)) throw new InputError(`checkpoint ${opts.resume}: level '${level}' is not a level`);
  if (held && (held.box !== shape.name || held.level !== level))
    throw new InputError(
      `checkpoint ${opts.resume} is for --box ${held.box} --level ${held.level}, not --box ${shape.name} ` +
        `--level ${level}`,
    );
  requireShape('band-method', shape);
  const problem = dlxShapeProblem(shape);
  if (problem) throw new InputError(`box shape ${shape.name}: ${problem}`);
  return { shape, level };
}

/** Run it. Ctrl-C: the checkpoint is saved and an Interrupted error says where. */
export async function runDlxCount(shape: BoxShape, level: LevelName, opts: DlxRunOptions): Promise<GridCount> {
  const spinner = await progressSpinner('counting');
  spinner.start();
  const describe = dlxProgressText(shape);
  const onProgress = (e: ProgressEvent) => {
    const text = describe(e);
    if (text !== null) spinner.text = text;
  };
  try {
    const run = await runCount(dlxClassSum(shape, level, { onProgress }), {
      workers: opts.workers ?? defaultWorkers(shape),
      checkpoint: opts.checkpoint,
      resume: opts.resume,
    });
    return (run.report as { readonly count: GridCount }).count;
  } finally {
    spinner.stop();
  }
}
