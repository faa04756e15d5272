import type { DlxClassResult } from '../count/dlxCompletions.js';
import { InputError } from '../grid/shape.js';
import { openCheckpoint, readCheckpointObject, wholeNumber as int, type OpenCheckpoint } from './classCheckpoint.js';
import { toJson } from './json.js';
import { seal } from './seal.js';

/**
 * Checkpoint of a `count --counter dlx` run: the classes finished so far, rewritten whole as they finish, so that a
 * run stopped at any moment can go on where it was.
 *
 *   {
 *     "format": "sudoku-count/dlx-checkpoint@2",
 *     "box": "3x3",
 *     "level": "symmetry",                          which classes are counted (one representative each)
 *     "classes": [                                   finished classes, in id order, one per line
 *       {"id":0,"band":"123456789|456789123|789123456","completions":7802998272,"middleBands":35057664,
 *        "seconds":0.86},
 *       …
 *     ],"sha256":"…"}                              the seal (src/io/seal.ts): a checksum, and an HMAC with
 *                                                    SUDOKU_COUNT_SEAL_KEY set
 *
 * A checkpoint cut short or edited is refused by name; one of version 1 (unsealed) too: it is started afresh.
 * A run starts a new checkpoint (--checkpoint FILE: nothing may be there yet) or goes on from one (--resume FILE).
 * Writing goes through src/io/outputFile.ts: a temporary file beside the target, flushed, then renamed over it (so
 * the file is always a whole checkpoint, old or new); only a DLX checkpoint (or an empty file) is replaced, never
 * another file, a folder, or a file in a missing folder; a symbolic link is followed. While a run writes the file it
 * holds `<file>.lock` (src/io/fileLock.ts): a second run on the same file is refused.
 */
export const DLX_CHECKPOINT_FORMAT = 'sudoku-count/dlx-checkpoint@2';

/** What outputFile.ts needs to know to replace only our own checkpoints. */
export const DLX_CHECKPOINT_OUTPUT = {
  what: 'DLX checkpoint',
  isOurs: (head: string): boolean => /^\{\s*"format": "sudoku-count\/dlx-checkpoint@/.test(head),
} as const;

export interface DlxCheckpoint {
  readonly box: string;
  readonly level: string;
  readonly classes: readonly DlxClassResult[];
}

/**
 * Read a checkpoint; null when there is none yet (no file, or an empty one). Throws InputError when the path is a
 * folder or the file is not a DLX checkpoint (naming what is wrong).
 */
export function readDlxCheckpoint(path: string): DlxCheckpoint | null {
  const o = readCheckpointObject(path, DLX_CHECKPOINT_FORMAT, 'DLX checkpoint');
  if (o === null) return null;
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

/** The checkpoint as text, one class per line, in id order. */
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
  ];
  return seal(lines.join('\n'));
}

/** A checkpoint open for one run: what it held, and how to rewrite it. */
export type DlxCheckpointFile = OpenCheckpoint<DlxClassResult>;

/**
 * Open `path` as the checkpoint of a run on `box` at `level`, before any work: a new file (`mode` 'new',
 * --checkpoint: refused when something is there already) or one to go on from ('resume', --resume: it must be a DLX
 * checkpoint of the same box and level). The file is locked, read, and checked for writing. Throws InputError
 * naming what is wrong.
 */
export function openDlxCheckpoint(
  path: string,
  run: { box: string; level: string },
  mode: 'new' | 'resume',
): DlxCheckpointFile {
  return openCheckpoint(path, mode, {
    output: DLX_CHECKPOINT_OUTPUT,
    read: readDlxCheckpoint,
    mismatch: (held) =>
      held.box === run.box && held.level === run.level
        ? null
        : `--box ${held.box} --level ${held.level}, not --box ${run.box} --level ${run.level}`,
    text: (classes) => dlxCheckpointText({ box: run.box, level: run.level, classes }),
  });
}
