import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  truncateSync,
  watch,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, CLI, type CliResult, oneLine, ROOT, tempDir } from '../helpers/cli.js';

/**
 * Files as the user gives them (issue 42, items 4, 7 and 8): devices and pipes as outputs are written through, with
 * nothing beside them and never read back; every file read whole goes through one bounded reader (a regular file of
 * sane size, gzip inflated to a cap); every file error is worded once, paths echoed on one line.
 */

/** A 2×2 plan in 2 shards (a moment to count). */
const dir = tempDir();
const plan = join(dir, 'plan.json');
beforeAll(async () => {
  const r = await cli(['count', '--box', '2x2', '--plan', plan, '--shards', '2']);
  expect(r.code, r.stderr).toBe(0);
});

/** Names that appear in /dev while `run` runs (inotify through fs.watch), besides the ones there before. */
async function newInDev(run: () => Promise<CliResult>): Promise<{ r: CliResult; seen: string[] }> {
  const before = new Set(readdirSync('/dev'));
  const seen = new Set<string>();
  const watcher = watch('/dev', (_event, name) => {
    if (name !== null && !before.has(name)) seen.add(name);
  });
  try {
    const r = await run();
    await new Promise((done) => setTimeout(done, 100)); // the last events
    for (const name of readdirSync('/dev')) if (!before.has(name)) seen.add(name);
    return { r, seen: [...seen].filter((n) => /^(null|stdout|stderr)\./.test(n)) };
  } finally {
    watcher.close();
  }
}

describe('devices and pipes as outputs: written through, nothing beside them, never read back', () => {
  it('--out /dev/stdout through a pipe: the result on stdout, the line on stderr; no hang, no lock', () => {
    // the shard used to read its own stdout pipe to see whether the shard was done: it waited for ever
    const r = spawnSync(process.execPath, [CLI, 'count', '--plan', plan, '--shard', '0', '--out', '/dev/stdout'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, CI: 'true' },
    });
    expect(r.signal, 'killed by the timeout: it hung').toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\{"format":"sudoku-count\/shard-result","version":1,.*"sha256":"[0-9a-f]{64}"\}\n$/s);
    expect(r.stderr).toMatch(/^shard 0 of 2 \(plan [0-9a-f]{16}\): 1 units in .* → \/dev\/stdout\n$/);
    expect(existsSync('/dev/stdout.lock')).toBe(false);
  });

  it('--out /dev/null: counted, and nothing appears in /dev (no .lock, .part or temporary file)', async () => {
    const { r, seen } = await newInDev(() => cli(['count', '--plan', plan, '--shard', '1', '--out', '/dev/null']));
    expect(r.code, r.stderr).toBe(0);
    expect(seen).toEqual([]);
    // a plan and a job script to /dev/null too
    const more = await newInDev(async () => {
      const a = await cli(['count', '--box', '2x2', '--plan', '/dev/null', '--shards', '2']);
      expect(a.code, a.stderr).toBe(0);
      return cli(['count', '--plan', plan, '--slurm', '--out', '/dev/null']);
    });
    expect(more.r.code, more.r.stderr).toBe(0);
    expect(more.seen).toEqual([]);
  });

  it('a named pipe: the reader gets the result; no lock or .part beside it', async () => {
    const fifoDir = tempDir();
    const fifo = join(fifoDir, 'result.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.setEncoding('utf8').on('data', (s: string) => (got += s));
    const closed = new Promise((done) => reader.on('close', done));
    const r = await cli(['count', '--plan', plan, '--shard', '0', '--out', fifo]);
    await closed;
    expect(r.code, r.stderr).toBe(0);
    expect(got).toMatch(/^\{"format":"sudoku-count\/shard-result"/);
    expect(readdirSync(fifoDir)).toEqual(['result.json']);
  });

  it('a named pipe with no reader: one line, status 1, within seconds (it used to wait for ever, deaf to TERM)', () => {
    const fifo = join(tempDir(), 'nobody.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = spawnSync(process.execPath, [CLI, 'count', '--plan', plan, '--shard', '0', '--out', fifo], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, CI: 'true' },
    });
    expect(r.signal, 'killed by the timeout: it hung').toBeNull();
    expect(r.status).toBe(1);
    expect(oneLine(r)).toMatch(
      /cannot write .*nobody\.json: a named pipe with no reader \(none came in 2 s\): start its reader first$/,
    );
  });

  it('a device as a checkpoint (read back to resume) is refused by name, before any work', async () => {
    for (const args of [
      ['count', '--box', '2x2', '--counter', 'dlx', '--checkpoint', '/dev/null'],
      ['count', '--box', '4x2', '--checkpoint', '/dev/null'],
    ]) {
      const { r, seen } = await newInDev(() => cli(args));
      expect(r.code).toBe(2);
      expect(oneLine(r)).toMatch(/checkpoint \/dev\/null: not a regular file: a device \(a checkpoint is read back/);
      expect(seen).toEqual([]);
    }
  });
});

