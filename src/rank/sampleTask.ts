/**
 * The sample's task module for the worker pool (src/parallel/taskPool.ts):
 *
 *   sampleBlock({ rows, cols, state, count }) → { indices, grids }
 *
 * `count` grids from the stream whose generator state is `state`, one after the other: grid j is the j-th
 * `sample(rng)` of that generator. `indices` are their numbers (decimal), `grids` their cells back to back.
 * A thread builds the index of a shape once and keeps it for its later blocks.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { boxShape } from '../grid/shape.js';
import { randomBigBelow } from '../random/randomBigBelow.js';
import { gridIndex, type GridIndex } from './gridIndex.js';

export interface SampleBlockInput {
  readonly rows: number;
  readonly cols: number;
  /** The stream's generator state (`streamStates(seed)(block)`). */
  readonly state: readonly number[];
  readonly count: number;
}

export interface SampleBlockOutput {
  readonly indices: readonly string[];
  readonly grids: Uint8Array;
}

let cached: GridIndex | null = null;

/** The index for a shape, built on first use in this thread. */
export function cachedGridIndex(rows: number, cols: number): GridIndex {
  if (cached?.shape.rows !== rows || cached.shape.cols !== cols) cached = gridIndex({ box: boxShape(rows, cols) });
  return cached;
}

export function sampleBlock(input: SampleBlockInput): SampleBlockOutput {
  const index = cachedGridIndex(input.rows, input.cols);
  const cells = index.shape.n * index.shape.n;
  const rng = xoroshiro128plusFromState(input.state);
  const grids = new Uint8Array(input.count * cells);
  const indices: string[] = [];
  for (let j = 0; j < input.count; j++) {
    const i = randomBigBelow(rng, index.total);
    indices.push(i.toString());
    index.unrank(i, grids.subarray(j * cells, (j + 1) * cells));
  }
  return { indices, grids };
}
