import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli, cliProcess, tempDir } from '../helpers/cli.js';

/** The commands rank, unrank and sample, run as a user runs them (2×2 and 2×3 keep each run short). */

/** One JSON object a line (--json), as read back. */
const jsonLines = <T>(out: string): T[] =>
  out
    .trim()
    .split('\n')
    .map((l) => fromJson(l) as T);

describe('sudoku-count unrank and rank', () => {
  it('unrank prints grids in the text format of solve, and rank gives their numbers back', async () => {
    const u = await cli(['unrank', '--box', '2x2', '0', '1', '287']);
    expect(u.code).toBe(0);
    expect(u.stderr).toBe('');
    expect(u.stdout).toBe('1234341221434321\n1234341223414123\n4312213412433421\n');
    const r = await cli(['rank', '--box', '2x2', ...u.stdout.trim().split('\n')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('0\n1\n287\n');
  });

  it('--file and stdin, numbers of any size, --json with exact big integers', async () => {
    const dir = tempDir();
    const numbers = join(dir, 'numbers.txt');
    writeFileSync(numbers, '# grid numbers\n0\n\n28200959\n');
    const u = await cli(['unrank', '--box', '2x3', '--file', numbers, '--json']);
    expect(u.code).toBe(0);
    const rows = jsonLines<{ index: bigint | number; grid: string }>(u.stdout);
    expect(rows.map((o) => BigInt(o.index))).toEqual([0n, 28_200_959n]);
    // stdin piped into the installed program, as a child
    const r = await cliProcess(['rank', '--box', '2x3', '-', '--json'], {
      input: rows.map((o) => o.grid).join('\n') + '\n',
    });
    expect(r.code).toBe(0);
    const back = jsonLines<{ rank: bigint | number; grid: string }>(r.stdout);
    expect(back.map((o) => BigInt(o.rank))).toEqual([0n, 28_200_959n]);
    expect(back.map((o) => o.grid)).toEqual(rows.map((o) => o.grid));
  });
});

describe('sudoku-count sample', () => {
  it('prints --count grids, the same ones for any --workers; the seed is printed when not given', async () => {
    const one = await cli(['sample', '--box', '2x3', '--count', '1500', '--seed', '7']);
    const two = await cli(['sample', '--box', '2x3', '--count', '1500', '--seed', '7', '--workers', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(one.stdout.split('\n')).toHaveLength(1501);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stderr).toBe('');
    const unseeded = await cli(['sample', '--box', '2x2']);
    expect(unseeded.code).toBe(0);
    expect(unseeded.stdout).toMatch(/^[1-4]{16}\n$/);
    expect(unseeded.stderr).toMatch(/seed \d+/);
  });

  it('--json: seed, index, grid; the index unranks to the grid', async () => {
    const s = await cli(['sample', '--box', '2x3', '--count', '3', '--seed', '11', '--json']);
    expect(s.code).toBe(0);
    const rows = s.stdout
      .trim()
      .split('\n')
      .map((l) => fromJson(l) as { seed: number; index: bigint | number; grid: string });
    expect(rows).toHaveLength(3);
    const u = await cli(['unrank', '--box', '2x3', ...rows.map((o) => String(o.index))]);
    expect(u.stdout.trim().split('\n')).toEqual(rows.map((o) => o.grid));
    expect(rows.every((o) => o.seed === 11)).toBe(true);
  });
});

describe('bad input: one line naming the problem, status 2, nothing on stdout', () => {
  const grid = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
  it.each([
    [['rank', grid.slice(0, 80) + '8'], /two 8s in row 9/],
    [['rank', grid.slice(0, 80)], /80 cells.*81/],
    [['rank', grid.slice(0, 40) + 'x' + grid.slice(41)], /character 41 'x'/],
    [['rank', grid.slice(0, 40) + '.' + grid.slice(41)], /r5c5 is empty/],
    [['rank'], /no grids/],
    [['unrank', '-5'], /'-5' is negative/],
    [['unrank', '--box', '2x2', '288'], /288 is not below N = 288/],
    [['unrank', '1.5'], /'1.5' is not a whole decimal number/],
    [['unrank', ''], /empty/],
    [['unrank', 'abc'], /'abc' is not a whole decimal number/],
    [['sample', '--count', '0'], /--count.*whole number ≥ 1/],
    [['sample', '--count', '-1'], /--count.*whole number ≥ 1/],
    [['sample', '--seed', 'x'], /--seed.*whole number/],
    [['sample', '--box', '2x4'], /2x4.*4 bands are more than the grid index handles.*numbered for 2x2/],
    [['unrank', '--box', '4x4', '0'], /4x4.*n = 16/],
  ])('%j', async (args, pattern) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
