#!/usr/bin/env node
/**
 * sudoku-count command line, the installed program: it wires the real process (its arguments, stdout, stderr and
 * stdin, its environment, SIGINT and SIGTERM, its exit status) to one run of runCli.ts, where the commands are.
 */
import { realProcessIo } from '../io/processIo.js';
import { runCli } from './runCli.js';

/**
 * stdout and stderr failures: a reader that stops early (`| head`) closes the pipe, and that is not an error, so
 * the program ends quietly with status 0, as Unix tools do; any other failure (a full disk: stdout on /dev/full)
 * is one line on stderr and status 1. Registered before anything is written.
 */
function guardStreams(): void {
  const onError = (e: NodeJS.ErrnoException): void => {
    if (e.code === 'EPIPE') process.exit(0);
    const what = e.code === 'ENOSPC' ? 'no space left on the device' : (e.code ?? e.message);
    try {
      process.stderr.write(`sudoku-count: error: cannot write the output: ${what}\n`);
    } finally {
      process.exit(1);
    }
  };
  process.stdout.on('error', onError);
  process.stderr.on('error', () => process.exit(1));
}

guardStreams();
// Ctrl-C: the real process's SIGINT and SIGTERM stop a long run (listened to only while one runs: processIo.ts)
process.exitCode = await runCli(process.argv, realProcessIo());
