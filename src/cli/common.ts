import { InvalidArgumentError } from 'commander';
import { boxShape, boxShapeProblem, InputError, readBoxShapeText, type BoxShape } from '../grid/shape.js';
import { resolveRules, shapeProblem, type Operation } from '../grid/support.js';
import { VARIANT_HELP, type Rules } from '../grid/rules.js';
import { readJigsaw } from '../io/readJigsaw.js';
import { counterProblem, type CounterName } from '../count/counterName.js';
import { maxWorkers } from '../parallel/threads.js';
import { MAX_SEED } from '../random/maxSeed.js';
import { grouped } from '../grid/grouped.js';
import type { SlurmMemoryOption } from '../shards/writeSlurm.js';
import { processIo } from '../io/processIo.js';

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

/** The --variant flag and its help, the same on every command that takes it. */
export const VARIANT_FLAG = '--variant <list>';
export const VARIANT_FLAG_HELP = `Sudoku variants: ${VARIANT_HELP}`;

/**
 * The rules of --box and --variant for one operation, built and checked once at the edge (a jigsaw file is read
 * here); an InputError (one line, status 2) names what is wrong.
 */
export function cliRules(operation: Operation, shape: BoxShape, variant: string | undefined, method?: string): Rules {
  return resolveRules(operation, shape, variant, method, readJigsaw);
}

/** commander argument parser for --counter: column-set-sum (the default) or dlx. */
export function counterOption(value: string): CounterName {
  const problem = counterProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value as CounterName;
}

/** commander argument parser for a whole number in min..max. Accepts 1e6 and 1_000_000; not '' or ' '. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value: string): number => {
    const x = value.trim() === '' ? NaN : Number(value.replace(/_/g, ''));
    if (!Number.isSafeInteger(x) || x < min || x > max)
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `must be a whole number ≥ ${min}` : `must be a whole number ${min}..${max}`,
      );
    return x;
  };
}

/** commander argument parser for a whole number of any size (digits, '_' allowed between them) as a BigInt. */
export function wholeNumberOption(value: string): bigint {
  if (!/^[0-9][0-9_]*$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number ≥ 0 (digits)');
  return BigInt(value.trim().replace(/_/g, ''));
}

/** commander argument parser for --workers: 1..maxWorkers() threads (each thread is a V8 isolate: memory). */
export function workersOption(value: string): number {
  return integerOption(1, maxWorkers())(value);
}

/** commander argument parser for --seed: a whole number 0..MAX_SEED. */
export function seedOption(value: string): number {
  return integerOption(0, MAX_SEED)(value);
}

/** commander argument parser for a number > 0 (seconds); not '' or ' '. */
export function positiveNumberOption(): (value: string) => number {
  return (value: string): number => {
    const x = value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(x) || x <= 0) throw new InvalidArgumentError('must be a number > 0');
    return x;
  };
}

/** The most shard indices one list may name (`--shard`, `--mem SHARDS:SIZE`). */
export const MAX_SHARD_LIST = 1_000_000;

/**
 * Shard indices as written on the command line: `3`, a range `0-15`, or a list `0,3,5-9`; returned ascending, each
 * once. Throws InvalidArgumentError naming what is wrong (commander puts the flag in front).
 */
export function shardListOption(value: string): number[] {
  const ids = new Set<number>();
  for (const part of value.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (m === null)
      throw new InvalidArgumentError(`expected a shard index, a range A-B or a list (0,3,5-9); '${part}' is not one`);
    const a = Number(m[1]),
      b = m[2] === undefined ? a : Number(m[2]);
    const huge = [m[1], m[2]].find((x) => x !== undefined && !Number.isSafeInteger(Number(x)));
    if (huge !== undefined)
      throw new InvalidArgumentError(
        `shard ${huge.replace(/^0+(?=\d)/, '')} is out of range of any plan (shard indices are below 2^53)`,
      );
    if (b < a) throw new InvalidArgumentError(`the range ${part.trim()} is empty`);
    if (b - a + 1 + ids.size > MAX_SHARD_LIST)
      throw new InvalidArgumentError(`at most ${grouped(MAX_SHARD_LIST)} shards at once`);
    for (let i = a; i <= b; i++) ids.add(i);
  }
  return [...ids].sort((x, y) => x - y);
}

/** Slurm's memory size, in MB: a whole number with a unit, M, G or T (4096M, 4G, 16G, 1T). */
export function memorySizeMB(value: string): number {
  const m = /^\s*(\d+)\s*([MGT])B?\s*$/i.exec(value);
  const mb = m === null ? NaN : Number(m[1]) * { M: 1, G: 1024, T: 1024 * 1024 }[m[2].toUpperCase() as 'M'];
  if (!Number.isSafeInteger(mb) || mb < 1)
    throw new InvalidArgumentError(
      `expected a memory size, a whole number with its unit M, G or T (4096M, 16G); '${value}' is not one`,
    );
  return mb;
}

