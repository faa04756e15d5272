import { factorialBig, type BoxShape } from '../grid/shape.js';
import { lnBig } from '../stats/logBig.js';

/**
 * Ridder's measures of an importance-sampling estimator (after the 2010 study that compares counting estimators by
 * them), for the estimator γ of the probability ℓ = |A|/|Ω|, A the grids:
 *
 *   RE    relative error of the estimate: its standard error over its mean (`relErr`)
 *   RAT   log E[γ²] / log E[γ]: 2 for a zero-variance estimator, 1 for crude Monte Carlo (γ ∈ {0, 1}, so
 *         E[γ²] = E[γ]); an estimator is "logarithmically efficient" when RAT stays near 2 as ℓ shrinks
 *   EFF   1 / (Var(ℓ̂) × CPU time): precision per unit of work, ℓ̂ the mean of the run's γ, CPU time its thread-seconds
 *
 * Ω. Every estimator here draws X with E[X] = N (times its scale), and γ = X/|Ω| for one common Ω: the sample space
 * of the crude method, the n-tuples of row permutations (|Ω| = (n!)^n; 3×3: 1.1·10⁵⁰, ℓ = 6.1·10⁻²⁹), so that RAT
 * and EFF compare methods on the same ℓ. What each method samples in Ω's terms:
 *   crude         a uniform element of Ω; γ = 1{it is a grid}
 *   knuth, knuth-random, knuth-mrv, ridder
 *                 a grid g ∈ A ⊂ Ω with probability q(g) = Π 1/d (the walk's choices), or a dead end (γ = 0);
 *                 γ = 1/(|Ω|·q(g)): importance sampling with proposal q (ridder's row-by-row likelihood ratio
 *                 against the uniform rows of Ω equals knuth's product)
 *   hybrid        a partial grid p of `fill` cells with probability q(p), then its exact number of completions c(p);
 *                 γ = c(p)/(|Ω|·q(p)): importance sampling of the partial grids, with the rest summed exactly
 *                 (conditional Monte Carlo over the same Ω)
 * RAT depends on the choice of Ω through log ℓ: with Ω → ∞ every finite-variance estimator tends to 2. With a common
 * Ω the order of the methods is what it says.
 */
export function omegaSize(shape: BoxShape): bigint {
  return factorialBig(shape.n) ** BigInt(shape.n);
}

/**
 * RAT from E[X] and E[X²] given as ratios of whole numbers (num/den): log(E[X²]/|Ω|²) / log(E[X]/|Ω|).
 * Null when E[X] = 0 (no estimate).
 */
export function ratFrom(
  mean: { readonly num: bigint; readonly den: bigint },
  second: { readonly num: bigint; readonly den: bigint },
  omega: bigint,
): number | null {
  if (mean.num <= 0n || second.num <= 0n) return null;
  const lnOmega = lnBig(omega);
  const lnMean = lnBig(mean.num) - lnBig(mean.den) - lnOmega;
  const lnSecond = lnBig(second.num) - lnBig(second.den) - 2 * lnOmega;
  return lnSecond / lnMean;
}

/** EFF = 1/(Var(ℓ̂)·CPU seconds), Var(ℓ̂) = (stderr/|Ω|)². Null when undefined. */
export function effFrom(stderr: number | null, omega: bigint, cpuSeconds: number): number | null {
  if (stderr === null || !(stderr > 0) || !(cpuSeconds > 0)) return null;
  // |Ω|²/(stderr²·t) in logs: |Ω| is beyond doubles from 5×5 boxes on
  const ln = 2 * lnBig(omega) - 2 * Math.log(stderr) - Math.log(cpuSeconds);
  return Math.exp(ln);
}
