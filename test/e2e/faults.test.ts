import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, openSync, readdirSync, readFileSync, writeFileSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, CLI, cliProcess, oneLine, ROOT, spawnCheckpointedRun, tempDir } from '../helpers/cli.js';

/**
 * Faults and hostile input, each as a user meets them: real files, FIFOs, devices, signals and child processes.
 * Every case here misbehaved once (issue "Faults and hostile input"); each test would have caught it.
 */

const ESTIMATE_2X2 = ['estimate', '--method', 'knuth', '--box', '2x2', '--samples', '20000', '--batch', '1000'];

/**
 * Start `sudoku-count ...args`, send Ctrl-C (SIGINT) 0.7 s in, and expect it gone within 1.5 s (generous: the
 * machines are shared; the point is "not seconds": count --box 4x2 used to take 4–5.5 s), by the signal or with 130.
 */
async function expectStopsAtOnce(args: readonly string[]): Promise<void> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 700));
  const t0 = performance.now();
  child.kill('SIGINT');
  const [code, signal] = await new Promise<[number | null, string | null]>((r) =>
    child.on('close', (c, s) => r([c, s])),
  );
  expect(signal === 'SIGINT' || code === 130).toBe(true);
  expect(performance.now() - t0).toBeLessThan(1500);
}

describe('output files: nothing is renamed over, nothing is lost', () => {
  it('classes --out /dev/full writes through the device (one-line error, status 1), which stays a device', async () => {
    if (!existsSync('/dev/full')) return;
    // as a child: the installed program's status 1 on a full disk
    const r = await cliProcess(['classes', '--box', '2x2', '--out', '/dev/full']);
    expect(r.code).toBe(1);
    expect(oneLine(r)).toMatch(/cannot write \/dev\/full: no space left/);
    expect(lstatSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it('classes --out FIFO writes through it; --out a folder is status 2 with no temporary file left', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    reader.stdout.on('data', (b: Buffer) => (got += b.toString()));
    const done = new Promise((resolve) => reader.on('close', resolve));
    const r = await cli(['classes', '--box', '2x2', '--out', fifo]);
    await done;
    expect(r.code).toBe(0);
    expect(got).toContain('"format": "sudoku-count/classes@2"');
    expect(lstatSync(fifo).isFIFO()).toBe(true);

    const bad = await cli(['classes', '--box', '2x2', '--out', dir]);
    expect(bad.code).toBe(2);
    expect(oneLine(bad)).toMatch(/it is a folder/);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('classes --out refuses a file that is not a class table (status 2, intact); --force replaces it', async () => {
    const dir = tempDir();
    const f = join(dir, 'notes.json');
    writeFileSync(f, '{"precious":1}');
    const r = await cli(['classes', '--box', '2x2', '--out', f]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/notes\.json exists and is not a class table.*--force/);
    expect(readFileSync(f, 'utf8')).toBe('{"precious":1}');
    expect((await cli(['classes', '--box', '2x2', '--out', f, '--force'])).code).toBe(0);
    expect(readFileSync(f, 'utf8')).toContain('sudoku-count/classes@2');
    // and a class table it wrote is replaced without --force
    expect((await cli(['classes', '--box', '2x3', '--out', f])).code).toBe(0);
    expect(readFileSync(f, 'utf8')).toContain('"box": "2x3"');
  });

  it('output into a missing folder is refused before any work (documented: no folders are created)', async () => {
    const dir = tempDir();
    const r = await cli(['classes', '--box', '2x2', '--out', join(dir, 'no', 'such', 'out.json')]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/folder .* does not exist \(sudoku-count does not create folders\)/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('bias --report to an unwritable place fails at once, before the batch tests run', async () => {
    const t0 = performance.now();
    // 10⁸ samples of knuth-mrv 3x3 would take minutes: only an early check can answer this fast
    const r = await cli(['bias', '--batches', '1000', '--samples', '100000', '--report', '/proc/no-such/r.html']);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/cannot write \/proc\/no-such\/r\.html/);
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it.each([
    [['classes', '--out', '']],
    [['bias', '--report', '']],
    [['estimate', '--checkpoint', '']],
    [['estimate', '--resume', '']],
    [['estimate', '--seed', '']],
    [['estimate', '--seed', ' ']],
    [['estimate', '--method', 'hybrid', '--fill', '']],
    [['count', '--workers', '100000']],
    [['estimate', '--workers', '0']],
  ])('%j: empty or out-of-range values are one line, status 2', async (args) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(oneLine(r)).toMatch(/invalid|must/);
  });
});

describe('checkpoints: refused unless they are this run, whole and unaltered', () => {
  it('--resume of a file that is not a checkpoint refuses and leaves the file as it was', async () => {
    const dir = tempDir();
    const f = join(dir, 'f.json');
    writeFileSync(f, '{"precious":1}');
    const r = await cli(['estimate', '--resume', f, '--box', '2x2', '--samples', '10']);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/not a sudoku-count estimate checkpoint/);
    expect(readFileSync(f, 'utf8')).toBe('{"precious":1}');
    expect(existsSync(`${f}.lock`)).toBe(false);
  });

  it('an empty checkpoint resumed with no options is refused, naming the options the run needs', async () => {
    const dir = tempDir();
    const f = join(dir, 'empty.jsonl');
    writeFileSync(f, '');
    const r = await cli(['estimate', '--resume', f]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/no header.*--method, --seed, --samples or --seconds/);
    expect(readFileSync(f, 'utf8')).toBe('');
    // with the run's options it goes on, and writes the header
    const ok = await cli(['estimate', '--resume', f, ...ESTIMATE_2X2.slice(1), '--seed', '5']);
    expect(ok.code).toBe(0);
    expect(readFileSync(f, 'utf8').split('\n')[0]).toMatch(/^\{"format":"sudoku-count\/estimate-checkpoint"/);
  });

  it('an edited header, an edited sum and a line of another run are refused with their line numbers', async () => {
    const dir = tempDir();
    const f = join(dir, 'run.jsonl');
    expect((await cli([...ESTIMATE_2X2, '--seed', '9', '--checkpoint', f])).code).toBe(0);
    const lines = readFileSync(f, 'utf8').split('\n');
    expect(lines.length).toBeGreaterThan(5);
    const edit = (k: number, from: RegExp, to: string): string => {
      const copy = [...lines];
      copy[k] = copy[k].replace(from, to);
      expect(copy[k]).not.toBe(lines[k]);
      const g = join(dir, `edited-${k}-${to.length}.jsonl`);
      writeFileSync(g, copy.join('\n'));
      return g;
    };
    const header = await cli(['estimate', '--resume', edit(0, /"method":"knuth"/, '"method":"knuth-mrv"')]);
    expect(header.code).toBe(2);
    expect(oneLine(header)).toMatch(/line 1: altered or damaged/);
    const sum = await cli(['estimate', '--resume', edit(3, /"sum":(\d)/, '"sum":9$1')]);
    expect(sum.code).toBe(2);
    expect(oneLine(sum)).toMatch(/line 4: altered or damaged/);
    // a whole, valid line of another run (another seed) pasted in
    const other = join(dir, 'other.jsonl');
    expect((await cli([...ESTIMATE_2X2, '--seed', '10', '--checkpoint', other])).code).toBe(0);
    const foreign = readFileSync(other, 'utf8').split('\n')[2];
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(mixed, [...lines.slice(0, 3), foreign, ...lines.slice(3)].join('\n'));
    const r = await cli(['estimate', '--resume', mixed]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/line 4: a batch of another run \(seed 10/);
  });

  it('a second writer is refused while the first runs; after the first is killed (-9) it resumes', async () => {
    const dir = tempDir();
    const f = join(dir, 'shared.jsonl');
    const first = spawnCheckpointedRun(f);
    try {
      for (let i = 0; i < 200 && !(existsSync(f) && readFileSync(f, 'utf8').split('\n').length > 3); i++)
        await new Promise((r) => setTimeout(r, 50));
      // a lock between two processes: the second a child too
      const second = await cliProcess(['estimate', '--resume', f]);
      expect(second.code).toBe(2);
      expect(oneLine(second)).toMatch(new RegExp(`being written by process ${first.pid}`));
      const third = await cli(['estimate', '--method', 'knuth', '--box', '2x2', '--samples', '10', '--checkpoint', f]);
      expect(third.code).toBe(2);
    } finally {
      first.kill('SIGKILL');
      await new Promise((r) => first.on('close', r));
    }
    // killed with -9, it left its lock behind: the lock names a process that is gone
    expect(existsSync(`${f}.lock`)).toBe(true);
  }, 60_000);

  it('a lock left by a process that is gone is taken over, and removed when the run ends', async () => {
    const dir = tempDir();
    const f = join(dir, 'run.jsonl');
    expect((await cli([...ESTIMATE_2X2, '--seed', '12', '--checkpoint', f])).code).toBe(0);
    const gone = spawn('true');
    await new Promise((r) => gone.on('close', r));
    writeFileSync(
      `${f}.lock`,
      JSON.stringify({ format: 'sudoku-count/lock', version: 1, pid: gone.pid, host: hostname(), since: '' }) + '\n',
    );
    const r = await cli(['estimate', '--resume', f, '--json']);
    expect(r.code).toBe(0);
    expect(existsSync(`${f}.lock`)).toBe(false);
  });
});

describe('pipes, full disks and signals', () => {
  it('classes | head -1 ends quietly with status 0 (a closed pipe is not an error)', async () => {
    const child = spawn(process.execPath, [CLI, 'classes', '--box', '3x2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it.each([['count'], ['classes', '--box', '2x2'], ['chain', '--box', '2x2'], [...ESTIMATE_2X2, '--seed', '1']])(
    '%j with stdout on /dev/full: one line, status 1',
    async (...args) => {
      if (!existsSync('/dev/full')) return;
      const fd = openSync('/dev/full', 'w');
      try {
        const child = spawn(process.execPath, [CLI, ...args], {
          stdio: ['ignore', fd, 'pipe'],
          env: { ...process.env, CI: 'true' },
        });
        let stderr = '';
        child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
        const code = await new Promise<number | null>((r) => child.on('close', r));
        expect(code).toBe(1);
        expect(stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(stderr).toMatch(/cannot write the output: no space left/);
      } finally {
        closeSync(fd);
      }
    },
  );

  it('Ctrl-C (SIGINT) stops count --box 4x2 at once, in the middle of its synchronous stages', async () => {
    await expectStopsAtOnce(['count', '--box', '4x2']);
  });

  it('solve --count of a grid with too many completions to search stops at once on Ctrl-C', async () => {
    // two givens in different rows, columns and boxes: no shortcut applies, and the search would take forever
    const grid = '1' + '.'.repeat(12) + '2' + '.'.repeat(67);
    await expectStopsAtOnce(['solve', '--count', grid]);
  });
});

describe('counts that are known to be huge, and tiny budgets', () => {
  it('solve --count of the empty 9×9 grid, and of one box given, answers exactly, from the band method', async () => {
    const r = await cli(['solve', '--count', '.'.repeat(81)]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('6670903752021072936960');
    // box 1 given: N/9! grids (the relabelling argument); a JSON number of any length
    const box1 = '123......456......789' + '.'.repeat(60);
    const e = await cli(['solve', '--count', '--json', box1]);
    expect(e.code).toBe(0);
    expect(e.stdout).toContain('"count":18383222420692992,');
  });

  it('estimate --seconds 0.001 runs one whole batch, and its reproduce line works', async () => {
    const r = await cli(['estimate', '--method', 'knuth', '--box', '2x2', '--seconds', '0.001', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\b0 samples/);
    expect(r.stdout).not.toMatch(/dead end/);
    const line = /sudoku-count (estimate .*)/.exec(r.stdout)?.[1];
    expect(line).toBeDefined();
    const again = await cli((line ?? '').split(' '));
    expect(again.code).toBe(0);
  });
});

describe('puzzle files', () => {
  it('refuses a device (it would be read forever) and a folder', async () => {
    for (const [path, why] of [
      ['/dev/zero', /it is a device/],
      [ROOT, /it is a directory/],
    ] as const) {
      const r = await cli(['solve', '--file', path]);
      expect(r.code).toBe(2);
      expect(oneLine(r)).toMatch(why);
    }
  });

  it('accepts a UTF-8 byte-order mark; an empty file, comments only and empty stdin say "no puzzles"', async () => {
    const dir = tempDir();
    const bom = join(dir, 'bom.txt');
    writeFileSync(bom, '\ufeff4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n');
    const ok = await cli(['solve', '--file', bom]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^[1-9]{81}\n$/);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    const comments = join(dir, 'comments.txt');
    writeFileSync(comments, '# nothing here\n\n# still nothing\n');
    for (const [args, input, said] of [
      [['solve', '--file', empty], '', `no puzzles in ${empty}: it is empty`],
      [['solve', '--file', comments], '', `no puzzles in ${comments} (3 lines, all blank or comments)`],
      [['solve', '-'], '', 'no puzzles in stdin: it is empty'],
      [['unrank', '-'], '', 'no grid numbers in stdin: it is empty'],
    ] as const) {
      const r = await cli(args, { input });
      expect(r.code).toBe(2);
      expect(oneLine(r)).toBe(`sudoku-count: error: ${said}`);
    }
  });
});
