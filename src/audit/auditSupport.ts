import type { BoxShape } from '../grid/shape.js';

/* What the audits declare of themselves (gathered with the other stages' declarations in src/grid/support.ts). */

/** Largest n whose backtracking search tree `audit --exact` walks whole (2×3: 0.6 million nodes, under a second). */
export const MAX_AUDIT_TREE_SIDE = 6;

/**
 * Why the audit of `generator` cannot take `shape` (one line), or null when it can: `exact` for audit --exact. What
 * it needs of the other stages comes in `shapes`: whether the band method counts the shape, the shapes it counts, and
 * why the grid index (the uniform sampler) does not number it.
 */
export function auditProblem(
  exact: boolean,
  shape: BoxShape,
  generator: string | undefined,
  shapes: { readonly band: boolean; readonly bandShapes: () => string; readonly rankProblem: () => string | null },
): string | null {
  const { band, bandShapes: bandMethodShapes } = shapes;
  const rankRule = () => {
    const p = shapes.rankProblem();
    return p === null
      ? null
      : `the uniform sampler is the grid index, which numbers the grids of ${p.replace(/^.*; grids are numbered for /, '')}`;
  };
  if (generator === 'uniform') return rankRule();
  const template = generator === 'template' || generator === 'template-blocks';
  if (!exact) {
    if (template || band) return null;
    return (
      `the audit compares a generator's grids with the exact count and its top-band classes, which the band ` +
      `method gives for ${bandMethodShapes()}`
    );
  }
  if (!band)
    return (
      `--exact needs the exact count N, which the band method gives for ${bandMethodShapes()}` +
      (template ? ` (the template's reach is exact on any shape: leave out --exact)` : '')
    );
  if (template) return null;
  if (shape.n <= MAX_AUDIT_TREE_SIDE) return null;
  return (
    `--exact walks ${generator ?? 'the generator'}'s whole search tree, about N/n! leaves (~10^10 on 3x3, more ` +
    `on ${shape.name === '3x3' ? 'bigger shapes' : shape.name}); feasible on 2x2, 2x3 and 3x2 (a second): use ` +
    `--samples instead, which gives the exact probability of every sampled grid`
  );
}
