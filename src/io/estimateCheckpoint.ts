import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import JSONbigFactory from 'json-bigint';
import type { BatchRecord } from '../estimate/runBatch.js';
import { InputError } from '../grid/shape.js';
import { fileProblem } from './fileProblem.js';
import { lockFile, type FileLock } from './fileLock.js';
import { OutputError } from './outputFile.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { toJson } from './json.js';

/**
 * Checkpoint of an `estimate` run: JSON lines, appended as batches finish, so that a run killed at any moment
 * loses at most the batches it was running.
 *
 *   {"format":"sudoku-count/estimate-checkpoint","version":2,"method":"knuth-mrv","box":"3x3","fill":null,
 *    "seed":7,"batchSize":4096,"samples":200000,"seconds":null,"check":"…"}                  ← header, line 1
 *   {"method":"knuth-mrv","box":"3x3","fill":null,"seed":7,"batchSize":4096,"batch":0,"stream":0,
 *    "samples":4096,"sum":…,"sumSq":…,"nonzero":2630,"max":…,"elapsed":0.052,"check":"…"}   ← one per batch
 *
 * Every line says which run it belongs to (method, box, fill, seed, batch size, stream) and ends with "check":
 * the first 16 hex digits of the SHA-256 of the line as it would read without its "check" field. A line that was
 * altered, or that belongs to another run, is refused with its line number; so is a header edited to another
 * method or box (its batches then name the old one). sum, sumSq and max are exact integers (JSON numbers of any
 * length); elapsed is the run's wall seconds when the batch was written, summed over sessions.
 *
 * Each line goes out in one write(2), so a kill leaves whole lines plus at most one partial last line; reading
 * drops that line (it has no newline), and `resumeCheckpoint` cuts it off before appending. While a run writes
 * the file it holds `<file>.lock` (src/io/fileLock.ts): a second writer is refused.
 */
export const CHECKPOINT_FORMAT = 'sudoku-count/estimate-checkpoint';
export const CHECKPOINT_VERSION = 2;

export interface CheckpointHeader {
  readonly method: string;
  readonly box: string;
  readonly fill: number | null;
  readonly seed: number;
  readonly batchSize: number;
  readonly samples: number | null;
  readonly seconds: number | null;
}

export interface CheckpointContents {
  /**
   * Null when the run was killed before its header was written whole: the file is empty, or holds the start of
   * a header and nothing else. Resuming it needs the run's options.
   */
  readonly header: CheckpointHeader | null;
  readonly batches: readonly BatchRecord[];
  /** Largest `elapsed` written: the wall seconds the run had used. */
  readonly elapsed: number;
  /** Bytes of whole lines; a partial last line starts here. */
  readonly validBytes: number;
  /**
   * With no header: the start of one that the file holds ('' when empty). It is rewritten only when it is the
   * start of the very header the resuming run would write (resumeCheckpoint), so a file that merely begins like a
   * checkpoint is never overwritten.
   */
  readonly partial: string;
}

// Long numbers are read as strings and converted field by field: json-bigint would turn a long decimal
// such as 0.1234567890123456 into BigInt('0.12…') and throw.
const JSONtext = JSONbigFactory({ storeAsString: true });

/** An open checkpoint that batches are appended to, holding the file's lock. */
export interface CheckpointWriter {
  append(record: BatchRecord, elapsed: number): void;
  close(): void;
}

const checkOf = (body: string): string => createHash('sha256').update(body).digest('hex').slice(0, 16);

/** A JSON object as one checksummed line (with its newline). */
function line(fields: Record<string, unknown>): string {
  const body = toJson(fields);
  return `${body.slice(0, -1)},"check":"${checkOf(body)}"}\n`;
}

/** The fields of a checksummed line, or a message saying why it is not one. */
function readLine(text: string): Record<string, unknown> | string {
  const m = /^(\{.*),"check":"([0-9a-f]{16})"\}$/.exec(text);
  if (!m) return 'not a checkpoint line (no "check" field at its end)';
  if (checkOf(`${m[1]}}`) !== m[2]) return 'altered or damaged: its checksum does not match';
  try {
    return JSONtext.parse(text) as Record<string, unknown>;
  } catch {
    return 'not JSON';
  }
}

const runFields = (h: CheckpointHeader) => ({
  method: h.method,
  box: h.box,
  fill: h.fill,
  seed: h.seed,
  batchSize: h.batchSize,
});

function headerLine(h: CheckpointHeader): string {
  return line({
    format: CHECKPOINT_FORMAT,
    version: CHECKPOINT_VERSION,
    ...runFields(h),
    samples: h.samples,
    seconds: h.seconds,
  });
}

