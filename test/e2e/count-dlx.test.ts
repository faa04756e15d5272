import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { cli, ROOT, tempDir } from '../helpers/cli.js';
import { resealed } from '../helpers/reseal.js';

const oneLine = (r: { stderr: string }) => r.stderr.trimEnd().split('\n');

describe('sudoku-count count --counter dlx', () => {
  it('counts every class by the DLX route and says that every n_C equals the column-set sum', async () => {
    const r = await cli(['count', '--box', '3x2', '--counter', 'dlx']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/DLX route: n_C per class, every bottom band enumerated +11 /);
    expect(r.stdout).toMatch(/n_C by the DLX route = n_C by the column-set sum, class by class \(11 classes\) ✓/);
    expect(r.stdout.trimEnd().endsWith('N = 6! · Σ m_C·n_C = 28,200,960')).toBe(true);
    expect(r.stderr).toBe('');
  });

  it('--json carries every class with its middle bands and time', async () => {
    const r = await cli(['count', '--box', '2x3', '--counter', 'dlx', '--json']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as {
      counter: string;
      total: bigint;
      seconds: { dlx: number };
      dlx: {
        level: string;
        middleBands: number;
        firstMismatch: unknown;
        classes: Array<{ id: number; completions: number; columnSetSum: number; middleBands: number; seconds: number }>;
      };
    };
    expect(o.counter).toBe('dlx');
    expect(o.total).toBe(28_200_960);
    expect(typeof o.seconds.dlx).toBe('number');
    expect(o.dlx.level).toBe('symmetry');
    expect(o.dlx.firstMismatch).toBeNull();
    expect(o.dlx.classes).toHaveLength(3);
    for (const c of o.dlx.classes) {
      expect(c.completions).toBe(c.columnSetSum);
      expect(c.middleBands).toBeGreaterThan(0);
      expect(typeof c.seconds).toBe('number');
    }
  });

  it.each(['2x2', '2x3', '3x2'])(
    'classes --box %s --counter dlx writes the committed table byte for byte',
    async (box) => {
      const r = await cli(['classes', '--box', box, '--counter', 'dlx']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(readFileSync(join(ROOT, 'data', `classes-${box}.json`), 'utf8'));
    },
  );

  it('--level column-sets counts one representative per column-set class', async () => {
    const r = await cli(['count', '--box', '3x2', '--counter', 'dlx', '--level', 'column-sets', '--json']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as { total: number; dlx: { level: string; classes: unknown[] } };
    expect(o.dlx.level).toBe('column-sets');
    expect(o.dlx.classes.length).toBeLessThan(11);
    expect(o.total).toBe(28_200_960);
  });

  it('--checkpoint, --resume: goes on; an edited file is refused, a resealed one caught', async () => {
    const path = join(tempDir(), 'run.json');
    const first = await cli(['count', '--box', '3x2', '--counter', 'dlx', '--checkpoint', path]);
    expect(first.code).toBe(0);
    // the one checkpoint format (src/io/shardFiles.ts): [class, n_C, middle bands, search µs] a line
    const saved = fromJson(readFileSync(path, 'utf8')) as { method: string; level: string; values: bigint[][] };
    expect([saved.method, saved.level]).toEqual(['dlx', 'symmetry']);
    expect(saved.values.map((c) => Number(c[0]))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(saved.values.every((c) => c.length === 4)).toBe(true);

    const again = await cli(['count', '--box', '3x2', '--counter', 'dlx', '--checkpoint', path]);
    expect(again.code).toBe(2);
    expect(oneLine(again)[0]).toMatch(/already exists: continue it with --resume/);

    const resumed = await cli(['count', '--counter', 'dlx', '--resume', path]); // box and level from the file
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/11 from the checkpoint/);
    expect(resumed.stdout).toMatch(/N = 6! · Σ m_C·n_C = 28,200,960/);

    const text = readFileSync(path, 'utf8');
    const line = text.split('\n').find((l) => l.startsWith('  [3,'))!;
    const wrong = line.replace(/^ {2}\[3,(\d+)/, (_, v: string) => `  [3,${Number(v) + 1}`);
    writeFileSync(path, text.replace(line, wrong));
    const torn = await cli(['count', '--counter', 'dlx', '--resume', path]);
    expect(torn.code).toBe(2); // the seal: an edited checkpoint is refused by name
    expect(oneLine(torn)[0]).toMatch(/run\.json: corrupt: its checksum does not match its content/);
    // sealed again (the checksum is no secret): the column-set sum still catches the count
    writeFileSync(
      path,
      resealed(text, (body) => body.replace(line, wrong)),
    );
    const bad = await cli(['count', '--counter', 'dlx', '--resume', path]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/class 3 .*≠ column-set sum .* ✗/);
    expect(oneLine(bad)).toHaveLength(1);
    expect(bad.stderr).toMatch(/n_C of class 3 .* differs/);

    const other = await cli(['count', '--box', '2x3', '--counter', 'dlx', '--resume', path]);
    expect(other.code).toBe(2);
    expect(oneLine(other)[0]).toMatch(/is for --box 3x2 --level symmetry/);
  });

  it('never writes over a file that is not its own checkpoint', async () => {
    const path = join(tempDir(), 'notes.txt');
    writeFileSync(path, 'my notes\n');
    for (const flag of ['--checkpoint', '--resume']) {
      const r = await cli(['count', '--box', '2x2', '--counter', 'dlx', flag, path]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(oneLine(r)).toHaveLength(1);
      expect(r.stderr).toMatch(
        flag === '--checkpoint' ? /already exists/ : /not a sudoku-count\/shard-checkpoint file/,
      );
    }
    expect(readFileSync(path, 'utf8')).toBe('my notes\n');
  });

  it('a DLX checkpoint of the retired format (dlx-checkpoint@2) is refused in one line, naming it', async () => {
    const path = join(tempDir(), 'old.json');
    const old =
      '{\n  "format": "sudoku-count/dlx-checkpoint@2",\n  "box": "3x2",\n  "level": "symmetry",\n' +
      '  "classes": [\n  ]\n}\n';
    writeFileSync(path, old);
    const r = await cli(['count', '--counter', 'dlx', '--resume', path]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /old\.json is a sudoku-count\/dlx-checkpoint@2 file, which this version does not resume .*start afresh with --checkpoint/,
    );
    expect(readFileSync(path, 'utf8')).toBe(old);
  });

  it.each([
    [['count', '--counter', 'frob'], /--counter.*'frob'.*expected column-set-sum or dlx/],
    [['count', '--counter', 'dlx', '--box', '2x4'], /2x4.*DLX route.*counts 2x2, 2x3, 3x2, 4x2 and 3x3 boxes/],
    [['count', '--counter', 'dlx', '--method', 'column-sets'], /--counter dlx counts by the band method/],
    [['count', '--level', 'column-sets'], /--level is for --counter dlx/],
    [['count', '--counter', 'dlx', '--level', 'rows'], /--level.*'rows'.*expected one of symmetry/],
  ])('%j → one-line error, status 2', { concurrent: true }, async (args, pattern) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(oneLine(r)).toHaveLength(1);
    expect(oneLine(r)[0]).toMatch(pattern);
  });
});
