import { closeSync, constants, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { InputError } from '../grid/shape.js';

/**
 * An exclusive lock on a file that a long run writes (a checkpoint): the lock file `<path>.lock`, created with
 * O_EXCL and holding the owner's pid, host and start time. A second writer finds it and is refused while the owner
 * lives; a lock whose owner is gone (killed with -9, or by Ctrl-C) is stale and is taken over. The lock is removed
 * when released and when the process exits normally.
 *
 *   {"format":"sudoku-count/lock","version":1,"pid":12345,"host":"box","since":"2026-11-23T03:05:38.000Z"}
 */
export interface FileLock {
  readonly lockPath: string;
  release(): void;
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
}

const FORMAT = 'sudoku-count/lock';
const held = new Set<string>();
let exitHook = false;

function ownerOf(lockPath: string): LockOwner | null {
  try {
    const o = JSON.parse(readFileSync(lockPath, 'utf8')) as Record<string, unknown>;
    if (o['format'] !== FORMAT || typeof o['pid'] !== 'number' || typeof o['host'] !== 'string') return null;
    return { pid: o['pid'], host: o['host'] };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // it exists, and is someone else's
  }
}

/** Take the lock on `path` for writing, or throw InputError naming who holds it. `what`: "checkpoint". */
export function lockFile(path: string, what: string): FileLock {
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new InputError(`cannot lock ${what} ${path}: ${code ?? String(e)}`);
      const owner = ownerOf(lockPath);
      if (owner === null)
        throw new InputError(
          `${what} ${path} is locked by ${lockPath}, which is not a sudoku-count lock: if no run is writing ` +
            `${path}, remove ${lockPath}`,
        );
      if (owner.host !== hostname() || alive(owner.pid))
        throw new InputError(
          `${what} ${path} is being written by process ${owner.pid}` +
            `${owner.host !== hostname() ? ` on ${owner.host}` : ''} ` +
            `(lock ${lockPath}): wait for it to finish or stop it first`,
        );
      unlinkSync(lockPath); // stale: its owner is gone
      continue;
    }
    const body = JSON.stringify({
      format: FORMAT,
      version: 1,
      pid: process.pid,
      host: hostname(),
      since: new Date().toISOString(),
    });
    writeSync(fd, body + '\n');
    closeSync(fd);
    held.add(lockPath);
    if (!exitHook) {
      exitHook = true;
      process.on('exit', () => {
        for (const p of held) unlinkQuietly(p);
      });
    }
    return {
      lockPath,
      release(): void {
        if (held.delete(lockPath)) unlinkQuietly(lockPath);
      },
    };
  }
  throw new InputError(`cannot lock ${what} ${path}: another run took the lock at the same moment`);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
