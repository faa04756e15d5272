import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI, cli } from '../helpers/cli.js';

/**
 * Progress without a terminal (the tests' children have piped stderr and CI=true): plain lines on stderr every
 * SUDOKU_COUNT_PROGRESS_SECONDS (5 by default), never on stdout; a run shorter than that prints none.
 */
const LINE = /^sudoku-count: .+$/;

describe('progress lines when stderr is not a terminal', () => {
  it('solve: a long search says how far it is, on stderr only', async () => {
    // the 8×8 X-Sudoku grids, counted one by one: minutes; stopped once two lines are out (not after a fixed time:
    // under load Node's start-up alone can take seconds), with a guard against a run that never reports
    const child = spawn(process.execPath, [CLI, 'solve', '--count', '--box', '2x4', '--variant', 'x', '.'.repeat(64)], {
      env: { ...process.env, SUDOKU_COUNT_PROGRESS_SECONDS: '0.3' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.split('\n').length > 2) child.kill('SIGKILL');
    });
    await new Promise((r) => child.on('close', r));
    clearTimeout(guard);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').slice(0, 2);
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line).toMatch(/^sudoku-count: argument 1: [\d,]+ branches, [\d,]+\/s, \d+ s/);
  });

  it('count: the spinner text as lines, the result on stdout as before; none by default in a short run', async () => {
    // the quiet run is 2x2 (~0.2 s), far under the default 5 s even when the suite loads the machine
    const [slow, quiet] = await Promise.all([
      cli(['count', '--box', '4x2'], { env: { SUDOKU_COUNT_PROGRESS_SECONDS: '0.1' } }),
      cli(['count', '--box', '2x2']),
    ]);
    expect([slow.code, quiet.code]).toEqual([0, 0]);
    const total = (out: string) => /\nN = (.*)\n$/.exec(out)?.[1];
    expect(total(slow.stdout)).toMatch(/= 29,136,487,207,403,520$/);
    expect(total(quiet.stdout)).toMatch(/= 288$/);
    const lines = slow.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line).toMatch(LINE);
    expect(slow.stderr).toMatch(/ \(\d+(\.\d)? s\)\n/);
    expect(quiet.stderr).toBe(''); // under the default 5 s: no line
  });

  it('count --variant: the group, the classes and the exhaustive route, in the main thread, report', async () => {
    // 1x6 disjoint groups: about 1 s finding G_V (518,400 elements) and the classes, 1.5 s in the exhaustive route,
    // both in the main thread; before, each was one silent stretch (at most one line for each)
    const r = await cli(['count', '--box', '1x6', '--variant', 'disjoint-groups'], {
      env: { SUDOKU_COUNT_PROGRESS_SECONDS: '0.2' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nN = 6! · Σ m_C·n_C = 812,851,200\n$/);
    const lines = r.stderr.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(LINE);
    const classes = lines.filter((l) => /^sudoku-count: 1x6\+disjoint-groups: classes \(/.test(l));
    const exhaustive = lines.filter((l) => /: exhaustive route, [\d,]+ nodes \(/.test(l));
    expect(classes.length).toBeGreaterThanOrEqual(3);
    expect(exhaustive.length).toBeGreaterThanOrEqual(3);
  });

  it('SUDOKU_COUNT_PROGRESS_SECONDS=0 turns the lines off', async () => {
    const r = await cli(['solve', '--count', '--box', '2x4', '--variant', 'x', '.'.repeat(64)], {
      env: { SUDOKU_COUNT_PROGRESS_SECONDS: '0' },
      timeout: 1500,
    });
    expect(r.stdout + r.stderr).toBe('');
  });
});
