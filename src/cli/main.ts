#!/usr/bin/env node
/**
 * sudoku-count command line: a thin layer over the library. Each command lives in ./commands/ and is
 * registered here. Errors in what the user typed print one line and exit with status 2.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../grid/shape.js';
import { shownText } from '../grid/shownText.js';
import { CommandFailed } from './commandFailed.js';
import { OutputError } from '../io/outputFile.js';
import { Interrupted, setInterruptible } from './common.js';
import type { Command as CommandType } from 'commander';

/**
 * The commands, each loaded only when needed: a run of one command loads that command's code alone
 * (start-up is part of every run's time: `count` should not pay for the solver, the estimators or the
 * chart library); help and unknown names load them all.
 */
const COMMANDS: Record<string, () => Promise<(program: CommandType) => void>> = {
  count: async () => (await import('./commands/count.js')).registerCount,
  classes: async () => (await import('./commands/classes.js')).registerClasses,
  chain: async () => (await import('./commands/chain.js')).registerChain,
  solve: async () => (await import('./commands/solve.js')).registerSolve,
  estimate: async () => (await import('./commands/estimate.js')).registerEstimate,
  bias: async () => (await import('./commands/bias.js')).registerBias,
  rank: async () => (await import('./commands/rank.js')).registerRank,
  unrank: async () => (await import('./commands/unrank.js')).registerUnrank,
  sample: async () => (await import('./commands/sample.js')).registerSample,
  'essentially-different': async () =>
    (await import('./commands/essentiallyDifferent.js')).registerEssentiallyDifferent,
  audit: async () => (await import('./commands/audit.js')).registerAudit,
  generate: async () => (await import('./commands/generate.js')).registerGenerate,
  rate: async () => (await import('./commands/rate.js')).registerRate,
};

/**
 * A message as the one line it is: whatever control or invisible character it still holds (a path with a newline,
 * a tab or an escape sequence, echoed by a message that did not show it with shownPath) is escaped here, the last
 * door before the terminal.
 */
export function oneLine(message: string): string {
  return shownText(message, Number.MAX_SAFE_INTEGER);
}

export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command();
  program
    .name('sudoku-count')
    .description('Count Sudoku grids exactly, and check Monte Carlo estimators against the exact count.')
    .version('0.1.0')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      // commander's suggestion stays on a line of its own
      outputError: (str, write) =>
        write(`sudoku-count: ${oneLine(str.trim()).replace(/\\x0a(?=\(Did you mean)/, '\n')}\n`),
    });
  const named = argv[2] !== undefined && Object.hasOwn(COMMANDS, argv[2]) ? [argv[2]] : Object.keys(COMMANDS);
  for (const name of named) (await COMMANDS[name]())(program);
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

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

/** The signal that stopped a run (the first the handler heard), if any. */
let stoppedBy: NodeJS.Signals | null = null;

/** The exit status of an Interrupted run: 128 + the signal that stopped it (SIGTERM 143, else SIGINT's 130). */
function interruptStatus(): number {
  return stoppedBy === 'SIGTERM' ? 143 : 130;
}

/**
 * The CLI's one Ctrl-C handler: while `run` runs, SIGINT and SIGTERM abort the signal it is given (every long count
 * listens to one: the library's runs stop within a fraction of a second and keep what finished). It is installed
 * for the run only, not for the program's life: a handler waits for the main thread, so a command with no run to
 * stop (a synchronous stage) ends at once on Ctrl-C, as without one. The commands reach it through common.ts.
 */
async function interruptible<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy ??= signal;
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await run(stop.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export async function main(argv: string[]): Promise<number> {
  guardStreams();
  setInterruptible(interruptible);
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander has printed its message already; help and version are not errors
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof CommandFailed) {
      process.stderr.write(`sudoku-count: ${oneLine(e.message)}\n`);
      return e.status;
    }
    if (e instanceof InputError) {
      process.stderr.write(`sudoku-count: error: ${oneLine(e.message)}\n`);
      return 2;
    }
    if (e instanceof OutputError) {
      process.stderr.write(`sudoku-count: error: ${oneLine(e.message)}\n`);
      return 1;
    }
    if (e instanceof Interrupted) {
      process.stderr.write(`sudoku-count: ${oneLine(e.message)}\n`);
      return interruptStatus();
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`sudoku-count: internal error: ${oneLine(msg)}\n`);
    if (process.env['SUDOKU_COUNT_DEBUG'] && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv);
