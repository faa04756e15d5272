import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli, ROOT, tempDir } from '../helpers/cli.js';

/** count, classes and essentially-different with --variant through the CLI (n ≤ 6), and their refusals. */
const TMP = tempDir('sudoku-count-variant-count-');

describe('sudoku-count count --variant', () => {
  it('2x3 x: the stages, both routes, N', async () => {
    const r = await cli(['count', '--box', '2x3', '--variant', 'x']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/variant symmetry group G_V .* 8 {2}× 6! relabellings = 5,760/);
    expect(r.stdout).toMatch(
      /classes \(the 4 elements of G_V keeping the block; relabel\) +16 .*Σ m_C = 36 = blocks ✓/,
    );
    expect(r.stdout).toMatch(/exhaustive route .* 8,640 .*= N ✓/);
    expect(r.stdout).toMatch(/\nN = 6! · Σ m_C·n_C = 8,640\n$/);
  });

  it('--json: N exact, both routes', async () => {
    const r = await cli(['count', '--box', '3x2', '--variant', 'anti-king', '--json']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as Record<string, unknown>;
    expect(o['rules']).toBe('3x2+anti-king');
    expect(BigInt(o['total'] as number)).toBe(74_160n);
    expect(o['exhaustive']).toBe(o['total']);
  });

  it('essentially-different --variant: the group order, Burnside = direct', async () => {
    const r = await cli(['essentially-different', '--box', '2x3', '--variant', 'x']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\|G_V\| = 8 .*order with relabelling 5,760/);
    expect(r.stdout).toMatch(/= Burnside ✓/);
    expect(r.stdout).toMatch(/Essentially different grids: 3\n$/);
  });

  it('essentially-different --variant x --group: the 9x9 group, named, with its order', async () => {
    const r = await cli(['essentially-different', '--variant', 'x', '--group']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/G_V: the 96 of the 3,359,232 line moves .*transposition/);
    expect(r.stdout).toMatch(/with relabelling: 96 × 9! = 34,836,480/);
    const j = fromJson((await cli(['essentially-different', '--variant', 'windoku', '--group', '--json'])).stdout);
    expect((j as Record<string, unknown>)['groupOrder']).toBe(128);
  });

  it('classes --variant --out writes the committed table, and replaces only its own kind', async () => {
    const out = join(TMP, 'x.json');
    const r = await cli(['classes', '--box', '2x3', '--variant', 'x', '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(ROOT, 'data', 'variant-classes-2x3+x.json'), 'utf8'));
    expect((await cli(['classes', '--box', '2x3', '--variant', 'x', '--out', out])).code).toBe(0);
    const mine = join(TMP, 'mine.txt');
    writeFileSync(mine, 'precious\n');
    const refused = await cli(['classes', '--box', '2x3', '--variant', 'x', '--out', mine]);
    expect(refused.code).toBe(2);
    expect(readFileSync(mine, 'utf8')).toBe('precious\n');
  });

  it.each([
    [['count', '--variant', 'x'], /3x3: variant totals are counted for n ≤ 6 .*band-pair method is not built/],
    [['count', '--box', '2x3', '--variant', 'windoku'], /windoku is defined on 9x9/],
    [['count', '--box', '2x3', '--variant', 'frob'], /unknown variant 'frob'/],
    [['count', '--box', '2x3', '--variant', 'x', '--counter', 'dlx'], /count --variant takes .* not --counter/],
    [['count', '--box', '1x5'], /box shape 1x5: counting needs boxes of at least 2 rows/],
    [['essentially-different', '--box', '1x5'], /1x5: Burnside's identity term needs the band method/],
    [['essentially-different', '--box', '2x3', '--variant', 'x', '--direct'], /not --direct/],
    [['classes', '--box', '4x4', '--variant', 'x'], /4x4.*count handles/],
    [['essentially-different', '--group'], /--group is for --variant/],
  ])('%j → one line, status 2', async (args, pattern) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  });
});
