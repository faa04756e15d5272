import { variantTableSumProblem, type VariantTable } from '../variants/variantTable.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { readTableFile, tableFileBytes } from './tableFile.js';

/**
 * A variant table as a file (`classes --variant V --format table`, data/variant-table-<rules>.bin; the header's
 * schema is data/variant-table.schema.json): one line of JSON, then the values in binary.
 *
 *   {"format":"sudoku-count/variant-table@1","rules":"3x3+x",…,"bodyBytes":B,"bodySha256":"…"}\n
 *   orbit₀ value₀ orbit₁ value₁ …        B bytes: per unit, in order, two unsigned LEB128 varints
 *                                         (7 bits a byte, low first, high bit set on every byte but the last)
 *
 * Header keys, in this order: format, rules, box, n, variants, route, units, count, digest, orbitSum,
 * totalWithFixedRow, total, bodyBytes, bodySha256 (64 hex digits), and, written only when SUDOKU_COUNT_SEAL_KEY is
 * set, hmacSha256: the HMAC-SHA256 under that key of the header line without it (newline included) and the body
 * (src/io/seal.ts; a reader with the variable set refuses a table without it, or with one the key does not give).
 * No timings, no gzip: the same values give the
 * same bytes on every machine (a deflate stream's bytes depend on the zlib build), so a regenerated table
 * compares byte for byte; git stores it compressed anyway.
 *
 * Reading checks, each failure one line naming the file: the tag (another format, or another version of this
 * one, is refused by name), every header key's type, the body's length and SHA-256, that the body holds exactly
 * `count` pairs, and the sums (Σ orbit = orbitSum, Σ orbit·value = totalWithFixedRow, total = n!·that). Whether
 * the units are the ones this version lists is src/variants/variantTable.ts's verifyVariantTable.
 */
export const VARIANT_TABLE_FORMAT = 'sudoku-count/variant-table@1';

const TAG = 'sudoku-count/variant-table@';

/** What a variant table looks like to `prepareOutput`: it may replace an earlier one, nothing else. */
export const VARIANT_TABLE_OUTPUT = {
  what: 'variant table',
  isOurs: (head: string): boolean => head.startsWith(`{"format":"${TAG}`),
} as const;

/** The file's bytes. */
export function variantTableBytes(t: VariantTable): Uint8Array {
  const body = new Uint8Array(t.count * 16);
  let at = 0;
  const put = (x: number): void => {
    if (!Number.isSafeInteger(x) || x < 0) throw new Error(`internal: ${x} is not a whole number below 2^53`);
    while (x >= 128) {
      body[at++] = (x % 128) | 128;
      x = Math.floor(x / 128);
    }
    body[at++] = x;
  };
  for (let u = 0; u < t.count; u++) {
    put(t.orbits[u]);
    put(t.values[u]);
  }
  return tableFileBytes(
    {
      format: VARIANT_TABLE_FORMAT,
      rules: t.rules,
      box: t.box,
      n: t.n,
      variants: t.variants,
      route: t.route,
      units: t.units,
      count: t.count,
      digest: t.digest,
      orbitSum: t.orbitSum,
      totalWithFixedRow: t.totalWithFixedRow,
      total: t.total,
    },
    body.subarray(0, at),
  );
}

/** Read a variant table file; InputError (one line, naming `path`) when it cannot be read or is not a sound table. */
export function readVariantTable(path: string): VariantTable {
  return parseVariantTable(readBounded(path, { what: 'variant table', maxBytes: READ_LIMITS.variantTable }), path);
}

/**
 * The table in a file's bytes; `where` names it in errors. With SUDOKU_COUNT_SEAL_KEY set its keyed seal is checked
 * too (and the table comes back `keyed`), unless `options.key` is false: a table the repository ships
 * (src/io/shippedVariantTable.ts), which carries none.
 */
export function parseVariantTable(
  bytes: Uint8Array,
  where: string,
  options: { readonly key?: boolean } = {},
): VariantTable {
  const { fail, value, text, whole, big, body, keyed } = readTableFile(
    bytes,
    where,
    { format: VARIANT_TABLE_FORMAT, what: 'variant table' },
    options.key !== false,
  );
  const variants = value('variants');
  if (!Array.isArray(variants) || variants.length === 0 || !variants.every((v) => typeof v === 'string'))
    fail('header key variants is not a list of names');
  const digest = text('digest');
  if (!/^[0-9a-f]{16}$/.test(digest)) fail('header key digest is not 16 hex digits');
  const count = whole('count');
  const orbits = new Float64Array(count);
  const values = new Float64Array(count);
  let at = 0;
  const next = (): number => {
    let x = 0;
    let scale = 1;
    for (;;) {
      if (at >= body.length) return fail(`its body ends before the ${count} units of the header`);
      const b = body[at++];
      x += (b & 127) * scale;
      if (b < 128) break;
      scale *= 128;
      if (scale > 2 ** 53) fail(`a value at byte ${at} of the body is not below 2^53`);
    }
    if (!Number.isSafeInteger(x)) fail(`a value at byte ${at} of the body is not below 2^53`);
    return x;
  };
  for (let u = 0; u < count; u++) {
    orbits[u] = next();
    values[u] = next();
  }
  if (at !== body.length) fail(`its body holds more than the ${count} units of the header`);
  const table: VariantTable = {
    rules: text('rules'),
    box: text('box'),
    n: whole('n'),
    variants: variants as string[],
    route: text('route'),
    units: text('units'),
    count,
    digest,
    orbitSum: whole('orbitSum'),
    totalWithFixedRow: big('totalWithFixedRow'),
    total: big('total'),
    orbits,
    values,
    ...(keyed ? { keyed: true } : {}),
  };
  const problem = variantTableSumProblem(table);
  if (problem) fail(problem);
  return table;
}
