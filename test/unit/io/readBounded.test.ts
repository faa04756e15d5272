import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fileProblem, shownPath, sizeWords } from '../../../src/io/fileProblem.js';
import { readBounded, readBoundedIfThere, readHead } from '../../../src/io/readBounded.js';

const dir = mkdtempSync(join(tmpdir(), 'read-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const how = { what: 'plan', maxBytes: 1000 };

describe('readBounded: a regular file of sane size, or one line saying why not', () => {
  it('reads a regular file, and one through a link', () => {
    const f = join(dir, 'a.json');
    writeFileSync(f, 'x'.repeat(1000));
    expect(readBounded(f, how).length).toBe(1000);
    symlinkSync(f, join(dir, 'link.json'));
    expect(readBounded(join(dir, 'link.json'), how).toString()).toBe('x'.repeat(1000));
  });

  it('refuses by size, kind and errno, naming the file', () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, 'x'.repeat(1001));
    expect(() => readBounded(big, how)).toThrow(
      /^plan .*big\.json: 1001 bytes, more than the 1000 bytes a plan can be/,
    );
    expect(() => readBounded(big, { ...how, kind: "a count's JSON" })).toThrow(/1000 bytes a count's JSON can be/);
    mkdirSync(join(dir, 'folder'));
    expect(() => readBounded(join(dir, 'folder'), how)).toThrow(/folder: not a regular file: it is a folder$/);
    expect(() => readBounded('/dev/zero', how)).toThrow(/^plan \/dev\/zero: not a regular file: a device$/);
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(() => readBounded(fifo, how)).toThrow(/not a regular file: a pipe \(FIFO\)$/); // and did not wait
    expect(readHead(fifo, 64)).toBeNull();
    symlinkSync('loop', join(dir, 'loop'));
    expect(() => readBounded(join(dir, 'loop'), how)).toThrow(/loop: a loop of symbolic links$/);
    expect(() => readBounded(join(dir, 'none'), how)).toThrow(/none: no such file or folder$/);
    expect(readBoundedIfThere(join(dir, 'none'), how)).toBeNull();
    expect(() => readBounded('', how)).toThrow(/^plan: the path is empty$/);
  });

  it('gzip: inflated to the cap and no further; corrupt gzip in words', () => {
    const ok = join(dir, 'ok.json.gz');
    writeFileSync(ok, gzipSync('y'.repeat(1000)));
    expect(readBounded(ok, { ...how, gzip: true }).toString()).toBe('y'.repeat(1000));
    expect(readBounded(ok, how).length).toBeLessThan(100); // without gzip: the bytes as they are
    const bomb = join(dir, 'bomb.json.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(1001)));
    expect(() => readBounded(bomb, { ...how, gzip: true })).toThrow(/it inflates to more than the 1000 bytes a plan/);
    const torn = join(dir, 'torn.json.gz');
    writeFileSync(torn, gzipSync('z'.repeat(500)).subarray(0, 20));
    expect(() => readBounded(torn, { ...how, gzip: true })).toThrow(/torn\.json\.gz: corrupt: not gzip data/);
  });
});

describe('fileProblem, shownPath, sizeWords: the one wording', () => {
  it('every errno in words, never a raw code alone', () => {
    const words = (code: string, message = `${code}: something, open 'x'`) =>
      fileProblem(Object.assign(new Error(message), { code }));
    expect(words('ELOOP')).toBe('a loop of symbolic links');
    expect(words('EISDIR')).toBe('it is a folder');
    expect(words('ENOTDIR')).toBe('a part of the path is not a folder');
    expect(words('ENOSPC')).toBe('no space left on the device');
    expect(words('ERR_FS_FILE_TOO_LARGE')).toBe('larger than 2 GiB, more than can be read at once');
    expect(words('ENXIO')).toBe('no reader or device at the other end');
    expect(words('Z_DATA_ERROR')).toBe('corrupt: not whole gzip data');
    expect(words('EWHATEVER', "EWHATEVER: odd\nthing, open 'x'")).toBe('odd\\x0athing (EWHATEVER)');
  });

  it('a path on one line; sizes in binary units', () => {
    expect(shownPath('a\nb\x1b[31m\tc')).toBe('a\\x0ab\\x1b[31m\\x09c');
    expect(shownPath('/ok/path with spaces')).toBe('/ok/path with spaces');
    expect([sizeWords(812), sizeWords(256 * 2 ** 20), sizeWords(3.5 * 2 ** 20), sizeWords(3 * 2 ** 30)]).toEqual([
      '812 bytes',
      '256 MiB',
      '3.5 MiB',
      '3 GiB',
    ]);
  });
});
