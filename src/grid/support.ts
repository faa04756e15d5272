import { boxShape, InputError, MAX_SIDE, parseBoxShape, SHAPE_3X3, type BoxShape } from './shape.js';
import type { CountSpec } from './countSpec.js';
import { parseRules, plainRules, rulesFromSpec, type Rules } from './rules.js';

/**
 * What each operation supports: the one place that says which box shapes an operation handles and words the
 * refusal. The CLI's --box options and the library's entry points ask here (once, at the edge); the kernels
 * behind them take the BoxShape as given.
 *
 *   band-method     count, classes, chain: the Felgenhauer–Jarvis band reduction (enumerates every band)
 *   column-sets     count, classes for R×2 boxes (and 2×R by transposition): N = Σ_T F(T)² over band
 *                   configurations up to symmetry (src/colsets/), for shapes whose bands are too many to list
 *   column-set-shards   the same count as shards (count --plan): also R = 6, whose F is columnTransfer's
 *                   (src/classSum/columnSetClassSum.ts), too dear for one machine (COLUMN_TRANSFER_COST_6X2)
 *   sharded-count   what count --box takes with --plan: the count's shapes and the column-set shards' shapes
 *   count           count and classes: the band method where it applies, else the column-set method
 *   rank            rank, unrank, sample: the grid index (src/rank/), the band-method shapes with 2 or 3 bands
 *   dlx-route       count --counter dlx: every middle band enumerated (src/count/middleBandCounter.ts); the band
 *                   method's shapes with two or three bands (four would need a two-band sum at every leaf)
 *   essentially-different   Burnside over the grid group (src/essential/): the band-method shapes (the identity's
 *                   term is N/n! from the band method), and 5×2 and 2×5 (N and every term by column sets)
 *   estimate        the Monte Carlo estimators (digit masks index a 2^n table)
 *   exact-moments   bias --exact: every draw path, or every partial grid, of an estimator (method-dependent)
 *   solve           solving and counting puzzles (any shape the grid text can write)
 *   audit           audit --generator G (method = G): sampling against the exact count and classes (band-method
 *                   shapes; uniform: the grid index's shapes); the template generators' reach on any shape
 *   audit-exact     audit --exact (method = G): a generator's whole output distribution
 *   variant-count   count, classes and essentially-different with --variant (src/variants/): every top block and
 *                   every grid with row 1 fixed listed, n ≤ 6; count and classes on 9×9 within a declared cost
 */
export type Operation =
  | 'band-method'
  | 'column-sets'
  | 'column-set-shards'
  | 'count'
  | 'sharded-count'
  | 'rank'
  | 'dlx-route'
  | 'essentially-different'
  | 'estimate'
  | 'exact-moments'
  | 'solve'
  | 'audit'
  | 'audit-exact'
  | 'variant-count';

/** Methods whose exact moments come from walking their draw tree; the rest recurse over partial grids. */
export const DRAW_TREE_METHODS: readonly string[] = ['crude', 'knuth', 'ridder', 'knuth-mrv'];

/** Largest n the estimators sample: their digit-mask tables have 2^n entries. */
export const MAX_ESTIMATE_SIDE = 16;

