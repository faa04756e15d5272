import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../grid/shape.js';
import { fileProblem, shownPath, sizeWords } from './fileProblem.js';

/**
 * The one reader of files named on the command line that are read whole (plans, shard results and checkpoints,
 * checkpoints, variant tables, count JSON, jigsaw layouts, locks). Before a byte is read it checks that the path is a
 * regular file (a device such as /dev/zero never ends; a FIFO or a terminal may never answer) no larger than its
 * format's cap; it reads no more than the cap even if the file grows meanwhile; and a gzipped file is inflated to
 * the cap and no further (zlib's maxOutputLength). Every failure is one InputError naming the file:
 *
 *   plan p.json.gz: 6.1 GB once inflated, more than the 256 MB a plan can be: not a plan?
 *   --identity-from /dev/zero: not a regular file: a device
 *
 * Streams read a line at a time (puzzles, grids: src/io/readPuzzles.ts, readGridLines.ts) are bounded by their
 * longest line instead, and may read pipes and stdin.
 */
export interface BoundedRead {
  /** The file in messages, before its path: "plan", "shard result", "--identity-from". */
  readonly what: string;
  /** What the file should be, in the message of one too large ("a count's JSON"; default: a `what`). */
  readonly kind?: string;
  /** The most bytes it may hold (its inflated content when gzipped): READ_LIMITS names each format's. */
  readonly maxBytes: number;
  /** Inflate it when its name ends in .gz. */
  readonly gzip?: boolean;
}

const MB = 1 << 20;

/**
 * Each format's cap, far above what a real file holds and far below what would fill the memory. Whole-text formats
 * stay under 512 MB, the longest string V8 makes.
 */
export const READ_LIMITS = {
  /** Plans, shard results and shard checkpoints: a line a unit; the 6×2 plan of 63,199 classes is 3.8 MB. */
  shardFile: 256 * MB,
  /** A compact variant table: a few bytes a class; 9×9 x+disjoint-groups is 1.4 MB. */
  variantTable: 256 * MB,
  /** Checkpoints of a count by classes (dlx, variant, column sets): a line a class. */
  checkpoint: 256 * MB,
  /** An estimate's checkpoint: a line a batch of samples. */
  estimateCheckpoint: 256 * MB,
  /** A text of puzzles read whole (readPuzzleSource; the commands read a line at a time instead). */
  puzzleText: 256 * MB,
  /** A jigsaw layout: at most 36 lines of 36 cells, and comments. */
  jigsaw: 1 * MB,
  /** A lock file: one short line. */
  lock: 4096,
} as const;

/** Why a path that is there is not a regular file, in words. */
export function notRegular(st: Stats): string {
  if (st.isDirectory()) return 'not a regular file: it is a folder';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'not a regular file: a device';
  if (st.isFIFO()) return 'not a regular file: a pipe (FIFO)';
  if (st.isSocket()) return 'not a regular file: a socket';
  return 'not a regular file';
}

/** "3 GiB, more than the 256 MiB a plan can be: not the file meant?" */
const tooLarge = (lead: string, how: BoundedRead): string =>
  `${lead} the ${sizeWords(how.maxBytes)} ${how.kind ?? `a ${how.what}`} can be: not the file meant?`;

/** The bytes of `path` (inflated when `how.gzip` and it ends in .gz); InputError naming the file and why not. */
export function readBounded(path: string, how: BoundedRead): Buffer {
  return read(path, how, false) as Buffer;
}

/** readBounded, or null when nothing is at `path` (a checkpoint not written yet). */
export function readBoundedIfThere(path: string, how: BoundedRead): Buffer | null {
  return read(path, how, true);
}

function read(path: string, how: BoundedRead, absentOk: boolean): Buffer | null {
  const fail = (why: string): never => {
    throw new InputError(`${how.what} ${shownPath(path)}: ${why}`);
  };
  if (path === '') throw new InputError(`${how.what}: the path is empty`);
  let fd = -1;
  try {
    // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below, as every non-regular file is)
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if (absentOk && (e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    fail(fileProblem(e));
  }
  let raw: Buffer;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) fail(notRegular(st));
    if (st.size > how.maxBytes) fail(tooLarge(`${sizeWords(st.size)}, more than`, how));
    raw = readUpTo(fd, st.size, how.maxBytes, () => fail(tooLarge('it grew to more than', how)));
  } catch (e) {
    if (e instanceof InputError) throw e;
    return fail(fileProblem(e));
  } finally {
    closeSync(fd);
  }
  if (!how.gzip || !path.endsWith('.gz')) return raw;
  try {
    return gunzipSync(raw, { maxOutputLength: how.maxBytes });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return fail(tooLarge('it inflates to more than', how));
    return fail(code?.startsWith('Z_') ? `corrupt: not gzip data (${(e as Error).message})` : fileProblem(e));
  }
}

/** At most `max` bytes of `fd` (a file `size` bytes long when looked at); `over` when there are more. */
function readUpTo(fd: number, size: number, max: number, over: () => never): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  // one read for a file that keeps its size; a file that grows is read on, a MB at a time, to the cap
  let chunk = Buffer.allocUnsafe(Math.min(size, max) + 1);
  for (;;) {
    const got = readSync(fd, chunk, 0, Math.min(chunk.length, max + 1 - total), null);
    if (got === 0) break;
    chunks.push(chunk.subarray(0, got));
    total += got;
    if (total > max) over();
    chunk = got === chunk.length ? Buffer.allocUnsafe(MB) : chunk.subarray(got);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}

/**
 * The first `bytes` bytes of a regular file as text (to see whose it is), or null when `path` is not a regular
 * file or cannot be read: a device or FIFO is never read.
 */
export function readHead(path: string, bytes: number): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buf = Buffer.alloc(bytes);
    const got = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, got).toString('utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
