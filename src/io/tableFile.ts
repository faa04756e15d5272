import { createHash } from 'node:crypto';
import { InputError } from '../grid/shape.js';
import { fromJson, toJson } from './json.js';
import { keyedSeal, SEAL_KEY_VARIABLE } from './seal.js';

/**
 * The frame of the compact tables (variant tables, src/io/variantTableFile.ts; column-set certificates,
 * src/io/columnSetCertificateFile.ts): one line of JSON, then a binary body.
 *
 *   {"format":"sudoku-count/<kind>@<version>", …the table's keys…, "bodyBytes":B, "bodySha256":"…"}\n
 *   B bytes of body
 *
 * and, only when SUDOKU_COUNT_SEAL_KEY is set, "hmacSha256" last in the header: the HMAC-SHA256 under that key of
 * the header line without it (newline included) and the body (src/io/seal.ts). No timings, no gzip: the same values
 * give the same bytes on every machine.
 */
export interface TableFileKind {
  /** The tag and version written and read: "sudoku-count/variant-table@1". */
  readonly format: string;
  /** For messages: "variant table". */
  readonly what: string;
}

/** A table's bytes: its header (the table's keys, `format` first), body length and SHA-256, the seal, the body. */
export function tableFileBytes(header: Readonly<Record<string, unknown>>, body: Uint8Array): Uint8Array {
  const json = toJson({
    ...header,
    bodyBytes: body.length,
    bodySha256: createHash('sha256').update(body).digest('hex'),
  });
  const mac = keyedSeal(`${json}\n`, body);
  const head = Buffer.from(`${mac === null ? json : `${json.slice(0, -1)},"hmacSha256":"${mac}"}`}\n`);
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/** A table file's frame, checked: its header's keys, typed on demand, and its body. */
export interface TableFileRead {
  /** Throw an InputError `where: what`. */
  readonly fail: (what: string) => never;
  /** A header key as it is. */
  readonly value: (key: string) => unknown;
  /** A header key that must be a non-empty string, a whole number below 2^53, a whole number of any size. */
  readonly text: (key: string) => string;
  readonly whole: (key: string) => number;
  readonly big: (key: string) => bigint;
  readonly body: Uint8Array;
  /** Whether the keyed seal was checked (SUDOKU_COUNT_SEAL_KEY set, not `key: false`) and holds. */
  readonly keyed: boolean;
}

/**
 * Read a table file's frame, each failure one line naming `where`: the tag (another kind, or another version of
 * this one, is refused by name), the header's JSON, the body's length and SHA-256, and with SUDOKU_COUNT_SEAL_KEY
 * set the keyed seal, unless `key` is false (a table the repository ships, which carries none).
 */
export function readTableFile(bytes: Uint8Array, where: string, kind: TableFileKind, key = true): TableFileRead {
  const fail = (what: string): never => {
    throw new InputError(`${where}: ${what}`);
  };
  const tagOf = kind.format.slice(0, kind.format.indexOf('@') + 1);
  const end = bytes.indexOf(10);
  const headText = Buffer.from(bytes.subarray(0, end < 0 ? Math.min(bytes.length, 4096) : end)).toString('utf8');
  const tag = /^\{"format":"([^"]*)"/.exec(headText)?.[1];
  if (tag === undefined || end < 0) fail(`not a ${kind.what} (no ${kind.format} header line)`);
  if (tag !== kind.format)
    fail(
      tag?.startsWith(tagOf)
        ? `a ${kind.what} of format ${tag}, which this version does not read (it reads ${kind.format})`
        : `a ${tag} file, not a ${kind.what} (${kind.format})`,
    );
  let o: Record<string, unknown> = {};
  try {
    const doc = fromJson(headText);
    if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) o = doc as Record<string, unknown>;
  } catch (e) {
    fail(`its header line is not JSON (${(e as Error).message})`);
  }
  const text = (k: string): string => {
    const v = o[k];
    return typeof v === 'string' && v !== '' ? v : fail(`header key ${k} is not a non-empty string`);
  };
  const whole = (k: string): number => {
    const v = o[k];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
      ? v
      : fail(`header key ${k} is not a whole number below 2^53`);
  };
  const big = (k: string): bigint => {
    const v = o[k];
    if (typeof v === 'bigint' && v >= 0n) return v;
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
    return fail(`header key ${k} is not a whole number`);
  };
  const sha = text('bodySha256');
  if (!/^[0-9a-f]{64}$/.test(sha)) fail('header key bodySha256 is not 64 hex digits');
  const bodyBytes = whole('bodyBytes');
  const body = bytes.subarray(end + 1);
  if (body.length !== bodyBytes)
    fail(`its body is ${body.length} bytes, the header says ${bodyBytes} (cut short, or bytes added)`);
  if (createHash('sha256').update(body).digest('hex') !== sha)
    fail("its body's SHA-256 is not the header's bodySha256 (the file is corrupt)");
  const mac = o['hmacSha256'];
  if (mac !== undefined && (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)))
    fail('header key hmacSha256 is not 64 hex digits');
  const keyed = key ? keyedSeal(`${headText.replace(/,"hmacSha256":"[0-9a-f]{64}"\}$/, '}')}\n`, body) : null;
  if (keyed !== null && mac === undefined)
    fail(`not sealed with a key (no hmacSha256), and ${SEAL_KEY_VARIABLE} is set: it was written without the key`);
  if (keyed !== null && keyed !== mac)
    fail(`its HMAC does not match ${SEAL_KEY_VARIABLE}: edited, or sealed with another key`);
  return { fail, value: (k) => o[k], text, whole, big, body, keyed: keyed !== null };
}
