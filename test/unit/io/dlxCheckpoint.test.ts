import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../dist/grid/shape.js';
import { DLX_CHECKPOINT_FORMAT, readDlxCheckpoint, writeDlxCheckpoint } from '../../../dist/io/dlxCheckpoint.js';
import { tempDir } from '../../helpers/cli.js';

const dir = () => tempDir('dlx-checkpoint-');
const classes = [
  { id: 2, band: '123456|345612|561243', completions: 48, middleBands: 48, seconds: 0.25 },
  { id: 0, band: '123456|345612|561234', completions: 144, middleBands: 144, seconds: 0.5 },
];

describe('DLX checkpoint', () => {
  it('writes and reads back, one class per line in id order, leaving no temporary file', () => {
    const d = dir();
    const path = join(d, 'run.json');
    expect(readDlxCheckpoint(path)).toBeNull();
    writeDlxCheckpoint(path, { box: '3x2', level: 'symmetry', classes });
    const back = readDlxCheckpoint(path)!;
    expect(back).toEqual({ box: '3x2', level: 'symmetry', classes: [classes[1], classes[0]] });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`"format": "${DLX_CHECKPOINT_FORMAT}"`);
    expect(text.split('\n').filter((l) => l.includes('"band"'))).toHaveLength(2);
    writeDlxCheckpoint(path, { box: '3x2', level: 'symmetry', classes: classes.slice(0, 1) }); // over its own
    expect(readDlxCheckpoint(path)!.classes).toHaveLength(1);
    expect(readdirSync(d)).toEqual(['run.json']);
  });

  it('an empty file is no checkpoint yet, and may be written', () => {
    const path = join(dir(), 'empty.json');
    writeFileSync(path, '');
    expect(readDlxCheckpoint(path)).toBeNull();
    writeDlxCheckpoint(path, { box: '2x2', level: 'symmetry', classes: [] });
    expect(readDlxCheckpoint(path)).toEqual({ box: '2x2', level: 'symmetry', classes: [] });
  });

  it.each([
    ['not JSON', 'hello\n', /not a DLX checkpoint/],
    ['another JSON file', '{"format":"sudoku-count/classes@2"}\n', /not a sudoku-count\/dlx-checkpoint@1 file/],
    [
      'a malformed class',
      `{"format":"${DLX_CHECKPOINT_FORMAT}","box":"2x2","level":"symmetry","classes":[{"id":0,"band":"1234|3412",` +
        '"completions":-4,"middleBands":4,"seconds":0}]}',
      /classes\[0\]\.completions/,
    ],
  ])('refuses %s, and never writes over it', (_what, text, pattern) => {
    const path = join(dir(), 'x.json');
    writeFileSync(path, text);
    expect(() => readDlxCheckpoint(path)).toThrow(pattern);
    expect(() => writeDlxCheckpoint(path, { box: '2x2', level: 'symmetry', classes: [] })).toThrow(InputError);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('refuses a directory and a symbolic link', () => {
    const d = dir();
    mkdirSync(join(d, 'sub'));
    expect(() => writeDlxCheckpoint(join(d, 'sub'), { box: '2x2', level: 'symmetry', classes: [] })).toThrow(
      /not a regular file/,
    );
    writeDlxCheckpoint(join(d, 'real.json'), { box: '2x2', level: 'symmetry', classes: [] });
    symlinkSync(join(d, 'real.json'), join(d, 'link.json'));
    expect(() => readDlxCheckpoint(join(d, 'link.json'))).toThrow(/symbolic link/);
    expect(() => writeDlxCheckpoint(join(d, 'link.json'), { box: '2x2', level: 'symmetry', classes: [] })).toThrow(
      /symbolic link/,
    );
  });
});