function writer(path: string, fd: number, header: CheckpointHeader, lock: FileLock): CheckpointWriter {
  let open = true;
  const run = runFields(header);
  return {
    append(record, elapsed) {
      const buf = Buffer.from(
        line({
          ...run,
          batch: record.batch,
          stream: record.batch,
          samples: record.samples,
          sum: record.sum,
          sumSq: record.sumSq,
          nonzero: record.nonzero,
          max: record.max,
          elapsed: Math.round(elapsed * 1e6) / 1e6,
        }),
      );
      writeWhole(path, fd, buf);
    },
    close() {
      if (open) {
        closeSync(fd);
        lock.release();
      }
      open = false;
    },
  };
}

/**
 * Write `buf` at the end: a short write (a disk filling up) goes on with the rest, and a failure is one line
 * (OutputError, status 1). Whatever part of a line was written is cut off when the run is resumed.
 */
function writeWhole(path: string, fd: number, buf: Buffer, position: number | null = null): void {
  try {
    for (let at = 0; at < buf.length;) {
      const k = writeSync(fd, buf, at, buf.length - at, position === null ? null : position + at);
      if (k === 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
      at += k;
    }
  } catch (e) {
    throw new OutputError(`cannot write checkpoint ${path}: ${fileProblem(e)}`);
  }
}

/** A checkpoint must be a regular file in an existing folder (never a device, FIFO or folder). */
function checkKind(path: string, mustExist: boolean): void {
  if (path === '') throw new InputError('checkpoint: the path is empty');
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new InputError(`checkpoint ${path}: ${fileProblem(e)}`);
    if (mustExist) throw new InputError(`checkpoint ${path}: no such file`);
    let folder = false;
    try {
      folder = lstatSync(dirname(path)).isDirectory();
    } catch {
      // no such folder
    }
    if (!folder)
      throw new InputError(
        `checkpoint ${path}: the folder ${dirname(path)} does not exist (sudoku-count does not create folders)`,
      );
    return;
  }
  if (!st.isFile()) throw new InputError(`checkpoint ${path}: not a regular file`);
  if (!mustExist)
    throw new InputError(
      `checkpoint ${path} already exists: continue its run with --resume ${path}, or choose another file`,
    );
}

/** Start a new checkpoint file with its header: the file must not exist. Takes the file's lock. */
export function createCheckpoint(path: string, header: CheckpointHeader): CheckpointWriter {
  checkKind(path, false);
  const lock = lockFile(path, 'checkpoint');
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND, 0o644);
  } catch (e) {
    lock.release();
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      code === 'EEXIST'
        ? `checkpoint ${path} already exists: continue its run with --resume ${path}, or choose another file`
        : `checkpoint ${path}: cannot create it: ${fileProblem(e)}`,
    );
  }
  try {
    writeWhole(path, fd, Buffer.from(headerLine(header)));
  } catch (e) {
    closeSync(fd);
    lock.release();
    throw e;
  }
  return writer(path, fd, header, lock);
}

/**
 * Lock a checkpoint and read it, to resume its run: the lock is taken before reading, so no other run can append
 * between the reading and the resuming. Call `resumeCheckpoint` with the result, or `release`.
 */
export function openCheckpoint(path: string): { contents: CheckpointContents; lock: FileLock } {
  checkKind(path, true);
  const lock = lockFile(path, 'checkpoint');
  try {
    return { contents: readCheckpoint(path), lock };
  } catch (e) {
    lock.release();
    throw e;
  }
}

/**
 * Reopen a locked checkpoint to append to it, cutting off a partial last line first. `header` is the file's own,
 * or (when it had none) the plan of the run, which is then written.
 */
export function resumeCheckpoint(
  path: string,
  opened: { contents: CheckpointContents; lock: FileLock },
  header: CheckpointHeader,
): CheckpointWriter {
  const { contents, lock } = opened;
  try {
    const head = headerLine(header);
    if (contents.header === null && !head.startsWith(contents.partial))
      throw new InputError(
        `checkpoint ${path} holds ${Buffer.byteLength(contents.partial)} bytes that are not the start of this ` +
          `run's header, so it is not provably a checkpoint this run stopped writing: it is left as it is (remove ` +
          'it, or choose another file, to start afresh)',
      );
    let fd: number;
    try {
      fd = openSync(path, 'r+');
    } catch (e) {
      throw new InputError(`checkpoint ${path}: cannot write it: ${fileProblem(e)}`);
    }
    try {
      if (fstatSync(fd).size < contents.validBytes) throw new InputError(`checkpoint ${path} shrank while being read`);
      ftruncateSync(fd, contents.validBytes);
      if (contents.header === null) writeWhole(path, fd, Buffer.from(head), 0);
    } finally {
      closeSync(fd);
    }
    return writer(path, openSync(path, 'a'), header, lock);
  } catch (e) {
    lock.release();
    throw e;
  }
}

