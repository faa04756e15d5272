import type { RandomGenerator } from '../random/randomGenerator.js';
import { exactCount, estimatePlan, MAX_EXHAUSTIVE_VARIANT_SIDE } from '../estimate/estimate.js';
import type { Rules } from '../grid/rules.js';
import type { Estimator } from '../estimate/estimator.js';
import { batchScratch, runBatch } from '../estimate/runBatch.js';
import { streamStates } from '../random/streamStates.js';
import { addBatch, emptyTotals, meanAndError, Z95 } from '../estimate/summarizeBatches.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { bandMethodShapes } from '../grid/support.js';
import { binomialCdf, ksTest } from '../stats/distributions.js';

/**
 * B independent batches of S samples each, against the exact N. Batch b draws from stream b of the seed,
 * exactly as batch b of `sudoku-count estimate --batch S --seed s` does (one thread here).
 *
 *   per batch     mean_b, se_b = √(sample variance / S), interval mean_b ± 1.96·se_b, z_b = (mean_b − N)/se_b
 *   coverage      share of intervals holding N; ≈ 0.95 when the normal approximation holds. Under-coverage
 *                 is flagged when P(Binomial(B, 0.95) ≤ covered) < 0.01
 *   z             mean and standard deviation (≈ 0 and 1), and the Kolmogorov–Smirnov test of z against
 *                 N(0, 1) (exact p-value up to 10⁴ batches: src/stats/distributions.ts). A heavy right tail
 *                 makes z skewed: most batches miss the rare huge samples (z < 0), a few catch one (z ≫ 0)
 *   median/mean   of the batch means: < 1 for a right-skewed estimator (the typical run under-estimates)
 *   running       after each batch: the running mean, its 95 % interval, and the per-sample CV √var/mean
 *   log10 X       histogram of log10 of every non-zero sample (bins of 0.1), and the number of zeros
 */
export interface BatchTestOptions {
  readonly method: string;
  /** Box shape, as "RxC" or a BoxShape (default 3×3). */
  readonly box?: BoxShape | string;
  /** Variants (as for estimate: every method; the exact count exhaustive up to n = 4). */
  readonly variant?: Rules | string | readonly string[];
  readonly fill?: number | null;
  readonly batches: number;
  readonly samples: number;
  readonly seed: number;
  /** The exact N (default: `exactCount`). */
  readonly exact?: bigint;
  readonly onProgress?: (batchesDone: number) => void;
}

export interface BatchRow {
  readonly mean: number;
  readonly stderr: number | null;
  readonly z: number | null;
  readonly covers: boolean | null;
}

export interface RunningPoint {
  readonly samples: number;
  readonly mean: number;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly cv: number | null;
}

export interface BatchTests {
  readonly method: string;
  readonly box: string;
  /** The rules' canonical name ("2x2", "2x2+x"). */
  readonly rules: string;
  readonly fill: number | null;
  readonly seed: number;
  readonly batches: number;
  readonly samplesPerBatch: number;
  readonly count: bigint;
  readonly rows: readonly BatchRow[];
  readonly coverage: number | null;
  /** P(Binomial(B, 0.95) ≤ intervals that covered): small means the intervals under-cover. */
  readonly coveragePValue: number | null;
  readonly underCovers: boolean;
  readonly zMean: number | null;
  readonly zSd: number | null;
  readonly ksStatistic: number | null;
  readonly ksPValue: number | null;
  readonly medianOverMean: number;
  readonly overall: RunningPoint;
  readonly running: readonly RunningPoint[];
  readonly zeros: number;
  /** Bins of log10 X: [lo, lo + 0.1) with their counts, increasing. */
  readonly logHistogram: readonly { readonly lo: number; readonly count: number }[];
  readonly seconds: number;
}

/**
 * Most batches: every batch's mean, z and running point are kept for the tests (a median, a Kolmogorov–Smirnov
 * test) and the report's charts, about 200 bytes a batch (100,000: 20 MB).
 */
export const MAX_BATCHES = 100_000;

