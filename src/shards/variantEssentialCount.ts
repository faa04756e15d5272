import { variantCountSum } from '../classSum/variantCountSum.js';
import { oneCheckpoint, runClassSum } from '../classSum/runClassSum.js';
import type { Rules } from '../grid/rules.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveRules, rulesProblem } from '../grid/support.js';
import { SEAL_KEY_VARIABLE } from '../io/seal.js';
import { defaultThreads } from '../parallel/threads.js';
import type { VariantCount } from '../variants/countVariantGrids.js';
import { essentiallyDifferentVariantOf, type VariantEssential } from '../variants/essentiallyDifferentVariant.js';
import { variantBurnside, type VariantBurnside, type VariantIdentityTerm } from '../variants/variantBurnside.js';
import { MAX_VARIANT_COUNT_SIDE } from '../variants/variantCountSupport.js';
import type { VariantTableCheck } from './checkVariantTable.js';

export interface VariantEssentialCountOptions {
  /** Threads (default: 1 for n ≤ 6, both cores on 9×9). */
  readonly workers?: number | undefined;
  /** A compact table of the same rules (classes --variant V --format table): N/n! from it, every value confirmed. */
  readonly identityFrom?: string | undefined;
  /** N/n! as a number, taken as given. */
  readonly identityTerm?: bigint | undefined;
  /** The count run here (9×9, no identity's term given): its checkpoint (a new run), or one to go on from. */
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
  /** Stops the count run here (ClassSumInterrupted, the finished classes kept in the checkpoint). */
  readonly signal?: AbortSignal | undefined;
  /**
   * How N/n! is counted when it runs here (9×9, no identity's term given): default a run of count --variant's class
   * sum (src/classSum/variantCountSum.ts) by the one runner, keeping `checkpoint` or going on from `resume`. The
   * command line passes its own run of the same (its spinner, its Ctrl-C).
   */
  readonly countIdentity?: ((workers: number) => Promise<bigint>) | undefined;
  readonly onProgress?: ((event: VariantEssentialProgress) => void) | undefined;
}

/** 'table': --identity-from's table checked (units counted again: done/total); 'fixed': Burnside's fixed grids. */
export interface VariantEssentialProgress {
  readonly stage: 'table' | 'fixed';
  readonly phase: 'start' | 'progress' | 'end';
  readonly done?: number;
  readonly total?: number;
}

/** What essentially-different --variant prints, by the routes that ran. */
export interface VariantEssentialCount {
  /** Burnside over G_V's classes; null for a jigsaw (the direct route alone, n ≤ 6). */
  readonly burnside: VariantBurnside | null;
  /** n ≤ 6: every grid listed, Burnside element by element and the orbits by union-find. */
  readonly direct?: VariantEssential;
  /** --identity-from: how the table's values were confirmed. */
  readonly identityCheck?: Pick<VariantTableCheck, 'values' | 'shipped' | 'recount'>;
  /** null when the routes agree; else one line saying how they differ. */
  readonly disagreement: string | null;
}

/**
 * The library's edge: essentially different grids of a variant by every route that runs (below), the rules checked
 * once as `essentiallyDifferentVariantBurnside` checks them.
 */
export async function essentiallyDifferentVariantCount(
  options: VariantEssentialCountOptions & { box?: BoxShape | string; variant: Rules | string | readonly string[] },
): Promise<VariantEssentialCount> {
  const { box, variant, ...rest } = options;
  return variantEssentialCount(resolveRules('variant-count', box, variant, 'essentially-different'), rest);
}

/**
 * Essentially different grids of trusted `rules` (checked at the edge): Burnside over the conjugacy classes of G_V
 * (src/variants/variantBurnside.ts); on n ≤ 6 also the direct route (every grid listed), and `disagreement` says
 * when they differ. A jigsaw: the direct route alone. The identity's term N/n! is, in this order: the direct route's
 * (n ≤ 6), read from `identityFrom` (every value confirmed), `identityTerm`, or counted (9×9, within the count's
 * declared cost; `countIdentity`). Options that do not fit (two sources, a source on n ≤ 6, a checkpoint with no
 * count to keep): InputError.
 */
