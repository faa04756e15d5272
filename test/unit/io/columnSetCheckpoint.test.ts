import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COLUMN_SET_CHECKPOINT_FORMAT,
  readColumnSetCheckpoint,
  writeColumnSetCheckpoint,
} from '../../../src/io/columnSetCheckpoint.js';
import { tempDir } from '../../helpers/cli.js';
import { sealedBody } from '../../helpers/reseal.js';

const sample = {
  box: '5x2',
  classes: 355,
  digest: '0123456789abcdef',
  seconds: 12.5,
  done: new Map<number, bigint>([
    [3, 1_388_348_372n],
    [0, 26_011_238_400n],
    [354, 123_456_789_012_345_678_901n], // past 2^53: written and read exactly
  ]),
};

describe('column-set checkpoints', () => {
  it('round-trip exactly, with nothing left beside the file', () => {
    const dir = tempDir();
    const path = join(dir, 'run.json');
    writeColumnSetCheckpoint(path, sample);
    const back = readColumnSetCheckpoint(path);
    expect(back.box).toBe('5x2');
    expect(back.classes).toBe(355);
    expect(back.digest).toBe(sample.digest);
    expect(back.seconds).toBe(12.5);
    expect([...back.done].sort((a, b) => a[0] - b[0])).toEqual([...sample.done].sort((a, b) => a[0] - b[0]));
    expect(readFileSync(path, 'utf8')).toContain(`"format":"${COLUMN_SET_CHECKPOINT_FORMAT}","version":2`);
    expect(readdirSync(dir)).toEqual(['run.json']);
    // rewriting replaces it whole
    writeColumnSetCheckpoint(path, { ...sample, done: new Map([[1, 5n]]) });
    expect([...readColumnSetCheckpoint(path).done]).toEqual([[1, 5n]]);
  });

  const head = (version: number, classes: number): string =>
    `{"format":"sudoku-count/colsets-checkpoint","version":${version},"box":"5x2","classes":${classes},` +
    '"digest":"0123456789abcdef","seconds":0,';

  it.each([
    ['{"format":"sudoku-count/estimate-checkpoint@1"}', /not a sudoku-count\/colsets-checkpoint file/],
    ['not json at all', /not a sudoku-count\/colsets-checkpoint file/],
    [head(3, 1) + '"done":[]}', /version 3; this program reads version 2/],
    [head(1, 2) + '"done":[[1,5]]}', /version 1, which this version does not resume .* start afresh with --checkpoint/],
    [sealedBody(head(2, 2) + '"done":[[1,5],[1,5]]'), /class 1 appears twice/],
    [sealedBody(head(2, 2) + '"done":[[2,5]]'), /class 2 is not one of the 2 classes/],
    [sealedBody(head(2, 2) + '"done":[[1,5]]').replace('[[1,5]]', '[[1,6]]'), /corrupt: its checksum does not match/],
    [sealedBody(head(2, 2) + '"done":[[1,5]]').slice(0, -30), /corrupt: cut short or damaged/],
  ])('refuses a file that is not its own: %s', (text, pattern) => {
    const path = join(tempDir(), 'x.json');
    writeFileSync(path, text);
    expect(() => readColumnSetCheckpoint(path)).toThrow(pattern);
  });

  it('writes only over a checkpoint of its own: a folder or another file in the way is refused and left alone', () => {
    const dir = tempDir();
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    expect(() => writeColumnSetCheckpoint(folder, sample)).toThrow(/it is a folder/);
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'keep me');
    expect(() => writeColumnSetCheckpoint(target, sample)).toThrow(/not a column-set checkpoint written by/);
    const link = join(dir, 'link.json');
    symlinkSync(target, link);
    expect(() => writeColumnSetCheckpoint(link, sample)).toThrow(/not a column-set checkpoint written by/);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(() => readColumnSetCheckpoint(join(dir, 'absent.json'))).toThrow(/no such file/);
    expect(() => readColumnSetCheckpoint(folder)).toThrow(/not a regular file/);
  });
});
