import { shownText } from '../grid/shownText.js';

/** Where the repository is (package.json `repository`, `homepage` and `bugs` say the same; a test compares). */
export const REPOSITORY_URL = 'https://github.com/sudoku-count/sudoku-count';

/**
 * The research data (data/: class tables, the 6×2 plan and shards, the 9×9 variant tables) is in the repository,
 * not in the npm package: a path the docs give under data/ that is missing says where to get it.
 */
function missingWords(path: unknown): string {
  return typeof path === 'string' && /^(\.\/)?data\//.test(path)
    ? `no such file or folder (data/ comes with a clone of ${REPOSITORY_URL}, not with the npm package)`
    : 'no such file or folder';
}

/**
 * The one wording of file errors, for one-line messages: what went wrong with a file ("permission denied", "no
 * space left on the device"), never a raw code alone, never the code twice; and a path as a message shows it.
 * Every reader and writer in src/io/ words its errors through these.
 */
export function fileProblem(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOENT':
      return missingWords(err.path);
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
    case 'EEXIST':
      return 'a file is there already';
    case 'ENXIO':
      return 'no reader or device at the other end';
    case 'ENODEV':
      return 'no such device';
    case 'EBUSY':
    case 'ETXTBSY':
      return 'it is busy';
    case 'EAGAIN':
      return 'it is not ready (a pipe or device would block)';
    case 'EPIPE':
      return 'the reader closed the pipe';
    case 'EXDEV':
      return 'it is on another file system';
    case 'ENOTEMPTY':
      return 'the folder is not empty';
    case 'ERR_FS_FILE_TOO_LARGE':
      return 'larger than 2 GiB, more than can be read at once';
    case 'ERR_STRING_TOO_LONG':
      return 'too large to read as text (over 512 MB)';
    case 'ERR_BUFFER_TOO_LARGE':
      return 'too large to hold in memory';
    default:
      if (err.code?.startsWith('Z_')) return 'corrupt: not whole gzip data';
      if (err.code) {
        // node's message starts with the code already ("EBUSY: resource busy or locked, open 'x'")
        const words = err.message.replace(new RegExp(`^${err.code}: `), '').replace(/, \w+ '.*'$/s, '');
        return `${shownText(words, 200)} (${err.code})`;
      }
      return shownText(err instanceof Error ? err.message : String(e), 200);
  }
}

/** PATH_MAX: a path is shown whole (only control and invisible characters escaped), never cut. */
const PATH_CHARS = 4096;

/**
 * A path as a message shows it: control characters (newline, tab, escape) and invisible ones escaped (`\x0a`,
 * `\x1b`), so a one-line message stays one line and carries no terminal codes.
 */
export function shownPath(path: string): string {
  return shownText(path, PATH_CHARS);
}

/** A file's size in words, in binary units as caps are set: "812 bytes", "3.6 MiB", "256 MiB", "2.8 GiB". */
export function sizeWords(bytes: number): string {
  if (bytes < 2 ** 20) return `${bytes} bytes`;
  const [unit, size] = bytes < 2 ** 30 ? ['MiB', 2 ** 20] : ['GiB', 2 ** 30];
  return `${(bytes / size).toFixed(1).replace(/\.0$/, '')} ${unit}`;
}
