import { describe, expect, it } from 'vitest';
import { grouped } from '../../../src/grid/grouped.js';

describe('grouped', () => {
  it('groups whole numbers as toLocaleString("en-US") does, without it', () => {
    const numbers = [
      0,
      -0,
      1,
      -1,
      999,
      1000,
      -1000,
      12345,
      123456,
      1234567,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53,
      1e21,
    ];
    for (const x of [...numbers, 0.5, -1234.25, 1 / 3])
      expect(grouped(x)).toBe(x.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    for (const x of [0n, -7n, 1000n, -123456789n, 6670903752021072936960n, -(10n ** 40n)])
      expect(grouped(x)).toBe(x.toLocaleString('en-US'));
    expect(grouped(6670903752021072936960n)).toBe('6,670,903,752,021,072,936,960');
  });
});
