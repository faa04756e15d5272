import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../grid/shape.js';

/**
 * Write a file atomically: the text goes to a new temporary file beside it (created exclusively, never over
 * anything), which is then renamed over the target, so a reader, or a run killed mid-write, sees the old file or
 * the new one, never a mixture. The target may be absent or a regular file; anything else there (a folder, a
 * link, a device) is refused with an InputError and left alone.
 */
export function writeFileAtomic(path: string, text: string): void {
  let kind: string | null = null;
  try {
    const st = lstatSync(path);
    kind = st.isFile() ? null : st.isDirectory() ? 'a folder' : st.isSymbolicLink() ? 'a symbolic link' : 'not a file';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (kind) throw new InputError(`${path} is ${kind}: refusing to write over it`);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Date.now()}`);
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
