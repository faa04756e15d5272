import { createHash } from 'node:crypto';
import { existsSync, lstatSync, unlinkSync } from 'node:fs';
import { InputError } from '../grid/shape.js';
import { lockFile } from '../io/fileLock.js';
import { prepareOutput, writtenThrough, type PreparedOutput } from '../io/outputFile.js';
import { readHead } from '../io/readBounded.js';
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_OUTPUT,
  checkpointText,
  readCheckpoint,
  readResult,
  RESULT_FORMAT,
  RESULT_OUTPUT,
  resultText,
  type ShardFacts,
  type ShardResult,
  type ShardValues,
} from '../io/shardFiles.js';
import {
  classValues,
  runNameOf,
  type ClassSum,
  type ClassSumReport,
  type ClassSumRunName,
  type UnitCounted,
} from './classSum.js';

/**
 * The one runner of a class-sum count (src/classSum/classSum.ts): a one-machine count is a run of all its units, a
 * shard a run of its own. It holds what every long count needs around `countUnits`: the lock, the checkpoint (the
 * sealed shard checkpoint of src/io/shardFiles.ts, rewritten as units finish), going on from it, the result (the
 * sealed shard result) and the abort loop. Computation never prints: progress goes to `onProgress`, a stop is a
 * ClassSumInterrupted naming what was kept.
 */

/**
 * Seconds between checkpoint writes while units finish, at least (a count whose units take seconds saves after
 * each); and at least CHECKPOINT_SHARE times the last write, which rewrites the whole file on this thread (435,456
 * classes of 9×9 asterisk: ~20 MB, a few tenths of a second).
 */
const CHECKPOINT_EVERY = 2;
const CHECKPOINT_SHARE = 20;

/**
 * A one-machine count's checkpoint as its options give it: `checkpoint` starts a new run, `resume` continues one;
 * the file (undefined: none). Both given: InputError.
 */
export function oneCheckpoint(opts: {
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
}): string | undefined {
  if (opts.checkpoint !== undefined && opts.resume !== undefined)
    throw new InputError('--checkpoint starts a new run and --resume continues one: give one of them');
  return opts.checkpoint ?? opts.resume;
}

/** What names a run in its checkpoint and result: a shard's plan id and index; a one-machine run's countTag. */
export interface ClassSumRunTag {
  /** 16 hex digits. */
  readonly plan: string;
  readonly shard: number;
}

/** What a shard result says besides what the run finds (the plan's numbers). */
export type ClassSumResultHead = Omit<ShardResult, keyof ShardValues>;

export interface RunClassSumOptions {
  /** Threads (at least 1). */
  readonly workers: number;
  /** Stops the run: it then rejects with ClassSumInterrupted, the finished units saved to the checkpoint. */
  readonly signal?: AbortSignal;
  /** Units done (those taken from the checkpoint included) of the run's, as they finish. */
  readonly onProgress?: (done: number, total: number) => void;
  /** A unit's payload (a plan's); default: a run of 'all' takes the count's own, a run of some units none. */
  readonly payload?: (id: number) => readonly number[];
  /** Names the run in its checkpoint and result (default: countTag(sum), shard 0). */
  readonly tag?: ClassSumRunTag;
  /**
   * A file that keeps the finished units (the sealed shard checkpoint), locked while the run writes it; with
   * `result`, `<result>.part` unless the result is written through (a device, a pipe: then none).
   */
  readonly checkpoint?: string;
  /**
   * Go on from the checkpoint when there is one (a checkpoint of another run is refused in one line); without it a
   * file already at `checkpoint` is refused (a result's `.part` is always gone on from).
   */
  readonly resume?: boolean;
  /**
   * The shard result to write when every unit is counted: the lock is then the result's, and a result of the same
   * tag already there is taken as it is (nothing counted: ClassSumRun.alreadyCounted).
   */
  readonly result?: { readonly path: string; readonly head: ClassSumResultHead };
}

export interface ClassSumRun {
  /** Each unit's value, by id (the run's units). */
  readonly values: ReadonlyMap<number, bigint>;
  /** What the units of a count that reports more than values said beside them (the DLX route), by id; else empty. */
  readonly details: ReadonlyMap<number, readonly bigint[]>;
  readonly facts: ShardFacts;
  /** Wall and CPU seconds spent counting, summed over the sessions the checkpoint joined. */
  readonly seconds: number;
  readonly cpuSeconds: number;
  /** Units taken from the checkpoint. */
  readonly resumed: number;
  /** The checkpoint that was written, if any. */
  readonly checkpoint: string | null;
  /** The result was there already: nothing was counted (values and facts are empty). */
  readonly alreadyCounted: boolean;
  /** A run of 'all': the count's report. */
  readonly report: ClassSumReport | null;
}

/**
 * A run stopped by its signal: `done` of `total` units had finished; `kept` says what the checkpoint holds:
 * 'saved' (written now), 'kept' (as an earlier session left it), 'nothing' (no unit had finished), 'none' (the run
 * had no checkpoint).
 */
