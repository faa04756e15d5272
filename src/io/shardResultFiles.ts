import { lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../grid/shape.js';
import { fileProblem, shownPath, sizeWords } from './fileProblem.js';
import { notRegular, readHead, READ_LIMITS } from './readBounded.js';
import { RESULT_FORMAT, type ShardPlanHead } from './shardFiles.js';

/**
 * Where shard results go and where a merge finds them: --out as a folder (shard-I-of-K.json in it) or a file, and
 * the result files a list of files and folders names.
 */

/**
 * Whether --out names a folder for the results (shard-I-of-K.json in it): a folder that is there, a path that ends
 * in '/', or a path not there whose name does not end in .json (created by resultFolder). Anything else there (a
 * file, a link, a device) is the result file itself, under prepareOutput's rules.
 */
export function outIsFolder(out: string): boolean {
  try {
    return statSync(out).isDirectory();
  } catch {
    // not there, a dangling link, or a file in the way of a trailing '/'
  }
  if (/[/\\]$/.test(out)) return true;
  try {
    lstatSync(out);
    return false; // a dangling link: a file's name
  } catch {
    return !/\.json$/i.test(out);
  }
}

/** Make the results folder `out` (and the folders above it) unless it is there; refused by name when it cannot be. */
export function resultFolder(out: string): void {
  try {
    if (statSync(out).isDirectory()) return;
  } catch {
    // not there yet
  }
  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `--out ${out}: not a folder (a file is in the way)`
        : `--out ${out}: cannot create the folder (${code ?? (e as Error).message})`,
    );
  }
}

/** The file a shard's result goes to: `out`, or a file named after the shard in the folder `out`. */
export function resultPath(out: string, plan: ShardPlanHead, shard: number, folder = outIsFolder(out)): string {
  const width = String(plan.shards - 1).length;
  return folder ? join(out, `shard-${String(shard).padStart(width, '0')}-of-${plan.shards}.json`) : out;
}

/**
 * The result files named: files as given (read and checked by readResult, which names what is wrong); in a folder,
 * its *.json files that are shard results (any version). A *.json in a folder that is not a regular file, or too
 * large to be a result (READ_LIMITS.shardFile), is skipped and named through `skipped`; one that cannot be read
 * (permission denied, a loop of links) is kept, so that readResult says why it cannot be merged.
 */
export function resultFiles(paths: readonly string[], skipped: (line: string) => void = () => {}): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      throw new InputError(`shard result ${shownPath(p)}: ${fileProblem(e)}`);
    }
    if (!st.isDirectory()) {
      out.push(p);
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(p);
    } catch (e) {
      throw new InputError(`shard results ${shownPath(p)}: ${fileProblem(e)}`);
    }
    const found = names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(p, name))
      .filter((f) => {
        let fst;
        try {
          fst = statSync(f);
        } catch {
          return true; // unreadable: readResult says why
        }
        if (!fst.isFile()) {
          skipped(`skipped ${shownPath(f)}: ${notRegular(fst)}`);
          return false;
        }
        if (fst.size > READ_LIMITS.shardFile) {
          skipped(
            `skipped ${shownPath(f)}: ${sizeWords(fst.size)}, more than the ${sizeWords(READ_LIMITS.shardFile)} a ` +
              'shard result can be',
          );
          return false;
        }
        const head = readHead(f, 64);
        return head === null || head.startsWith(`{"format":"${RESULT_FORMAT}"`);
      });
    if (found.length === 0) throw new InputError(`${shownPath(p)}: a folder with no shard results (*.json)`);
    out.push(...found);
  }
  return out;
}
