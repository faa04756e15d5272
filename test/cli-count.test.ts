import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../dist/io/json.js';

const run = promisify(execFile);
const CLI = join(__dirname, '..', 'dist', 'cli', 'main.js');

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, CI: 'true' } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

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

describe('sudoku-count chain and classes --level', () => {
  it('chain --json: the steps 2,612,736 → 36,288 → 416 → 174 → 71 → 44, verified', async () => {
    const r = await cli(['chain', '--json']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as {
      steps: Array<{ step: string; count: number; seconds: number; mismatches?: number }>;
      distinctCompletions: number;
      verified: boolean;
      total: bigint;
    };
    expect(o.steps.map((s) => s.count)).toEqual([2_612_736, 36_288, 416, 174, 71, 44]);
    expect(o.steps.map((s) => s.step)).toEqual([
      'bands',
      'lexReduced',
      'symmetry',
      'pair-swaps',
      'rectangles',
      'column-sets',
    ]);
    for (const s of o.steps) expect(typeof s.seconds).toBe('number');
    expect(o.steps.slice(2).every((s) => s.mismatches === 0)).toBe(true);
    expect(o.distinctCompletions).toBe(44);
    expect(o.verified).toBe(true);
    expect(o.total).toBe(6_670_903_752_021_072_936_960n);
  });

  it('chain prints the chain line and ends with N', async () => {
    const r = await cli(['chain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2,612,736 → 36,288 → 416 → 174 → 71 → 44');
    expect(r.stdout.trimEnd().endsWith('6,670,903,752,021,072,936,960')).toBe(true);
  });

  it.each([
    ['174', 'pair-swaps', 174],
    ['71', 'rectangles', 71],
    ['column-sets', 'column-sets', 44],
  ])('classes --level %s writes that level only', async (arg, name, count) => {
    const r = await cli(['classes', '--level', arg]);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as {
      level: string;
      classCount: number;
      classes: Array<{ bands: number; members: number[] }>;
      chain?: unknown;
    };
    expect(o.level).toBe(name);
    expect(o.classCount).toBe(count);
    expect(o.classes).toHaveLength(count);
    expect(o.chain).toBeUndefined();
    expect(o.classes.reduce((a, c) => a + c.bands, 0)).toBe(2_612_736);
  });

  it('classes --level with no such level is a one-line error, status 2', async () => {
    const r = await cli(['classes', '--box', '2x3', '--level', '416']);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--level 416: no level of 2x3/);
  });
});

describe('sudoku-count classes: the committed tables regenerate byte for byte', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-classes-'));
  it.each(['2x2', '2x3', '3x2', '3x3', '4x2'])('data/classes-%s.json', async (box) => {
    const out = join(dir, `classes-${box}.json`);
    const r = await cli(['classes', '--box', box, '--out', out]);
    expect(r.code).toBe(0);
    const committed = readFileSync(join(__dirname, '..', 'data', `classes-${box}.json`), 'utf8');
    expect(readFileSync(out, 'utf8')).toBe(committed);
    const o = fromJson(committed) as {
      classes: Array<{ bands: number; completions: number }>;
      bands: number;
      total: bigint | number;
      n: number;
    };
    let sizes = 0;
    let sum = 0n;
    for (const c of o.classes) {
      sizes += c.bands;
      sum += BigInt(c.bands) * BigInt(c.completions);
    }
    expect(sizes).toBe(o.bands);
    let fact = 1n;
    for (let i = 2n; i <= BigInt(o.n); i++) fact *= i;
    expect(sum * fact).toBe(BigInt(o.total)); // json-bigint gives a number below 2^53, a bigint above
  });
});
