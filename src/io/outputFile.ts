import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../grid/shape.js';
import { fileProblem, shownPath } from './fileProblem.js';
import { notRegular } from './readBounded.js';

/**
 * Writing a file a user named (--out, --report, --html): users' files are sacred.
 *
 *   nothing there        a temporary file in the same folder, then hard-linked into place: the file appears
 *                        whole or not at all, and a file someone else creates meanwhile is never replaced
 *   a regular file       replaced atomically (temporary file, then rename), keeping its owner, group and
 *                        permissions (a file whose owner cannot be given back, another user's file when not run
 *                        by root, is refused), but only when it is recognisably ours (`isOurs` reads its first
 *                        bytes), empty, or `force` is set
 *   a symbolic link      followed: the rules apply to the file it points to (the link itself stays)
 *   a device, FIFO, socket  written through: opened and written, never renamed over, never read back, and nothing
 *                        put beside it (no temporary file, no lock, no checkpoint: writtenThrough says which
 *                        paths these are, for the writers that put files beside their output); a file that is
 *                        read back (a checkpoint) cannot be one (refuseThrough)
 *   a directory          refused
 *   a missing folder     refused: sudoku-count does not create folders (a typo should not make a tree)
 *
 * `prepareOutput` checks all of this before the work starts, including that a file can be created in the folder
 * (it creates and removes a probe), so a run that would fail to write its result fails at once, with status 2.
 * Errors while writing (a full disk) are one line too.
 */
export interface OutputOptions {
  /** What the file holds, for messages: "class table", "report". */
  readonly what: string;
  /** True when the first bytes of an existing file show that sudoku-count wrote it (so it may be replaced). */
  readonly isOurs: (head: string) => boolean;
  /**
   * Replace an existing regular file even when it is not recognisably ours. Left out by a command that has no
   * --force (the refusal then does not offer it).
   */
  readonly force?: boolean;
}

export interface PreparedOutput {
  readonly path: string;
  /** Write `text` (or bytes) as the file's whole content. */
  write(text: string | Uint8Array): void;
}

/** An error writing output (not the user's input): one line, non-zero status. */
export class OutputError extends Error {
  override name = 'OutputError';
}

const HEAD_BYTES = 256;

function reason(e: unknown): string {
  if (e instanceof OwnerNotKept)
    return 'it belongs to another user, and a replacement could not be given back its owner and group';
  return fileProblem(e);
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`cannot write ${shownPath(path)}: ${reason(e)}`);
  }
}

