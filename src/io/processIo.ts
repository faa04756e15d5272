import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';

/** An output stream as the command line sees it: a Writable that may be a terminal (ora, progress, help width). */
export type OutputStream = Writable & {
  readonly isTTY?: boolean;
  readonly columns?: number;
  hasColors?(): boolean;
};

/**
 * What a run of the command line takes from its process: stdout, stderr, stdin, the environment, the command that
 * started it, and the requests to stop (Ctrl-C). The program's one door to them: src/cli/ writes its output to
 * `processIo().stdout`/`.stderr`, src/io/ reads '-' from `.stdin`, and variables (SUDOKU_COUNT_SEAL_KEY,
 * SLURM_ARRAY_TASK_ID, CI, …) are read from `.env`.
 *
 * The installed program (src/cli/main.ts) gives the real process's; a test runs the command line in its own process
 * (src/cli/runCli.ts) with streams of its own, and that run alone sees them: the value is held per asynchronous
 * flow (AsyncLocalStorage), so two runs at once in one process do not see each other's, and code outside any run
 * sees the real process.
 */
export interface ProcessIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** What '-' reads. */
  readonly stdin: AsyncIterable<Buffer | string>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** This program as words (node and the script): what a Slurm script runs on the nodes. */
  readonly command: readonly string[];
  /**
   * Listen for requests to stop (SIGINT, SIGTERM) while a long run runs: `listener` is called with the signal's
   * name; the function returned stops listening. The real process listens only while asked (a handler waits for the
   * main thread: a synchronous stage with none ends at once on Ctrl-C).
   */
  onStop(listener: (signal: NodeJS.Signals) => void): () => void;
}

/** The real process's (each stream touched only when used: process.stdin opens a handle). */
const REAL: ProcessIo = {
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  get stdin() {
    return process.stdin;
  },
  get env() {
    return process.env;
  },
  get command() {
    return [process.execPath, resolve(process.argv[1] ?? '')];
  },
  onStop(listener) {
    process.on('SIGINT', listener);
    process.on('SIGTERM', listener);
    return () => {
      process.off('SIGINT', listener);
      process.off('SIGTERM', listener);
    };
  },
};

const current = new AsyncLocalStorage<ProcessIo>();

/** The process this flow runs in: a run's own (withProcessIo), else the real process's. */
export function processIo(): ProcessIo {
  return current.getStore() ?? REAL;
}

/** The real process's streams, environment and signals. */
export function realProcessIo(): ProcessIo {
  return REAL;
}

/** Run `run` (and everything it starts) with `io` as its process. */
export function withProcessIo<T>(io: ProcessIo, run: () => T): T {
  return current.run(io, run);
}
