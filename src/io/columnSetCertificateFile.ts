import { certificateSumProblem, type ColumnSetCertificate } from '../colsets/columnSetCertificate.js';
import { lockFile } from './fileLock.js';
import { prepareOutput } from './outputFile.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { readTableFile, tableFileBytes } from './tableFile.js';

/**
 * A column-set certificate as a file (`classes --format table`; data/6x2/certificate.bin): one line of JSON, then
 * the classes held in binary, in the frame of the variant tables (src/io/tableFile.ts).
 *
 *   {"format":"sudoku-count/colsets-table@1","box":"6x2",…,"bodyBytes":B,"bodySha256":"…"}\n
 *   gap₀ orbit₀ F₀ gap₁ orbit₁ F₁ …      B bytes: per class held, in increasing id, three unsigned LEB128 varints
 *                                         (7 bits a byte, low first, high bit set on every byte but the last; F
 *                                         passes 2^53: read as BigInt); gap = id − previous id − 1 (the first: id)
 *
 * Header keys, in this order: format, box, countedAs, n, route ("column-sets"), units ("classes"), classes (in the
 * class list), digest (classListDigest), plan (the plan's id, or null), held (classes in the body), complete,
 * orbitSum, bands (Σ orbit·F), squares (Σ orbit·F²), total (N = squares when complete; null when partial: a
 * partial sum is never N), bodyBytes, bodySha256, and, only when SUDOKU_COUNT_SEAL_KEY is set, hmacSha256 (the
 * HMAC-SHA256 under that key of the header line without it, newline included, and the body). No timings, no gzip:
 * the same values give the same bytes on every machine.
 *
 * Reading checks, each failure one line naming the file: the tag (another format, or another version of this one,
 * is refused by name), every header key's type, the body's length and SHA-256, that it holds exactly `held`
 * classes, and the sums (src/colsets/columnSetCertificate.ts certificateSumProblem). Whether the classes are those
 * the class list holds is verifyCertificateClasses's (src/shards/checkColumnSetCertificate.ts).
 */
export const COLUMN_SET_CERTIFICATE_FORMAT = 'sudoku-count/colsets-table@1';

const TAG = 'sudoku-count/colsets-table@';

/** What a certificate looks like to `prepareOutput`: it may replace an earlier one, nothing else. */
export const COLUMN_SET_CERTIFICATE_OUTPUT = {
  what: 'column-set certificate',
  isOurs: (head: string): boolean => head.startsWith(`{"format":"${TAG}`),
} as const;

/** Whether a file's first bytes are a column-set certificate's (any version): `classes --verify` dispatches on it. */
export const isColumnSetCertificate = (head: string): boolean => COLUMN_SET_CERTIFICATE_OUTPUT.isOurs(head);

/** The file's bytes. */
export function columnSetCertificateBytes(t: ColumnSetCertificate): Uint8Array {
  const out: number[] = [];
  const put = (x: bigint): void => {
    if (x < 0n) throw new Error(`internal: ${x} is negative`);
    while (x >= 128n) {
      out.push(Number(x & 127n) | 128);
      x >>= 7n;
    }
    out.push(Number(x));
  };
  let previous = -1;
  for (let i = 0; i < t.ids.length; i++) {
    put(BigInt(t.ids[i] - previous - 1));
    previous = t.ids[i];
    put(BigInt(t.orbits[i]));
    put(t.values[i]);
  }
  return tableFileBytes(
    {
      format: COLUMN_SET_CERTIFICATE_FORMAT,
      box: t.box,
      countedAs: t.countedAs,
      n: t.n,
      route: 'column-sets',
      units: 'classes',
      classes: t.classes,
      digest: t.digest,
      plan: t.plan,
      held: t.ids.length,
      complete: t.ids.length === t.classes,
      orbitSum: t.orbitSum,
      bands: t.bands,
      squares: t.squares,
      total: t.total,
    },
    Uint8Array.from(out),
  );
}

