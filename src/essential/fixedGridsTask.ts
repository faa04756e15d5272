/**
 * The task module of `essentiallyDifferent` for the worker pool (src/parallel/taskPool.ts): one task is one
 * class representative with one cycle type of relabelling.
 *
 *   countFixed({ rows, cols, element, tauType })  →  { count, seconds, …statistics }
 *
 * count = |Fix(g, τ)|/|C(τ)| (see countFixedGrids). A thread builds the group of a shape once and keeps it.
 */
import { boxShape } from '../grid/shape.js';
import { countFixedGrids, type FixedCount } from './countFixedGrids.js';
import { gridGroup, type GridGroup } from './gridGroup.js';

export interface FixedGridsInput {
  readonly rows: number;
  readonly cols: number;
  /** Element id in gridGroup(rows × cols). */
  readonly element: number;
  /** Cycle type of τ, largest part first. */
  readonly tauType: readonly number[];
}

export interface FixedGridsOutput extends FixedCount {
  /** Time of this task in its thread (not counting the group, built once per thread). */
  readonly seconds: number;
}

const groups = new Map<string, GridGroup>();

export function countFixed(input: FixedGridsInput): FixedGridsOutput {
  const key = `${input.rows}x${input.cols}`;
  let group = groups.get(key);
  if (!group) {
    group = gridGroup(boxShape(input.rows, input.cols));
    groups.set(key, group);
  }
  const t0 = performance.now();
  const r = countFixedGrids(group, input.element, input.tauType);
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}
