import { closeSync, fsyncSync, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DlxClassResult } from '../count/dlxCompletions.js';
import { InputError } from '../grid/shape.js';
import { fromJson, toJson } from './json.js';

/**
 * Checkpoint of a `count --counter dlx` run: the classes finished so far, rewritten whole (atomically) as
 * they finish, so that a run stopped at any moment can go on where it was.
 *
 *   {
 *     "format": "sudoku-count/dlx-checkpoint@1",
 *     "box": "3x3",
 *     "level": "symmetry",                          which classes are counted (one representative each)
 *     "classes": [                                   finished classes, in id order, one per line
 *       {"id":0,"band":"123456789|456789123|789123456","completions":7802998272,"middleBands":35057664,
 *        "seconds":0.86},
 *       …
 *     ]
 *   }
 *
 * Writing: a new file next to the target (created exclusively), flushed, then renamed over it, so the target is
 * always a whole checkpoint, old or new. Only a missing path, an empty file or a file that is already such a
 * checkpoint is written over: anything else (another file, a directory, a link, a device) is refused.
 */
export const DLX_CHECKPOINT_FORMAT = 'sudoku-count/dlx-checkpoint@1';

export interface DlxCheckpoint {
  readonly box: string;
  readonly level: string;
  readonly classes: readonly DlxClassResult[];
}

/** What is at `path`: nothing (or an empty file), or a regular file's text. Refuses anything but a regular file. */
function existing(path: string): string | null {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`checkpoint ${path}: ${(e as Error).message}`);
  }
  if (st.isSymbolicLink()) throw new InputError(`checkpoint ${path} is a symbolic link: give the file's own path`);
  if (!st.isFile()) throw new InputError(`checkpoint ${path} is not a regular file`);
  const text = readFileSync(path, 'utf8');
  return text.trim() === '' ? null : text;
}

const int = (v: unknown, what: string): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Error(`${what} is not a whole number`);
  return v;
};

/**
 * Read a checkpoint; null when there is none yet (no file, or an empty one). Throws InputError when the path is not
 * a regular file, or the file is not a DLX checkpoint (naming what is wrong).
 */
export function readDlxCheckpoint(path: string): DlxCheckpoint | null {
  const text = existing(path);
  if (text === null) return null;
  let o: Record<string, unknown>;
  try {
    const parsed = fromJson(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    o = parsed as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`checkpoint ${path} is not a DLX checkpoint (${(e as Error).message}); not touching it`);
  }
  if (o['format'] !== DLX_CHECKPOINT_FORMAT)
    throw new InputError(`checkpoint ${path} is not a ${DLX_CHECKPOINT_FORMAT} file; not touching it`);
  try {
    if (typeof o['box'] !== 'string' || typeof o['level'] !== 'string') throw new Error('box or level missing');
    if (!Array.isArray(o['classes'])) throw new Error('classes missing');
    const classes = (o['classes'] as unknown[]).map((x, i): DlxClassResult => {
      if (typeof x !== 'object' || x === null) throw new Error(`classes[${i}] is not an object`);
      const c = x as Record<string, unknown>;
      if (typeof c['band'] !== 'string') throw new Error(`classes[${i}].band is not text`);
      const seconds = c['seconds'];
      if (typeof seconds !== 'number' || !(seconds >= 0)) throw new Error(`classes[${i}].seconds is not a time`);
      return {
        id: int(c['id'], `classes[${i}].id`),
        band: c['band'],
        completions: int(c['completions'], `classes[${i}].completions`),
        middleBands: int(c['middleBands'], `classes[${i}].middleBands`),
        seconds,
      };
    });
    return { box: o['box'], level: o['level'], classes };
  } catch (e) {
    throw new InputError(`checkpoint ${path}: ${(e as Error).message}`);
  }
}

/** The checkpoint as text, one class per line. */
export function dlxCheckpointText(checkpoint: DlxCheckpoint): string {
  const classes = [...checkpoint.classes].sort((a, b) => a.id - b.id);
  const lines = [
    '{',
    `  "format": ${JSON.stringify(DLX_CHECKPOINT_FORMAT)},`,
    `  "box": ${JSON.stringify(checkpoint.box)},`,
    `  "level": ${JSON.stringify(checkpoint.level)},`,
    '  "classes": [',
    ...classes.map((c, i) => {
      const { id, band, completions, middleBands, seconds } = c;
      return `    ${toJson({ id, band, completions, middleBands, seconds })}${i + 1 < classes.length ? ',' : ''}`;
    }),
    '  ]',
    '}',
    '',
  ];
  return lines.join('\n');
}

let tmpCount = 0;

/**
 * Write the checkpoint atomically. Refuses (InputError) when `path` holds something other than nothing, an empty
 * file or a DLX checkpoint: a run never overwrites a file that is not its own.
 */
export function writeDlxCheckpoint(path: string, checkpoint: DlxCheckpoint): void {
  readDlxCheckpoint(path); // throws unless the target is absent, empty or a checkpoint
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${++tmpCount}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, 'wx');
  } catch (e) {
    throw new InputError(`checkpoint ${path}: cannot write next to it (${(e as Error).message})`);
  }
  try {
    const buf = Buffer.from(dlxCheckpointText(checkpoint));
    let at = 0;
    while (at < buf.length) at += writeSync(fd, buf, at, buf.length - at);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}
