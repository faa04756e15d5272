import { InvalidArgumentError } from 'commander';
import { bandMethodProblem } from '../count/bandCompletions.js';
import { counterProblem, type CounterName } from '../count/dlxCompletions.js';
import { boxShapeProblem, InputError, parseBoxShape, type BoxShape } from '../grid/shape.js';

/** commander argument parser for --box RxC. */
export function boxOption(value: string): BoxShape {
  const problem = boxShapeProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return parseBoxShape(value);
}

/** commander argument parser for --box RxC where the band method must apply. */
export function bandBoxOption(value: string): BoxShape {
  const m = /^\s*(\d+)\s*[x×X]\s*(\d+)\s*$/.exec(value);
  if (m && Number(m[1]) >= 1 && Number(m[2]) >= 1 && Number(m[1]) * Number(m[2]) > 9) {
    throw new InvalidArgumentError(
      `n = ${Number(m[1]) * Number(m[2])} is too big for the band method; it counts 2x2, 2x3, 3x2, 3x3 and 4x2`,
    );
  }
  const shape = boxOption(value);
  const problem = bandMethodProblem(shape);
  if (problem) throw new InvalidArgumentError(problem);
  return shape;
}

/** commander argument parser for --counter: column-sets (the default) or dlx. */
export function counterOption(value: string): CounterName {
  const problem = counterProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value as CounterName;
}

/** commander argument parser for a whole number ≥ min. Accepts 1e6 and 1_000_000. */
export function integerOption(min: number) {
  return (value: string): number => {
    const x = Number(value.replace(/_/g, ''));
    if (!Number.isSafeInteger(x) || x < min) throw new InvalidArgumentError(`must be a whole number ≥ ${min}`);
    return x;
  };
}

/** commander argument parser for a number > 0 (seconds). */
export function positiveNumberOption() {
  return (value: string): number => {
    const x = Number(value);
    if (!Number.isFinite(x) || x <= 0) throw new InvalidArgumentError('must be a number > 0');
    return x;
  };
}

/** 1,234,567 for numbers and bigints. */
export function grouped(x: number | bigint): string {
  return typeof x === 'bigint' ? x.toLocaleString('en-US') : x.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

/** What the commands need of a spinner. */
export interface Spinner {
  text: string;
  start(): Spinner;
  stop(): Spinner;
}

const silentSpinner = (): Spinner => {
  const s: Spinner = { text: '', start: () => s, stop: () => s };
  return s;
};

/**
 * A progress spinner (ora) on stderr, shown only when stderr is a terminal that reports its width and not
 * under CI (a zero-column terminal makes ora redraw endlessly). ora is loaded
 * only then: it costs tens of milliseconds of start-up that a piped or CI run need not pay.
 */
export async function progressSpinner(text: string): Promise<Spinner> {
  const enabled = process.stderr.isTTY === true && (process.stderr.columns ?? 0) > 0 && !process.env['CI'];
  if (!enabled) return silentSpinner();
  const { default: ora } = await import('ora');
  return ora({ text, stream: process.stderr, discardStdin: false });
}

export { InputError };
