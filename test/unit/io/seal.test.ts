import { describe, expect, it } from 'vitest';
import { checkSeal, seal, SEAL_KEY_VARIABLE } from '../../../src/io/seal.js';

const fail = (why: string): never => {
  throw new Error(why);
};
const check = (text: string) => checkSeal(Buffer.from(text), fail);
const withKey = (key: string | undefined, f: () => void) => {
  const before = process.env[SEAL_KEY_VARIABLE];
  if (key === undefined) delete process.env[SEAL_KEY_VARIABLE];
  else process.env[SEAL_KEY_VARIABLE] = key;
  try {
    f();
  } finally {
    if (before === undefined) delete process.env[SEAL_KEY_VARIABLE];
    else process.env[SEAL_KEY_VARIABLE] = before;
  }
};

describe('the seal (src/io/seal.ts)', () => {
  it('a sealed text checks; a byte changed, or the end cut off, does not', () => {
    withKey(undefined, () => {
      const text = seal('{"format":"x","values":[\n  [0,12]\n]');
      expect(text).toMatch(/^\{"format":"x","values":\[\n {2}\[0,12\]\n\],"sha256":"[0-9a-f]{64}"\}\n$/);
      expect(JSON.parse(text)).toMatchObject({ format: 'x' });
      expect(() => check(text)).not.toThrow();
      expect(() => check(text.replace('12', '13'))).toThrow(/checksum does not match/);
      expect(() => check(text.slice(0, -20))).toThrow(/cut short or damaged/);
    });
  });

  it('the keyed seal: written with the key, checked only when the key is set, refused under another key', () => {
    let keyed = '';
    withKey('secret', () => {
      keyed = seal('{"a":1');
      expect(keyed).toMatch(/^\{"a":1,"hmac-sha256":"[0-9a-f]{64}","sha256":"[0-9a-f]{64}"\}\n$/);
      expect(() => check(keyed)).not.toThrow();
    });
    withKey(undefined, () => {
      expect(() => check(keyed)).not.toThrow(); // the checksum alone
      const plain = seal('{"a":1');
      withKey('secret', () => expect(() => check(plain)).toThrow(/not sealed with a key/));
    });
    withKey('other', () => expect(() => check(keyed)).toThrow(/HMAC does not match SUDOKU_COUNT_SEAL_KEY/));
  });
});
