import { exactCount } from '../estimate/estimate.js';
import { createEstimator } from '../estimate/createEstimator.js';
import { defaultFill } from '../estimate/hybridEstimator.js';
import { isMethodName, METHOD_NAMES, type MethodName } from '../estimate/estimator.js';
import { omegaSize, ratFrom } from '../estimate/ridderMeasures.js';
import type { Rules } from '../grid/rules.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { requireRules, resolveRules } from '../grid/support.js';
import { DRAW_TREE_METHODS } from '../bias/biasSupport.js';
import { countVariantGridsOf } from '../variants/countVariantGrids.js';
import { enumerateDrawTree, TooManyPathsError } from './enumerateDrawTree.js';
import { randomOrderMoments, TooManyStatesError } from './randomOrderMoments.js';
import { Rational } from './rational.js';

/**
 * The exact law of an estimator's sample X (times its scale, so E[X] should be N) on a small shape.
 *
 * Two ways, both exact (BigInt rationals):
 *   draw tree   crude, knuth, ridder, knuth-mrv: the sampler's own `sample()` is run on every sequence of
 *               draws (`enumerateDrawTree`). The first n−1 draws pick the first row's digits among digits
 *               not used yet; renaming digits maps one such subtree onto another draw for draw, so they are
 *               held at 0 and each path counts n!/1 times (`heldDraws`; --full-tree turns this off, and a
 *               test checks both agree). Gives the whole distribution of X.
 *   states      knuth-random, hybrid: a recursion over partial grids (`randomOrderMoments`); gives E[X],
 *               E[X²] and P(X > 0), not the distribution.
 * Supported: every method on 2×2 (and n ≤ 4 shapes); knuth, ridder, knuth-mrv on 2×3 and 3×2; under any rules
 * (`variant`) on those shapes, judged against the variant total of src/variants/ (both of its routes agree there).
 * Under variants the held draws are checked as they run: each must choose among all the digits not placed yet
 * (k = n, n−1, …), which is what makes renaming digits map the subtrees onto each other; when a sampler's first
 * draws are not of that kind (knuth-mrv may start on cells that do not see each other), the whole tree is walked.
 */
export interface ExactMomentsOptions {
  readonly method: string;
  readonly box: BoxShape | string;
  /** Variants: "x", "x,anti-king", a list of names or a Rules object (default: plain rules). */
  readonly variant?: Rules | string | readonly string[];
  readonly fill?: number | null;
  /** Walk every draw, without holding the first row's draws (slower: n! times more paths). */
  readonly fullTree?: boolean;
  /** Called now and then with the share of probability covered so far (draw tree only). */
  readonly onProgress?: (done: number) => void;
}

export interface DistributionPoint {
  /** A value X takes (times the scale). */
  readonly value: bigint;
  readonly probability: Rational;
}

export interface ExactMoments {
  readonly method: MethodName;
  readonly box: string;
  /** The rules' canonical name ("2x2", "2x2+x"). */
  readonly rules: string;
  readonly fill: number | null;
  readonly technique: 'draw tree' | 'states';
  /** Paths run (draw tree) or partial grids memoised (states). */
  readonly size: number;
  /** The exact grid count E[X] is checked against. */
  readonly count: bigint;
  readonly mean: Rational;
  readonly secondMoment: Rational;
  readonly variance: Rational;
  /** Per-sample coefficient of variation √Var / E[X], and its square (exact). */
  readonly cv: number;
  readonly cvSquared: Rational;
  readonly pNonzero: number;
  /** Exact P(X > 0) (draw tree), else null. */
  readonly pNonzeroExact: Rational | null;
  /** Distinct values of X with their probabilities, increasing (draw tree), else null. */
  readonly distribution: readonly DistributionPoint[] | null;
  readonly unbiased: boolean;
  /**
   * Ridder's RAT = log E[γ²] / log E[γ] for γ = X/|Ω|, Ω the crude method's n-tuples of row permutations
   * (src/estimate/ridderMeasures.ts): exact moments, logarithms to double precision. Null when E[X] = 0.
   */
  readonly rat: number | null;
  readonly seconds: number;
}

const MAX_PATHS = 300_000_000;
const MAX_STATES = 4_000_000;