describe('count --plan F --slurm in a hostile folder: the job script runs under dash, shards and merge', () => {
  it('no injected command runs; the shards count and the merge (sbatch --wrap, run by dash) gives N', async () => {
    const shells = ['bash', 'dash'].filter((sh) => spawnSync(sh, ['-c', 'true']).status === 0);
    expect(shells).toEqual(['bash', 'dash']);
    const base = tempDir();
    const hostile = join(base, `a b'c"d$(touch INJ1)\`touch INJ2\`\te\x1bf\ng;touch INJ3 %x`);
    mkdirSync(hostile);
    const hostilePlan = join(hostile, 'plan.json');
    writeFileSync(hostilePlan, readFileSync(plan));
    const job = join(hostile, 'job.sh');
    const made = await cli(['count', '--plan', hostilePlan, '--slurm', '--out', job]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout.trimEnd().split('\n')).toHaveLength(1); // "wrote …: submit with `sh …`", on one line
    // a stand-in sbatch: logs nothing, runs --wrap with dash as Slurm runs it with /bin/sh, its output to merge.out
    const bin = join(base, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'sbatch'),
      '#!/bin/sh\nfor a in "$@"; do case $a in --wrap=*) printf \'%s\\n\' "${a#--wrap=}" > "$MERGE.sh"; ' +
        'dash "$MERGE.sh" > "$MERGE" 2>&1 || exit 1;; esac; done\necho "7;cluster"\n',
    );
    chmodSync(join(bin, 'sbatch'), 0o755);
    const merge = join(base, 'merge.out');
    const env = { ...process.env, PATH: `${bin}:${process.env['PATH']}`, MERGE: merge, CI: 'true' };
    for (const [i, sh] of shells.entries()) {
      // inside Slurm: task i counts shard i
      const task = spawnSync(sh, [job], { env: { ...env, SLURM_ARRAY_TASK_ID: String(i) }, encoding: 'utf8' });
      expect(task.status, task.stderr).toBe(0);
    }
    expect(readdirSync(join(hostile, 'plan.results')).sort()).toEqual(['shard-0-of-2.json', 'shard-1-of-2.json']);
    const submit = spawnSync('dash', [job], { env, encoding: 'utf8', cwd: base });
    expect(submit.status, submit.stderr).toBe(0);
    expect(readFileSync(merge, 'utf8')).toMatch(/^Merged 2 shards of plan [0-9a-f]{16}/);
    // the merge job counts again (--recount 2; this count is cheap, so N whole, from no file)
    expect(readFileSync(merge, 'utf8')).toMatch(/\n {2}N counted whole again on this machine, from no file/);
    expect(readdirSync(base).filter((f) => f.startsWith('INJ'))).toEqual([]);
    expect(readdirSync(ROOT).filter((f) => f.startsWith('INJ'))).toEqual([]);
  });
});

describe('bounded readers: a regular file of sane size, gzip inflated to a cap', () => {
  it('a gzipped plan that inflates past the cap is refused without inflating it all', async () => {
    // 300 gzip members of 1 MiB of zeros: 300 MiB inflated, 0.3 MB on disk (it used to be inflated whole)
    const member = gzipSync(Buffer.alloc(1 << 20), { level: 9 });
    const bomb = join(dir, 'bomb.json.gz');
    const fd = openSync(bomb, 'w');
    for (let i = 0; i < 300; i++) writeSync(fd, member);
    closeSync(fd);
    const r = await cli(['count', '--plan', bomb, '--shard', '0', '--out', join(dir, 'bomb-results/')]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/plan .*bomb\.json\.gz: it inflates to more than the 256 MiB a plan can be/);
  });

  it('/dev/zero, and a link to it, as a file argument: refused at once, read not at all', async () => {
    const link = join(dir, 'zero.json');
    symlinkSync('/dev/zero', link);
    const cases: [string[], RegExp][] = [
      [['classes', '--verify', '/dev/zero'], /variant table \/dev\/zero: not a regular file: a device/],
      [
        ['essentially-different', '--variant', 'anti-knight', '--identity-from', link],
        /--identity-from .*zero\.json: not a regular file: a device/,
      ],
      [['count', '--variant', 'jigsaw=/dev/zero'], /jigsaw file \/dev\/zero: not a regular file: a device/],
      [['count', '--plan', link, '--shard', '0', '--out', dir], /plan .*zero\.json: not a regular file: a device/],
      [['count', '--merge', link], /shard result .*zero\.json: not a regular file: a device/],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(args)));
    runs.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(2);
      expect(oneLine(r)).toMatch(cases[i][1]);
    });
  });

  it('a checkpoint of 600 MiB (sparse) is refused by its size, before reading it', async () => {
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, '');
    truncateSync(big, 600 << 20);
    const started = performance.now();
    const r = await cli(['estimate', '--resume', big, '--method', 'knuth', '--box', '2x2', '--samples', '100']);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/checkpoint .*big\.jsonl: 600 MiB, more than the 256 MiB a checkpoint can be/);
    expect(performance.now() - started).toBeLessThan(10_000); // it used to read it (15 s, 1.1 GB)
  });

  it('merge of a folder skips, and names, *.json too large to be a result or not a file; merges the rest', async () => {
    const results = join(dir, 'merge-results');
    mkdirSync(results);
    const shards = await Promise.all(
      ['0', '1'].map((i) => cli(['count', '--plan', plan, '--shard', i, '--out', results])),
    );
    for (const s of shards) expect(s.code, s.stderr).toBe(0);
    const big = join(results, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 300 << 20);
    expect(spawnSync('mkfifo', [join(results, 'fifo.json')]).status).toBe(0);
    const r = await cli(['count', '--merge', results]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Merged 2 shards of plan/);
    expect(r.stderr).toMatch(/skipped .*big\.json: 300 MiB, more than the 256 MiB a shard result can be/);
    expect(r.stderr).toMatch(/skipped .*fifo\.json: not a regular file: a pipe \(FIFO\)/);
  });
});

