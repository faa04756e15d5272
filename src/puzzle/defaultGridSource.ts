import type { BoxShape } from '../grid/shape.js';
import { asRules, type Rules } from '../grid/rules.js';
import { gridIndex, gridIndexShapeProblem, type GridIndex } from '../rank/gridIndex.js';
import { randomFillSource, variantFillSource, type GridSource } from './gridSource.js';

/**
 * Which grids the generator starts from:
 *   uniform      every grid of the shape equally likely: a uniform number below N, unranked by the grid index
 *                (src/rank/gridIndex.ts). For the shapes the grid index numbers (2x2, 2x3, 3x2, 3x3, 4x2); its
 *                tables take a moment to build once per process (about 1 s for 3x3, 4 s for 4x2).
 *   random-fill  the randomized fill with propagation (randomFillSource), for any shape; not uniform. Under
 *                variants, a fill that respects every house and pair (variantFillSource); not uniform either.
 */
export type GridSourceKind = 'uniform' | 'random-fill';
export const GRID_SOURCE_KINDS: readonly GridSourceKind[] = ['uniform', 'random-fill'];

/** Why uniform grids are not available for a shape (or rules), or null when they are. */
export function uniformGridsShapeProblem(shape: BoxShape | Rules): string | null {
  if ('houses' in shape) {
    if (!shape.plain) return `no uniform sampler numbers the grids of ${shape.name} (variants): use random-fill`;
    return gridIndexShapeProblem(shape.shape);
  }
  return gridIndexShapeProblem(shape);
}

const sources = new Map<string, GridSource>();

/** A grid source of the given kind (default: uniform where the rules allow, else the random fill). */
export function gridSource(shape: BoxShape | Rules, kind?: GridSourceKind): GridSource {
  const rules = asRules(shape);
  const k = kind ?? (uniformGridsShapeProblem(rules) === null ? 'uniform' : 'random-fill');
  const key = `${rules.name}/${k}`;
  let s = sources.get(key);
  if (!s) {
    s =
      k === 'uniform'
        ? uniformSource(rules.shape)
        : rules.plain
          ? randomFillSource(rules.shape)
          : variantFillSource(rules);
    sources.set(key, s);
  }
  return s;
}

/** The default source of a shape or rules (see gridSource). */
export function defaultGridSource(shape: BoxShape | Rules): GridSource {
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
