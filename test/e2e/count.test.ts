import { describe, expect, it } from 'vitest';
import { fromJson } from '../../dist/io/json.js';
import { cli } from '../helpers/cli.js';

describe('sudoku-count count', () => {
  it('prints every stage and ends with N', async () => {
    const r = await cli(['count']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/2,612,736/);
    expect(r.stdout).toMatch(/36,288/);
    expect(r.stdout).toMatch(/\b416\b/);
    expect(r.stdout.trimEnd().endsWith('6,670,903,752,021,072,936,960')).toBe(true);
    expect(r.stderr).toBe(''); // no terminal: no progress output
  });

  it('--json prints one object with exact big integers', async () => {
    const r = await cli(['count', '--json', '--box', '3x3', '--workers', '1']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as Record<string, unknown>;
    expect(o['box']).toBe('3x3');
    expect(o['bands']).toBe(2_612_736);
    expect(o['lexReduced']).toBe(36_288);
    expect(o['classes']).toBe(416);
    expect(o['total']).toBe(6_670_903_752_021_072_936_960n);
    expect(o['totalWithFixedBox']).toBe(18_383_222_420_692_992n);
    expect(r.stdout).toContain('"total":6670903752021072936960'); // a JSON number, not a string
    const sec = o['seconds'] as Record<string, number>;
    for (const k of ['bands', 'classes', 'columnSets', 'completions', 'total']) expect(typeof sec[k]).toBe('number');
  });

  it.each([
    [['count', '--box', '0x3'], /--box.*0x3.*at least 1/],
    [['count', '--box', '3'], /--box.*'3'.*RxC/],
    [['count', '--box', '9x9'], /9x9.*too big for the band method/],
    [['count', '--box', '2x4'], /2x4.*band method/],
    [['count', '--frobnicate'], /unknown option '--frobnicate'/],
    [['count', '--workers', '0'], /--workers.*whole number/],
    [['classes', '--box', 'axb'], /--box.*RxC/],
  ])('%j → one-line error, status 2', async (args, pattern) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
  });
});
