/**
 * The task module of F by columnTransfer (src/parallel/taskPool.ts), for the column-set count's shards where the
 * units are the classes (6×2: src/classSum/columnSetClassSum.ts):
 *
 *   bandsByColumns({ rows, words }) → bigint[]   F of each class, in order
 *
 * `words` holds the classes' canonical word lists (2R bytes each, see configurationClasses). A class takes seconds
 * to a minute and up to ~1.5 GB, so a task is one class (a checkpoint after each) on a worker thread of its own
 * (Ctrl-C terminates it).
 */
import { columnTransfer } from './columnTransfer.js';

export interface BandsByColumnsInput {
  /** R: box rows (2R digits, 2R columns). */
  readonly rows: number;
  /** Canonical word lists, 2R per class, back to back. */
  readonly words: Uint8Array;
}

export function bandsByColumns(input: BandsByColumnsInput): bigint[] {
  const m = 2 * input.rows;
  const out: bigint[] = [];
  for (let at = 0; at < input.words.length; at += m) out.push(columnTransfer(input.rows, input.words, at).F);
  return out;
}
