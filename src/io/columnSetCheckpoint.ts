import { InputError } from '../grid/shape.js';
import { fromJson, toJson } from './json.js';
import { writeOutputFile } from './outputFile.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { checkSeal, seal } from './seal.js';

/**
 * Checkpoint of a column-set count (`count --box 5x2 --checkpoint FILE`, continued with `--resume FILE`): the
 * classes whose F is known. One JSON object, rewritten whole and atomically as classes finish (writeOutputFile: a
 * temporary file renamed into place, never over anything but a checkpoint of this format):
 *
 *   {"format":"sudoku-count/colsets-checkpoint","version":1,
 *    "box":"5x2",                  the shape counted (2x5 is counted as 5x2)
 *    "classes":355,                how many configuration classes the run has
 *    "digest":"9c1e…",             digest of the class list (configurationClasses, in order)
 *    "seconds":12.5,               wall seconds spent on F so far, summed over sessions
 *    "done":[[0,1234],[7,99],…],   [class id, F], F an exact JSON number of any length
 *    "sha256":"…"}                 the seal (src/io/seal.ts): a checksum, and an HMAC with SUDOKU_COUNT_SEAL_KEY set
 *
 * Reading refuses anything else: another format or version (version 1 was unsealed: started afresh), a file cut
 * short or edited (its seal), a file that is not a regular file, a class twice.
 */
export const COLUMN_SET_CHECKPOINT_FORMAT = 'sudoku-count/colsets-checkpoint';
export const COLUMN_SET_CHECKPOINT_VERSION = 2;

/** Output rules (src/io/outputFile.ts): a checkpoint replaces only a checkpoint of this format. */
export const COLUMN_SET_CHECKPOINT_OUTPUT = {
  what: 'column-set checkpoint',
  isOurs: (head: string): boolean => head.startsWith(`{"format":"${COLUMN_SET_CHECKPOINT_FORMAT}"`),
} as const;

export interface ColumnSetCheckpoint {
  readonly box: string;
  readonly classes: number;
  readonly digest: string;
  readonly seconds: number;
  readonly done: ReadonlyMap<number, bigint>;
}

export function writeColumnSetCheckpoint(path: string, checkpoint: ColumnSetCheckpoint): void {
  const done = [...checkpoint.done].sort((a, b) => a[0] - b[0]);
  const head = toJson({
    format: COLUMN_SET_CHECKPOINT_FORMAT,
    version: COLUMN_SET_CHECKPOINT_VERSION,
    box: checkpoint.box,
    classes: checkpoint.classes,
    digest: checkpoint.digest,
    seconds: Math.round(checkpoint.seconds * 1000) / 1000,
  });
  // one class per line keeps a large checkpoint readable
  const lines = done.map(([id, f], i) => `  [${id},${f}]${i + 1 < done.length ? ',' : ''}`);
  writeOutputFile(path, seal(`${head.slice(0, -1)},"done":[\n${lines.join('\n')}\n]`), COLUMN_SET_CHECKPOINT_OUTPUT);
}

export function readColumnSetCheckpoint(path: string): ColumnSetCheckpoint {
  const fail = (why: string): never => {
    throw new InputError(`checkpoint ${path}: ${why}`);
  };
  const bytes = readBounded(path, { what: 'checkpoint', maxBytes: READ_LIMITS.checkpoint });
  const text = bytes.toString('utf8');
  const version = new RegExp(`^\\{"format":"${COLUMN_SET_CHECKPOINT_FORMAT}","version":(\\d+)`).exec(text)?.[1];
  if (version !== undefined && Number(version) < COLUMN_SET_CHECKPOINT_VERSION)
    fail(
      `version ${version}, which this version does not resume (it reads version ${COLUMN_SET_CHECKPOINT_VERSION}, ` +
        'sealed with a checksum): remove it, or choose another file, and start afresh with --checkpoint',
    );
  if (Number(version) === COLUMN_SET_CHECKPOINT_VERSION) checkSeal(bytes, fail);
  let o: Record<string, unknown> = {};
  try {
    const v = fromJson(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not a JSON object');
    o = v as Record<string, unknown>;
  } catch (e) {
    fail(`not a ${COLUMN_SET_CHECKPOINT_FORMAT} file (${(e as Error).message})`);
  }
  if (o['format'] !== COLUMN_SET_CHECKPOINT_FORMAT) fail(`not a ${COLUMN_SET_CHECKPOINT_FORMAT} file`);
  if (o['version'] !== COLUMN_SET_CHECKPOINT_VERSION)
    fail(`version ${String(o['version'])}; this program reads version ${COLUMN_SET_CHECKPOINT_VERSION}`);
  if (version === undefined) checkSeal(bytes, fail); // laid out otherwise than we write it: sealed all the same
  const box = o['box'],
    classes = o['classes'],
    digest = o['digest'],
    seconds = o['seconds'],
    list = o['done'];
  if (typeof box !== 'string' || !/^\d+x\d+$/.test(box)) fail('"box" is not a shape RxC');
  if (typeof classes !== 'number' || !Number.isSafeInteger(classes) || classes < 1) fail('"classes" is not a count');
  if (typeof digest !== 'string' || !/^[0-9a-f]{16}$/.test(digest)) fail('"digest" is not 16 hex digits');
  if (typeof seconds !== 'number' || !(seconds >= 0)) fail('"seconds" is not a number of seconds');
  if (!Array.isArray(list)) fail('"done" is not a list');
  const done = new Map<number, bigint>();
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) fail('an entry of "done" is not [class, F]');
    const [id, f] = entry as unknown[];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0 || id >= (classes as number))
      fail(`class ${String(id)} is not one of the ${String(classes)} classes`);
    const value = typeof f === 'bigint' ? f : typeof f === 'number' && Number.isSafeInteger(f) ? BigInt(f) : null;
    if (value === null || value < 0n) fail(`F of class ${String(id)} is not a whole number`);
    if (done.has(id as number)) fail(`class ${String(id)} appears twice`);
    done.set(id as number, value as bigint);
  }
  return { box: box as string, classes: classes as number, digest: digest as string, seconds: seconds as number, done };
}