function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const got = readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, got).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function tempName(target: string): string {
  return join(
    dirname(target),
    `.${basename(target)}.sudoku-count-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
}

/** Owner, group and permission bits a replacing file takes from the file it replaces. */
interface Keep {
  readonly uid: number;
  readonly gid: number;
  readonly mode: number;
}

/** The error of a replacement whose owner cannot be given back (fchown refused). */
class OwnerNotKept extends Error {}

/** Create a temporary file next to `target` (exclusively), write `text`, return its name. */
function writeTemp(target: string, text: string | Uint8Array, keep: Keep | null): string {
  const tmp = tempName(target);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
  try {
    if (keep !== null) {
      const st = fstatSync(fd);
      if (st.uid !== keep.uid || st.gid !== keep.gid) {
        try {
          fchownSync(fd, keep.uid, keep.gid);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'EPERM' || code === 'EACCES' || code === 'EINVAL') throw new OwnerNotKept(code);
          throw e;
        }
      }
      fchmodSync(fd, keep.mode); // after the owner: chown clears set-user-ID bits
    }
    writeAll(fd, text);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  return tmp;
}

function writeAll(fd: number, text: string | Uint8Array): void {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  for (let at = 0; at < buf.length;) {
    try {
      at += writeSync(fd, buf, at, buf.length - at);
    } catch (e) {
      // stdout or stderr that Node made non-blocking, full for now: wait a little for the reader
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** This process's stdout or stderr when `path` is the same file (/dev/stdout on a socket cannot be opened). */
function ownStream(path: string): number | null {
  try {
    const st = statSync(path);
    for (const fd of [1, 2]) {
      const own = fstatSync(fd);
      if (own.dev === st.dev && own.ino === st.ino && (own.isFIFO() || own.isSocket() || own.isCharacterDevice()))
        return fd;
    }
  } catch {
    // not there: opened below, which says why
  }
  return null;
}

type Plan =
  | { readonly kind: 'create'; readonly target: string }
  | { readonly kind: 'replace'; readonly target: string; readonly keep: Keep }
  | { readonly kind: 'through'; readonly target: string };

function plan(path: string, options: OutputOptions): Plan {
  if (path === '') throw new InputError(`${options.what}: the output path is empty`);
  let target = path;
  let st = lstatOrNull(path);
  if (st?.isSymbolicLink()) {
    // a link to a pipe, socket or device (/dev/stdout on a pipe names "pipe:[1234]", which has no path) is
    // written through the link itself
    let end: Stats | null = null;
    try {
      end = statSync(path);
    } catch {
      // dangling: said below
    }
    if (end !== null && (end.isFIFO() || end.isSocket() || end.isCharacterDevice() || end.isBlockDevice()))
      return { kind: 'through', target: path };
    try {
      target = realpathSync(path);
    } catch (e) {
      throw new InputError(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? `cannot write ${shownPath(path)}: it is a symbolic link to a file that does not exist`
          : `cannot write ${shownPath(path)}: ${reason(e)}`,
      );
    }
    st = lstatOrNull(target);
  }
  if (st === null) {
    const dir = dirname(target);
    let d: Stats;
    try {
      d = statSync(dir);
    } catch (e) {
      throw new InputError(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? `cannot write ${shownPath(path)}: the folder ${shownPath(dir)} does not exist (sudoku-count does not ` +
              'create folders)'
          : `cannot write ${shownPath(path)}: ${reason(e)}`,
      );
    }
    if (!d.isDirectory()) throw new InputError(`cannot write ${shownPath(path)}: ${shownPath(dir)} is not a folder`);
    return { kind: 'create', target };
  }
  if (st.isDirectory()) throw new InputError(`cannot write ${shownPath(path)}: it is a folder`);
  if (st.isFile()) {
    if (st.size > 0 && !options.force) {
      let head: string;
      try {
        head = readHead(target);
      } catch (e) {
        throw new InputError(`cannot write ${shownPath(path)}: ${reason(e)}`);
      }
      if (!options.isOurs(head))
        throw new InputError(
          `${shownPath(path)} exists and is not a ${options.what} written by sudoku-count: choose another path` +
            (options.force === undefined ? ' or remove it' : ', remove it, or give --force to replace it'),
        );
    }
    return { kind: 'replace', target, keep: { uid: st.uid, gid: st.gid, mode: st.mode & 0o7777 } };
  }
  return { kind: 'through', target }; // a device, FIFO or socket
}

function unlinkIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Try creating (and remove) a file in the target's folder, with the owner of the file it would replace, so a
 * folder we cannot write, or a file whose owner we could not give back, fails now.
 */
function probe(p: Plan, path: string): void {
  let tmp: string;
  try {
    tmp = writeTemp(p.target, '', p.kind === 'replace' ? p.keep : null);
  } catch (e) {
    throw new InputError(`cannot write ${shownPath(path)}: ${reason(e)}`);
  }
  unlinkSync(tmp);
}

/** How long a write to a named pipe waits for its reader (the process hears no signal while it waits). */
const FIFO_READER_WAIT_MS = 2000;

/**
 * Open a device, FIFO or socket to write through. A FIFO is opened without blocking: open(2) of a FIFO with no
 * reader would wait for one for ever, deaf to SIGTERM and Ctrl-C (a synchronous call); a reader that does not come
 * within FIFO_READER_WAIT_MS is one line, status 1.
 */
function openThrough(target: string, path: string): number {
  let fifo = false;
  try {
    fifo = statSync(target).isFIFO();
  } catch {
    // opened below, which says why
  }
  if (!fifo) return openSync(target, 'w');
  const since = performance.now();
  for (;;) {
    try {
      return openSync(target, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENXIO') throw e;
      if (performance.now() - since >= FIFO_READER_WAIT_MS)
        throw new OutputError(
          `cannot write ${shownPath(path)}: a named pipe with no reader (none came in ` +
            `${FIFO_READER_WAIT_MS / 1000} s): start its reader first`,
        );
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
}

/** Put the finished temporary file at `target`, where nothing is, without ever replacing a file that appeared. */
function createFrom(tmp: string, target: string): void {
  try {
    linkSync(tmp, target); // EEXIST if a file appeared there meanwhile
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
    // a file system without hard links: check and rename (a narrow race instead of none)
    if (lstatOrNull(target) !== null) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    renameSync(tmp, target);
    return;
  }
}

/**
 * The device, FIFO or socket that `path` names (itself or through a symbolic link), which is written through
 * (/dev/null, /dev/stdout, a named pipe); null for anything else (a regular file, a folder, nothing yet). A writer
 * that puts files beside its output (a lock, a checkpoint) puts none beside such a path, and never reads it back.
 */
function throughTarget(path: string): Stats | null {
  try {
    const st = statSync(path);
    return st.isFIFO() || st.isSocket() || st.isCharacterDevice() || st.isBlockDevice() ? st : null;
  } catch {
    return null;
  }
}

export function writtenThrough(path: string): boolean {
  return throughTarget(path) !== null;
}

/** A file that is read back (a checkpoint) must be a regular file, or nothing yet: InputError for a device. */
export function refuseThrough(path: string, what: string): void {
  const st = throughTarget(path);
  if (st !== null)
    throw new InputError(`${what} ${shownPath(path)}: ${notRegular(st)} (a ${what} is read back: give a file)`);
}

/** Check `path` for writing now (InputError, status 2, before any work); write to it later. */
export function prepareOutput(path: string, options: OutputOptions): PreparedOutput {
  const first = plan(path, options);
  if (first.kind !== 'through') probe(first, path);
  return {
    path,
    write(text: string | Uint8Array): void {
      const p = plan(path, options); // the file system may have changed during the work
      try {
        if (p.kind === 'through') {
          const own = ownStream(p.target);
          if (own !== null) {
            writeAll(own, text);
            return;
          }
          const fd = openThrough(p.target, path);
          try {
            writeAll(fd, text);
          } finally {
            closeSync(fd);
          }
          return;
        }
        const tmp = writeTemp(p.target, text, p.kind === 'replace' ? p.keep : null);
        try {
          if (p.kind === 'replace') renameSync(tmp, p.target);
          else createFrom(tmp, p.target);
        } finally {
          unlinkIfThere(tmp); // after a rename it is gone already
        }
      } catch (e) {
        if (e instanceof InputError || e instanceof OutputError) throw e;
        if ((e as NodeJS.ErrnoException).code === 'EEXIST')
          throw new InputError(`cannot write ${shownPath(path)}: a file appeared there while sudoku-count was working`);
        throw new OutputError(`cannot write ${shownPath(path)}: ${reason(e)}`);
      }
    },
  };
}

/** Check and write at once (for output that costs nothing to recompute). */
export function writeOutputFile(path: string, text: string, options: OutputOptions): void {
  prepareOutput(path, options).write(text);
}
