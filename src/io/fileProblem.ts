/**
 * What went wrong with a file, in words, for one-line messages ("permission denied", "no space left on the
 * device"): never a raw code alone, never the code twice.
 */
export function fileProblem(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ELOOP':
      return 'a loop of symbolic links';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'EIO':
      return 'input/output error';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EFBIG':
      return 'the file is too large';
    default:
      if (err.code) {
        // node's message starts with the code already ("EBUSY: resource busy or locked, open 'x'")
        const words = err.message.replace(new RegExp(`^${err.code}: `), '').replace(/, \w+ '.*'$/, '');
        return `${words} (${err.code})`;
      }
      return err instanceof Error ? err.message : String(e);
  }
}
