import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli, tempDir } from '../helpers/cli.js';

describe('sudoku-count essentially-different', () => {
  it('2x3: the table of non-zero classes and the total 49', async () => {
    const r = await cli(['essentially-different', '--box', '2x3']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/3,456 elements, 90 conjugacy classes; 32 with fixed grids, 54 zero by the unit lemma/);
    expect(r.stdout).toMatch(/^\s+0\s+1\s+1\s+identity\s+1⁶\s+39,168\s/m);
    expect(r.stdout).toMatch(/Σ size·fixed = 169,344 = 3,456 × 49/);
    expect(r.stdout.trimEnd().endsWith('Essentially different grids: 49')).toBe(true);
  });

  it('--json: every class, with sizes adding up to |G|, and the same numbers with --workers 2', async () => {
    const a = await cli(['essentially-different', '--box', '3x2', '--json', '--workers', '1']);
    const b = await cli(['essentially-different', '--box', '3x2', '--json', '--workers', '2']);
    expect(a.code).toBe(0);
    const o = fromJson(a.stdout) as {
      total: number;
      groupOrder: number;
      classRows: Array<{ size: number; fixed: number; terms: Array<{ count: number }> }>;
    };
    const p = fromJson(b.stdout) as typeof o;
    expect(o.total).toBe(49);
    expect(o.classRows).toHaveLength(90);
    expect(o.classRows.reduce((s, c) => s + c.size, 0)).toBe(o.groupOrder);
    expect(p.classRows.map((c) => [c.size, c.fixed])).toEqual(o.classRows.map((c) => [c.size, c.fixed]));
  });

  it('--direct --automorphisms: direct route agrees; census by |Aut| printed (2x2) and in JSON (2x3)', async () => {
    const r = await cli(['essentially-different', '--box', '2x2', '--direct', '--automorphisms']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/direct route: 12 grids with box 1 standard \(exact cover\), 2 orbits = Burnside ✓/);
    expect(r.stdout).toMatch(/^\s+32\s+1$/m);
    expect(r.stdout).toMatch(/non-trivial: 2/);
    const j = await cli(['essentially-different', '--box', '2x3', '--automorphisms', '--direct', '--json']);
    const o = fromJson(j.stdout) as {
      automorphisms: { byOrder: Array<[number, number]>; nonTrivial: number; weightedSum: number };
      direct: { orbits: number; grids: number };
    };
    expect(o.automorphisms.nonTrivial).toBe(48);
    expect(o.automorphisms.weightedSum).toBe(39_168);
    expect(o.direct).toMatchObject({ orbits: 49, grids: 39_168 });
  });

  it('bad input: one line on stderr, nothing on stdout, status 2', async () => {
    for (const args of [
      ['--box', '4x4'],
      ['--box', '3x4'],
      // (6x2's and 2x6's refusal of the total while the shipped certificate is partial: burnsideTerms.test.ts)
      ['--box', '3x4', '--classes'],
      ['--box', '6x2', '--classes', '--workers', '2'],
      ['--box', '3x1'],
      ['--box', 'nine'],
      ['--workers', '0'],
      ['--workers', 'two'],
      ['--workers', '100000'],
      ['--box', '3x3', '--direct'],
      // the Burnside terms' class sum: --plan without --shards, --shards on 3x3, --automorphisms on 5x2
      ['--box', '5x2', '--plan', join(tempDir(), 'p.json')],
      ['--shards', '4'],
      ['--box', '5x2', '--automorphisms'],
    ]) {
      const r = await cli(['essentially-different', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });

  it('--classes: the classes and lemma zeros of 2x3 as the count has them', async () => {
    const c = await cli(['essentially-different', '--box', '2x3', '--classes', '--json']);
    const k = await cli(['essentially-different', '--box', '2x3', '--json']);
    expect(c.code).toBe(0);
    type Row = { id: number; size: number; element: number; relabellings: string[]; zeroReason: string | null };
    const o = fromJson(c.stdout) as {
      groupOrder: number;
      classes: number;
      sizeSum: number;
      zeroByLemma: number;
      otherClasses: number;
      terms: number;
      classRows: Row[];
    };
    const full = fromJson(k.stdout) as { zeroByLemma: number; classRows: Row[] };
    expect(o).toMatchObject({ groupOrder: 3456, classes: 90, sizeSum: 3456, zeroByLemma: 54, terms: 55 });
    expect(o.zeroByLemma).toBe(full.zeroByLemma);
    const pick = (r: Row) => [r.id, r.size, r.element, r.relabellings, r.zeroReason];
    expect(o.classRows.map(pick)).toEqual(full.classRows.map(pick));
    const t = await cli(['essentially-different', '--box', '2x3', '--classes']);
    expect(t.stdout).toMatch(/\|G\| = 3,456: 90 classes, sizes adding up to 3,456 = \|G\| ✓/);
    expect(t.stdout).toMatch(/left: the identity \(N\/6!\) and 35 classes with 55 terms/);
  });
});
