import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli, CLI, cliProcess, tempDir } from '../helpers/cli.js';

describe('sudoku-count count', () => {
  it('prints every stage and ends with N', async () => {
    // the installed program, as a child: its stdout, its exit status, and no progress on a stderr that is no terminal
    const r = await cliProcess(['count']);
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
    // a newline, tab or space inside the shape was read as 3x3 (issue 42); the value is echoed escaped
    [
      ['count', '--box', '3x\n3'],
      /--box <RxC>' argument '3x\\x0a3' is invalid\. expected RxC with no space or control/,
    ],
    [['count', '--box', '3\tx3'], /argument '3\\x09x3' is invalid\. expected RxC with no space/],
    [['classes', '--box', ' 3x3'], /--box.*expected RxC with no space or control character/],
    [['count', '--box', '9x9'], /9x9.*too big for the band method/],
    [['count', '--box', '3x4'], /3x4.*too big for the band method.*2 rows or 2 columns.*count handles .*5x2/],
    [['count', '--box', '4x4'], /4x4.*count handles/],
    [
      ['count', '--box', '6x2'],
      /6x2 is counted as shards only \(about \d+ CPU-hours projected\): count --box 6x2 --plan/,
    ],
    [['count', '--box', '7x2', '--plan', 'p.json', '--shards', '2'], /7x2 for the column-set method/],
    [['count', '--box', '3x3', '--method', 'column-sets'], /3x3.*column-set method needs boxes of 2 columns/],
    [['count', '--box', '5x2', '--method', 'bands'], /5x2.*too big for the band method/],
    [['count', '--box', '3x2', '--method', 'bands', '--checkpoint', 'x.json'], /--checkpoint and --resume are for/],
    [['count', '--frobnicate'], /unknown option '--frobnicate'/],
    [['count', '--workers', '0'], /--workers.*whole number/],
    [['classes', '--box', 'axb'], /--box.*RxC/],
  ])('%j → one-line error, status 2', async (args, pattern) => {
    // two as a child, so the installed program's status 2 is seen: commander's refusal and the library's InputError
    const r = await (args.includes('--frobnicate') || args.includes('6x2') ? cliProcess : cli)(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
  });
});

describe('sudoku-count count by column sets (R×2 and 2×R boxes)', () => {
  it('2x4 is counted by four bands and 4x2 by column sets: the same N', async () => {
    const four = await cli(['count', '--box', '2x4', '--json', '--workers', '1']);
    const sets = await cli(['count', '--box', '4x2', '--method', 'column-sets', '--json', '--workers', '1']);
    expect(four.code).toBe(0);
    expect(sets.code).toBe(0);
    const a = fromJson(four.stdout) as Record<string, unknown>;
    const b = fromJson(sets.stdout) as Record<string, unknown>;
    expect(b['method']).toBe('column-sets');
    expect(b['classes']).toBe(26);
    expect(a['total']).toBe(b['total']);
  });

  it('2x3 by transposition: says so, and prints the stages', async () => {
    const r = await cli(['count', '--box', '2x3', '--method', 'column-sets']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/counted as 3x2/);
    expect(r.stdout).toMatch(/configuration classes .* 4 /);
    expect(r.stdout.trimEnd().endsWith('28,200,960')).toBe(true);
  });

  it('--checkpoint then --resume: the file names its run, and resuming it finishes with the same N', async () => {
    const dir = tempDir();
    const path = join(dir, 'run.json');
    const first = await cli(['count', '--box', '4x2', '--method', 'column-sets', '--checkpoint', path, '--json']);
    expect(first.code).toBe(0);
    // the one checkpoint format (src/classSum/runClassSum.ts): a one-machine run's names its count
    const saved = fromJson(readFileSync(path, 'utf8')) as { format: string; box: string; values: unknown[] };
    expect(saved.format).toBe('sudoku-count/shard-checkpoint');
    expect(saved.box).toBe('4x2');
    expect(saved.values).toHaveLength(26);
    const again = await cli(['count', '--box', '4x2', '--method', 'column-sets', '--checkpoint', path]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists: continue it with --resume/);
    const resumed = await cli(['count', '--resume', path, '--json']); // the box comes from the checkpoint
    expect(resumed.code).toBe(0);
    const o = fromJson(resumed.stdout) as Record<string, unknown>;
    expect(o['resumed']).toBe(26);
    expect(o['total']).toBe((fromJson(first.stdout) as Record<string, unknown>)['total']);
    const wrong = await cli(['count', '--box', '3x2', '--method', 'column-sets', '--resume', path]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/is a count of 4x2 boxes, not of 3x2/);
  });

  it('Ctrl-C stops a 5x2 run at once, keeps the finished classes and exits with status 130', async () => {
    const dir = tempDir();
    const path = join(dir, 'run.json');
    const child = spawn(process.execPath, [CLI, 'count', '--box', '5x2', '--checkpoint', path], {
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    // the checkpoint appears once the classes are found; interrupt a moment later
    while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(performance.now() - sent).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted after \d+ of 355 classes; saved to .*run\.json: continue with --resume/);
    const held = fromJson(readFileSync(path, 'utf8')) as { method: string; box: string; values: unknown[] };
    expect([held.method, held.box]).toEqual(['column-sets', '5x2']);
    expect(held.values.length).toBe(Number(/after (\d+) of 355/.exec(stderr)?.[1]));
  });

  it('an old column-set checkpoint (colsets-checkpoint) is refused, saying how to start afresh', async () => {
    const path = join(tempDir(), 'old.json');
    const old = '{"format":"sudoku-count/colsets-checkpoint","version":2,"box":"4x2","classes":26,"done":[\n]}';
    writeFileSync(path, old);
    const r = await cli(['count', '--resume', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /old\.json is a sudoku-count\/colsets-checkpoint file \(version 2\), which this version does not resume .*start afresh with --checkpoint/,
    );
    expect(readFileSync(path, 'utf8')).toBe(old);
  });
});
