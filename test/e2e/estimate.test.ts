import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import JSONbigFactory from 'json-bigint';
import { describe, expect, it } from 'vitest';
import { readCheckpoint } from '../../src/io/estimateCheckpoint.js';
import { CLI, cli as run, tempDir, type CliResult } from '../helpers/cli.js';

const env = { ...process.env, CI: 'true' };
// exact integers come back as strings, everything else as numbers
const JSONtext = JSONbigFactory({ storeAsString: true });
type Obj = Record<string, unknown>;

const cli = (args: string[]): Promise<CliResult> => run(['estimate', ...args]);

/** Fields of a JSON result that depend on time or threads. */
const TIMING = ['seconds', 'samplesPerSecond', 'efficiency', 'workers'];
const withoutTiming = (o: Obj) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([k]) => !TIMING.includes(k))
      // Ridder's EFF divides by CPU time
      .map(([k, v]) => (k === 'measures' ? [k, { ...(v as Obj), eff: null }] : [k, v])),
  );

describe('sudoku-count estimate', () => {
  it('--json prints one object with every key the issue asks for', async () => {
    const r = await cli([
      '--method',
      'knuth-mrv',
      '--box',
      '2x2',
      '--samples',
      '5000',
      '--seed',
      '7',
      '--workers',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const o = JSONtext.parse(r.stdout) as Obj;
    for (const k of [
      'method',
      'box',
      'samples',
      'seed',
      'workers',
      'mean',
      'stderr',
      'ci95',
      'relErr',
      'exact',
      'ratio',
      'z',
      'nonzeroFraction',
      'maxOverMean',
      'seconds',
      'samplesPerSecond',
      'efficiency',
      'measures',
    ]) {
      expect(o, k).toHaveProperty(k);
    }
    expect(o['method']).toBe('knuth-mrv');
    expect(o['box']).toBe('2x2');
    expect(o['samples']).toBe(5000);
    expect(o['seed']).toBe(7);
    expect(o['exact']).toBe(288);
    expect((o['ci95'] as number[]).length).toBe(2);
    expect(Math.abs(o['z'] as number)).toBeLessThan(4.5); // (same bound and reasoning as estimate-methods.test.ts)
    expect(r.stdout).toContain('"sumSq":'); // exact sums are written too
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('prints a readable report with the exact count and how to reproduce it', async () => {
    const r = await cli(['--method', 'ridder', '--box', '2x3', '--samples', '20000', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ridder on 2x3 boxes \(6×6 grids\): 20,000 samples/);
    expect(r.stdout).toMatch(/exact N\s+28,200,960/);
    expect(r.stdout).toMatch(/mean \/ N\s+[01]\.\d{5}\s+z = [+-]\d/);
    expect(r.stdout).toMatch(
      /reproduce\s+sudoku-count estimate --method ridder --box 2x3 --seed 3 --samples 20000 --batch 16384/,
    );
  });

  it('crude on 3x3 says it saw no hit and gives the bound', async () => {
    const r = await cli(['--method', 'crude', '--samples', '100000', '--seed', '1', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no sample hit a valid grid/);
    expect(r.stdout).toMatch(/upper bound\s+N < 3\.\d{4}e45/); // 3·(9!)^9/10⁵ ≈ 3.3·10⁴⁵
  });

  it('a --seconds run reports whole batches and can be repeated by --samples', async () => {
    const a = JSONtext.parse(
      (await cli(['--method', 'knuth', '--box', '2x2', '--seconds', '0.3', '--batch', '500', '--seed', '4', '--json']))
        .stdout,
    ) as Obj;
    expect((a['samples'] as number) % 500).toBe(0);
    const b = JSONtext.parse(
      (
        await cli([
          '--method',
          'knuth',
          '--box',
          '2x2',
          '--samples',
          String(a['samples']),
          '--batch',
          '500',
          '--seed',
          '4',
          '--workers',
          '1',
          '--json',
        ])
      ).stdout,
    ) as Obj;
    expect(withoutTiming(b)).toEqual(withoutTiming(a));
  });

  it('--compare runs every method with one budget and shows ridder = knuth', async () => {
    const r = await cli(['--compare', '--box', '2x2', '--samples', '20000', '--seed', '5', '--json']);
    expect(r.code).toBe(0);
    const o = JSONtext.parse(r.stdout) as Obj;
    const runs = o['runs'] as Obj[];
    expect(runs.map((x) => x['method'])).toEqual(['crude', 'knuth', 'knuth-random', 'knuth-mrv', 'hybrid', 'ridder']);
    for (const x of runs) expect(x['samples']).toBe(20000);
    const same = o['ridderVersusKnuth'] as Obj;
    expect(same['samples']).toBe(20000);
    expect(same['identical']).toBe(true); // 2×2 products stay below 2^53: bit for bit
    const knuth = runs[1],
      ridder = runs[5];
    expect(ridder['mean']).toBe(knuth['mean']);
    const text = await cli(['--compare', '--box', '2x2', '--samples', '20000', '--seed', '5']);
    expect(text.stdout).toMatch(/ridder vs knuth on their common 20,000 samples .*identical/);
    const rows = text.stdout
      .split('\n')
      .filter((l) => /^\s+(crude|knuth|knuth-random|knuth-mrv|hybrid \(fill 5\)|ridder)\s+20,000\s/.test(l));
    expect(rows).toHaveLength(6);
  });

  it.each([
    [['--samples', '0'], /--samples.*whole number ≥ 1/],
    [['--method', 'hybrid', '--fill', '90'], /--fill 90.*81 cells/],
    [['--method', 'nope'], /--method.*nope.*Allowed choices/],
    [['--box', '1x1'], /--box.*1x1/],
    [['--box', '6x6'], /n = 36/],
    [['--seed', '4294967296'], /--seed/],
    [['--method', 'knuth', '--fill', '10'], /--fill applies to the hybrid method only/],
    [['--resume', '/nonexistent/ck.jsonl'], /no such file/],
    [['--compare', '--method', 'knuth'], /--compare runs every method/],
  ])('bad input %j: one line on stderr, status 2', async (args, message) => {
    const r = await cli([...args, '--samples', '10']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('a run killed at any moment and resumed ends with the uninterrupted result', async () => {
    const dir = tempDir('estimate-ck-');
    const file = join(dir, 'run.jsonl');
    // 400 batches of 250 samples (~0.8 s of CPU a run)
    const args = ['--method', 'knuth-mrv', '--box', '2x3', '--samples', '100000', '--batch', '250', '--seed', '31'];
    // start, and kill -9 once at least 20 of the 400 batches are on disk
    const child = spawn(
      process.execPath,
      [CLI, 'estimate', ...args, '--checkpoint', file, '--workers', '2', '--json'],
      { env, stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    for (let i = 0; i < 400; i++) {
      await new Promise((r) => setTimeout(r, 10));
      if (existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 21) break;
    }
    child.kill('SIGKILL');
    await exited;
    const before = readCheckpoint(file);
    expect(before.header?.seed).toBe(31);
    expect(before.batches.length).toBeGreaterThanOrEqual(20);
    expect(before.batches.length).toBeLessThan(400); // it really was interrupted
    // as if killed in the middle of writing a line
    appendFileSync(file, '{"batch":399,"seed":31,"stream":399,"samp');
    // options that disagree with the checkpoint are refused, and the file is left alone
    const clash = await cli(['--resume', file, '--seed', '32']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(/--seed 32 differs from the checkpoint's 31/);

    const resumed = await cli(['--resume', file, '--workers', '1', '--json']);
    expect(resumed.code).toBe(0);
    const full = await cli([...args, '--workers', '2', '--json']);
    const a = JSONtext.parse(resumed.stdout) as Obj,
      b = JSONtext.parse(full.stdout) as Obj;
    expect(withoutTiming(a)).toEqual(withoutTiming(b));
    expect(a['samples']).toBe(100000);
    // the checkpoint now holds every batch once, and no partial line
    const after = readCheckpoint(file);
    expect(after.batches.map((x) => x.batch).sort((x, y) => x - y)).toEqual(Array.from({ length: 400 }, (_, i) => i));
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
    // a new run refuses to overwrite a checkpoint
    const again = await cli([...args, '--checkpoint', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('a checkpoint killed before its header was written is resumed from the command line', async () => {
    const dir = tempDir('estimate-ck-');
    const file = join(dir, 'empty.jsonl');
    writeFileSync(file, '{"format":"sudoku-co'); // the header was being written
    const args = [
      '--method',
      'knuth',
      '--box',
      '2x2',
      '--samples',
      '3000',
      '--batch',
      '1000',
      '--seed',
      '8',
      '--workers',
      '1',
      '--json',
    ];
    const resumed = await cli(['--resume', file, ...args]);
    expect(resumed.code).toBe(0);
    const full = await cli(args);
    expect(withoutTiming(JSONtext.parse(resumed.stdout) as Obj)).toEqual(
      withoutTiming(JSONtext.parse(full.stdout) as Obj),
    );
    const c = readCheckpoint(file);
    expect(c.header).toEqual({
      method: 'knuth',
      box: '2x2',
      fill: null,
      seed: 8,
      batchSize: 1000,
      samples: 3000,
      seconds: null,
    });
    expect(c.batches).toHaveLength(3);
  });
});
