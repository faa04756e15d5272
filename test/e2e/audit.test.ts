import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli as run, tempDir, type CliResult, expectBadInput as oneLineRefusal } from '../helpers/cli.js';

const cli = (args: string[]): Promise<CliResult> => run(['audit', ...args]);

describe('sudoku-count audit CLI', () => {
  it('--exact on 2x2: backtracking is not uniform (TV 1/6), uniform is; JSON has the exact rationals', async () => {
    const t = await cli(['--generator', 'backtracking', '--box', '2x2', '--exact']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/grids reached\s+288 of N = 288 \(all\)/);
    expect(t.stdout).toMatch(/total variation\s+1\/6/);
    expect(t.stdout).toMatch(/uniform\s+no/);
    const j = await cli(['--generator', 'uniform', '--box', '2x2', '--exact', '--json']);
    expect(j.code).toBe(0);
    const o = JSON.parse(j.stdout) as Record<string, unknown>;
    expect(o['uniform']).toBe(true);
    expect(o['totalVariation']).toBe(0);
    expect(o['levels']).toEqual([{ probability: '1/288', grids: 288, np: 1 }]);
  });

  it('--exact on 2x3 walks the search tree; templates answer the blog', async () => {
    const t = await cli(['--generator', 'backtracking-mrv', '--box', '2x3', '--exact', '--json']);
    expect(t.code).toBe(0);
    const o = JSON.parse(t.stdout) as Record<string, unknown>;
    expect(o['reached']).toBe(o['total']);
    expect(o['uniform']).toBe(false);
    const b = await cli(['--generator', 'template', '--box', '2x2', '--exact']);
    expect(b.stdout).toMatch(/orbit\s+\|G\|\/\|Stab\| = 96 distinct grids of N = 288/);
    expect(b.stdout).toMatch(/blog's claim: right/);
  });

  it('a one-grid template audit with --json judges the 4x4 claim', async () => {
    const r = await cli(['--generator', 'template', '--box', '2x2', '--samples', '1', '--seed', '1', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as { blogClaims: { correct: boolean; verdict: string }[] };
    expect(o.blogClaims).toHaveLength(1);
    expect(o.blogClaims[0].verdict).toMatch(/reaches 96 of the 288 grids: not all/);
  });

  it('template reach on a shape with no count (4x4), and the 9x9 claims judged', async () => {
    const t = await cli(['--generator', 'template', '--box', '4x4']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/stabiliser\s+4 of them/);
    const j = await cli(['--generator', 'template-blocks', '--box', '3x3', '--exact', '--json']);
    const o = JSON.parse(j.stdout) as { blogClaims: { correct: boolean }[]; reach: { stabiliser: number } };
    expect(o.blogClaims).toHaveLength(1);
    expect(o.blogClaims[0].correct).toBe(false);
    expect(o.reach.stabiliser).toBe(54);
  });

  it('a statistical audit on 2x3 with --json and --report (charts inline, no script)', async () => {
    const file = join(tempDir('audit-'), 'audit.html');
    const r = await cli([
      '--generator',
      'backtracking',
      '--box',
      '2x3',
      '--samples',
      '3000',
      '--seed',
      '5',
      '--report',
      file,
      '--json',
      '--workers',
      '1',
    ]);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as {
      samples: number;
      classTest: { pValue: number };
      probabilities: { inverse: { ratio: number } };
      report: string;
    };
    expect(o.samples).toBe(3000);
    expect(o.probabilities.inverse.ratio).toBeGreaterThan(0.9);
    expect(o.probabilities.inverse.ratio).toBeLessThan(1.1);
    expect(o.report).toBe(file);
    const html = readFileSync(file, 'utf8');
    expect(html.match(/<svg/g)).toHaveLength(3);
    for (const id of ['classes', 'log-np', 'index']) expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain('<script');
    // a second run may replace its own report, not someone else's file
    const other = join(tempDir('audit-'), 'notes.html');
    writeFileSync(other, '<html>mine</html>');
    const refused = await cli(['--generator', 'uniform', '--box', '2x2', '--samples', '10', '--report', other]);
    oneLineRefusal(refused, /is not a generator audit report written by sudoku-count/);
  });

  it('bad input: one line, status 2, before any work', async () => {
    oneLineRefusal(await cli(['--generator', 'shuffle']), /unknown generator 'shuffle'/);
    oneLineRefusal(await cli([]), /needs --generator/);
    oneLineRefusal(
      await cli(['--generator', 'backtracking', '--exact']),
      /--exact walks backtracking's whole search tree.*use --samples/,
    );
    oneLineRefusal(await cli(['--generator', 'uniform', '--box', '4x4', '--exact']), /grid index/);
    oneLineRefusal(await cli(['--generator', 'uniform', '--samples', '0']), /--samples/);
    oneLineRefusal(await cli(['--generator', 'uniform', '--samples', 'many']), /--samples/);
    oneLineRefusal(await cli(['--generator', 'uniform', '--box', '2x2', '--exact', '--samples', '5']), /leave it out/);
    const dir = tempDir('audit-out-');
    oneLineRefusal(await cli(['--generator', 'uniform', '--box', '2x2', '--report', dir]), /it is a folder/);
    oneLineRefusal(
      await cli(['--generator', 'uniform', '--box', '2x2', '--report', join(dir, 'missing', 'r.html')]),
      /does not exist/,
    );
  });
});
