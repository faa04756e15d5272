import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import JSONbigFactory from 'json-bigint';
import type { BatchRecord } from '../estimate/runBatch.js';
import { InputError } from '../grid/shape.js';
import { toJson } from './json.js';

/**
 * Checkpoint of an `estimate` run: JSON lines, appended as batches finish, so that a run killed at any
 * moment loses at most the batches it was running.
 *
 *   {"format":"sudoku-count/estimate-checkpoint@1","method":"knuth-mrv","box":"3x3","fill":null,
 *    "seed":7,"batchSize":4096,"samples":200000,"seconds":null}                       ← header, line 1
 *   {"batch":0,"seed":7,"stream":0,"samples":4096,"sum":…,"sumSq":…,"nonzero":2630,"max":…,"elapsed":0.052}
 *   {"batch":2,…}        one line per finished batch, in the order they finished (any order)
 *
 * sum, sumSq and max are exact integers (JSON numbers of any length); elapsed is the run's wall seconds
 * when the batch was written, summed over sessions. Each line goes out in one write(2), so a kill leaves
 * whole lines plus at most one partial last line; reading ignores that line, and `resumeCheckpoint` cuts
 * it off before appending.
 */
export const CHECKPOINT_FORMAT = 'sudoku-count/estimate-checkpoint@1';

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
  /** Null when the run was killed before its header was written (then nothing else is there either). */
  readonly header: CheckpointHeader | null;
  readonly batches: readonly BatchRecord[];
  /** Largest `elapsed` written: the wall seconds the run had used. */
  readonly elapsed: number;
  /** Bytes of whole lines; a partial last line starts here. */
  readonly validBytes: number;
}

// Long numbers are read as strings and converted field by field: json-bigint would turn a long decimal
// such as 0.1234567890123456 into BigInt('0.12…') and throw.
const JSONtext = JSONbigFactory({ storeAsString: true });

/** An open checkpoint that batches are appended to. */
export interface CheckpointWriter {
  append(record: BatchRecord, elapsed: number): void;
  close(): void;
}

function writer(path: string, fd: number, seed: number): CheckpointWriter {
  let open = true;
  return {
    append(record, elapsed) {
      const line =
        toJson({
          batch: record.batch,
          seed,
          stream: record.batch,
          samples: record.samples,
          sum: record.sum,
          sumSq: record.sumSq,
          nonzero: record.nonzero,
          max: record.max,
          elapsed: Math.round(elapsed * 1e6) / 1e6,
        }) + '\n';
      const buf = Buffer.from(line);
      if (writeSync(fd, buf, 0, buf.length) !== buf.length) throw new Error(`checkpoint ${path}: short write`);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** Start a new checkpoint file with its header. Refuses to overwrite a non-empty file. */
export function createCheckpoint(path: string, header: CheckpointHeader): CheckpointWriter {
  if (existsSync(path) && statSync(path).size > 0) {
    throw new InputError(
      `checkpoint ${path} already exists: continue it with --resume ${path}, or choose another file`,
    );
  }
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const head = Buffer.from(toJson({ format: CHECKPOINT_FORMAT, ...header }) + '\n');
  writeSync(fd, head, 0, head.length);
  return writer(path, fd, header.seed);
}

/**
 * Reopen a checkpoint to append to it, cutting off a partial last line first. `header` is the file's own,
 * or (when it had none) the plan of the run, which is then written.
 */
export function resumeCheckpoint(
  path: string,
  contents: CheckpointContents,
  header: CheckpointHeader,
): CheckpointWriter {
  const fd = openSync(path, 'r+');
  ftruncateSync(fd, contents.validBytes);
  if (contents.header === null) {
    const head = Buffer.from(toJson({ format: CHECKPOINT_FORMAT, ...header }) + '\n');
    writeSync(fd, head, 0, head.length, 0);
  }
  closeSync(fd);
  return writer(path, openSync(path, 'a'), header.seed);
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

export function readCheckpoint(path: string): CheckpointContents {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(
      `checkpoint ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    );
  }
  const lines = text.split('\n');
  // a partial last line (no newline yet) is dropped: the run was killed while writing it
  const whole = lines.slice(0, -1);
  let validBytes = 0;
  for (const l of whole) validBytes += Buffer.byteLength(l) + 1;
  if (whole.length === 0) return { header: null, batches: [], elapsed: 0, validBytes: 0 };
  let header: CheckpointHeader;
  const batches: BatchRecord[] = [];
  let elapsed = 0;
  let at = 1;
  try {
    const h = JSONtext.parse(whole[0]) as Record<string, unknown>;
    if (h['format'] !== CHECKPOINT_FORMAT) throw new Error(`not a ${CHECKPOINT_FORMAT} file`);
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
    for (at = 2; at <= whole.length; at++) {
      const line = whole[at - 1];
      if (line.trim() === '') continue;
      const o = JSONtext.parse(line) as Record<string, unknown>;
      const batch = int(o['batch'], 'batch');
      if (int(o['seed'], 'seed') !== header.seed || int(o['stream'], 'stream') !== batch)
        throw new Error(`batch ${batch} names another seed or stream`);
      batches.push({
        batch,
        samples: int(o['samples'], 'samples'),
        sum: big(o['sum'], 'sum'),
        sumSq: big(o['sumSq'], 'sumSq'),
        nonzero: int(o['nonzero'], 'nonzero'),
        max: big(o['max'], 'max'),
      });
      elapsed = Math.max(elapsed, num(o['elapsed'], 'elapsed'));
    }
  } catch (e) {
    throw new InputError(`checkpoint ${path}, line ${at}: ${(e as Error).message}`);
  }
  return { header, batches, elapsed, validBytes };
}
