/**
 * The task module of the Burnside terms as a class sum (src/classSum/burnsideClassSum.ts), for the worker pool:
 *
 *   countTermChunk({ rows, element, tauType, index, of })  →  { fixed, configurations, orbits, nodes, seconds }
 *       the part of |Fix(g, τ)| from orbits index, index + of, … of the term's configuration orbits
 *       (countFixedByColumnSets with `chunk`), g an element of the R×2 group;
 *   swapTerms({ rows, p, words, orbits, values })  →  [[cycle type, |Fix|/|C(τ)|], …]
 *       the band swaps with b∘a = 1 and column part p, every τ with τ² = 1, from the column-set classes
 *       (swapTermsByClasses).
 *
 * A thread builds the group of a shape once.
 */
import { boxShape } from '../grid/shape.js';
import { countFixedByColumnSets } from './columnSetFixedGrids.js';
import { gridGroup, type GridGroup } from './gridGroup.js';
import { swapTermsByClasses } from './swapTermsByClasses.js';

export interface TermChunkInput {
  /** R: the group is that of R×2 boxes. */
  readonly rows: number;
  readonly element: number;
  readonly tauType: readonly number[];
  readonly index: number;
  readonly of: number;
}

export interface TermChunkOutput {
  readonly fixed: bigint;
  readonly configurations: number;
  readonly orbits: number;
  readonly nodes: number;
  /** Wall seconds of this task in its thread (the group not counted; a loaded machine stretches them). */
  readonly seconds: number;
}

const groups = new Map<number, GridGroup>();

export function countTermChunk(input: TermChunkInput): TermChunkOutput {
  let group = groups.get(input.rows);
  if (!group) {
    group = gridGroup(boxShape(input.rows, 2));
    groups.set(input.rows, group);
  }
  const t0 = performance.now();
  const r = countFixedByColumnSets(group, input.element, input.tauType, {
    chunk: { index: input.index, of: input.of },
  });
  return {
    fixed: r.fixed,
    configurations: r.configurationClasses,
    orbits: r.configurationOrbits,
    nodes: r.nodes,
    seconds: (performance.now() - t0) / 1000,
  };
}

export interface SwapTermsInput {
  readonly rows: number;
  /** The column part p of g (images of the 2R columns). */
  readonly p: readonly number[];
  readonly words: Uint8Array;
  readonly orbits: Float64Array;
  readonly values: readonly bigint[];
}

export function swapTerms(input: SwapTermsInput): Array<[string, bigint]> {
  return [...swapTermsByClasses(input, input.p)];
}