export async function exactMoments(options: ExactMomentsOptions): Promise<ExactMoments> {
  if (!isMethodName(options.method))
    throw new InputError(`unknown method '${options.method}' (one of ${METHOD_NAMES.join(', ')})`);
  const method = options.method;
  const rules = resolveRules('exact-moments', options.box, options.variant, method);
  const shape = rules.shape;
  const estimator = createEstimator({ method, shape, rules, fill: options.fill ?? null });
  // the truth: the band method's N for plain rules, the variant total (src/variants/) for the others
  const count = rules.plain
    ? await exactCount(shape)
    : countVariantGridsOf(requireRules('variant-count', rules), { exhaustive: 'none' }).total;
  if (count === null) throw new InputError(`no exact grid count for ${shape.name} to check E[X] against`);
  const t0 = performance.now();
  const scale = Rational.of(estimator.scale);
  let mean: Rational,
    secondMoment: Rational,
    pNonzero: number,
    pNonzeroExact: Rational | null = null;
  let distribution: DistributionPoint[] | null = null;
  let size: number;
  let technique: ExactMoments['technique'];

  if (DRAW_TREE_METHODS.includes(method)) {
    technique = 'draw tree';
    const walk = (held: number) => {
      try {
        return enumerateDrawTree(estimator, {
          maxPaths: MAX_PATHS,
          heldDraws: held,
          // plain rules: the first n−1 draws are the first row's, among unused digits by construction
          ...(rules.plain ? {} : { heldAmongUnused: shape.n }),
          ...(options.onProgress ? { onProgress: (_: number, mass: number) => options.onProgress!(mass) } : {}),
        });
      } catch (e) {
        if (e instanceof TooManyPathsError)
          throw new InputError(`--exact ${method} ${rules.name}: ${e.message}; use --batches`);
        throw e;
      }
    };
    let tree = walk(options.fullTree ? 0 : shape.n - 1);
    if (tree === null) tree = walk(0)!;
    size = tree.paths;
    // X → Σ count/Q, exactly
    const byValue = new Map<number, Rational>();
    for (const [q, byX] of tree.tally) {
      for (const [x, c] of byX) byValue.set(x, (byValue.get(x) ?? Rational.ZERO).add(Rational.of(c, q)));
    }
    distribution = [...byValue.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([x, p]) => ({ value: BigInt(x) * estimator.scale, probability: p }));
    let total = Rational.ZERO,
      m1 = Rational.ZERO,
      m2 = Rational.ZERO,
      nz = Rational.ZERO;
    for (const { value, probability } of distribution) {
      total = total.add(probability);
      m1 = m1.add(probability.mul(Rational.of(value)));
      m2 = m2.add(probability.mul(Rational.of(value * value)));
      if (value > 0n) nz = nz.add(probability);
    }
    if (!total.equals(Rational.of(1))) throw new Error(`internal: the path probabilities sum to ${total}, not 1`);
    mean = m1;
    secondMoment = m2;
    pNonzeroExact = nz;
    pNonzero = nz.toNumber();
  } else {
    technique = 'states';
    const fill = method === 'hybrid' ? (estimator.fill ?? defaultFill(shape)) : shape.n * shape.n;
    let r;
    try {
      r = randomOrderMoments(rules, fill, MAX_STATES);
    } catch (e) {
      if (e instanceof TooManyStatesError)
        throw new InputError(`--exact ${method} ${rules.name}: ${e.message}; use --batches`);
      throw e;
    }
    size = r.states;
    mean = Rational.of(r.first, r.denominator).mul(scale);
    secondMoment = Rational.of(r.second, r.denominator).mul(scale).mul(scale);
    pNonzero = r.pNonzero;
  }
  const variance = secondMoment.sub(mean.mul(mean));
  const cvSquared = mean.p === 0n ? Rational.ZERO : variance.div(mean.mul(mean));
  return {
    method,
    box: shape.name,
    rules: rules.name,
    fill: estimator.fill,
    technique,
    size,
    count,
    mean,
    secondMoment,
    variance,
    cv: Math.sqrt(cvSquared.toNumber()),
    cvSquared,
    pNonzero,
    pNonzeroExact,
    distribution,
    unbiased: mean.equals(Rational.of(count)),
    rat: ratFrom({ num: mean.p, den: mean.q }, { num: secondMoment.p, den: secondMoment.q }, omegaSize(shape)),
    seconds: (performance.now() - t0) / 1000,
  };
}