/**
 * commander argument parser for --mem (repeatable): `SIZE` sets every task's memory, `SHARDS:SIZE` (`0-1:16G`,
 * `0,7:12G`) that of some shards.
 */
export function memoryOption(value: string, previous: SlurmMemoryOption | undefined): SlurmMemoryOption {
  const before = previous ?? { shards: [] };
  const colon = value.lastIndexOf(':');
  if (colon < 0) return { ...before, memoryMB: memorySizeMB(value) };
  const shards = shardListOption(value.slice(0, colon));
  return { ...before, shards: [...before.shards, { shards, memoryMB: memorySizeMB(value.slice(colon + 1)) }] };
}

/** The options given (not undefined, not false) among `options`, as flags: fromResults → --from-results. */
export function flagsGiven(options: Record<string, unknown>): string[] {
  return Object.entries(options)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k]) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
}

/**
 * The repeatable `--file <path>` of the commands that read grids, puzzles or numbers (`.option(...fileOption(r))`):
 * `reads` says what and how, and '-' is stdin; the paths in the order given.
 */
export function fileOption(reads: string): [string, string, (value: string, previous?: string[]) => string[]] {
  return ['--file <path>', `${reads} ('-' for stdin); may be repeated`, (value, previous = []) => [...previous, value]];
}

/** commander argument parser for a file path: not empty. */
export function pathOption(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must name a file');
  return value;
}

export { grouped };
export type { SlurmMemoryOption };

/** What the commands need of a spinner. */
export interface Spinner {
  text: string;
  start(): Spinner;
  stop(): Spinner;
}

/** True when progress may be drawn: stderr is a terminal that reports its width, and not under CI. */
export function progressShown(): boolean {
  const { stderr, env } = processIo();
  return stderr.isTTY === true && (stderr.columns ?? 0) > 0 && !env['CI'];
}

/** The environment variable that sets the seconds between plain progress lines (0: none). */
export const PROGRESS_SECONDS_ENV = 'SUDOKU_COUNT_PROGRESS_SECONDS';

/** Seconds between plain progress lines by default. */
const PLAIN_PROGRESS_SECONDS = 5;

/**
 * Seconds between plain progress lines, when progress is not drawn (stderr not a terminal, or CI): a long run still
 * says what it is doing, one line every few seconds; a run shorter than that prints none. SUDOKU_COUNT_PROGRESS_SECONDS
 * sets it (0 turns the lines off; a value that is not a number ≥ 0 leaves the default).
 */
function plainProgressSeconds(): number {
  const v = processIo().env[PROGRESS_SECONDS_ENV];
  const x = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(x) && x >= 0 ? x : PLAIN_PROGRESS_SECONDS;
}

/**
 * Plain progress lines on stderr, never on stdout: `say(describe)` writes `sudoku-count: ` and describe(seconds so
 * far) as one line when `every` seconds have passed since the start or the last line (describe is called only
 * then). Called from inside a computation that holds the main thread, and from a timer when the main thread is free.
 */
function plainLines(every: number): (describe: (seconds: number) => string) => void {
  const { stderr } = processIo();
  const t0 = performance.now();
  let last = t0;
  return (describe) => {
    if (every <= 0) return;
    const now = performance.now();
    if (now - last < every * 1000) return;
    last = now;
    stderr.write(`sudoku-count: ${describe((now - t0) / 1000)}\n`);
  };
}

/**
 * Without a terminal: the spinner's text as a plain line every few seconds (plainProgressSeconds) while it runs,
 * from a timer (unref'd: it never keeps the process alive) and whenever the text is set, so a stage that holds the
 * main thread and sets the text still reports.
 */
function plainSpinner(initial: string): Spinner {
  const every = plainProgressSeconds();
  let text = initial;
  let say: ((describe: (seconds: number) => string) => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const line = () => say?.((seconds) => `${text} (${seconds.toFixed(seconds < 10 ? 1 : 0)} s)`);
  const s: Spinner = {
    get text(): string {
      return text;
    },
    set text(v: string) {
      text = v;
      line();
    },
    start: () => {
      if (say === null && every > 0) {
        say = plainLines(every);
        timer = setInterval(line, every * 1000);
        timer.unref();
      }
      return s;
    },
    stop: () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      say = null;
      return s;
    },
  };
  return s;
}