export async function batchTests(options: BatchTestOptions): Promise<BatchTests> {
  const B = options.batches,
    S = options.samples;
  if (!Number.isSafeInteger(B) || B < 2 || B > MAX_BATCHES)
    throw new InputError(
      `--batches must be a whole number 2..${MAX_BATCHES} (each batch's results are kept for the tests), not ${B}`,
    );
  if (Number.isSafeInteger(S) && !Number.isSafeInteger(B * S))
    throw new InputError(`--batches ${B} × --samples ${S} is more samples than can be counted exactly`);
  if (!Number.isSafeInteger(S) || S < 2)
    throw new InputError(`--samples must be a whole number ≥ 2 per batch, not ${S}`);
  const { plan, estimator } = estimatePlan({
    method: options.method,
    ...(options.box !== undefined ? { box: options.box } : {}),
    ...(options.variant !== undefined ? { variant: options.variant } : {}),
    fill: options.fill ?? null,
    seed: options.seed,
    samples: B * S,
    batchSize: S,
  });
  const count = options.exact ?? (await exactCount(plan.rules));
  if (count === null)
    throw new InputError(
      plan.rules.plain
        ? `no exact grid count for ${plan.shape.name}: the batch tests need it (${bandMethodShapes()})`
        : `no exact grid count for ${plan.rules.name}: the batch tests need it (variants: counted exhaustively up ` +
            `to n = ${MAX_EXHAUSTIVE_VARIANT_SIDE})`,
    );
  const t0 = performance.now();
  const N = Number(count);
  const logScale = Math.log10(Number(estimator.scale));
  const bins = new Map<number, number>();
  let zeros = 0;
  const recording: Estimator = {
    ...estimator,
    sample(rng: RandomGenerator): number {
      const x = estimator.sample(rng);
      if (x === 0) zeros++;
      else {
        const k = Math.floor((Math.log10(x) + logScale) * 10);
        bins.set(k, (bins.get(k) ?? 0) + 1);
      }
      return x;
    },
  };
  const states = streamStates(plan.seed);
  const scratch = batchScratch();
  const totals = emptyTotals();
  const rows: BatchRow[] = [];
  const running: RunningPoint[] = [];
  const point = (): RunningPoint => {
    const { mean, ci95 } = meanAndError(totals, estimator.scale);
    const sd = ci95 ? ((ci95[1] - mean) / Z95) * Math.sqrt(totals.samples) : null;
    return {
      samples: totals.samples,
      mean,
      lo: ci95 ? ci95[0] : null,
      hi: ci95 ? ci95[1] : null,
      cv: sd !== null && mean > 0 ? sd / mean : null,
    };
  };
  for (let b = 0; b < B; b++) {
    const record = runBatch(recording, b, states(b), S, scratch);
    const one = emptyTotals();
    addBatch(one, record);
    addBatch(totals, record);
    const { mean, stderr } = meanAndError(one, estimator.scale);
    const z = stderr !== null && stderr > 0 ? (mean - N) / stderr : null;
    rows.push({ mean, stderr, z, covers: stderr !== null ? Math.abs(mean - N) <= Z95 * stderr : null });
    running.push(point());
    options.onProgress?.(b + 1);
    if ((b & 7) === 7) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const judged = rows.filter((r) => r.covers !== null);
  const covered = judged.filter((r) => r.covers).length;
  const coverage = judged.length > 0 ? covered / judged.length : null;
  const coveragePValue = judged.length > 0 ? binomialCdf(covered, judged.length, 0.95) : null;
  const zs = rows
    .map((r) => r.z)
    .filter((z): z is number => z !== null)
    .sort((a, b) => a - b);
  const zMean = zs.length > 0 ? zs.reduce((a, b) => a + b, 0) / zs.length : null;
  const zSd =
    zs.length > 1 && zMean !== null ? Math.sqrt(zs.reduce((a, z) => a + (z - zMean) ** 2, 0) / (zs.length - 1)) : null;
  let ksStatistic: number | null = null,
    ksPValue: number | null = null;
  if (zs.length > 0) {
    const ks = ksTest(zs, 'normal');
    ksStatistic = ks.statistic;
    ksPValue = ks.pValue;
  }
  const means = rows.map((r) => r.mean).sort((a, b) => a - b);
  const median =
    means.length % 2 ? means[(means.length - 1) / 2] : (means[means.length / 2 - 1] + means[means.length / 2]) / 2;
  const overall = point();
  return {
    method: plan.method,
    box: plan.shape.name,
    rules: plan.rules.name,
    fill: plan.fill,
    seed: plan.seed,
    batches: B,
    samplesPerBatch: S,
    count,
    rows,
    coverage,
    coveragePValue,
    underCovers: coveragePValue !== null && coveragePValue < 0.01,
    zMean,
    zSd,
    ksStatistic,
    ksPValue,
    medianOverMean: overall.mean > 0 ? median / overall.mean : NaN,
    overall,
    running,
    zeros,
    logHistogram: [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([k, c]) => ({ lo: k / 10, count: c })),
    seconds: (performance.now() - t0) / 1000,
  };
}
