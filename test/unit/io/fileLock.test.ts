import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFile } from '../../../src/io/fileLock.js';
import { tempDir } from '../../helpers/tempDir.js';

const LOCK_JS = new URL('../../../dist/io/fileLock.js', import.meta.url).href;

/** A pid that no process has any more (a child that has exited). */
function gonePid(): number {
  return spawnSync('true').pid;
}

function lockText(pid: number, since: string): string {
  return JSON.stringify({ format: 'sudoku-count/lock', version: 1, pid, host: hostname(), since }) + '\n';
}

/** A child that takes the lock, says so (or why not), holds it `holdMs`, and releases it. */
function locker(path: string, holdMs: number, env: Record<string, string> = {}) {
  const script =
    `const { lockFile } = await import(${JSON.stringify(LOCK_JS)});` +
    `try { const l = lockFile(${JSON.stringify(path)}, 'checkpoint'); console.log('locked');` +
    ` setTimeout(() => l.release(), ${holdMs}); } catch (e) { console.log(e.message); }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  return {
    child,
    said: new Promise<string>((resolve) => child.stdout.on('data', () => resolve(out))),
    done: new Promise<{ out: string; code: number | null; signal: string | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ out, code, signal })),
    ),
  };
}

describe('the lock on a file a run writes', () => {
  it('an empty lock (a full disk while an earlier version wrote it) and a torn one are stale', () => {
    const dir = tempDir();
    for (const body of ['', '{"format":"sudoku-co']) {
      const f = join(dir, `f${body.length}.jsonl`);
      writeFileSync(`${f}.lock`, body);
      const l = lockFile(f, 'checkpoint');
      expect((JSON.parse(readFileSync(`${f}.lock`, 'utf8')) as { pid: number }).pid).toBe(process.pid);
      l.release();
      expect(existsSync(`${f}.lock`)).toBe(false);
    }
    // a file that is not a lock of ours is never removed
    const g = join(dir, 'g.jsonl');
    writeFileSync(`${g}.lock`, 'precious');
    expect(() => lockFile(g, 'checkpoint')).toThrow(/not a sudoku-count lock/);
    expect(readFileSync(`${g}.lock`, 'utf8')).toBe('precious');
  });

  it('a reused pid is not a live holder: a process that is not Node.js, or that started after the lock', () => {
    const dir = tempDir();
    const f = join(dir, 'f.jsonl');
    if (!existsSync('/proc/1/stat')) return;
    // pid 1 is alive but is not a run of ours (it is init, or the container's first program)
    const init = readFileSync('/proc/1/cmdline', 'utf8');
    if (!/node/.test(init)) {
      writeFileSync(`${f}.lock`, lockText(1, new Date().toISOString()));
      lockFile(f, 'checkpoint').release();
    }
    // this test's parent (Node.js, alive) took the lock in 2000? It started long after: the pid was reused
    writeFileSync(`${f}.lock`, lockText(process.ppid, '2000-01-01T00:00:00.000Z'));
    lockFile(f, 'checkpoint').release();
    // a lock it took an hour from now (it started before): a live holder, refused
    writeFileSync(`${f}.lock`, lockText(process.ppid, new Date(Date.now() + 3600e3).toISOString()));
    expect(() => lockFile(f, 'checkpoint')).toThrow(new RegExp(`being written by process ${process.ppid}`));
  });

  it('two runs that find one stale lock: exactly one takes it over (the race forced open by a delay)', async () => {
    const dir = tempDir();
    const f = join(dir, 'f.jsonl');
    writeFileSync(`${f}.lock`, lockText(gonePid(), new Date().toISOString()));
    // each waits 400 ms between finding the lock stale and taking it: both find it stale before either takes it
    const env = { SUDOKU_COUNT_TEST_LOCK_DELAY_MS: '400' };
    const a = locker(f, 1500, env);
    const b = locker(f, 1500, env);
    const results = [(await a.done).out.trim(), (await b.done).out.trim()];
    expect(results.filter((r) => r === 'locked')).toHaveLength(1);
    expect(results.find((r) => r !== 'locked')).toMatch(/taking over its stale lock|being written by process/);
    // the winner released its lock: no lock, no takeover guard, no temporary file is left
    expect(readdirSync(dir)).toEqual([]);
  }, 20_000);

  it.each(['SIGTERM', 'SIGHUP'] as const)('%s removes the lock, as Ctrl-C does', async (signal) => {
    const dir = tempDir();
    const f = join(dir, 'f.jsonl');
    const a = locker(f, 60_000);
    expect((await a.said).trim()).toBe('locked');
    expect(existsSync(`${f}.lock`)).toBe(true);
    a.child.kill(signal);
    const { code } = await a.done;
    expect(code).toBe(128 + (signal === 'SIGTERM' ? 15 : 1));
    expect(existsSync(`${f}.lock`)).toBe(false);
  });

  it('a command with its own SIGTERM handler saves first: its lock waits for its release', async () => {
    const dir = tempDir();
    const f = join(dir, 'f.jsonl');
    const script =
      `const { lockFile } = await import(${JSON.stringify(LOCK_JS)});` +
      `const l = lockFile(${JSON.stringify(f)}, 'checkpoint');` +
      `process.once('SIGTERM', () => setTimeout(() => {` +
      ` console.log('saved'); l.release(); process.exit(130); }, 50));` +
      `console.log('locked'); setTimeout(() => {}, 60000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    await new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('locked') && resolve()));
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(out).toContain('saved');
    expect(code).toBe(130);
    expect(existsSync(`${f}.lock`)).toBe(false);
  });

  // a small file system that is full: root can mount one (skipped where it cannot)
  it('a full disk while taking the lock is one line, and leaves no lock behind', () => {
    const dir = tempDir();
    const mnt = join(dir, 'small');
    try {
      execFileSync('mkdir', [mnt]);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8k', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      return;
    }
    try {
      try {
        writeFileSync(join(mnt, 'fill'), Buffer.alloc(64 * 1024));
      } catch {
        // full now
      }
      const f = join(mnt, 'f.jsonl');
      expect(() => lockFile(f, 'checkpoint')).toThrow(/^cannot lock checkpoint .*: no space left on the device$/);
      expect(readdirSync(mnt)).toEqual(['fill']);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});
