/**
 * The task module of `essentiallyDifferent` for the shapes counted by column sets (R×2 and 2×R beyond the band
 * method): one task is one class representative, as an element of the R×2 group, with one cycle type of τ.
 *
 *   countFixedColumnSets({ rows, cols, element, tauType })  →  { count, seconds, …statistics }
 *
 * count = |Fix(g, τ)|/|C(τ)| (countFixedByColumnSets); `seeds` and `seedOrbits` report the compatible column
 * configurations and their orbits under C(p) × C(τ), `seedGroup` 0. A thread builds the group of a shape once.
 */
import { boxShape } from '../grid/shape.js';
import { countFixedByColumnSets } from './columnSetFixedGrids.js';
import type { FixedGridsInput, FixedGridsOutput } from './fixedGridsTask.js';
import { gridGroup, type GridGroup } from './gridGroup.js';

const groups = new Map<string, GridGroup>();

export function countFixedColumnSets(input: FixedGridsInput): FixedGridsOutput {
  const key = `${input.rows}x${input.cols}`;
  let group = groups.get(key);
  if (!group) {
    group = gridGroup(boxShape(input.rows, input.cols));
    groups.set(key, group);
  }
  const t0 = performance.now();
  const r = countFixedByColumnSets(group, input.element, input.tauType);
  const count = Number(r.count);
  if (!Number.isSafeInteger(count)) throw new Error(`internal: a term ${r.count} past 2^53`);
  return {
    count,
    seeds: r.configurations,
    seedOrbits: r.configurationOrbits,
    seedGroup: 0,
    extensions: 0,
    extensionOrbits: 0,
    tableEntries: 0,
    nodes: r.nodes,
    seconds: (performance.now() - t0) / 1000,
  };
}