export async function variantEssentialCount(
  rules: Rules,
  opts: VariantEssentialCountOptions = {},
): Promise<VariantEssentialCount> {
  const small = rules.n <= MAX_VARIANT_COUNT_SIDE;
  if (opts.identityFrom !== undefined && opts.identityTerm !== undefined)
    throw new InputError("--identity-from and --identity-term both give the identity's term: give one of them");
  if (small && (opts.identityFrom !== undefined || opts.identityTerm !== undefined))
    throw new InputError(
      `--identity-from and --identity-term are for 9x9: for n ≤ ${MAX_VARIANT_COUNT_SIDE} every grid is listed here`,
    );
  if (rules.variants.includes('jigsaw')) {
    const d = essentiallyDifferentVariantOf(rules);
    const agree = d.burnside === BigInt(d.direct);
    return {
      burnside: null,
      direct: d,
      disagreement: agree ? null : `${d.rules}: Burnside gives ${d.burnside} orbits, the direct route ${d.direct}`,
    };
  }
  const counts = !small && opts.identityFrom === undefined && opts.identityTerm === undefined;
  if (!counts && (opts.checkpoint !== undefined || opts.resume !== undefined))
    throw new InputError(
      '--checkpoint and --resume keep the count this command runs itself (9x9, no --identity-from or ' +
        `--identity-term)${small ? `; for n ≤ ${MAX_VARIANT_COUNT_SIDE} every grid is listed here, in a moment` : ''}`,
    );
  const workers = opts.workers ?? (small ? 1 : defaultThreads());
  const progress = opts.onProgress ?? (() => {});
  let identity: VariantIdentityTerm;
  let check: VariantTableCheck | undefined;
  let direct: VariantEssential | undefined;
  if (small) {
    direct = essentiallyDifferentVariantOf(rules);
    identity = {
      value: BigInt(direct.grids),
      source: 'every grid with row 1 = 1..n listed (exact cover)',
      seconds: direct.seconds,
    };
  } else if (opts.identityFrom !== undefined) {
    const { identityFromTable } = await import('./identityFromTable.js');
    progress({ stage: 'table', phase: 'start' });
    ({ identity, check } = await identityFromTable(rules, opts.identityFrom, (done, total) =>
      progress({ stage: 'table', phase: 'progress', done, total }),
    ).finally(() => progress({ stage: 'table', phase: 'end' })));
  } else if (opts.identityTerm !== undefined) {
    identity = { value: opts.identityTerm, source: 'given (--identity-term)' };
  } else {
    const problem = rulesProblem('variant-count', rules);
    if (problem)
      throw new InputError(
        `rules ${rules.name}: the identity's term N/9! is the count's, and ${problem}; ` +
          `give it with --identity-from FILE (a table under the keyed seal, ${SEAL_KEY_VARIABLE}) or --identity-term N`,
      );
    const t0 = performance.now();
    const value = await (opts.countIdentity ?? ((w: number) => countedIdentity(rules, w, opts)))(workers);
    identity = { value, source: 'count --variant, this run', seconds: (performance.now() - t0) / 1000 };
  }
  progress({ stage: 'fixed', phase: 'start' });
  const r = await variantBurnside(rules, identity, {
    workers,
    onProgress: (done, total) => progress({ stage: 'fixed', phase: 'progress', done, total }),
  }).finally(() => progress({ stage: 'fixed', phase: 'end' }));
  const d = direct;
  return {
    burnside: r,
    ...(d ? { direct: d } : {}),
    ...(check ? { identityCheck: { values: check.values, shipped: check.shipped, recount: check.recount } } : {}),
    disagreement:
      d && (d.burnside !== r.total || BigInt(d.direct) !== r.total)
        ? `${r.rules}: Burnside over the classes gives ${r.total}, element by element ${d.burnside}, ` +
          `the direct route ${d.direct}: they must agree`
        : null,
  };
}

/** N/n! by count --variant's class sum, run by the one runner with the checkpoint of `opts`. */
async function countedIdentity(rules: Rules, workers: number, opts: VariantEssentialCountOptions): Promise<bigint> {
  const path = oneCheckpoint(opts);
  const run = await runClassSum(variantCountSum(rules, { exhaustive: 'none' }), 'all', {
    workers,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(path !== undefined ? { checkpoint: path, resume: opts.resume !== undefined } : {}),
  });
  return (run.report as { readonly count: VariantCount }).count.totalWithFixedRow;
}