/**
 * A progress spinner (ora) on stderr, drawn only when `progressShown()` (a zero-column terminal makes ora redraw
 * endlessly); otherwise its text as a plain line every few seconds (plainSpinner). ora is loaded only when drawn:
 * it costs tens of milliseconds of start-up that a piped or CI run need not pay. The cursor stays visible: hiding
 * it would make ora install a SIGINT handler (to show it again), and a handler waits for the main thread, so Ctrl-C
 * during a long synchronous stage would wait seconds. Without one, Ctrl-C ends the process at once.
 */
export async function progressSpinner(text: string): Promise<Spinner> {
  if (!progressShown()) return plainSpinner(text);
  const { default: ora } = await import('ora');
  return ora({ text, stream: processIo().stderr, discardStdin: false, hideCursor: false });
}

/**
 * A spinner for a computation that reports its stages: drawn from the first text it is given (a refusal before any
 * work draws nothing), stopped by `stop` if drawn, and drawn again by the next text.
 */
export async function stageSpinner(): Promise<{ text: (text: string) => void; stop: () => void }> {
  const spinner = await progressSpinner('');
  let started = false;
  return {
    text: (text) => {
      spinner.text = text;
      if (!started) spinner.start();
      started = true;
    },
    stop: () => {
      if (started) spinner.stop();
      started = false;
    },
  };
}

/** A build or a run behind a spinner on stderr (`build` may set the spinner's text): its result. */
export async function withSpinner<T>(text: string, build: (spinner: Spinner) => T | PromiseLike<T>): Promise<T> {
  const spinner = await progressSpinner(text);
  spinner.start();
  try {
    return await build(spinner);
  } finally {
    spinner.stop();
  }
}

/**
 * Progress of a long synchronous computation (a count in the main thread, where no timer can run): `tick` is
 * called from inside the computation. When `progressShown()` it redraws one stderr line at most every 200 ms, from
 * 1 s on, and `done` clears it; otherwise it writes a plain line every few seconds (plainProgressSeconds).
 */
export function syncProgress(describe: (seconds: number) => string): { tick(): void; done(): void } {
  const shown = progressShown();
  const { stderr } = processIo();
  const plain = shown ? null : plainLines(plainProgressSeconds());
  const t0 = performance.now();
  let last = 0,
    drawn = false;
  return {
    tick(): void {
      if (plain !== null) return plain(describe);
      const now = performance.now();
      if (now - t0 < 1000 || now - last < 200) return;
      last = now;
      const text = describe((now - t0) / 1000).slice(0, Math.max(10, (stderr.columns ?? 80) - 1));
      stderr.write(`\r\x1b[K${text}`);
      drawn = true;
    },
    done(): void {
      if (drawn) stderr.write('\r\x1b[K');
      drawn = false;
    },
  };
}

/**
 * A run stopped by Ctrl-C: the CLI prints its message on one line and exits with status 130 (128 + SIGINT), or 143
 * (128 + SIGTERM) when SIGTERM stopped it (main.ts).
 */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

/** A long run given the signal that stops it: `run` is called once, and its answer or error passed on. */
export type Interruptible = <T>(run: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/**
 * Run `run` under the CLI's one Ctrl-C handler: while it runs, a request to stop (SIGINT or SIGTERM, through
 * `processIo().onStop`) aborts the signal it is given (every long count listens to one: the library's runs stop
 * within a fraction of a second and keep what finished). It listens for the run only, not for the program's life:
 * a handler waits for the main thread, so a command with no run to stop (a synchronous stage) ends at once on
 * Ctrl-C, as without one.
 */
export const interruptible: Interruptible = async (run) => {
  const stop = new AbortController();
  const unlisten = processIo().onStop(() => stop.abort());
  try {
    return await run(stop.signal);
  } finally {
    unlisten();
  }
};

export { InputError };

/**
 * --box for a command that also takes --variant: the shapes of `operation` or of `alsoFor` (default: the variant
 * count, n ≤ 6); the action asks `requireShape(operation)` when no --variant is given, so a plain run is refused as
 * before.
 */
export function boxOrVariantBoxOption(operation: Operation, ...alsoFor: Operation[]): (value: string) => BoxShape {
  if (alsoFor.length === 0) alsoFor = ['variant-count'];
  const strict = boxOption(operation);
  return (value: string): BoxShape => {
    try {
      return strict(value);
    } catch (e) {
      const read = readBoxShapeText(value);
      if (!(e instanceof InvalidArgumentError) || typeof read === 'string' || boxShapeProblem(read.rows, read.cols))
        throw e;
      const shape = boxShape(read.rows, read.cols);
      if (alsoFor.every((op) => shapeProblem(op, shape) !== null)) throw e;
      return shape;
    }
  };
}