describe('messages: one wording of file errors, one line, no advice the command does not take', () => {
  it('count does not advise --force, which it does not take', async () => {
    const foreign = join(dir, 'notes.json');
    writeFileSync(foreign, 'my notes\n');
    const r = await cli(['count', '--box', '2x2', '--plan', foreign, '--shards', '2']);
    expect(r.code).toBe(2);
    const line = oneLine(r);
    expect(line).toMatch(/notes\.json exists and is not a shard plan written by sudoku-count: choose another path or/);
    expect(line).not.toContain('--force');
    expect(readFileSync(foreign, 'utf8')).toBe('my notes\n');
    // a command that takes --force still offers it
    const table = await cli(['classes', '--box', '2x2', '--out', foreign]);
    expect(oneLine(table)).toMatch(/give --force to replace it/);
  });

  it('a link loop is a loop of links, as an output and as a shard result (not "missing")', async () => {
    const loop = join(dir, 'loop.json');
    symlinkSync('loop.json', loop);
    const out = await cli(['count', '--box', '2x2', '--plan', loop, '--shards', '2']);
    expect(out.code).toBe(2);
    expect(oneLine(out)).toMatch(/cannot write .*loop\.json: a loop of symbolic links$/);
    const results = join(dir, 'loop-results');
    mkdirSync(results);
    for (const i of ['0', '1']) await cli(['count', '--plan', plan, '--shard', i, '--out', results]);
    const one = join(results, 'shard-1-of-2.json');
    renameSync(one, join(results, 'kept'));
    symlinkSync('shard-1-of-2.json', one);
    const r = await cli(['count', '--merge', results]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/shard result .*shard-1-of-2\.json: a loop of symbolic links$/);
  });

  it('a path with a newline, a tab and an escape sequence is echoed on one line, escaped', async () => {
    const r = await cli(['count', '--plan', join(dir, 'a\nb\x1b[31mc\td'), '--shard', '0', '--out', dir]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/plan .*a\\x0ab\\x1b\[31mc\\x09d: no such file or folder$/);
    const w = await cli(['count', '--box', '2x2', '--plan', join(dir, 'no\nsuch', 'p.json'), '--shards', '2']);
    expect(oneLine(w)).toMatch(/the folder .*no\\x0asuch does not exist/);
  });

  it('a shard index of 10^20: out of range, for the right reason', async () => {
    const r = await cli(['count', '--plan', plan, '--shard', '100000000000000000000', '--out', dir]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/shard 100000000000000000000 is out of range of any plan/);
    expect(r.stderr).not.toMatch(/empty/);
    const env = await cli(['count', '--plan', plan, '--out', dir], {
      env: { SLURM_ARRAY_TASK_ID: '1000000000000000000000' },
    });
    expect(oneLine(env)).toMatch(/shard 1000000000000000000000 \(SLURM_ARRAY_TASK_ID\) is out of range/);
  });

  it('rank on empty stdin says it expected grids; a missing jigsaw file is "no such file", not ENOENT', async () => {
    const rank = await cli(['rank', '-']);
    expect(rank.code).toBe(2);
    expect(oneLine(rank)).toMatch(/no grids in stdin: it is empty/);
    const jig = await cli(['count', '--variant', `jigsaw=${join(dir, 'none.txt')}`]);
    expect(jig.code).toBe(2);
    expect(oneLine(jig)).toMatch(/jigsaw file .*none\.txt: no such file or folder$/);
  });
});
