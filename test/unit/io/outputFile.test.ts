import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareOutput, writeOutputFile } from '../../../src/io/outputFile.js';
import { tempDir } from '../../helpers/tempDir.js';

const OUTPUT_JS = new URL('../../../dist/io/outputFile.js', import.meta.url).href;
const OURS = { what: 'test table', isOurs: (head: string) => head.startsWith('OURS') };

/** Real files, links, FIFOs and devices in a fresh folder: no mocks of fs. */
describe('writing a file a user named', () => {
  it('creates a new file whole, and leaves no temporary file beside it', () => {
    const dir = tempDir();
    writeOutputFile(join(dir, 'a.txt'), 'OURS 1', OURS);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('OURS 1');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('replaces a file it wrote before, keeping its permissions', () => {
    const dir = tempDir();
    const f = join(dir, 'a.txt');
    writeFileSync(f, 'OURS old');
    chmodSync(f, 0o640);
    writeOutputFile(f, 'OURS new', OURS);
    expect(readFileSync(f, 'utf8')).toBe('OURS new');
    expect(statSync(f).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('refuses to replace a file that is not recognisably its own, unless forced', () => {
    const dir = tempDir();
    const f = join(dir, 'precious.json');
    writeFileSync(f, '{"precious":1}');
    expect(() => writeOutputFile(f, 'OURS', OURS)).toThrow(/exists and is not a test table/);
    expect(readFileSync(f, 'utf8')).toBe('{"precious":1}');
    writeOutputFile(f, 'OURS', { ...OURS, force: true });
    expect(readFileSync(f, 'utf8')).toBe('OURS');
  });

  it('follows a symbolic link to the file it names, and keeps the link', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'target.txt'), 'OURS old');
    symlinkSync('target.txt', join(dir, 'link.txt'));
    writeOutputFile(join(dir, 'link.txt'), 'OURS new', OURS);
    expect(lstatSync(join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.txt'))).toBe('target.txt');
    expect(readFileSync(join(dir, 'target.txt'), 'utf8')).toBe('OURS new');
  });

  it('refuses a folder, a missing folder and a dangling link before any work, and leaves nothing', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    symlinkSync('nowhere.txt', join(dir, 'dangling'));
    expect(() => prepareOutput(join(dir, 'sub'), OURS)).toThrow(/it is a folder/);
    expect(() => prepareOutput(join(dir, 'no', 'such', 'x.txt'), OURS)).toThrow(/does not exist.*does not create/);
    expect(() => prepareOutput(join(dir, 'dangling'), OURS)).toThrow(/symbolic link to a file that does not exist/);
    expect(() => prepareOutput('', OURS)).toThrow(/empty/);
    expect(readdirSync(dir).sort()).toEqual(['dangling', 'sub']);
    expect(readdirSync(join(dir, 'sub'))).toEqual([]);
  });

  it('writes through a FIFO (a reader gets the text) and never renames over it', () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // a reader in another process, so that opening the FIFO for writing does not block forever
    const child = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    child.stdout.on('data', (b: Buffer) => (got += b.toString()));
    writeOutputFile(fifo, 'through the pipe', OURS);
    return new Promise<void>((resolve) => {
      child.stdout.on('end', () => {
        expect(got).toBe('through the pipe');
        expect(lstatSync(fifo).isFIFO()).toBe(true);
        resolve();
      });
    });
  });

  it('writes through a device: /dev/null stays a device; /dev/full is a one-line write error', () => {
    writeOutputFile('/dev/null', 'OURS', OURS);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    if (existsSync('/dev/full')) {
      expect(() => writeOutputFile('/dev/full', 'OURS', OURS)).toThrow(/cannot write \/dev\/full: no space left/);
      expect(lstatSync('/dev/full').isCharacterDevice()).toBe(true);
    }
  });

  // root only (as the tests run here): a file of another user, replaced by root, keeps its owner and mode
  it.runIf(process.getuid?.() === 0)('keeps the owner, group and mode of a file it replaces (run by root)', () => {
    const dir = tempDir();
    const f = join(dir, 'own.json');
    writeFileSync(f, 'OURS old');
    chownSync(f, 1234, 1234);
    chmodSync(f, 0o644);
    writeOutputFile(f, 'OURS new', OURS);
    const st = statSync(f);
    expect([st.uid, st.gid, st.mode & 0o7777]).toEqual([1234, 1234, 0o644]);
    expect(readFileSync(f, 'utf8')).toBe('OURS new');
    writeOutputFile(f, 'OURS forced', { ...OURS, force: true });
    expect([statSync(f).uid, statSync(f).gid]).toEqual([1234, 1234]);
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses, before any work, to replace a file whose owner it could not give back (another user)',
    () => {
      const dir = tempDir();
      chmodSync(dir, 0o777);
      const f = join(dir, 'theirs.txt');
      writeFileSync(f, 'OURS old');
      chownSync(f, 4321, 4321);
      chmodSync(f, 0o666);
      const script =
        // the module is loaded before the user changes: the checkout may be where uid 1234 cannot read
        `const { prepareOutput } = await import(${JSON.stringify(OUTPUT_JS)}); ` +
        `process.setgid(1234); process.setuid(1234); ` +
        `try { prepareOutput(${JSON.stringify(f)}, { what: 'x', isOurs: () => true }); console.log('accepted'); } ` +
        `catch (e) { console.log(e.message); }`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(out).toMatch(/cannot write .*theirs\.txt: it belongs to another user/);
      expect(readFileSync(f, 'utf8')).toBe('OURS old');
      expect(readdirSync(dir)).toEqual(['theirs.txt']);
    },
  );
});
