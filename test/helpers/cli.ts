import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve as resolvePath } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';

import type { runCli as runCliType } from '../../src/cli/runCli.js';
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
  /**
   * Milliseconds before the child is killed (SIGTERM): a search that must end does not outlive its test. Only a
   * process can be killed: a run with a timeout is a child process.
   */
  readonly timeout?: number;
}

type RunCli = typeof runCliType;

/** runCli from the build (dist/, as the installed program and the pools' worker threads run), loaded once per file. */
let loaded: Promise<RunCli> | null = null;
const runCliFromDist = (): Promise<RunCli> =>
  (loaded ??= import(pathToFileURL(join(ROOT, 'dist', 'cli', 'runCli.js')).href).then(
    (m: { runCli: RunCli }) => m.runCli,
  ));

/** A stream that keeps what is written to it, as text. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** The in-process runs of this file, one after another (see cli). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Run `sudoku-count ...args` as CI does (CI=true, no terminal), in this process: runCli from dist/ with its own
 * stdout, stderr, stdin and environment (src/io/processIo.ts), not a child process. Each run builds its commander
 * program afresh and sees only its own streams and variables; process.env, process.exitCode and the working
 * directory are left as they are. What it cannot do as a child would (a timeout that kills it, another working
 * directory) runs as a child (cliProcess).
 *
 * The runs of one file take turns, as separate processes never need to: the library keeps scratch space per shape
 * (one puzzle maker, one rater, the techniques' buffers), made for one run at a time in a process, and two runs
 * interleaved at their awaits would share it (two `generate` runs at once gave other puzzles).
 */
export function cli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const cwd = options.cwd ?? ROOT;
  if (options.timeout !== undefined || resolvePath(cwd) !== process.cwd()) return cliProcess(args, options);
  const turn = queue.then(() => cliInProcess(args, options));
  queue = turn.catch(() => {});
  return turn;
}

async function cliInProcess(args: readonly string[], options: CliOptions): Promise<CliResult> {
  const runCli = await runCliFromDist();
  const stdout = collector(),
    stderr = collector();
  const code = await runCli([process.execPath, CLI, ...args], {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(options.input === undefined || options.input === '' ? [] : [Buffer.from(options.input)]),
    env: { ...process.env, CI: 'true', ...options.env },
    command: [process.execPath, CLI],
    onStop: () => () => {}, // no signal reaches a run in this process: those tests start a child
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * Run `sudoku-count ...args` as a child process, as CI does: CI=true and no terminal. For what is about the process
 * itself: the installed program's wiring (its exit status, its streams), signals, timeouts, working directory.
 */
export function cliProcess(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
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

export { tempDir } from './tempDir.js';

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