export class ClassSumInterrupted extends Error {
  override name = 'ClassSumInterrupted';
  constructor(
    readonly done: number,
    readonly total: number,
    readonly kept: 'saved' | 'kept' | 'nothing' | 'none',
    readonly checkpoint: string | null,
  ) {
    super(`interrupted (${done} of ${total} units done)`);
  }
}

/**
 * The tag of a one-machine run of `sum`: its run name (method, shape, level) and class list, so a checkpoint of
 * another is refused.
 */
export function countTag(sum: ClassSum): ClassSumRunTag {
  const list = sum.classList();
  const { method, box, level } = runNameOf(sum);
  const name = `${method}\n${box}${level !== undefined ? `\n${level}` : ''}`;
  const hash = createHash('sha256').update(`${name}\n${list.count}\n${list.digest}`);
  return { plan: hash.digest('hex').slice(0, 16), shard: 0 };
}

/** The tag of a run that writes no file (nothing names it). */
const UNTAGGED: ClassSumRunTag = { plan: '', shard: 0 };

/** The report of a count from the value of every unit. */
export function classSumReport(
  sum: ClassSum,
  unitValues: ReadonlyMap<number, bigint>,
  facts: readonly ShardFacts[],
  seconds: number,
): ClassSumReport {
  const u = sum.units();
  const values = Array.from({ length: u.units }, (_, i) => unitValues.get(i) ?? 0n);
  return sum.report(classValues(values, u.combine, u.scale), facts, {
    classes: sum.classList().seconds,
    counting: seconds,
  });
}

/**
 * Count `units` of `sum` ('all': every one, and the report). `sum` may be given as a function that makes it: it is
 * then made after the lock, and not at all when the result is there already.
 */
export async function runClassSum(
  sum: ClassSum | (() => Promise<ClassSum>),
  units: readonly number[] | 'all',
  options: RunClassSumOptions,
): Promise<ClassSumRun> {
  const result = options.result;
  const through = result !== undefined && writtenThrough(result.path);
  const checkpoint =
    options.checkpoint ?? (result === undefined || through ? undefined : `${result.path}.part`) ?? null;
  const lock =
    result !== undefined
      ? lockFile(result.path, 'shard result') // none for a path written through
      : checkpoint !== null
        ? lockFile(checkpoint, 'checkpoint')
        : null;
  try {
    if (result !== undefined && !through && options.tag !== undefined && finished(result.path, options.tag)) {
      if (checkpoint !== null) removeIfOurs(checkpoint, CHECKPOINT_FORMAT); // left by a run stopped before this
      return {
        values: new Map(),
        details: new Map(),
        facts: {},
        seconds: 0,
        cpuSeconds: 0,
        resumed: 0,
        checkpoint: null,
        alreadyCounted: true,
        report: null,
      };
    }
    const output = result !== undefined ? prepareOutput(result.path, RESULT_OUTPUT) : null;
    if (checkpoint !== null && result === undefined && !options.resume && existsSync(checkpoint))
      throw new InputError(
        `checkpoint ${checkpoint} already exists: continue it with --resume ${checkpoint}, or choose another file`,
      );
    const part = checkpoint !== null ? prepareOutput(checkpoint, CHECKPOINT_OUTPUT) : null;
    const count = typeof sum === 'function' ? await sum() : sum;
    // the tag names the files: a run that writes none does not find the class list for it
    const tag = options.tag ?? (part !== null ? countTag(count) : UNTAGGED);
    const ids = units === 'all' ? Array.from({ length: count.units().units }, (_, i) => i) : units;
    const unitCount = result?.head.units ?? count.units().units;
    return await runLocked(count, ids, units === 'all', tag, unitCount, part, checkpoint, output, options);
  } finally {
    lock?.release();
  }
}

