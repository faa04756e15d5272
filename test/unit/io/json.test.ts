import { describe, expect, it } from 'vitest';
import { fromJson, toJson } from '../../../src/io/json.js';

describe('JSON with exact big integers', () => {
  it('writes BigInt as a plain number and reads it back exactly', () => {
    const text = toJson({ total: 6_670_903_752_021_072_936_960n, small: 288n, x: 1.5 });
    expect(text).toBe('{"total":6670903752021072936960,"small":288,"x":1.5}');
    expect(fromJson(text)).toEqual({ total: 6_670_903_752_021_072_936_960n, small: 288, x: 1.5 });
  });

  it('reads long decimals as doubles and safe integers as numbers', () => {
    const o = fromJson(
      '{"mean":6.689874271757641e+21,"p":0.123456789012345678,"n":1234567890123456,' +
        '"big":-12345678901234567890,"s":"12345678901234567890"}',
    ) as Record<string, unknown>;
    expect(o['mean']).toBe(6.689874271757641e21);
    // eslint-disable-next-line no-loss-of-precision -- the same long decimal as the JSON text above
    expect(o['p']).toBeCloseTo(0.123456789012345678, 15);
    expect(o['n']).toBe(1234567890123456);
    expect(o['big']).toBe(-12345678901234567890n);
    expect(o['s']).toBe('12345678901234567890');
  });

  it.each(['{"a":1', '[1,]', 'nul', '{"a":1} x', '"open'])('rejects malformed %j with a position', (text) => {
    expect(() => fromJson(text)).toThrow(/JSON: .* at position \d+/);
  });

  it('keeps nested arrays and objects', () => {
    expect(fromJson('[{"a":[1,2,{"b":99999999999999999999}]}]')).toEqual([{ a: [1, 2, { b: 99999999999999999999n }] }]);
  });
});
