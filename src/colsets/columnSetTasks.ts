/**
 * The column-set count's task module for the worker pool (src/parallel/taskPool.ts):
 *
 *   bandsOfClasses({ rows, memoId, memo, memoSlots, words }) → bigint[]   F of each class, in order
 *   residualColourings({ rows, memoId, memo, memoSlots, graphs }) → bigint[]   C_{R−1} of each (R−1)-regular graph
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

function counterFor(memoId: string, m: number, slots: number, memo: SharedArrayBuffer): EdgeColouringCounter {
  if (cached?.memoId !== memoId)
    cached = { memoId, counter: edgeColouringCounter(m, { memo: sharedMemo(m, slots, memo) }) };
  return cached.counter;
}

export function bandsOfClasses(input: BandsOfClassesInput): bigint[] {
  const R = input.rows,
    m = 2 * R;
  const counter = counterFor(input.memoId, m, input.memoSlots, input.memo);
  const graph = new Int32Array(m);
  const out: bigint[] = [];
  for (let at = 0; at < input.words.length; at += m) {
    configurationGraph(R, input.words, at, graph);
    out.push(counter.countBig(graph, R));
  }
  return out;
}

export interface ResidualsInput {
  readonly rows: number;
  readonly memoId: string;
  readonly memo: SharedArrayBuffer;
  readonly memoSlots: number;
  /** (R−1)-regular graphs of 2R row masks, back to back (the residuals of a sharded count, src/shards/). */
  readonly graphs: Int32Array;
}

export function residualColourings(input: ResidualsInput): bigint[] {
  const R = input.rows,
    m = 2 * R;
  const counter = counterFor(input.memoId, m, input.memoSlots, input.memo);
  const out: bigint[] = [];
  for (let at = 0; at < input.graphs.length; at += m)
    out.push(counter.countBig(input.graphs.subarray(at, at + m), R - 1));
  return out;
}
