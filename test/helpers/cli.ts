import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';

import { CLI, ROOT } from './paths.js';

export { CLI, FIXTURES, PUZZLES, ROOT } from './paths.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Written to the child's stdin (stdin is closed at once when absent). */
  readonly input?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Milliseconds before the child is killed (SIGTERM): a search that must end does not outlive its test. */
  readonly timeout?: number;
}

/** Run `sudoku-count ...args` as a child process, as CI does: CI=true and no terminal. */
export function cli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, CI: 'true', ...options.env },
      cwd: options.cwd ?? ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    });
    let stdout = '',
      stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
    child.stdin.on('error', () => {}); // a child that exits without reading its input
    child.stdin.end(options.input ?? '');
  });
}

/** The same, synchronously. */
export function cliSync(args: readonly string[], options: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, CI: 'true', ...options.env },
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
  });
  return { code: r.status ?? 128, stdout: r.stdout, stderr: r.stderr };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the system temp directory, removed when the test file ends. */
export function tempDir(prefix = 'sudoku-count-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * A long estimate (60 s, knuth-mrv on 2x3) checkpointing to `checkpoint`, started in the background and left to the
 * caller to stop: the run whose lock and checkpoint the fault tests stop, kill and resume.
 */
export function spawnCheckpointedRun(checkpoint: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      CLI,
      'estimate',
      '--method',
      'knuth-mrv',
      '--box',
      '2x3',
      '--seconds',
      '60',
      '--seed',
      '4',
      '--checkpoint',
      checkpoint,
    ],
    { env: { ...process.env, CI: 'true' }, stdio: 'ignore', cwd: ROOT },
  );
}

/** stderr holds one line, with no stack trace and no internal error in it: that line. */
export function oneLine(r: { readonly stderr: string }): string {
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\bat .*\.js:\d+|internal error/);
  return lines[0];
}

/** The last line of an output. */
export const lastLine = (s: string): string => s.trimEnd().split('\n').pop() ?? '';

/** Bad input: status 2, one line on stderr matching `wanted`, nothing on stdout, no stack trace. */
export function expectBadInput(r: CliResult, wanted: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(wanted);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at |at .*\.js:\d/);
}
