import { randomBytes } from 'node:crypto';
import { processIo } from './processIo.js';
import { closeSync, constants, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { InputError } from '../grid/shape.js';
import { fileProblem, shownPath } from './fileProblem.js';
import { writtenThrough } from './outputFile.js';
import { readBoundedIfThere, READ_LIMITS } from './readBounded.js';

/**
 * An exclusive lock on a file that a long run writes (a checkpoint): the lock file `<path>.lock`, holding the
 * owner's pid, host and start time. A second writer finds it and is refused while the owner lives; a lock whose
 * owner is gone (killed with -9) is stale and is taken over. The lock is removed when released, when the process
 * exits normally, and on SIGTERM and SIGHUP (as the commands do on Ctrl-C).
 *
 *   {"format":"sudoku-count/lock","version":1,"pid":12345,"host":"box","since":"2026-11-23T03:05:38.000Z"}
 *
 * A lock appears whole or not at all: it is written to a temporary file and hard-linked into place (link fails if
 * a lock is there), so a full disk never leaves an empty lock. (An empty lock, or the start of one, left by an
 * earlier version, is stale.) The owner is gone when no process has its pid, or when the process with that pid
 * started after the lock was taken or is not a Node.js process (the pid was reused).
 *
 * Taking over a stale lock is atomic: only the holder of `<path>.lock.takeover` (created the same whole-or-nothing
 * way) may remove a stale lock, after reading it again; everyone else creates locks with link(), which never
 * replaces one. Two runs that find the same stale lock: one takes it, the other is refused naming the winner.
 *
 * A path written through (a device, FIFO or socket: /dev/null, /dev/stdout; src/io/outputFile.ts) is not locked:
 * nothing is put beside it (no /dev/null.lock), and there is no file there for two writers to tear.
 */
export interface FileLock {
  readonly lockPath: string;
  release(): void;
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** When the lock was taken (ms since 1970), or null if it does not say. */
  readonly since: number | null;
}

const FORMAT = 'sudoku-count/lock';
const held = new Set<string>();
let exitHook = false;

/** Tests only: milliseconds to wait between finding a lock stale and taking it over (to show the race is closed). */
const TEST_DELAY_ENV = 'SUDOKU_COUNT_TEST_LOCK_DELAY_MS';

type Found = { readonly kind: 'owner'; readonly owner: LockOwner } | { readonly kind: 'torn' | 'foreign' | 'gone' };

/** What the lock file holds: an owner, nothing of ours yet (empty or a torn start: stale), another file, or none. */
function readLock(lockPath: string, what: string, path: string): Found {
  let bytes: Buffer | null;
  try {
    bytes = readBoundedIfThere(lockPath, { what: 'lock', maxBytes: READ_LIMITS.lock });
  } catch (e) {
    throw new InputError(`cannot lock ${what} ${shownPath(path)}: ${(e as Error).message}`);
  }
  if (bytes === null) return { kind: 'gone' };
  const t = bytes.toString('utf8').trim();
  if (t === '' || `{"format":"${FORMAT}"`.startsWith(t)) return { kind: 'torn' };
  try {
    const o = JSON.parse(t) as Record<string, unknown>;
    if (o['format'] !== FORMAT || typeof o['pid'] !== 'number' || typeof o['host'] !== 'string')
      return { kind: 'foreign' };
    const since = typeof o['since'] === 'string' ? Date.parse(o['since']) : NaN;
    return { kind: 'owner', owner: { pid: o['pid'], host: o['host'], since: Number.isFinite(since) ? since : null } };
  } catch {
    return t.startsWith(`{"format":"${FORMAT}"`) ? { kind: 'torn' } : { kind: 'foreign' };
  }
}

/** When a process started by the kernel's clock (ms since 1970, from boot time + start ticks), or NaN. */
function kernelStart(pid: number | 'self'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]); // field 22 of proc(5): start time in clock ticks after boot
  const btime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
  return btime * 1000 + ticks * 10; // 100 ticks a second on Linux
}

/**
 * Start time (ms since 1970, on this process's clock) and command of a process, from /proc; null where there is
 * no /proc. The kernel's boot time drifts from the wall clock (seconds, in virtual machines): the start is
 * corrected by the drift this process measures on itself (its own kernel start against performance.timeOrigin).
 */
function processInfo(pid: number): { start: number; node: boolean } | null {
  try {
    const start = kernelStart(pid) - (kernelStart('self') - performance.timeOrigin);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const exe = (argv[0] ?? '').split('/').pop() ?? '';
    const node = /node|bun|deno/i.test(exe) || argv.some((a) => a.includes('sudoku-count'));
    return Number.isFinite(start) ? { start, node } : null;
  } catch {
    return null;
  }
}

/** How much later than its lock a holder may seem to start (rounding and clocks) before its pid counts as reused. */
const START_SLACK_MS = 10_000;

/** Is the lock's owner still running? */
function holderLives(owner: LockOwner, lockPath: string): boolean {
  if (owner.host !== hostname()) return true; // another machine's process: we cannot tell
  if (owner.pid === process.pid) return held.has(lockPath);
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false; // EPERM: it exists, and is someone else's
  }
  const info = processInfo(owner.pid);
  if (info === null) return true;
  if (!info.node) return false; // the pid now belongs to another program
  // started after the lock was taken: the pid was reused
  return owner.since === null || info.start <= owner.since + START_SLACK_MS;
}

