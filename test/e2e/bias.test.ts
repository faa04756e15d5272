import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli as run, tempDir, type CliResult } from '../helpers/cli.js';

const cli = (args: string[]): Promise<CliResult> => run(['bias', ...args]);

describe('sudoku-count bias CLI', () => {
  it('--exact prints "unbiased: E[X] = N exactly"; --json has the keys', async () => {
    const t = await cli(['--method', 'knuth', '--box', '2x2', '--exact']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/unbiased\s+E\[X\] = N exactly/);
    const j = await cli(['--method', 'hybrid', '--fill', '5', '--box', '2x2', '--exact', '--json']);
    expect(j.code).toBe(0);
    const o = JSON.parse(j.stdout) as Record<string, unknown>;
    for (const k of ['mean', 'secondMoment', 'variance', 'cv', 'pNonzero', 'count', 'unbiased', 'seconds'])
      expect(o, k).toHaveProperty(k);
    expect(o['mean']).toBe(288);
    expect(o['secondMoment']).toBe('92816896/455');
  });

  it('refuses what it cannot do exactly, in one line, status 2', async () => {
    const r = await cli(['--method', 'hybrid', '--fill', '12', '--box', '2x3', '--exact']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/use --batches/);
  });

  it('--exact --variant: the rules in the text and JSON; a variant the shape refuses: one line, status 2', async () => {
    const j = await cli(['--method', 'knuth', '--box', '2x2', '--variant', 'x', '--exact', '--json']);
    expect(j.code).toBe(0);
    const o = JSON.parse(j.stdout) as Record<string, unknown>;
    expect([o['rules'], o['box'], o['unbiased'], o['mean'], o['count']]).toEqual(['2x2+x', '2x2', true, 48, 48]);
    const r = await cli(['--method', 'knuth', '--box', '2x2', '--variant', 'windoku', '--exact']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/windoku/);
  });

  it('--report writes an HTML file with its three inline SVG charts', async () => {
    const file = join(tempDir('bias-'), 'report.html');
    const r = await cli([
      '--method',
      'knuth-mrv',
      '--box',
      '2x3',
      '--batches',
      '40',
      '--samples',
      '200',
      '--seed',
      '1',
      '--report',
      file,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html.match(/<svg/g)).toHaveLength(3);
    for (const id of ['running', 'z-histogram', 'log-x']) expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain('<script');
  });
});
