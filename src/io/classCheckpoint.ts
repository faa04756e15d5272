import { existsSync } from 'node:fs';
import { InputError } from '../grid/shape.js';
import { lockFile } from './fileLock.js';
import { fromJson } from './json.js';
import { prepareOutput, refuseThrough } from './outputFile.js';
import { readBoundedIfThere, READ_LIMITS } from './readBounded.js';
import { checkSeal } from './seal.js';

/**
 * What the per-class checkpoints (`count --counter dlx`, src/io/dlxCheckpoint.ts; `count --variant`,
 * src/io/variantCheckpoint.ts) share: reading a tagged JSON checkpoint, and opening one for a run (refuse or check
 * what is there, lock it, check again under the lock, rewrite it whole through src/io/outputFile.ts).
 */

/** `v` as a safe non-negative integer, or an Error naming `what`. */
export function wholeNumber(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Error(`${what} is not a whole number`);
  return v;
}

/**
 * The checkpoint at `path` as a JSON object tagged `format` (`"sudoku-count/…-checkpoint@V"`) and sealed
 * (src/io/seal.ts); null when there is none yet (no file, or an empty one). InputError when the path is a folder,
 * cannot be read, is not a `what` (then it is not touched), is an earlier version of it (unsealed: refused, to be
 * started afresh), or its seal does not hold (cut short or edited).
 */
export function readCheckpointObject(path: string, format: string, what: string): Record<string, unknown> | null {
  const bytes = readBoundedIfThere(path, { what: 'checkpoint', maxBytes: READ_LIMITS.checkpoint });
  if (bytes === null) return null;
  const text = bytes.toString('utf8');
  if (text.trim() === '') return null;
  const tag = /^\{\s*"format":\s*"([^"]*)"/.exec(text)?.[1];
  if (tag !== format) {
    const family = format.slice(0, format.lastIndexOf('@') + 1);
    if (tag?.startsWith(family))
      throw new InputError(
        Number(tag.slice(family.length)) < Number(format.slice(family.length))
          ? `checkpoint ${path} is a ${tag} file, which this version does not resume (it reads ${format}, sealed ` +
              'with a checksum): remove it, or choose another file, and start afresh with --checkpoint'
          : `checkpoint ${path} is a ${tag} file, written by a later version (this one reads ${format}); not ` +
              'touching it',
      );
    if (tag !== undefined) throw new InputError(`checkpoint ${path} is not a ${format} file; not touching it`);
  }
  // the seal before the parse: a checkpoint cut short or edited is refused as such
  if (tag === format) checkSeal(bytes, sealFailure(path));
  let o: Record<string, unknown>;
  try {
    const parsed = fromJson(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    o = parsed as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`checkpoint ${path} is not a ${what} (${(e as Error).message}); not touching it`);
  }
  if (o['format'] !== format) throw new InputError(`checkpoint ${path} is not a ${format} file; not touching it`);
  if (tag !== format) checkSeal(bytes, sealFailure(path)); // the format key laid out otherwise than we write it
  return o;
}

const sealFailure =
  (path: string) =>
  (why: string): never => {
    throw new InputError(`checkpoint ${path}: ${why}`);
  };

/** A checkpoint open for one run: the classes it held, how to rewrite it, and its lock. */
export interface OpenCheckpoint<C> {
  readonly path: string;
  /** The classes it held when opened (to resume from). */
  readonly classes: readonly C[];
  /** Rewrite the file with these classes. */
  save(classes: readonly C[]): void;
  /** Give up the lock (also given up when the process exits). */
  release(): void;
}

/**
 * Open `path` before any work: a new file ('new', --checkpoint: refused when something is there already) or one to
 * go on from ('resume', --resume: `read` must find it and `mismatch` must find nothing wrong with it). What is there
 * is checked first (the clearest messages), then the file is locked and checked again, now that no other run can
 * write it. InputError naming what is wrong.
 */
export function openCheckpoint<H extends { readonly classes: readonly C[] }, C>(
  path: string,
  mode: 'new' | 'resume',
  kind: {
    readonly output: Parameters<typeof prepareOutput>[1];
    read(path: string): H | null;
    mismatch(held: H): string | null;
    text(classes: readonly C[]): string;
  },
): OpenCheckpoint<C> {
  const check = (): H | null => {
    if (mode === 'new') {
      if (existsSync(path))
        throw new InputError(
          `checkpoint ${path} already exists: continue it with --resume ${path}, or choose another file`,
        );
      return null;
    }
    const held = kind.read(path);
    if (held === null) throw new InputError(`checkpoint ${path}: no such file, or empty: nothing to resume`);
    const wrong = kind.mismatch(held);
    if (wrong !== null) throw new InputError(`checkpoint ${path} is for ${wrong}`);
    return held;
  };
  refuseThrough(path, 'checkpoint');
  check();
  const out = prepareOutput(path, kind.output); // the folder exists and can be written
  const lock = lockFile(path, 'checkpoint');
  try {
    const held = check();
    return {
      path,
      classes: held?.classes ?? [],
      save: (classes) => out.write(kind.text(classes)),
      release: () => lock.release(),
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}