/**
 * Create `target` holding `body`, whole or not at all: a temporary file, then link(2) (EEXIST if `target` is
 * there). Returns false when it is there.
 */
function createWhole(target: string, body: string): boolean {
  const tmp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  try {
    const buf = Buffer.from(body);
    for (let at = 0; at < buf.length;) at += writeSync(fd, buf, at, buf.length - at);
    closeSync(fd);
    try {
      linkSync(tmp, target);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // closed already
    }
    throw e;
  } finally {
    unlinkQuietly(tmp);
  }
}

function lockBody(): string {
  return (
    JSON.stringify({
      format: FORMAT,
      version: 1,
      pid: process.pid,
      host: hostname(),
      since: new Date().toISOString(),
    }) + '\n'
  );
}

function testDelay(): void {
  const ms = Number(processIo().env[TEST_DELAY_ENV] ?? 0);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Take the lock on `path` for writing, or throw InputError naming who holds it. `what`: "checkpoint". */
export function lockFile(path: string, what: string): FileLock {
  const lockPath = `${path}.lock`;
  if (writtenThrough(path)) return { lockPath, release: () => {} };
  const fail = (e: unknown): never => {
    throw new InputError(`cannot lock ${what} ${path}: ${fileProblem(e)}`);
  };
  const refuse = (owner: LockOwner): never => {
    throw new InputError(
      `${what} ${path} is being written by process ${owner.pid}` +
        `${owner.host !== hostname() ? ` on ${owner.host}` : ''} ` +
        `(lock ${lockPath}): wait for it to finish or stop it first`,
    );
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    let created = false;
    try {
      created = createWhole(lockPath, lockBody());
    } catch (e) {
      fail(e);
    }
    if (created) return holding(lockPath);
    const found = readLock(lockPath, what, path);
    if (found.kind === 'gone') continue; // released meanwhile: try again
    if (found.kind === 'foreign')
      throw new InputError(
        `${what} ${path} is locked by ${lockPath}, which is not a sudoku-count lock: if no run is writing ` +
          `${path}, remove ${lockPath}`,
      );
    if (found.kind === 'owner' && holderLives(found.owner, lockPath)) refuse(found.owner);
    takeOver(lockPath, what, path);
  }
  throw new InputError(`cannot lock ${what} ${path}: another run took the lock at the same moment`);
}

/** Remove a stale lock, holding the takeover guard, after making sure it is still the stale one. */
function takeOver(lockPath: string, what: string, path: string): void {
  const guard = `${lockPath}.takeover`;
  let mine: boolean;
  try {
    mine = createWhole(guard, lockBody());
  } catch (e) {
    throw new InputError(`cannot lock ${what} ${path}: ${fileProblem(e)}`);
  }
  if (!mine) {
    const g = readLock(guard, what, path);
    if (g.kind === 'gone') return; // the other run is done: look again
    if (g.kind === 'owner' && holderLives(g.owner, guard))
      throw new InputError(
        `cannot lock ${what} ${path}: process ${g.owner.pid} is taking over its stale lock ${lockPath} at this ` +
          'moment',
      );
    throw new InputError(
      `cannot lock ${what} ${path}: a run stopped while taking over its stale lock: if no run is writing ${path}, ` +
        `remove ${guard} and ${lockPath}`,
    );
  }
  try {
    testDelay();
    // only the guard's holder removes a lock, and link() never replaces one: what is there is what we judge
    const again = readLock(lockPath, what, path);
    if (again.kind === 'torn' || (again.kind === 'owner' && !holderLives(again.owner, lockPath)))
      unlinkQuietly(lockPath);
  } finally {
    unlinkQuietly(guard);
  }
}

function holding(lockPath: string): FileLock {
  held.add(lockPath);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', releaseAll);
  }
  watchSignals();
  return {
    lockPath,
    release(): void {
      if (held.delete(lockPath)) unlinkQuietly(lockPath);
      if (held.size === 0) unwatchSignals();
    },
  };
}

function releaseAll(): void {
  for (const p of held) unlinkQuietly(p);
  held.clear();
}

/**
 * SIGTERM and SIGHUP end the process as they would, without leaving its locks behind. A command that handles the
 * signal itself (a shard saves its checkpoint, then releases its lock in `finally`) has its own listener: then
 * this one stands aside, so the command's save is not cut short.
 */
const SIGNALS = { SIGTERM: 15, SIGHUP: 1 } as const;
const onSignal = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) > 1) return;
  releaseAll();
  process.exit(128 + SIGNALS[signal as keyof typeof SIGNALS]);
};
let watching = false;

function watchSignals(): void {
  if (watching) return;
  watching = true;
  for (const s of Object.keys(SIGNALS)) process.on(s, onSignal);
}

function unwatchSignals(): void {
  if (!watching) return;
  watching = false;
  for (const s of Object.keys(SIGNALS)) process.off(s, onSignal);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
