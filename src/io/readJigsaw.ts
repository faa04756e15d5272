import { parseJigsaw } from './parseJigsaw.js';
import { readBounded, READ_LIMITS } from './readBounded.js';

/** (The parser is its own module, free of the file system, so that the site's worker can use it.) */
export { parseJigsaw };

/** parseJigsaw of a file; a file that cannot be read is one InputError. */
export function readJigsaw(path: string, n: number): number[] {
  const text = readBounded(path, { what: 'jigsaw file', maxBytes: READ_LIMITS.jigsaw }).toString('utf8');
  return parseJigsaw(text, n, path);
}
