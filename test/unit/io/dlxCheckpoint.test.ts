import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/grid/shape.js';
import { DLX_CHECKPOINT_FORMAT, openDlxCheckpoint, readDlxCheckpoint } from '../../../src/io/dlxCheckpoint.js';
import { tempDir } from '../../helpers/cli.js';
import { sealedBody } from '../../helpers/reseal.js';

const dir = () => tempDir('dlx-checkpoint-');
const run = { box: '3x2', level: 'symmetry' };
const classes = [
  { id: 2, band: '123456|345612|561243', completions: 48, middleBands: 48, seconds: 0.25 },
  { id: 0, band: '123456|345612|561234', completions: 144, middleBands: 144, seconds: 0.5 },
];

/** A checkpoint at `path` holding `held`, written the way a run writes it. */
function written(path: string, held = classes): void {
  const file = openDlxCheckpoint(path, run, 'new');
  file.save(held);
  file.release();
}

describe('DLX checkpoint', () => {
  it('a new run writes it, one class per line in id order; resuming reads it back; nothing else is left', () => {
    const d = dir();
    const path = join(d, 'run.json');
    expect(readDlxCheckpoint(path)).toBeNull();
    const file = openDlxCheckpoint(path, run, 'new');
    expect(file.classes).toEqual([]);
    expect(existsSync(`${path}.lock`)).toBe(true);
    file.save(classes);
    expect(readDlxCheckpoint(path)).toEqual({ ...run, classes: [classes[1], classes[0]] });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`"format": "${DLX_CHECKPOINT_FORMAT}"`);
    expect(text.split('\n').filter((l) => l.includes('"band"'))).toHaveLength(2);
    file.release();
    expect(readdirSync(d)).toEqual(['run.json']);

    const again = openDlxCheckpoint(path, run, 'resume');
    expect(again.classes).toEqual([classes[1], classes[0]]);
    again.save(classes.slice(0, 1)); // over its own
    again.release();
    expect(readDlxCheckpoint(path)!.classes).toHaveLength(1);
  });

  it('a new run does not start on an existing file; a resumed one needs a checkpoint of its box and level', () => {
    const d = dir();
    const path = join(d, 'run.json');
    written(path);
    expect(() => openDlxCheckpoint(path, run, 'new')).toThrow(/already exists: continue it with --resume/);
    expect(() => openDlxCheckpoint(join(d, 'none.json'), run, 'resume')).toThrow(/nothing to resume/);
    expect(() => openDlxCheckpoint(path, { box: '2x3', level: 'symmetry' }, 'resume')).toThrow(
      /is for --box 3x2 --level symmetry, not --box 2x3/,
    );
    expect(() => openDlxCheckpoint(path, { box: '3x2', level: 'column-sets' }, 'resume')).toThrow(/--level/);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('one run at a time: a second run on the same file is refused while the first holds it', () => {
    const path = join(dir(), 'run.json');
    written(path);
    const first = openDlxCheckpoint(path, run, 'resume');
    expect(() => openDlxCheckpoint(path, run, 'resume')).toThrow(/being written by process/);
    first.release();
    openDlxCheckpoint(path, run, 'resume').release();
  });

  it.each([
    ['not JSON', 'hello\n', /not a DLX checkpoint/],
    ['another JSON file', '{"format":"sudoku-count/classes@2"}\n', /not a sudoku-count\/dlx-checkpoint@2 file/],
    [
      'a malformed class',
      sealedBody(
        `{"format":"${DLX_CHECKPOINT_FORMAT}","box":"3x2","level":"symmetry","classes":[{"id":0,"band":"1234|3412",` +
          '"completions":-4,"middleBands":4,"seconds":0}]',
      ),
      /classes\[0\]\.completions/,
    ],
    [
      'an unsealed checkpoint of version 1',
      '{\n  "format": "sudoku-count/dlx-checkpoint@1",\n  "box": "3x2",\n  "level": "symmetry",\n' +
        '  "classes": [\n  ]\n}\n',
      /is a sudoku-count\/dlx-checkpoint@1 file, which this version does not resume .*start afresh with --checkpoint/,
    ],
  ])('refuses to resume %s, and never writes over it', (_what, text, pattern) => {
    const path = join(dir(), 'x.json');
    writeFileSync(path, text);
    expect(() => readDlxCheckpoint(path)).toThrow(pattern);
    expect(() => openDlxCheckpoint(path, run, 'resume')).toThrow(InputError);
    expect(() => openDlxCheckpoint(path, run, 'new')).toThrow(InputError);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a checkpoint edited by one byte, or cut short, is refused by name (its seal), and left as it is', () => {
    const d = dir();
    const path = join(d, 'run.json');
    written(path);
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/\],"sha256":"[0-9a-f]{64}"\}\n$/);
    for (const bad of [text.replace('"completions":144', '"completions":145'), text.slice(0, -40)]) {
      writeFileSync(path, bad);
      expect(() => readDlxCheckpoint(path)).toThrow(new RegExp(`checkpoint ${path}: corrupt`));
      expect(() => openDlxCheckpoint(path, run, 'resume')).toThrow(/corrupt/);
      expect(readFileSync(path, 'utf8')).toBe(bad);
    }
  });

  it('refuses a folder and a missing folder; follows a symbolic link to its file', () => {
    const d = dir();
    mkdirSync(join(d, 'sub'));
    expect(() => openDlxCheckpoint(join(d, 'sub'), run, 'resume')).toThrow(/folder/);
    expect(() => openDlxCheckpoint(join(d, 'nowhere', 'run.json'), run, 'new')).toThrow(/does not exist/);
    const real = join(d, 'real.json');
    written(real);
    symlinkSync(real, join(d, 'link.json'));
    const file = openDlxCheckpoint(join(d, 'link.json'), run, 'resume');
    expect(file.classes).toHaveLength(2);
    file.save(classes.slice(0, 1));
    file.release();
    expect(readDlxCheckpoint(real)!.classes).toHaveLength(1);
  });
});
