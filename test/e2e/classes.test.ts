import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli, ROOT, tempDir } from '../helpers/cli.js';

describe('sudoku-count classes --level', () => {
  // one process per spelling of --level would recount 3x3 each time; the levels themselves are checked in
  // test/unit/io/classTableJson.test.ts
  it.each([['174', 'pair-swaps', 174]])('classes --level %s writes that level only', async (arg, name, count) => {
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
  const dir = tempDir('sudoku-classes-');
  it.each(['2x2', '2x3', '2x4', '3x2', '3x3', '4x2'])('data/classes-%s.json', async (box) => {
    const out = join(dir, `classes-${box}.json`);
    const r = await cli(['classes', '--box', box, '--out', out]);
    expect(r.code).toBe(0);
    const committed = readFileSync(join(ROOT, 'data', `classes-${box}.json`), 'utf8');
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

  it('4x2 (read from the table just regenerated): N is the published 8×8 count; the stages are computed here', () => {
    const o = fromJson(readFileSync(join(dir, 'classes-4x2.json'), 'utf8')) as Record<string, unknown>;
    expect(BigInt(o['total'] as bigint)).toBe(29_136_487_207_403_520n); // 8×8 grids with 4×2 boxes
    expect([o['bands'], o['lexReduced'], o['groupOrder'], o['classCount']]).toEqual([
      20_545_536, 428_032, 9_216, 2_783,
    ]);
  });
});

describe('sudoku-count classes by column sets', () => {
  it('writes every configuration class with its orbit, stabiliser and F', async () => {
    const r = await cli(['classes', '--box', '3x2', '--method', 'column-sets']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as {
      format: string;
      total: number;
      configurations: number;
      groupOrder: number;
      classes: Array<{ configuration: string; orbit: number; stabilizer: number; bands: number }>;
    };
    expect(o.format).toBe('sudoku-count/colsets-classes@1');
    expect(o.classes).toHaveLength(4);
    expect(o.classes.reduce((a, c) => a + c.orbit, 0)).toBe(o.configurations);
    expect(o.classes.reduce((a, c) => a + c.orbit * c.bands * c.bands, 0)).toBe(o.total);
    for (const c of o.classes) expect(c.orbit * c.stabilizer).toBe(o.groupOrder);
    expect(o.classes[0].configuration).toBe('123|123|123'); // every box's left column holds 1, 2, 3
  });

  it('--level is refused for column sets', async () => {
    const r = await cli(['classes', '--box', '5x2', '--level', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--level names a level of the band method/);
  });
});

describe('sudoku-count classes --variant --format table', () => {
  const dir = tempDir('sudoku-variant-table-');

  it('writes a compact table; --identity-from refuses a corrupt one in one line, status 2', async () => {
    const out = join(dir, 't.bin');
    const r = await cli(['classes', '--box', '2x3', '--variant', 'x', '--format', 'table', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^wrote the 16 classes of 2x3\+x \(solver route, digest [0-9a-f]{16}; N = 8,640\) to /);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 49).toString('latin1')).toBe('{"format":"sudoku-count/variant-table@1","rules":');
    const v = await cli(['classes', '--verify', out]);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(
      /: 2x3\+x, 16 classes \(solver route\), digest [0-9a-f]{16} = the classes listed now ✓; Σ orbit·value = 12 = N\/6!/,
    );
    // 9×9 (--identity-from is for 9×9): a committed table with one bit changed, refused before any work
    const bad = join(dir, 'bad.bin');
    const flipped = readFileSync(join(ROOT, 'data', 'variant-table-3x3+anti-knight.bin'));
    flipped[flipped.length - 1] ^= 1;
    writeFileSync(bad, flipped);
    const f = await cli(['essentially-different', '--variant', 'anti-knight', '--identity-from', bad]);
    expect(f.code).toBe(2);
    expect(f.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(f.stderr).toMatch(/--identity-from .*bad\.bin: its body's SHA-256 is not the header's bodySha256/);
    const g = await cli(['classes', '--verify', bad]);
    expect(g.code).toBe(2);
    expect(g.stderr).toMatch(
      /^sudoku-count: error: .*bad\.bin: its body's SHA-256 is not the header's bodySha256 \(the file is corrupt\)\n$/,
    );
  });

  it('replaces only a table it wrote, and needs --out', async () => {
    const mine = join(dir, 'notes.txt');
    writeFileSync(mine, 'my notes\n');
    const r = await cli(['classes', '--box', '2x3', '--variant', 'x', '--format', 'table', '--out', mine]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/notes\.txt exists and is not a variant table written by sudoku-count/);
    expect(readFileSync(mine, 'utf8')).toBe('my notes\n');
    const s = await cli(['classes', '--box', '2x3', '--variant', 'x', '--format', 'table']);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--format table writes a binary file: give --out FILE/);
  });
});
