import { createHash, createHmac } from 'node:crypto';
import { processIo } from './processIo.js';

/**
 * The seal of every file sudoku-count writes and reads back (shard plans, results and checkpoints, the checkpoints
 * of count --counter dlx, --variant and the column-set method): the file is one JSON object whose text ends
 *
 *   …,"sha256":"<64 hex digits: SHA-256 of every byte before ,"sha256">"}\n
 *
 * so a file cut short, damaged or edited by hand is refused by name. The checksum guards against accidents only:
 * anyone who edits a value can compute it again. Against edits, the recounts (count --merge --recount K, classes
 * --verify --recount K; docs/sharding.md "What the seal guards against") and the keyed seal: when the environment
 * variable SUDOKU_COUNT_SEAL_KEY is set, the writer puts an HMAC-SHA256 under that key before the checksum
 *
 *   …,"hmac-sha256":"<64 hex: HMAC of every byte before ,"hmac-sha256">","sha256":"…"}\n
 *
 * and a reader that has the variable set refuses a file without it, or with one the key does not give. (A reader
 * without the variable checks the checksum alone.) The variant tables (src/io/variantTableFile.ts), binary after a
 * header line, carry the same HMAC as a header key (keyedSeal).
 */

/** The environment variable that holds the key of the keyed seal. */
export const SEAL_KEY_VARIABLE = 'SUDOKU_COUNT_SEAL_KEY';

const SHA_KEY = ',"sha256":"';
const HMAC_KEY = ',"hmac-sha256":"';

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The key of the keyed seal (SUDOKU_COUNT_SEAL_KEY), or null when it is not set (or empty). */
export function sealKey(): string | null {
  const key = processIo().env[SEAL_KEY_VARIABLE];
  return key === undefined || key === '' ? null : key;
}

/** HMAC-SHA256 of `parts` (in order) under `key`, 64 hex digits. */
export function hmacSha256(key: string, ...parts: (string | Uint8Array)[]): string {
  const h = createHmac('sha256', key);
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

/**
 * A file's text from its body (a JSON object's text without its closing brace): the HMAC key appended when
 * SUDOKU_COUNT_SEAL_KEY is set, then the checksum key, the brace and a newline.
 */
export function seal(body: string): string {
  const key = sealKey();
  const keyed = key === null ? body : `${body}${HMAC_KEY}${hmacSha256(key, body)}"`;
  return `${keyed}${SHA_KEY}${sha256(keyed)}"}\n`;
}

/**
 * Check the seal of a file's bytes: its checksum, and its HMAC when SUDOKU_COUNT_SEAL_KEY is set. Calls `fail` with
 * what is wrong (words for "<file>: …"). The bytes are checked as they are (the UTF-8 text seal() hashed).
 */
export function checkSeal(bytes: Uint8Array, fail: (why: string) => never): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buf.lastIndexOf(SHA_KEY);
  const sum = at < 0 ? null : /^,"sha256":"([0-9a-f]{64})"\}\n?$/.exec(buf.subarray(at).toString('utf8'));
  if (!sum) fail('corrupt: cut short or damaged (no checksum at its end)');
  if (sha256(buf.subarray(0, at)) !== sum[1]) fail('corrupt: its checksum does not match its content');
  const key = sealKey();
  if (key === null) return;
  const mark = buf.lastIndexOf(HMAC_KEY, at);
  const mac = mark < 0 ? null : /^,"hmac-sha256":"([0-9a-f]{64})"$/.exec(buf.subarray(mark, at).toString('utf8'));
  if (!mac)
    fail(`not sealed with a key (no "hmac-sha256"), and ${SEAL_KEY_VARIABLE} is set: it was written without the key`);
  if (hmacSha256(key, buf.subarray(0, mark)) !== mac[1])
    fail(`its HMAC does not match ${SEAL_KEY_VARIABLE}: edited, or sealed with another key`);
}

/**
 * The keyed seal of a file that is not laid out as seal() writes it (a variant table: a header line and a binary
 * body): the HMAC of `parts` under SUDOKU_COUNT_SEAL_KEY, or null when the variable is not set.
 */
export function keyedSeal(...parts: (string | Uint8Array)[]): string | null {
  const key = sealKey();
  return key === null ? null : hmacSha256(key, ...parts);
}
