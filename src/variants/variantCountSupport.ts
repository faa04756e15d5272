import type { Rules } from '../grid/rules.js';

/*
 * What the variant counts declare of themselves (gathered with the other stages' declarations in
 * src/grid/support.ts): the sides they list whole, and the measured cost of each 9×9 count.
 */

/** Largest n `count --variant` takes: every top block is listed, and the exhaustive route lists every grid. */
export const MAX_VARIANT_COUNT_SIDE = 6;

/**
 * The declared cost of the fast route of `count --variant` on 9×9, in CPU-hours: the top-block classes times the
 * mean time of the solver's engine per class (the variant bitboards, finding completions one by one), measured on a
 * seeded sample of classes (`npm run bench -- variant-count --project V`, docs/variant-counts.md). A variant (or
 * pair) not listed has not been measured and is refused; so is one above VARIANT_COUNT_BUDGET.
 */
export const VARIANT_COUNT_COST_9X9: Readonly<Record<string, number>> = {
  'x,windoku': 0.02, // 148,800 classes × < 1 ms
  'anti-knight': 0.03, // 23,696 classes × ~4 ms
  'x,disjoint-groups': 0.19, // 654,264 classes × ~1 ms
  windoku: 0.23, // 37,248 classes × ~22 ms
  // 12,542 classes × ~0.18 s (0.61) from the sample, but the most symmetric bands hold far more completions (the
  // first 800 classes 4.7·10⁸ of 4.3·10⁹): the whole run took 0.95 CPU-h at load 2–9
  'disjoint-groups': 1.5,
  x: 0.9, // 109,644 classes × ~0.03 s on the WebAssembly core (the run: 1,599 s on 2 workers for 97 % of them)
  // the edge-table route (docs/variant-counts.md, "9×9 anti-king: the edge table"): U in ~10 CPU s, then 136,128
  // middle-band classes × ~2 ms; the whole run took 317 CPU s (0.088 CPU-h; 658 s wall on 2 workers at load 7–11)
  'anti-king': 0.1,
  // the band-pair route (docs/variant-counts.md): column-set keys × the sum's time per key (10 classes sampled at
  // load 3–4: 0.17 and 0.20 CPU-h), with room for load; the runs took 632–1,557 s wall on 2 workers at load 4–12
  asterisk: 0.3, // 62,810 keys × ~10 ms
  girandola: 0.3, // 62,810 keys × ~12 ms
  'centre-dot': 0.05, // 5,021 keys × ~17 ms (74 s wall on 2 workers at load 9)
};

/**
 * The solver route's cost (CPU-hours) where `count --variant` takes a faster route on one machine: a sharded count
 * (src/classSum/variantClassSum.ts) still runs the solver per top-block class, and sizes its shards from this.
 */
export const VARIANT_SOLVER_COST_9X9: Readonly<Record<string, number>> = {
  'anti-king': 370, // 271,872 classes × ~4.9 s (shard 0 of data/anti-king-9x9: 4.68 s a class)
};

/**
 * CPU-hours a 9×9 variant count may cost: an hour on 2 cores (the limit for one run; beyond it a count runs
 * as shards).
 */
export const VARIANT_COUNT_BUDGET = 2;

/**
 * The 9×9 variants (and pairs) whose declared cost is within budget, cheapest first, as the help words them; for
 * `classes` without anti-king, which is counted by middle bands, not top-block classes (the edge-table route).
 */
export function affordableVariants9(command: 'count' | 'classes' = 'count'): string {
  return Object.entries(VARIANT_COUNT_COST_9X9)
    .filter(([name, cost]) => cost <= VARIANT_COUNT_BUDGET && (command === 'count' || name !== 'anti-king'))
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name.replace(',', '+'))
    .join(', ');
}

/**
 * Why the 9×9 variant count of `rules` is refused (one line), or null: from the declared cost. `method` is the
 * command: 'essentially-different' (Burnside over G_V's classes, src/variants/variantBurnside.ts) takes every
 * variant but jigsaw on 9×9, its terms other than the identity's costing seconds; the identity's term, N/9!, is the
 * count's, which its caller checks against the declared cost when it is not given; 'essentially-different-direct'
 * lists every grid and stays at n ≤ 6; 'shards', a sharded count,
 * takes every variant whose cost is declared, however dear.
 */
export function variantCount9Problem(rules: Rules, method: string | undefined): string | null {
  if (method === 'essentially-different')
    return rules.variants.includes('jigsaw')
      ? `essentially different jigsaw grids are counted for n ≤ ${MAX_VARIANT_COUNT_SIDE} (every grid is listed)`
      : null;
  if (method === 'essentially-different-direct')
    return `essentially different variant grids are listed for n ≤ ${MAX_VARIANT_COUNT_SIDE} (every grid is listed)`;
  const cost = VARIANT_COUNT_COST_9X9[rules.variants.join(',')];
  if (cost === undefined)
    return `the 9x9 count of ${rules.variants.join(' + ')} has no measured cost (docs/variant-counts.md)`;
  if (cost > VARIANT_COUNT_BUDGET && method !== 'shards')
    return (
      `the 9x9 count of ${rules.variants.join(' + ')} would take about ${cost} CPU-hours (the budget is ` +
      `${VARIANT_COUNT_BUDGET}; docs/variant-counts.md): run it as shards (--plan FILE --shards K; docs/sharding.md)`
    );
  return null;
}
