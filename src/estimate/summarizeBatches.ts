import { log10Big } from '../stats/logBig.js';
import { effFrom, ratFrom } from './ridderMeasures.js';
import type { BatchRecord } from './runBatch.js';

/**
 * Everything a run reports, from its batch records (in batch order) and the context of the run.
 *
 * With S samples x_1..x_S, scale s, Σ = Σx, Q = Σx² (exact BigInts):
 *   mean       s·Σ/S                                   the estimate of N
 *   stderr     s·√((S·Q − Σ²) / (S²·(S−1)))            standard error of the mean (sample variance / S)
 *   ci95       mean ± 1.96·stderr                      normal approximation; for `crude` with no hit the
 *                                                      exact (Clopper–Pearson) interval [0, s·(1 − 0.025^(1/S))]
 *   relErr     stderr / mean                           relative standard error; ±1 % at 95 % ⇔ relErr ≤ 0.0051
 *   ratio      mean / N,   z = (mean − N) / stderr     when the exact N is known
 *   efficiency 1 / (relErr² · seconds)                 work-normalised precision: (1/relErr²) grows
 *                                                      linearly with samples, so this does not depend on S
 *   measures   Ridder's RE, RAT, EFF for γ = X·s/|Ω|   src/estimate/ridderMeasures.ts: RE = relErr,
 *              RAT = log(s²·Q/(S·|Ω|²)) / log(s·Σ/(S·|Ω|)), EFF = |Ω|²/(stderr²·seconds·workers)
 * S·Q − Σ² is computed exactly, then converted: no cancellation. Undefined numbers are null.
 */
export interface EstimateResult {
  readonly method: string;
  readonly box: string;
  /** `hybrid`: cells filled at random before the exact count; null for other methods. */
  readonly fill: number | null;
  readonly samples: number;
  readonly batches: number;
  readonly batchSize: number;
  readonly seed: number;
  readonly workers: number;
  readonly mean: number;
  readonly stderr: number | null;
  readonly ci95: readonly [number, number] | null;
  readonly relErr: number | null;
  /** The exact count N, when the band method can compute it for this shape; else null. */
  readonly exact: bigint | null;
  readonly ratio: number | null;
  readonly z: number | null;
  readonly nonzero: number;
  readonly nonzeroFraction: number;
  readonly maxOverMean: number | null;
  /** Wall-clock seconds of sampling (over all sessions of a resumed run). */
  readonly seconds: number;
  readonly samplesPerSecond: number;
  readonly efficiency: number | null;
  /** One-sided 95 % upper bound on N when no sample hit (crude only): s·(1 − 0.05^(1/S)) ≈ 3s/S. */
  readonly upper95: number | null;
  /** Exact Σx and Σx² of the samples, and the scale they are multiplied by. */
  readonly sum: bigint;
  readonly sumSq: bigint;
  readonly scale: bigint;
  /** A remark on reading the result (no hit, heavy tail), or null. */
  readonly note: string | null;
  /** Ridder's measures (src/estimate/ridderMeasures.ts), for γ = X·scale/|Ω|, Ω the crude method's sample space. */
  readonly measures: RidderMeasures;
}

export interface RidderMeasures {
  /** log10 |Ω| = log10 (n!)^n. */
  readonly log10Omega: number;
  /** RE: the relative error of the estimate (= relErr). */
  readonly re: number | null;
  /** RAT = log E[γ²] / log E[γ], from the sample moments. */
  readonly rat: number | null;
  /** EFF = 1 / (Var(ℓ̂) × CPU seconds), CPU seconds = wall seconds × workers. */
  readonly eff: number | null;
}

export interface RunContext {
  readonly method: string;
  readonly box: string;
  readonly fill: number | null;
  readonly scale: bigint;
  /** Samples are 0/1 (see Estimator.indicator). */
  readonly indicator: boolean;
  readonly seed: number;
  readonly workers: number;
  readonly batchSize: number;
  readonly exact: bigint | null;
  readonly seconds: number;
  /** |Ω|, the crude method's sample space (n!)^n, for Ridder's measures. */
  readonly omega: bigint;
}

export const Z95 = 1.959963984540054;

/** Running totals of batch records; add them in batch order. */
export interface Totals {
  batches: number;
  samples: number;
  sum: bigint;
  sumSq: bigint;
  nonzero: number;
  max: bigint;
}

export function emptyTotals(): Totals {
  return { batches: 0, samples: 0, sum: 0n, sumSq: 0n, nonzero: 0, max: 0n };
}

export function addBatch(t: Totals, r: BatchRecord): void {
  t.batches++;
  t.samples += r.samples;
  t.sum += r.sum;
  t.sumSq += r.sumSq;
  t.nonzero += r.nonzero;
  if (r.max > t.max) t.max = r.max;
}

