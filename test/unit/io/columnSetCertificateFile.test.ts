import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { columnSetClassTable } from '../../../src/colsets/countByColumnSets.js';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';
import {
  certificateOfTable,
  columnSetCertificateOf,
  verifyCertificateClasses,
} from '../../../src/colsets/columnSetCertificate.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import {
  COLUMN_SET_CERTIFICATE_FORMAT,
  columnSetCertificateBytes,
  parseColumnSetCertificate,
} from '../../../src/io/columnSetCertificateFile.js';
import { fromJson, toJson } from '../../../src/io/json.js';

/** 4×2 (26 classes, N known two ways in the count's own tests): its whole certificate, and one of 5 classes. */
const table = await columnSetClassTable({ box: '4x2', workers: 1 });
const whole = certificateOfTable(table);
const classes = configurationClasses(4);
const some = new Map([0, 3, 7, 8, 25].map((c) => [c, table.classRows[c].bands]));
const partial = columnSetCertificateOf(boxShape(4, 2), classes, some, '0123456789abcdef');

/** The bytes with the header edited (the body's SHA-256 recomputed when a body is given). */
function withHeader(bytes: Uint8Array, edit: (h: Record<string, unknown>) => void, body?: Uint8Array): Uint8Array {
  const end = bytes.indexOf(10);
  const h = fromJson(Buffer.from(bytes.subarray(0, end)).toString('utf8')) as Record<string, unknown>;
  const b = body ?? bytes.subarray(end + 1);
  if (body) {
    h['bodyBytes'] = body.length;
    h['bodySha256'] = createHash('sha256').update(body).digest('hex');
  }
  edit(h);
  return Buffer.concat([Buffer.from(toJson(h) + '\n'), b]);
}

const refused = (bytes: Uint8Array): string => {
  try {
    parseColumnSetCertificate(bytes, 'c.bin');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('column-set certificate file', () => {
  it('a whole count: N = Σ orbit·F², Σ orbit = C(8,4)^4; read back equal, byte for byte the same again', () => {
    expect(whole.total).toBe(29136487207403520n);
    expect(whole.orbitSum).toBe(70n ** 4n);
    const bytes = columnSetCertificateBytes(whole);
    expect(Buffer.from(bytes.subarray(0, 46)).toString()).toBe(`{"format":"${COLUMN_SET_CERTIFICATE_FORMAT}","box"`);
    const back = parseColumnSetCertificate(bytes, 'c.bin');
    expect([...back.ids]).toEqual([...whole.ids]);
    expect([...back.orbits]).toEqual([...whole.orbits]);
    expect(back.values).toEqual(whole.values);
    expect([back.total, back.digest, back.plan, back.box]).toEqual([whole.total, table.digest, null, '4x2']);
    expect(columnSetCertificateBytes(back)).toEqual(bytes);
    verifyCertificateClasses(back, classes, 'c.bin'); // the class list listed again: same digest and orbits
  });

  it('a partial one says so: 5 of 26 classes, a partial sum and no N; its classes and values kept', () => {
    const bytes = columnSetCertificateBytes(partial);
    const head = fromJson(Buffer.from(bytes.subarray(0, bytes.indexOf(10))).toString()) as Record<string, unknown>;
    expect([head['held'], head['classes'], head['complete'], head['total']]).toEqual([5, 26, false, null]);
    const back = parseColumnSetCertificate(bytes, 'c.bin');
    expect([...back.ids]).toEqual([0, 3, 7, 8, 25]);
    expect(back.values).toEqual([0, 3, 7, 8, 25].map((c) => table.classRows[c].bands));
    expect(back.total).toBeNull();
    expect(back.squares).toBeLessThan(whole.total!);
  });

  it('refuses, naming the file: cut short, a byte changed, another version, a partial naming N, sums edited', () => {
    const bytes = columnSetCertificateBytes(whole);
    expect(refused(bytes.subarray(0, bytes.length - 1))).toMatch(
      /^c\.bin: its body is \d+ bytes, the header says \d+ \(cut short/,
    );
    const flipped = Uint8Array.from(bytes);
    flipped[flipped.length - 3] ^= 1;
    expect(refused(flipped)).toMatch(/its body's SHA-256 is not the header's bodySha256/);
    expect(refused(withHeader(bytes, (h) => (h['format'] = 'sudoku-count/colsets-table@2')))).toMatch(
      /format sudoku-count\/colsets-table@2, which this version does not read/,
    );
    const p = columnSetCertificateBytes(partial);
    expect(refused(withHeader(p, (h) => (h['total'] = h['squares'])))).toMatch(/a partial sum is not N/);
    expect(refused(withHeader(p, (h) => (h['complete'] = true)))).toMatch(/complete is true, but it holds 5 of 26/);
    expect(refused(withHeader(bytes, (h) => (h['squares'] = (h['squares'] as bigint) + 1n)))).toMatch(
      /its Σ orbit·F² is \d+, not squares/,
    );
    expect(refused(new Uint8Array([123, 125, 10]))).toMatch(/not a column-set certificate/);
  });

  it('a value edited with its sums and checksum made to fit reads as sound: only a recount catches it', () => {
    // the body of `partial` with class 3's F one more, and the header's sums made to fit
    const edited = { ...partial, values: partial.values.map((v, i) => (i === 1 ? v + 1n : v)) };
    const o = BigInt(partial.orbits[1]);
    const f = partial.values[1];
    const forged = {
      ...edited,
      bands: partial.bands + o,
      squares: partial.squares + o * (2n * f + 1n),
    };
    const back = parseColumnSetCertificate(columnSetCertificateBytes(forged), 'c.bin');
    expect(back.values[1]).toBe(f + 1n);
    // the class list still fits (orbits, digest): the check of src/shards/checkColumnSetCertificate.ts recounts
    verifyCertificateClasses(back, classes, 'c.bin');
  });

  it('against another class list, or an orbit edited: refused by name', () => {
    expect(() => verifyCertificateClasses(whole, configurationClasses(3), 'c.bin')).toThrow(
      /c\.bin: it names 26 classes of 4x2 with digest [0-9a-f]{16}; the class list here has \d+ of 3x2/,
    );
    const orbits = Float64Array.from(whole.orbits);
    orbits[2] += 1;
    expect(() => verifyCertificateClasses({ ...whole, orbits }, classes, 'c.bin')).toThrow(
      /c\.bin: class 2 has orbit \d+ there, \d+ here/,
    );
  });
});