/** Read a certificate file; InputError (one line, naming `path`) when it cannot be read or is not a sound one. */
export function readColumnSetCertificate(path: string): ColumnSetCertificate {
  return parseColumnSetCertificate(
    readBounded(path, { what: 'column-set certificate', maxBytes: READ_LIMITS.variantTable }),
    path,
  );
}

/** The certificate in a file's bytes; `where` names it in errors. */
export function parseColumnSetCertificate(bytes: Uint8Array, where: string): ColumnSetCertificate {
  const { fail, value, text, whole, big, body, keyed } = readTableFile(bytes, where, {
    format: COLUMN_SET_CERTIFICATE_FORMAT,
    what: 'column-set certificate',
  });
  if (text('route') !== 'column-sets' || text('units') !== 'classes')
    fail(`its values are ${String(value('units'))} of the ${String(value('route'))} route, not classes of column sets`);
  const box = text('box'),
    countedAs = text('countedAs');
  const shapeOf = /^(\d+)x(\d+)$/.exec(countedAs);
  const R = shapeOf && shapeOf[2] === '2' ? Number(shapeOf[1]) : 0;
  if (R < 2 || R > 8) fail(`header key countedAs is not a shape R×2 (2 ≤ R ≤ 8): ${countedAs}`);
  if (box !== countedAs && box !== `2x${R}`) fail(`header key box ${box} is neither ${countedAs} nor its transpose`);
  const n = whole('n');
  if (n !== 2 * R) fail(`header key n is ${n}, not ${2 * R} (${countedAs})`);
  const classes = whole('classes');
  const digest = text('digest');
  if (!/^[0-9a-f]{16}$/.test(digest)) fail('header key digest is not 16 hex digits');
  const planId = value('plan');
  if (planId !== null && (typeof planId !== 'string' || !/^[0-9a-f]{16}$/.test(planId)))
    fail('header key plan is neither null nor a plan id (16 hex digits)');
  const held = whole('held');
  if (held > classes) fail(`it says it holds ${held} of ${classes} classes`);
  if (value('complete') !== (held === classes))
    fail(`header key complete is ${String(value('complete'))}, but it holds ${held} of ${classes} classes`);
  const total = value('total') === null ? null : big('total');
  let at = 0;
  const next = (): bigint => {
    let x = 0n,
      shift = 0n;
    for (;;) {
      if (at >= body.length) return fail(`its body ends before the ${held} classes of the header`);
      const b = body[at++];
      x |= BigInt(b & 127) << shift;
      if (b < 128) return x;
      shift += 7n;
      if (shift > 700n) fail(`a number at byte ${at} of the body has more than 700 bits`);
    }
  };
  const ids = new Int32Array(held);
  const orbits = new Float64Array(held);
  const values: bigint[] = new Array<bigint>(held);
  let id = -1n;
  for (let i = 0; i < held; i++) {
    id += next() + 1n;
    if (id >= BigInt(classes)) fail(`class ${id} of its body is beyond the ${classes} classes of the header`);
    ids[i] = Number(id);
    const orbit = next();
    if (orbit > BigInt(Number.MAX_SAFE_INTEGER)) fail(`the orbit of class ${id} is not below 2^53`);
    orbits[i] = Number(orbit);
    values[i] = next();
  }
  if (at !== body.length) fail(`its body holds more than the ${held} classes of the header`);
  const t: ColumnSetCertificate = {
    box,
    countedAs,
    n,
    rows: R,
    classes,
    digest,
    plan: planId as string | null,
    ids,
    orbits,
    values,
    orbitSum: big('orbitSum'),
    bands: big('bands'),
    squares: big('squares'),
    total,
    ...(keyed ? { keyed: true } : {}),
  };
  const problem = certificateSumProblem(t);
  if (problem) fail(problem);
  return t;
}

/** Write a certificate to `out` (a new file, or one it wrote before), locked while it is written. */
export function writeColumnSetCertificate(t: ColumnSetCertificate, out: string, force: boolean): void {
  const file = prepareOutput(out, { ...COLUMN_SET_CERTIFICATE_OUTPUT, force });
  const lock = lockFile(out, 'column-set certificate');
  try {
    file.write(columnSetCertificateBytes(t));
  } finally {
    lock.release();
  }
}