/** Mean, standard error and 95 % interval of the totals so far (for progress reports). */
export function meanAndError(
  t: Totals,
  scale: bigint,
): { mean: number; stderr: number | null; ci95: [number, number] | null } {
  const S = t.samples;
  if (S === 0) return { mean: 0, stderr: null, ci95: null };
  const mean = Number(t.sum * scale) / S;
  if (S < 2) return { mean, stderr: null, ci95: null };
  const d = BigInt(S) * t.sumSq - t.sum * t.sum; // S·Q − Σ², exact and ≥ 0
  const stderr = Number(scale) * Math.sqrt(Number(d) / (S * S * (S - 1)));
  return { mean, stderr, ci95: [mean - Z95 * stderr, mean + Z95 * stderr] };
}

export function summarizeBatches(records: readonly BatchRecord[], ctx: RunContext): EstimateResult {
  const t = emptyTotals();
  records.forEach((r, i) => {
    if (r.batch !== i) throw new Error(`internal: batch ${r.batch} at position ${i}`);
    addBatch(t, r);
  });
  return summarizeTotals(t, ctx);
}

/** The same from the totals of batches 0..k−1, added up as they finished (a run keeps no batch once added). */
export function summarizeTotals(t: Totals, ctx: RunContext): EstimateResult {
  const S = t.samples;
  const { mean, stderr, ci95: normal } = meanAndError(t, ctx.scale);
  const scaleNum = Number(ctx.scale);
  let ci95 = normal;
  let upper95: number | null = null;
  let note: string | null = null;
  const noEstimate = t.nonzero === 0 && !ctx.indicator;
  if (noEstimate && S > 0) {
    // every walk hit a dead end: no estimate at all (a single completed walk would weigh ~N·P(complete)⁻¹)
    ci95 = null;
    note = `no sample reached a complete grid in ${S} draws: no estimate, and no bound`;
  } else if (t.nonzero === 0 && S > 0) {
    // no hit: the sample mean and its error are 0; the data still bound N from above (p = hit rate)
    const upperTwoSided = -Math.expm1(Math.log(0.025) / S); // Clopper–Pearson: P(0 hits | p) = 0.025
    upper95 = scaleNum * -Math.expm1(Math.log(0.05) / S);
    ci95 = [0, scaleNum * upperTwoSided];
    note = `no non-zero sample in ${S} draws: all they say is N < ${upper95.toPrecision(3)} (95 %, one-sided)`;
  }
  const relErr = stderr !== null && mean > 0 ? stderr / mean : null;
  const ratio = ctx.exact !== null && ctx.exact > 0n && !noEstimate ? mean / Number(ctx.exact) : null;
  const z =
    ctx.exact !== null && stderr !== null && stderr > 0
      ? Number(t.sum * ctx.scale - ctx.exact * BigInt(S)) / S / stderr
      : null;
  const maxOverMean = mean > 0 ? Number(t.max * ctx.scale) / mean : null;
  if (note === null && maxOverMean !== null && maxOverMean > 0.05 * S) {
    note =
      `one sample is ${((100 * maxOverMean) / S).toFixed(0)} % of the total: the tail is heavy and the ` +
      `interval may be too narrow`;
  }
  const seconds = Math.round(ctx.seconds * 1e6) / 1e6;
  return {
    method: ctx.method,
    box: ctx.box,
    fill: ctx.fill,
    samples: S,
    batches: t.batches,
    batchSize: ctx.batchSize,
    seed: ctx.seed,
    workers: ctx.workers,
    mean,
    stderr,
    ci95,
    relErr,
    exact: ctx.exact,
    ratio,
    z,
    nonzero: t.nonzero,
    nonzeroFraction: S > 0 ? t.nonzero / S : 0,
    maxOverMean,
    seconds,
    samplesPerSecond: seconds > 0 ? S / seconds : 0,
    efficiency: relErr !== null && relErr > 0 && seconds > 0 ? 1 / (relErr * relErr * seconds) : null,
    upper95,
    sum: t.sum,
    sumSq: t.sumSq,
    scale: ctx.scale,
    note,
    measures: {
      log10Omega: log10Big(ctx.omega),
      re: relErr,
      rat:
        S > 0 && !noEstimate
          ? ratFrom(
              { num: t.sum * ctx.scale, den: BigInt(S) },
              { num: t.sumSq * ctx.scale * ctx.scale, den: BigInt(S) },
              ctx.omega,
            )
          : null,
      eff: effFrom(stderr, ctx.omega, seconds * ctx.workers),
    },
  };
}
