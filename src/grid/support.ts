import { boxShape, InputError, MAX_SIDE, parseBoxShape, SHAPE_3X3, type BoxShape } from './shape.js';
import { parseRules, plainRules, rulesFromSpec, type Rules } from './rules.js';
// what each stage declares of itself: files that import nothing of ours but grid/ (so that gathering them here
// brings no stage's code along)
import { auditProblem } from '../audit/auditSupport.js';
import { exactMomentsProblem } from '../bias/biasSupport.js';
import {
  columnSetMethod,
  columnSetRows,
  columnSetShardMethod,
  COLUMN_TRANSFER_COST_6X2,
  MAX_COLUMN_SET_ROWS,
  MAX_COLUMN_SET_SHARD_ROWS,
  shardsOnly,
} from '../colsets/columnSetSupport.js';
import { bandMethod } from '../count/bandMethodSupport.js';
import { MAX_ESTIMATE_SIDE } from '../estimate/estimateSupport.js';
import { MAX_VARIANT_COUNT_SIDE, variantCount9Problem } from '../variants/variantCountSupport.js';

/**
 * What each operation supports: the one place that gathers what each stage declares of itself (bandMethodSupport,
 * columnSetSupport, variantCountSupport, estimateSupport, biasSupport, auditSupport: the shapes a stage takes, its
 * limits and costs, and how it words a refusal) into which box shapes an operation handles and the refusal. The
 * CLI's --box options and the library's entry points ask here (once, at the edge); the kernels behind them take the
 * BoxShape as given.
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
 *   essential-classes   essentially-different --classes: the classes and the unit lemma's zeros, no term counted:
 *                   those shapes and 6×2, 2×6 (whose line group S₆ ≀ S₂ is the largest lineGroup builds)
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
  | 'essential-classes'
  | 'estimate'
  | 'exact-moments'
  | 'solve'
  | 'audit'
  | 'audit-exact'
  | 'variant-count';

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
          `${COLUMN_TRANSFER_COST_6X2} CPU-hours), and its dear terms are projected, not run ` +
          `(docs/essentially-different.md, "6x2 and 2x6"); --classes gives its classes and the unit lemma's ` +
          `zeros; essentially-different counts ${list}`
        );
      return (
        `${term}, which neither the band method (n ≤ 9, 2 to 4 bands) nor the column-set method (R×2 and 2×R, ` +
        `R ≤ ${MAX_COLUMN_SET_SHARD_ROWS}) gives: a count of ${shape.name} would have to come first; ` +
        `essentially-different counts ${list}`
      );
    }
    case 'essential-classes': {
      if (bandMethod(shape) || columnSetShardMethod(shape)) return null;
      const list = listShapes((s) => bandMethod(s) || columnSetShardMethod(s));
      return shape.rows < 2 || shape.cols < 2
        ? `boxes of one row or one column make Latin squares, not counted here; --classes takes ${list}`
        : `essentially-different --classes takes the shapes it counts or prepares (${list}), not ${shape.name}`;
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
    case 'exact-moments':
      return exactMomentsProblem(shape, method);
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
      return auditProblem(operation === 'audit-exact', shape, method, {
        band: bandMethod(shape),
        bandShapes: bandMethodShapes,
        rankProblem: () => shapeProblem('rank', shape),
      });
  }
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
