/**
 * The column-set count's task module for the worker pool (src/parallel/taskPool.ts):
 *
 *   bandsOfClasses({ rows, memoId, memo, memoSlots, words }) → bigint[]   F of each class, in order
 *
 * `words` holds the classes' canonical word lists (2R bytes each, see configurationClasses); `memo` is the
 * run's shared memo table (a SharedArrayBuffer, shared by every thread, never copied). A thread keeps its
 * counter for the last memo it saw (keyed by `memoId`).
 */
import { edgeColouringCounter, type EdgeColouringCounter } from './edgeColouringCounter.js';
import { configurationGraph } from './configurationGraph.js';
import { sharedMemo } from './sharedMemo.js';

export interface BandsOfClassesInput {
  /** R: box rows (the configuration graph has 2R rows and 2R columns). */
  readonly rows: number;
  readonly memoId: string;
  readonly memo: SharedArrayBuffer;
  readonly memoSlots: number;
  /** Canonical word lists, 2R per class, back to back. */
  readonly words: Uint8Array;
}

let cached: { readonly memoId: string; readonly counter: EdgeColouringCounter } | null = null;

export function bandsOfClasses(input: BandsOfClassesInput): bigint[] {
  const R = input.rows,
    m = 2 * R;
  if (cached?.memoId !== input.memoId) {
    cached = {
      memoId: input.memoId,
      counter: edgeColouringCounter(m, { memo: sharedMemo(m, input.memoSlots, input.memo) }),
    };
  }
  const { counter } = cached;
  const graph = new Int32Array(m);
  const out: bigint[] = [];
  for (let at = 0; at < input.words.length; at += m) {
    configurationGraph(R, input.words, at, graph);
    out.push(counter.countBig(graph, R));
  }
  return out;
}
