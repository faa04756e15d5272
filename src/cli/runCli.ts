/**
 * One run of the sudoku-count command line, given its arguments and its process (stdout, stderr, stdin, environment,
 * stop requests): the exit status. The installed program (main.ts) gives it the real process; a test may run it in
 * its own process with streams of its own (nothing here exits the process or sets process.exitCode, and every
 * command writes through `processIo()`). Each command lives in ./commands/ and is registered here. Errors in what
 * the user typed print one line and give status 2.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../grid/shape.js';
import { shownText } from '../grid/shownText.js';
import { CommandFailed } from './commandFailed.js';
import { OutputError } from '../io/outputFile.js';
import { processIo, realProcessIo, withProcessIo, type OutputStream, type ProcessIo } from '../io/processIo.js';
import { Interrupted } from './common.js';
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

/** commander's colour rule (NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE, else a terminal that has colours), on `io`. */
function hasColors(stream: OutputStream, env: ProcessIo['env']): boolean {
  if (env['NO_COLOR'] || env['FORCE_COLOR'] === '0' || env['FORCE_COLOR'] === 'false') return false;
  if (env['FORCE_COLOR'] || env['CLICOLOR_FORCE'] !== undefined) return true;
  return stream.isTTY === true && stream.hasColors?.() === true;
}

/** The program with its commands (only `argv`'s command when it names one), writing to `processIo()`. */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const io = processIo();
  const program = new Command();
  program
    .name('sudoku-count')
    .description('Count Sudoku grids exactly, and check Monte Carlo estimators against the exact count.')
    .version('0.1.0')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (str) => io.stdout.write(str),
      writeErr: (str) => io.stderr.write(str),
      // not a terminal: commander's own width, 80
      getOutHelpWidth: () => (io.stdout.isTTY ? (io.stdout.columns ?? 80) : 80),
      getErrHelpWidth: () => (io.stderr.isTTY ? (io.stderr.columns ?? 80) : 80),
      getOutHasColors: () => hasColors(io.stdout, io.env),
      getErrHasColors: () => hasColors(io.stderr, io.env),
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
 * Run the command line on `argv` (as process.argv: node, the script, then the arguments) in `io`'s process: the
 * exit status (0; 2 for bad input; 1 for a failure; 130 or 143, 128 + the signal, for a run stopped by SIGINT or
 * SIGTERM). Never exits the process. The commander program is built afresh for each run.
 */
export async function runCli(argv: readonly string[], io: ProcessIo = realProcessIo()): Promise<number> {
  /** The signal that stopped this run (the first heard), if any. */
  let stoppedBy: NodeJS.Signals | null = null;
  // io itself (its streams read only when used: the real process's are getters), but for onStop, which notes the signal
  const onStop: ProcessIo['onStop'] = (listener) =>
    io.onStop((signal) => {
      stoppedBy ??= signal;
      listener(signal);
    });
  const run = Object.create(io, { onStop: { value: onStop } }) as ProcessIo;
  const say = (prefix: string, message: string): void =>
    void run.stderr.write(`sudoku-count: ${prefix}${oneLine(message)}\n`);
  return withProcessIo(run, async () => {
    try {
      const program = await buildProgram(argv);
      await program.parseAsync([...argv]);
      return 0;
    } catch (e) {
      if (e instanceof CommanderError) {
        // commander has printed its message already; help and version are not errors
        return e.exitCode === 0 ? 0 : 2;
      }
      if (e instanceof CommandFailed) {
        say('', e.message);
        return e.status;
      }
      if (e instanceof InputError) {
        say('error: ', e.message);
        return 2;
      }
      if (e instanceof OutputError) {
        say('error: ', e.message);
        return 1;
      }
      if (e instanceof Interrupted) {
        say('', e.message);
        // 128 + the signal that stopped it: SIGTERM 143, else SIGINT's 130
        return stoppedBy === 'SIGTERM' ? 143 : 130;
      }
      const msg = e instanceof Error ? e.message : String(e);
      say('internal error: ', msg);
      if (run.env['SUDOKU_COUNT_DEBUG'] && e instanceof Error) run.stderr.write(`${e.stack}\n`);
      return 1;
    }
  });
}
