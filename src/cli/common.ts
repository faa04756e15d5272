import { InvalidArgumentError } from 'commander';
import { boxShapeProblem, InputError, readBoxShapeText, type BoxShape } from '../grid/shape.js';
import { shapeProblem, type Operation } from '../grid/support.js';
import { counterProblem, type CounterName } from '../count/dlxCompletions.js';

/**
 * commander argument parser for --box RxC, for one operation: the text is parsed once into a BoxShape and checked
 * against what the operation supports (src/grid/support.ts words the refusal).
 */
export function boxOption(operation: Operation): (value: string) => BoxShape {
  return (value: string): BoxShape => {
    const read = readBoxShapeText(value);
    if (typeof read === 'string') throw new InvalidArgumentError(read);
    const { rows, cols } = read;
    const problem = boxShapeProblem(rows, cols);
    // a shape too big to write is refused in the operation's own words when the operation has a smaller limit
    const shape: BoxShape = { rows, cols, n: rows * cols, name: `${rows}x${cols}` };
    const refusal = rows >= 1 && cols >= 1 ? shapeProblem(operation, shape) : null;
    if (problem !== null || refusal !== null) throw new InvalidArgumentError(refusal ?? problem ?? '');
    return shape;
  };
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
