import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

/**
 * Progress without a terminal (the tests' children have piped stderr and CI=true): plain lines on stderr every
 * SUDOKU_COUNT_PROGRESS_SECONDS (5 by default), never on stdout; a run shorter than that prints none.
 */
const LINE = /^sudoku-count: .+$/;

describe('progress lines when stderr is not a terminal', () => {
  it('solve: a long search says how far it is, on stderr only', async () => {
    // the 8×8 X-Sudoku grids, counted one by one: minutes; stopped after 3 s
    const r = await cli(['solve', '--count', '--box', '2x4', '--variant', 'x', '.'.repeat(64)], {
      env: { SUDOKU_COUNT_PROGRESS_SECONDS: '0.3' },
      timeout: 3000,
    });
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^sudoku-count: argument 1: [\d,]+ branches, [\d,]+\/s, \d+ s/);
  });

  it('count: the spinner text as lines, the result on stdout as before; none by default in a short run', async () => {
    const [slow, quiet] = await Promise.all([
      cli(['count', '--box', '4x2'], { env: { SUDOKU_COUNT_PROGRESS_SECONDS: '0.1' } }),
      cli(['count', '--box', '4x2']),
    ]);
    expect([slow.code, quiet.code]).toEqual([0, 0]);
    const total = (out: string) => /\nN = (.*)\n$/.exec(out)?.[1];
    expect(total(slow.stdout)).toBeDefined();
    expect(total(slow.stdout)).toBe(total(quiet.stdout));
    const lines = slow.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line).toMatch(LINE);
    expect(slow.stderr).toMatch(/ \(\d+(\.\d)? s\)\n/);
    expect(quiet.stderr).toBe(''); // 1 s: under the default 5 s
  });

  it('SUDOKU_COUNT_PROGRESS_SECONDS=0 turns the lines off', async () => {
    const r = await cli(['solve', '--count', '--box', '2x4', '--variant', 'x', '.'.repeat(64)], {
      env: { SUDOKU_COUNT_PROGRESS_SECONDS: '0' },
      timeout: 1500,
    });
    expect(r.stdout + r.stderr).toBe('');
  });
});
