import type { BoxShape } from '../grid/shape.js';
import { gridIndex, gridIndexShapeProblem, type GridIndex } from '../rank/gridIndex.js';
import { randomFillSource, type GridSource } from './gridSource.js';

/**
 * Which grids the generator starts from:
 *   uniform      every grid of the shape equally likely: a uniform number below N, unranked by the grid index
 *                (src/rank/gridIndex.ts). For the shapes the grid index numbers (2x2, 2x3, 3x2, 3x3, 4x2); its
 *                tables take a moment to build once per process (about 1 s for 3x3, 4 s for 4x2).
 *   random-fill  the randomized fill with propagation (randomFillSource), for any shape; not uniform.
 */
export type GridSourceKind = 'uniform' | 'random-fill';
export const GRID_SOURCE_KINDS: readonly GridSourceKind[] = ['uniform', 'random-fill'];

/** Why uniform grids are not available for a shape, or null when they are. */
export function uniformGridsShapeProblem(shape: BoxShape): string | null {
  return gridIndexShapeProblem(shape);
}

const sources = new Map<string, GridSource>();

/** A grid source of the given kind (default: uniform where the shape allows, else the random fill). */
export function gridSource(shape: BoxShape, kind?: GridSourceKind): GridSource {
  const k = kind ?? (uniformGridsShapeProblem(shape) === null ? 'uniform' : 'random-fill');
  const key = `${shape.name}/${k}`;
  let s = sources.get(key);
  if (!s) {
    s = k === 'uniform' ? uniformSource(shape) : randomFillSource(shape);
    sources.set(key, s);
  }
  return s;
}

/** The default source of a shape (see gridSource). */
export function defaultGridSource(shape: BoxShape): GridSource {
  return gridSource(shape);
}

function uniformSource(shape: BoxShape): GridSource {
  let index: GridIndex | null = null; // built on the first draw
  return {
    name: 'uniform',
    sample(rng) {
      index ??= gridIndex({ box: shape });
      return index.sample(rng);
    },
  };
}