function bandMethod(shape: BoxShape): boolean {
  return shape.rows >= 2 && shape.cols >= 2 && shape.cols <= 4 && shape.n <= 9;
}

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
function variantCount9Problem(rules: Rules, method: string | undefined): string | null {
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

/** Largest R for which the column-set method counts R×2 (and 2×R) boxes in minutes. */
export const MAX_COLUMN_SET_ROWS = 5;

/**
 * CPU seconds under which a count is cheap enough to do again whole when its results are read back: `count --merge`
 * and `classes --verify` then count every unit again (src/shards/recountUnits.ts) instead of the --recount K drawn.
 */
export const WHOLE_RECOUNT_SECONDS = 60;

/**
 * Whether the merge of a sharded count (src/grid/countSpec.ts) or the check of a variant table counts
 * every unit again, its one-machine count costing under WHOLE_RECOUNT_SECONDS: every shape of the band method
 * (4×2, the dearest, ~1.5 s), the column-set method up to 5×2 (~37 CPU s, docs/shapes.md), every variant of n ≤ 6
 * (under a second), and a 9×9 variant whose declared cost is that small (none yet: x + windoku is ~70 CPU s).
 */
export function recountsWhole(spec: CountSpec): boolean {
  const shape = boxShape(spec.rules.rows, spec.rules.cols);
  if (spec.route === 'bands') return bandMethod(shape);
  if (spec.route === 'column-sets') return columnSetMethod(shape);
  if (shape.n <= MAX_VARIANT_COUNT_SIDE) return true;
  const hours = VARIANT_COUNT_COST_9X9[spec.rules.variants.join(',')]; // the one-machine count's route
  return hours !== undefined && hours * 3600 < WHOLE_RECOUNT_SECONDS;
}

/** R when the boxes are R×2 or 2×R (R ≥ 2), else 0. */
export function columnSetRows(shape: BoxShape): number {
  return shape.cols === 2 && shape.rows >= 2 ? shape.rows : shape.rows === 2 && shape.cols >= 2 ? shape.cols : 0;
}

function columnSetMethod(shape: BoxShape): boolean {
  const R = columnSetRows(shape);
  return R >= 2 && R <= MAX_COLUMN_SET_ROWS;
}

/**
 * Largest R for which the column-set count runs as shards (count --plan): R = 6 counts each class's F by the
 * transfer over its columns (src/colsets/columnTransfer.ts), seconds a class, too many classes for one machine.
 */
export const MAX_COLUMN_SET_SHARD_ROWS = 6;

/**
 * The projected CPU-hours of the 6×2 count by shards (63,199 classes × F by columnTransfer): 42 shards of the
 * committed plan drawn at random, run whole with the WebAssembly core of round 8 on the shared 2-core machine at load
 * ~1, took 77.5 CPU s a shard on average (75.9–79.0 at ±2 standard errors): ~22 (21.1–22.0) for its 1,000 shards
 * (data/6x2/README.md, shard-times.tsv). The one-machine count of 6x2 is refused in its words.
 */
export const COLUMN_TRANSFER_COST_6X2 = 22;

/** The refusal of a one-machine count that only shards can afford (6×2, 2×6). */
function shardsOnly(shape: BoxShape): string {
  return (
    `${shape.name} is counted as shards only (about ${COLUMN_TRANSFER_COST_6X2} CPU-hours projected): count --box ` +
    `${shape.name} ` +
    '--plan FILE --shards K, then --shard I and --merge (docs/sharding.md, "6x2 as shards")'
  );
}

function columnSetShardMethod(shape: BoxShape): boolean {
  const R = columnSetRows(shape);
  return R >= 2 && R <= MAX_COLUMN_SET_SHARD_ROWS;
}

/** Every shape (R, C ≥ 1, 2 ≤ n ≤ MAX_SIDE) for which `accepts` holds, as "2x2, 2x3 and 3x2". */
function listShapes(accepts: (shape: BoxShape) => boolean): string {
  const names: string[] = [];
  for (let n = 2; n <= MAX_SIDE; n++) {
    for (let r = 1; r <= n; r++) if (n % r === 0 && accepts(boxShape(r, n / r))) names.push(`${r}x${n / r}`);
  }
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const listed = new Map<Operation, string>();

/** The shapes `operation` supports (among all writable shapes), as a list for help texts and messages. */
export function supportedShapes(operation: Operation): string {
  let list = listed.get(operation);
  if (list === undefined) {
    // the band-method shapes are listed without asking shapeProblem, whose messages list them
    const accepts =
      operation === 'dlx-route' || operation === 'rank'
        ? (s: BoxShape) => bandMethod(s) && s.cols <= 3
        : (s: BoxShape) => shapeProblem(operation, s) === null;
    list = listShapes(accepts);
    listed.set(operation, list);
  }
  return list;
}

let bandShapes: string | null = null;

/** The shapes the band method counts, as a list for messages. */
export function bandMethodShapes(): string {
  return (bandShapes ??= listShapes(bandMethod));
}

let columnSetShapes: string | null = null;
let rankShapes: string | null = null;
let countShapes: string | null = null;

let essentialList: string | null = null;

/** The shapes essentially-different counts (band method, or column sets for the identity and every term). */
function essentialShapes(): string {
  return (essentialList ??= listShapes((s) => bandMethod(s) || columnSetMethod(s)));
}

/** The shapes the column-set method counts, as a list for messages. */
export function columnSetMethodShapes(): string {
  return (columnSetShapes ??= listShapes(columnSetMethod));
}

/** The shapes `count` handles (band method or column-set method), as a list for messages. */
export function countMethodShapes(): string {
  return (countShapes ??= listShapes((s) => bandMethod(s) || columnSetMethod(s)));
}

/** Why `operation` cannot handle `shape` (one line, naming what it supports), or null when it can. */
export function shapeProblem(operation: Operation, shape: BoxShape, method?: string): string | null {
  switch (operation) {
    case 'band-method': {
      if (bandMethod(shape)) return null;
      const why =
        shape.n > 9
          ? `n = ${shape.n} is too big for the band method`
          : shape.rows < 2 || shape.cols < 2
            ? 'the band method needs boxes of at least 2 rows and 2 columns'
            : `${shape.cols} bands are more than the band method handles (2, 3 or 4)`;
      return `${why}; it counts ${bandMethodShapes()}`;
    }
    case 'essentially-different': {
      if (bandMethod(shape) || columnSetMethod(shape)) return null;
      const list = essentialShapes();
      if (shape.rows < 2 || shape.cols < 2)
        return (
          'boxes of one row or one column make Latin squares, not counted here; essentially-different counts ' + list
        );
      const term = `Burnside's identity term is N/${shape.n}!, the count of ${shape.n}×${shape.n} grids`;
      if (columnSetShardMethod(shape))
        return (
          `${term}, which runs as shards only (count --box ${shape.name} --plan FILE; about ` +
          `${COLUMN_TRANSFER_COST_6X2} CPU-hours), and its other terms' cost is projected, not run ` +
          `(docs/essentially-different.md); essentially-different counts ${list}`
        );
      return (
        `${term}, which neither the band method (n ≤ 9, 2 to 4 bands) nor the column-set method (R×2 and 2×R, ` +
        `R ≤ ${MAX_COLUMN_SET_SHARD_ROWS}) gives: a count of ${shape.name} would have to come first; ` +
        `essentially-different counts ${list}`
      );
    }
    case 'column-sets': {
      if (columnSetMethod(shape)) return null;
      if (columnSetShardMethod(shape)) return shardsOnly(shape);
      const R = columnSetRows(shape);
      const why =
        R === 0
          ? 'the column-set method needs boxes of 2 columns (R×2) or 2 rows (2×R)'
          : `R = ${R} is beyond the column-set method (R ≤ ${MAX_COLUMN_SET_SHARD_ROWS} as shards)`;
      return `${why}; it counts ${columnSetMethodShapes()} on one machine`;
    }
    case 'column-set-shards': {
      if (columnSetShardMethod(shape)) return null;
      const R = columnSetRows(shape);
      return (
        (R === 0
          ? 'the column-set method needs boxes of 2 columns (R×2) or 2 rows (2×R)'
          : `R = ${R} is beyond the column-set method (R ≤ ${MAX_COLUMN_SET_SHARD_ROWS} as shards)`) +
        `; its shards count ${listShapes(columnSetShardMethod)}`
      );
    }
    case 'sharded-count': {
      if (bandMethod(shape) || columnSetShardMethod(shape)) return null;
      return shapeProblem('count', shape);
    }
    case 'count': {
      if (bandMethod(shape) || columnSetMethod(shape)) return null;
      const R = columnSetRows(shape);
      if (columnSetShardMethod(shape)) return shardsOnly(shape);
      const why =
        R > MAX_COLUMN_SET_ROWS
          ? `n = ${shape.n} is too big for the band method, and ${shape.name} for the column-set method ` +
            `(R×2 and 2×R up to R = ${MAX_COLUMN_SET_ROWS})`
          : shape.n > 9
            ? `n = ${shape.n} is too big for the band method, and the column-set method needs boxes of 2 rows ` +
              'or 2 columns'
            : shape.rows < 2 || shape.cols < 2
              ? 'counting needs boxes of at least 2 rows and 2 columns'
              : `${shape.cols} bands are more than the band method handles (2, 3 or 4)`;
      return `${why}; count handles ${countMethodShapes()}`;
    }
    case 'rank': {
      if (bandMethod(shape) && shape.cols <= 3) return null;
      const why = bandMethod(shape)
        ? `${shape.cols} bands are more than the grid index handles (2 or 3)`
        : (shapeProblem('band-method', shape) ?? '').replace(/; it counts .*$/, '');
      return `${why}; grids are numbered for ${(rankShapes ??= listShapes((s) => bandMethod(s) && s.cols <= 3))}`;
    }
    case 'dlx-route': {
      if (bandMethod(shape) && shape.cols <= 3) return null;
      return (
        `the DLX route (--counter dlx) counts ${supportedShapes('dlx-route')} boxes (two or three bands), ` +
        `not ${shape.name}`
      );
    }
    case 'estimate':
      return shape.n > MAX_ESTIMATE_SIDE
        ? `n = ${shape.n} is too big for the estimators (at most ${MAX_ESTIMATE_SIDE})`
        : null;
    case 'exact-moments': {
      if (shape.n <= 4) return null;
      if (method === 'crude')
        return (
          `--exact crude is feasible on n ≤ 4 only (on ${shape.name} a complete path has probability ` +
          `(n!)^-n < 2^-53): use --batches`
        );
      if (method !== undefined && DRAW_TREE_METHODS.includes(method)) {
        if (shape.n <= 6 && shape.rows > 1 && shape.cols > 1) return null;
        return (
          `--exact walks every draw sequence of ${method}; feasible up to 2x3 and 3x2 (~10⁵–10⁸ paths), not ` +
          `${shape.name}: use --batches`
        );
      }
      return (
        `--exact for ${method ?? 'this method'} recurses over partial grids with random cell orders: 2x2 has ` +
        `~2 million of them (seconds); on ${shape.name} there are far too many (and one exact count of an ` +
        `empty 2x3 grid takes seconds): use --batches`
      );
    }
    case 'solve':
      return null;
    case 'variant-count':
      return shape.n <= MAX_VARIANT_COUNT_SIDE || shape.name === SHAPE_3X3.name
        ? null
        : `variant totals are counted for n ≤ ${MAX_VARIANT_COUNT_SIDE} (${listShapes(
            (s) => s.n <= MAX_VARIANT_COUNT_SIDE && s.n >= 4,
          )}, …) and on 3x3 where the route is affordable: on ${shape.name} every top block's completions are too ` +
            'many for the generic counter (docs/variant-counts.md)';
    case 'audit':
    case 'audit-exact':
      return auditProblem(operation === 'audit-exact', shape, method);
  }
}

/** Largest n whose backtracking search tree `audit --exact` walks whole (2×3: 0.6 million nodes, under a second). */
export const MAX_AUDIT_TREE_SIDE = 6;

function auditProblem(exact: boolean, shape: BoxShape, generator: string | undefined): string | null {
  const rankRule = () => {
    const p = shapeProblem('rank', shape);
    return p === null
      ? null
      : `the uniform sampler is the grid index, which numbers the grids of ${p.replace(/^.*; grids are numbered for /, '')}`;
  };
  const band = bandMethod(shape);
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

/** `shape` if `operation` handles it; otherwise an InputError naming the shape and why. */
export function requireShape(operation: Operation, shape: BoxShape, method?: string): BoxShape {
  const problem = shapeProblem(operation, shape, method);
  if (problem) throw new InputError(`box shape ${shape.name}: ${problem}`);
  return shape;
}

/**
 * The edge of the library: a box shape as a user gave it (a BoxShape, "RxC", or nothing for 3×3), checked once
 * for `operation`. A BoxShape object is rebuilt from its rows and columns, so a hand-made one cannot smuggle in a
 * wrong n or name.
 */
export function resolveShape(operation: Operation, box: BoxShape | string | undefined, method?: string): BoxShape {
  const shape =
    box === undefined ? SHAPE_3X3 : typeof box === 'string' ? parseBoxShape(box) : boxShape(box.rows, box.cols);
  return requireShape(operation, shape, method);
}

/**
 * What each stage declares of the rules it takes (src/grid/rules.ts): the variants, and the largest side with a
 * variant. The engines behind an operation say the same of themselves (the solver contract's `supports`); this
 * table is what the edge asks, so that every refusal is worded here.
 *   solve      HouseCounter (src/solve/houseCounter.ts) counts any houses and pairs up to n = 31
 *   generate   the generator asks the solver; its grids come from a random fill that respects every house
 *   rate       the rater's techniques work on any list of houses, with the pairs in elimination
 *   estimate   every estimator's walk over any houses and pairs (n ≤ 16)
 *   exact-moments   bias --exact: the estimators' exact moments on the shapes it walks (n ≤ 4; 2×3, 3×2 for the
 *                   draw-tree methods), judged against the variant total of src/variants/ (n ≤ 6)
 *   variant-count   count, classes and essentially-different --variant (src/variants/): n ≤ 6, and 9×9 count and
 *                   classes for the variants whose declared cost is within budget (VARIANT_COUNT_COST_9X9), and
 *                   essentially-different for every variant but jigsaw (its identity's term given or counted)
 * (generate and rate take the 'solve' operation's rules.) The other operations (count, bias, rank, …) take the
 * plain rules only.
 */
const RULES_SUPPORT: Partial<Record<Operation, { readonly what: string; readonly maxSide: number }>> = {
  solve: { what: 'solve', maxSide: 31 },
  estimate: { what: 'the estimators', maxSide: MAX_ESTIMATE_SIDE },
  'exact-moments': { what: 'bias --exact', maxSide: MAX_VARIANT_COUNT_SIDE },
  'variant-count': { what: 'count --variant', maxSide: 9 },
};

/** Operations that take variants (for messages). */
export function variantOperations(): string {
  return 'solve, generate, rate, estimate, bias, and count, classes and essentially-different (n ≤ 6 and 9x9)';
}

/** Why `operation` cannot take `rules` (one line), or null when it can. Plain rules: shapeProblem's answer. */
export function rulesProblem(operation: Operation, rules: Rules, method?: string): string | null {
  const shape = shapeProblem(operation, rules.shape, method);
  if (shape !== null || rules.plain) return shape === null ? null : `box shape ${rules.shape.name}: ${shape}`;
  const support = RULES_SUPPORT[operation];
  if (!support) return `variants (${rules.variants.join(', ')}) are not taken here: ${variantOperations()} take them`;
  if (rules.n > support.maxSide)
    return `${support.what} takes variants up to n = ${support.maxSide}, not ${rules.shape.name} (${rules.name})`;
  if (operation === 'variant-count' && rules.n > MAX_VARIANT_COUNT_SIDE) return variantCount9Problem(rules, method);
  return null;
}

/** `rules` if `operation` takes them; otherwise an InputError naming why. */
export function requireRules(operation: Operation, rules: Rules, method?: string): Rules {
  const problem = rulesProblem(operation, rules, method);
  if (problem) throw new InputError(problem.startsWith('box shape') ? problem : `rules ${rules.name}: ${problem}`);
  return rules;
}

/**
 * The edge of the library for rules: a box shape (as resolveShape takes it) and variants (a Rules object, or
 * "x,windoku" / a list of names; jigsaw regions through `readRegions`), checked once for `operation`.
 */
export function resolveRules(
  operation: Operation,
  box: BoxShape | string | undefined,
  variant?: Rules | string | readonly string[],
  method?: string,
  readRegions?: (path: string, n: number) => number[],
): Rules {
  if (variant !== undefined && typeof variant === 'object' && 'houses' in variant) {
    // rebuilt from its spec, so a hand-made object cannot smuggle in inconsistent tables
    return requireRules(operation, rulesFromSpec(variant.spec), method);
  }
  const shape =
    box === undefined ? SHAPE_3X3 : typeof box === 'string' ? parseBoxShape(box) : boxShape(box.rows, box.cols);
  // plain rules: the shape's check alone (as resolveShape), with no rules built per call
  if (variant === undefined) return plainRules(requireShape(operation, shape, method));
  return requireRules(operation, parseRules(shape, variant, readRegions), method);
}
