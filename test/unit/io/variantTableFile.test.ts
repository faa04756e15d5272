import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveRules } from '../../../src/grid/support.js';
import { InputError } from '../../../src/grid/shape.js';
import { parseVariantTable, VARIANT_TABLE_FORMAT, variantTableBytes } from '../../../src/io/variantTableFile.js';
import { countVariantGridsOf } from '../../../src/variants/countVariantGrids.js';
import {
  variantTableOf,
  variantUnits,
  verifyVariantTableOf,
  type VariantTable,
} from '../../../src/variants/variantTable.js';
import { ROOT } from '../../helpers/paths.js';
import { variantClassSum } from '../../../src/classSum/variantClassSum.js';

/** A small shape's table, built as `classes --variant V --format table` builds it. */
function tableOf(box: string, variant: string): { table: VariantTable; bytes: Uint8Array } {
  const rules = resolveRules('variant-count', box, variant);
  const count = countVariantGridsOf(rules, { exhaustive: 'none' });
  const table = variantTableOf(rules, count, variantUnits(rules));
  return { table, bytes: variantTableBytes(table) };
}

/** The bytes with the header rewritten (and the body's SHA-256 kept or recomputed). */
function withHeader(bytes: Uint8Array, edit: (h: Record<string, unknown>) => void, body?: Uint8Array): Uint8Array {
  const end = bytes.indexOf(10);
  const h = JSON.parse(Buffer.from(bytes.subarray(0, end)).toString('utf8')) as Record<string, unknown>;
  const b = body ?? bytes.subarray(end + 1);
  if (body) {
    h['bodyBytes'] = body.length;
    h['bodySha256'] = createHash('sha256').update(body).digest('hex');
  }
  edit(h);
  return Buffer.concat([Buffer.from(JSON.stringify(h) + '\n'), b]);
}

const refused = (bytes: Uint8Array): string => {
  try {
    parseVariantTable(bytes, 't.bin');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('not refused');
};

describe('variant tables (sudoku-count/variant-table@1)', () => {
  const { table, bytes } = tableOf('2x3', 'x');

  it('read back as written, and checked against the class list listed again', () => {
    const back = parseVariantTable(bytes, 't.bin');
    expect(back).toEqual(table);
    expect(back.route).toBe('solver');
    expect(back.units).toBe('classes');
    expect(back.totalWithFixedRow).toBe(12n); // 2x3 X: N = 8,640 = 6!·12
    const rules = resolveRules('variant-count', '2x3', 'x');
    const units = verifyVariantTableOf(back, rules);
    expect(units.count).toBe(16);
    expect(Buffer.from(bytes.subarray(0, bytes.indexOf(10))).toString('utf8')).toMatch(
      /^\{"format":"sudoku-count\/variant-table@1","rules":"2x3\+x",/,
    );
  });

  it("on the solver's route, the digest is a sharded count's class-list digest (a table and a plan match)", () => {
    expect(table.digest).toBe(variantClassSum('2x3+x').classList().digest);
  });

  it('are the same bytes when written again (no timings, no compression)', () => {
    expect(Buffer.from(tableOf('2x3', 'x').bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('hold values of any size below 2^53 (LEB128)', () => {
    const sum = 127n * (2n ** 53n - 1n) + 128n * 300n;
    const big: VariantTable = {
      ...table,
      count: 3,
      orbits: Float64Array.of(1, 127, 128),
      values: Float64Array.of(0, 2 ** 53 - 1, 300),
      orbitSum: 256,
      totalWithFixedRow: sum,
      total: 720n * sum,
    };
    expect(parseVariantTable(variantTableBytes(big), 'big.bin')).toEqual(big);
  });

  it('refuse what is not a variant table, or another version of one, by name', () => {
    expect(refused(Buffer.from('{\n  "format": "sudoku-count/variant-classes@1",\n'))).toMatch(
      /^t\.bin: not a variant table \(no sudoku-count\/variant-table@1 header line\)$/,
    );
    expect(refused(Buffer.from('{"format":"sudoku-count/shard-plan@1"}\n'))).toBe(
      `t.bin: a sudoku-count/shard-plan@1 file, not a variant table (${VARIANT_TABLE_FORMAT})`,
    );
    expect(refused(withHeader(bytes, (h) => (h['format'] = 'sudoku-count/variant-table@2')))).toMatch(
      /format sudoku-count\/variant-table@2, which this version does not read/,
    );
    expect(refused(Buffer.from(''))).toMatch(/not a variant table/);
  });

  it('refuse a corrupt, cut or lengthened body, and sums that do not hold', () => {
    const flipped = Uint8Array.from(bytes);
    flipped[flipped.length - 3] ^= 1;
    expect(refused(flipped)).toMatch(/SHA-256 is not the header's bodySha256 \(the file is corrupt\)$/);
    expect(refused(bytes.subarray(0, bytes.length - 1))).toMatch(/body is \d+ bytes, the header says \d+/);
    expect(refused(Buffer.concat([bytes, Buffer.from([0])]))).toMatch(/body is \d+ bytes/);
    expect(refused(withHeader(bytes, (h) => (h['totalWithFixedRow'] = 13)))).toMatch(
      /units add up to Σ orbit·value = 12, not totalWithFixedRow 13$/,
    );
    expect(refused(withHeader(bytes, (h) => (h['total'] = 8641)))).toMatch(/total 8641 is not 6! ×/);
    expect(refused(withHeader(bytes, (h) => (h['count'] = 15)))).toMatch(/holds more than the 15 units/);
    expect(refused(withHeader(bytes, (h) => (h['digest'] = 'xyz')))).toMatch(/digest is not 16 hex digits/);
    expect(refused(withHeader(bytes, () => {}, Uint8Array.of(1, 128)))).toMatch(/ends before the 16 units/);
  });

  it('are refused against a class list they do not belong to, by digest, route or rules', () => {
    const rules = resolveRules('variant-count', '2x3', 'x');
    expect(() => verifyVariantTableOf({ ...table, digest: '0123456789abcdef' }, rules)).toThrow(
      /holds 16 classes with digest 0123456789abcdef; this version lists 16 with digest [0-9a-f]{16}$/,
    );
    expect(() => verifyVariantTableOf({ ...table, route: 'middle-band', units: 'middle-band classes' }, rules)).toThrow(
      /its values are middle-band classes of the middle-band route; this version counts 2x3\+x by the solver route/,
    );
    const other = resolveRules('variant-count', '3x2', 'x');
    expect(() => verifyVariantTableOf(table, other)).toThrow(/checked against the rules 3x2\+x/);
  });

  it('the schema lists every header key the writer writes, in its order', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'data', 'variant-table.schema.json'), 'utf8')) as {
      required: string[];
      $id: string;
    };
    const head = JSON.parse(Buffer.from(bytes.subarray(0, bytes.indexOf(10))).toString('utf8')) as object;
    expect(Object.keys(head)).toEqual(schema.required);
    expect(schema.$id).toBe(VARIANT_TABLE_FORMAT);
  });

  it('a table of another route (a later version) is read and summed all the same', () => {
    const t = { ...table, route: 'middle-band', units: 'middle-band classes' };
    expect(parseVariantTable(variantTableBytes(t), 'mb.bin')).toEqual(t);
  });
});