const big = (v: unknown, what: string): bigint => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw new Error(`${what} is not a whole number`);
};
const int = (v: unknown, what: string): number => {
  const x = typeof v === 'string' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isSafeInteger(x)) throw new Error(`${what} is not a whole number`);
  return x;
};
const num = (v: unknown, what: string): number => {
  const x = typeof v === 'string' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`${what} is not a number`);
  return x;
};
const orNull = <T>(v: unknown, f: (v: unknown, what: string) => T, what: string): T | null =>
  v === null || v === undefined ? null : f(v, what);

const HEAD_PREFIX = `{"format":"${CHECKPOINT_FORMAT}"`;

/** Read and check a checkpoint (without locking it). Throws InputError naming the line that is wrong. */
export function readCheckpoint(path: string): CheckpointContents {
  const text = readBounded(path, { what: 'checkpoint', maxBytes: READ_LIMITS.estimateCheckpoint }).toString('utf8');
  const lines = text.split('\n');
  // a partial last line (no newline yet) is dropped: the run was killed while writing it
  const whole = lines.slice(0, -1);
  const tail = lines[lines.length - 1];
  let validBytes = 0;
  for (const l of whole) validBytes += Buffer.byteLength(l) + 1;
  if (whole.length === 0) {
    // empty, or the start of a header: ours only if it is the start of our header
    if (tail.length === 0 || HEAD_PREFIX.startsWith(tail) || tail.startsWith(HEAD_PREFIX))
      return { header: null, batches: [], elapsed: 0, validBytes: 0, partial: tail };
    throw new InputError(
      `checkpoint ${path}: not a sudoku-count estimate checkpoint (it does not start with its header)`,
    );
  }
  const fail = (at: number, why: string): never => {
    throw new InputError(`checkpoint ${path}, line ${at}: ${why}`);
  };
  if (!whole[0].startsWith(HEAD_PREFIX)) {
    if (whole[0].startsWith('{"format":"sudoku-count/estimate-checkpoint@'))
      fail(1, 'written by an earlier version of sudoku-count (no checksums): start a new run');
    fail(1, 'not a sudoku-count estimate checkpoint (its first line is not the header)');
  }
  const h = readLine(whole[0]);
  if (typeof h === 'string') return fail(1, h);
  let header: CheckpointHeader;
  try {
    if (h['version'] !== CHECKPOINT_VERSION)
      throw new Error(`version ${String(h['version'])}, not ${CHECKPOINT_VERSION}`);
    if (typeof h['method'] !== 'string' || typeof h['box'] !== 'string') throw new Error('header lacks method or box');
    header = {
      method: h['method'],
      box: h['box'],
      fill: orNull(h['fill'], int, 'fill'),
      seed: int(h['seed'], 'seed'),
      batchSize: int(h['batchSize'], 'batchSize'),
      samples: orNull(h['samples'], int, 'samples'),
      seconds: orNull(h['seconds'], num, 'seconds'),
    };
  } catch (e) {
    return fail(1, (e as Error).message);
  }
  const batches: BatchRecord[] = [];
  let elapsed = 0;
  for (let at = 2; at <= whole.length; at++) {
    const o = readLine(whole[at - 1]);
    if (typeof o === 'string') return fail(at, o);
    try {
      for (const [k, v] of Object.entries(runFields(header))) {
        const mine = k === 'method' || k === 'box' ? o[k] : orNull(o[k], int, k);
        if (mine !== v) throw new Error(`a batch of another run (${k} ${String(o[k])}, the header says ${String(v)})`);
      }
      const batch = int(o['batch'], 'batch');
      if (int(o['stream'], 'stream') !== batch) throw new Error(`batch ${batch} names stream ${String(o['stream'])}`);
      const samples = int(o['samples'], 'samples');
      const total = header.samples;
      const want = total === null ? header.batchSize : Math.min(header.batchSize, total - batch * header.batchSize);
      if (batch < 0 || want < 1 || samples !== want)
        throw new Error(`batch ${batch} of ${samples} samples is not a batch of this run`);
      batches.push({
        batch,
        samples,
        sum: big(o['sum'], 'sum'),
        sumSq: big(o['sumSq'], 'sumSq'),
        nonzero: int(o['nonzero'], 'nonzero'),
        max: big(o['max'], 'max'),
      });
      elapsed = Math.max(elapsed, num(o['elapsed'], 'elapsed'));
    } catch (e) {
      return fail(at, (e as Error).message);
    }
  }
  return { header, batches, elapsed, validBytes, partial: '' };
}
