#!/usr/bin/env node
/**
 * sudoku-count command line: a thin layer over the library. Each command lives in ./commands/ and is
 * registered here. Errors in what the user typed print one line and exit with status 2.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../grid/shape.js';
import { registerBias } from './commands/bias.js';
import { registerChain } from './commands/chain.js';
import { registerClasses } from './commands/classes.js';
import { registerCount } from './commands/count.js';
import { registerEstimate } from './commands/estimate.js';
import { registerSolve } from './commands/solve.js';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('sudoku-count')
    .description('Count Sudoku grids exactly, and check Monte Carlo estimators against the exact count.')
    .version('0.1.0')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(`sudoku-count: ${str.replace(/^error: /, 'error: ').trim()}\n`) });
  registerCount(program);
  registerClasses(program);
  registerEstimate(program);
  registerChain(program);
  registerSolve(program);
  registerBias(program);
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander has printed its message already; help and version are not errors
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof InputError) {
      process.stderr.write(`sudoku-count: error: ${e.message}\n`);
      return 2;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`sudoku-count: internal error: ${msg}\n`);
    if (process.env['SUDOKU_COUNT_DEBUG'] && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv);