async function runLocked(
  count: ClassSum,
  ids: readonly number[],
  all: boolean,
  tag: ClassSumRunTag,
  unitCount: number,
  part: PreparedOutput | null,
  partPath: string | null,
  output: PreparedOutput | null,
  options: RunClassSumOptions,
): Promise<ClassSumRun> {
  // a one-machine run's checkpoint names its count, so that the file alone says what it is of
  const own = output === null ? runNameOf(count) : null;
  const what = own ? 'checkpoint' : 'shard checkpoint';
  const previous = partPath !== null && existsNonEmpty(partPath) ? readCheckpoint(partPath, unitCount, what) : null;
  if (previous && (previous.plan !== tag.plan || previous.shard !== tag.shard))
    throw new InputError(
      own &&
        previous.count &&
        (previous.count.method !== own.method || previous.count.box !== own.box || previous.count.level !== own.level)
        ? `checkpoint ${partPath} is a count of ${runWords(previous.count)}, not of ${runWords(own)}`
        : own && previous.count
          ? `checkpoint ${partPath} is of another class list of ${own.box} (another version's count): remove it, or ` +
            'choose another file, and start afresh with --checkpoint'
          : `shard checkpoint ${partPath} is of shard ${previous.shard} of plan ${previous.plan}, not shard ` +
            `${tag.shard} of ${tag.plan}: remove it or write the result elsewhere`,
    );
  const mine = new Set(ids);
  const values = new Map<number, bigint>();
  const details = new Map<number, readonly bigint[]>(previous?.details ?? []);
  for (const [c, v] of previous?.values ?? []) {
    if (!mine.has(c)) throw new InputError(`shard checkpoint ${partPath}: unit ${c} is not in shard ${tag.shard}`);
    values.set(c, v);
  }
  const known = new Map<number, UnitCounted>();
  for (const [c, value] of values) known.set(c, { value, details: details.get(c) ?? [] });
  const todo = ids.filter((c) => !values.has(c));
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let facts: ShardFacts = previous?.facts ?? {};
  const elapsed = () => (previous?.seconds ?? 0) + (performance.now() - started) / 1000;
  const cpuSeconds = () => {
    const u = process.cpuUsage(cpu0);
    return (previous?.cpuSeconds ?? 0) + (u.user + u.system) / 1e6;
  };
  let lastSave = performance.now();
  let gap = CHECKPOINT_EVERY * 1000;
  const save = () => {
    if (part === null) return;
    const t = performance.now();
    part.write(
      checkpointText({
        ...tag,
        ...(own ? { count: own } : {}),
        seconds: elapsed(),
        cpuSeconds: cpuSeconds(),
        facts,
        values,
        details,
      }),
    );
    lastSave = performance.now();
    gap = Math.max(CHECKPOINT_EVERY * 1000, CHECKPOINT_SHARE * (lastSave - t));
  };
  if (own) save(); // the file is there (and names its run) from the start
  options.onProgress?.(values.size, mine.size);

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  options.signal?.addEventListener('abort', onSignal, { once: true });
  const fault: { error: Error | null } = { error: null };
  const ownPayload = all ? count.units().payload : null;
  const payload = options.payload ?? ((u: number) => ownPayload?.[u] ?? []);
  try {
    if (options.signal?.aborted) controller.abort(); // a signal before the count began (the class list, the lock)
    controller.signal.throwIfAborted();
    const counted = await count.countUnits(todo, payload, {
      workers: options.workers,
      signal: controller.signal,
      ...(known.size > 0 ? { known } : {}),
      onUnitDone: (c, v, more) => {
        values.set(c, v);
        if (more !== undefined && more.length > 0) details.set(c, more);
        options.onProgress?.(values.size, mine.size);
        if (count.checkpointEachUnit || performance.now() - lastSave >= gap) {
          try {
            save();
          } catch (e) {
            fault.error ??= e as Error; // a full disk: stop, keeping the last checkpoint that was written
            controller.abort();
          }
        }
      },
    });
    facts = counted.facts;
  } catch (e) {
    if (fault.error !== null) throw fault.error;
    if (!controller.signal.aborted) throw e;
    const saved = part !== null && values.size > (previous?.values.size ?? 0);
    if (saved) save();
    throw new ClassSumInterrupted(
      values.size,
      mine.size,
      part === null ? 'none' : saved ? 'saved' : previous ? 'kept' : 'nothing',
      partPath,
    );
  } finally {
    options.signal?.removeEventListener('abort', onSignal);
  }
  if (fault.error !== null) throw fault.error;
  const run = { seconds: elapsed(), cpuSeconds: cpuSeconds() };
  if (output !== null) output.write(resultText({ ...options.result!.head, ...tag, facts, ...run, values, details }));
  if (partPath !== null) {
    if (output !== null) removeIfOurs(partPath, CHECKPOINT_FORMAT);
    else save();
  }
  return {
    values,
    details,
    facts,
    ...run,
    resumed: previous?.values.size ?? 0,
    checkpoint: partPath,
    alreadyCounted: false,
    report: all ? classSumReport(count, values, [facts], run.seconds) : null,
  };
}

/** "2x3 by column-sets", "3x3 by dlx (level symmetry)". */
const runWords = (name: ClassSumRunName): string =>
  `${name.box} by ${name.method}${name.level !== undefined ? ` (level ${name.level})` : ''}`;

function existsNonEmpty(path: string): boolean {
  try {
    return lstatSync(path).size > 0;
  } catch {
    return false;
  }
}

/** Whether the shard `tag` is counted already at `path` (something else there is refused in one line). */
function finished(path: string, tag: ClassSumRunTag): boolean {
  if (!existsNonEmpty(path)) return false;
  const head = readHead(path, 64);
  if (head !== null && !head.startsWith(`{"format":"${RESULT_FORMAT}"`))
    throw new InputError(`${path} exists and is not a shard result: choose another path, or remove it`);
  const r = readResult(path);
  if (r.plan !== tag.plan || r.shard !== tag.shard)
    throw new InputError(
      `${path} holds shard ${r.shard} of plan ${r.plan}, not shard ${tag.shard} of plan ${tag.plan}: choose another ` +
        'path, or remove it',
    );
  return true;
}

function removeIfOurs(path: string, format: string): void {
  try {
    if (readHead(path, 64)?.startsWith(`{"format":"${format}"`)) unlinkSync(path);
  } catch {
    // gone already
  }
}
