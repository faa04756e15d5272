import { InputError } from '../grid/shape.js';
import type { VariantClassDone } from '../variants/countVariantGrids.js';
import { openCheckpoint, readCheckpointObject, wholeNumber, type OpenCheckpoint } from './classCheckpoint.js';
import { toJson } from './json.js';
import { seal } from './seal.js';

/**
 * Checkpoint of a `count --variant` run: the classes whose n_C is known, rewritten whole as they finish (the same
 * protocol as a DLX checkpoint, src/io/dlxCheckpoint.ts: written beside and renamed over, only ever over our own
 * checkpoint or an empty file, and locked by `<file>.lock` while a run holds it).
 *
 *   {
 *     "format": "sudoku-count/variant-checkpoint@2",
 *     "rules": "3x3+anti-knight",
 *     "classes": [                                 finished classes, in id order, one per line
 *       {"id":0,"block":"123456789/…/…","completions":120},
 *       …
 *     ],"sha256":"…"}                               the seal (src/io/seal.ts): a checksum, and an HMAC with
 *                                                     SUDOKU_COUNT_SEAL_KEY set
 *
 * A checkpoint cut short or edited is refused by name (an edited n_C would give a wrong N); one of version 1
 * (unsealed) too: it is started afresh.
 */
export const VARIANT_CHECKPOINT_FORMAT = 'sudoku-count/variant-checkpoint@2';

export const VARIANT_CHECKPOINT_OUTPUT = {
  what: 'variant checkpoint',
  isOurs: (head: string): boolean => /^\{\s*"format": "sudoku-count\/variant-checkpoint@/.test(head),
} as const;

export interface VariantCheckpoint {
  readonly rules: string;
  readonly classes: readonly VariantClassDone[];
}

/** Read a checkpoint; null when there is none (no file, or an empty one). InputError when it is not ours. */
export function readVariantCheckpoint(path: string): VariantCheckpoint | null {
  const o = readCheckpointObject(path, VARIANT_CHECKPOINT_FORMAT, 'variant checkpoint');
  if (o === null) return null;
  try {
    if (typeof o['rules'] !== 'string') throw new Error('rules missing');
    if (!Array.isArray(o['classes'])) throw new Error('classes missing');
    const classes = (o['classes'] as unknown[]).map((x, i): VariantClassDone => {
      if (typeof x !== 'object' || x === null) throw new Error(`classes[${i}] is not an object`);
      const c = x as Record<string, unknown>;
      if (typeof c['block'] !== 'string') throw new Error(`classes[${i}].block is not text`);
      return {
        id: wholeNumber(c['id'], `classes[${i}].id`),
        block: c['block'],
        completions: wholeNumber(c['completions'], `classes[${i}].completions`),
      };
    });
    return { rules: o['rules'], classes };
  } catch (e) {
    throw new InputError(`checkpoint ${path}: ${(e as Error).message}`);
  }
}

/** The checkpoint as text, one class per line, in id order. */
export function variantCheckpointText(checkpoint: VariantCheckpoint): string {
  const classes = [...checkpoint.classes].sort((a, b) => a.id - b.id);
  return seal(
    [
      '{',
      `  "format": ${JSON.stringify(VARIANT_CHECKPOINT_FORMAT)},`,
      `  "rules": ${JSON.stringify(checkpoint.rules)},`,
      '  "classes": [',
      ...classes.map(
        ({ id, block, completions }, i) =>
          `    ${toJson({ id, block, completions })}${i + 1 < classes.length ? ',' : ''}`,
      ),
      '  ]',
    ].join('\n'),
  );
}

export type VariantCheckpointFile = OpenCheckpoint<VariantClassDone>;

/**
 * Open `path` for a run on `rules`, before any work: a new file ('new', --checkpoint: refused when something is
 * there) or one to go on from ('resume', --resume: a variant checkpoint of the same rules). Locked, read, and
 * checked for writing; InputError naming what is wrong.
 */
export function openVariantCheckpoint(path: string, rules: string, mode: 'new' | 'resume'): VariantCheckpointFile {
  return openCheckpoint(path, mode, {
    output: VARIANT_CHECKPOINT_OUTPUT,
    read: readVariantCheckpoint,
    mismatch: (held) => (held.rules === rules ? null : `${held.rules}, not ${rules}`),
    text: (classes) => variantCheckpointText({ rules, classes }),
  });
}
