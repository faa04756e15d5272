import { describe, expect, it } from 'vitest';
import { AddressReader } from '../../src/web/ui/addressReader.js';

/**
 * The site's address parameters (src/web/ui/addressReader.ts): a value the page does not offer gives the default,
 * as before, and is named in the notice the page shows (page.ts, showIgnored). Runs in Node with `npm test`.
 */
const SHAPES = ['2x2', '2x3', '3x2', '3x3'];

describe('AddressReader: the page says which parameter it ignored', () => {
  it('an unknown box, method or op: the default, and a line naming it', () => {
    const r = new AddressReader(new URLSearchParams('box=9x9&method=magic&op=sample'));
    expect(r.choice('box', SHAPES, '3x3')).toBe('3x3');
    expect(r.choice('method', ['knuth', 'crude'], 'knuth')).toBe('knuth');
    expect(r.choice('op', ['sample', 'rank'], 'sample')).toBe('sample');
    expect(r.ignored).toEqual([
      'box=9x9 is not one of 2x2, 2x3, 3x2, 3x3: showing 3x3',
      'method=magic is not one of knuth, crude: showing knuth',
    ]);
    const op = new AddressReader(new URLSearchParams('op=guess'));
    expect(op.choice('op', ['sample', 'unrank', 'rank'], 'sample')).toBe('sample');
    expect(op.ignored).toEqual(['op=guess is not one of sample, unrank, rank: showing sample']);
  });

  it('a daily date that is not one: empty (a new seed), named; a real date kept', () => {
    for (const bad of ['2025-13-45', '2025-02-30', 'yesterday', '2025-3-14']) {
      const r = new AddressReader(new URLSearchParams({ daily: bad }));
      expect(r.date('daily')).toBe('');
      expect(r.ignored).toEqual([`daily=${bad} is not a date YYYY-MM-DD: left empty`]);
    }
    const ok = new AddressReader(new URLSearchParams('daily=2024-02-29'));
    expect(ok.date('daily')).toBe('2024-02-29');
    expect(ok.ignored).toEqual([]);
  });

  it('what it takes and what is absent is not noted; unknown names in a list are', () => {
    const r = new AddressReader(new URLSearchParams('box=2x3&variant=x,magic,windoku'));
    expect(r.choice('box', SHAPES, '3x3')).toBe('2x3');
    expect(r.choice('method', ['knuth'], 'knuth')).toBe('knuth');
    expect(r.date('daily')).toBe('');
    expect(r.list('variant', ['x', 'windoku'])).toEqual(['x', 'windoku']);
    expect(r.ignored).toEqual(['variant=magic is not among x, windoku: left out']);
  });
});
