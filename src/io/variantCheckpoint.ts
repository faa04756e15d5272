import { existsSync, readFileSync, statSync } from 'node:fs';
import { InputError } from '../grid/shape.js';
import type { VariantClassDone } from '../variants/countVariantGrids.js';
import { lockFile } from './fileLock.js';
import { fromJson, toJson } from './json.js';
import { prepareOutput } from './outputFile.js';

/**
 * Checkpoint of a `count --variant` run: the classes whose n_C is known, rewritten whole as they finish (the same
 * protocol as a DLX checkpoint, src/io/dlxCheckpoint.ts: written beside and renamed over, only ever over our own
 * checkpoint or an empty file, and locked by `<file>.lock` while a run holds it).
 *
 *   {
 *     "format": "sudoku-count/variant-checkpoint@1",
 *     "rules": "3x3+anti-knight",
 *     "classes": [                                 finished classes, in id order, one per line
 *       {"id":0,"block":"123456789/…/…","completions":120},
 *       …
 *     ]
 *   }
 */
export const VARIANT_CHECKPOINT_FORMAT = 'sudoku-count/variant-checkpoint@1';

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
  let text: string;
  try {
    if (statSync(path).isDirectory()) throw new InputError(`checkpoint ${path} is a folder`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`checkpoint ${path}: ${(e as Error).message}`);
  }
  if (text.trim() === '') return null;
  let o: Record<string, unknown>;
  try {
    const parsed = fromJson(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    o = parsed as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`checkpoint ${path} is not a variant checkpoint (${(e as Error).message}); not touching it`);
  }
  if (o['format'] !== VARIANT_CHECKPOINT_FORMAT)
    throw new InputError(`checkpoint ${path} is not a ${VARIANT_CHECKPOINT_FORMAT} file; not touching it`);
  try {
    if (typeof o['rules'] !== 'string') throw new Error('rules missing');
    if (!Array.isArray(o['classes'])) throw new Error('classes missing');
    const classes = (o['classes'] as unknown[]).map((x, i): VariantClassDone => {
      if (typeof x !== 'object' || x === null) throw new Error(`classes[${i}] is not an object`);
      const c = x as Record<string, unknown>;
      if (typeof c['block'] !== 'string') throw new Error(`classes[${i}].block is not text`);
      const whole = (v: unknown, what: string): number => {
        if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
          throw new Error(`${what} is not a whole number`);
        return v;
      };
      return {
        id: whole(c['id'], `classes[${i}].id`),
        block: c['block'],
        completions: whole(c['completions'], `classes[${i}].completions`),
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
  return [
    '{',
    `  "format": ${JSON.stringify(VARIANT_CHECKPOINT_FORMAT)},`,
    `  "rules": ${JSON.stringify(checkpoint.rules)},`,
    '  "classes": [',
    ...classes.map(
      ({ id, block, completions }, i) =>
        `    ${toJson({ id, block, completions })}${i + 1 < classes.length ? ',' : ''}`,
    ),
    '  ]',
    '}',
    '',
  ].join('\n');
}

export interface VariantCheckpointFile {
  readonly path: string;
  readonly classes: readonly VariantClassDone[];
  save(classes: readonly VariantClassDone[]): void;
  release(): void;
}

/**
 * Open `path` for a run on `rules`, before any work: a new file ('new', --checkpoint: refused when something is
 * there) or one to go on from ('resume', --resume: a variant checkpoint of the same rules). Locked, read, and
 * checked for writing; InputError naming what is wrong.
 */
export function openVariantCheckpoint(path: string, rules: string, mode: 'new' | 'resume'): VariantCheckpointFile {
  const check = (): VariantCheckpoint | null => {
    if (mode === 'new') {
      if (existsSync(path))
        throw new InputError(
          `checkpoint ${path} already exists: continue it with --resume ${path}, or choose another file`,
        );
      return null;
    }
    const held = readVariantCheckpoint(path);
    if (held === null) throw new InputError(`checkpoint ${path}: no such file, or empty: nothing to resume`);
    if (held.rules !== rules) throw new InputError(`checkpoint ${path} is for ${held.rules}, not ${rules}`);
    return held;
  };
  check();
  const out = prepareOutput(path, VARIANT_CHECKPOINT_OUTPUT);
  const lock = lockFile(path, 'checkpoint');
  try {
    const held = check();
    return {
      path,
      classes: held?.classes ?? [],
      save: (classes) => out.write(variantCheckpointText({ rules, classes })),
      release: () => lock.release(),
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}
