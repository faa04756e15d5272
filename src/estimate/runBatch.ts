import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { Estimator } from './estimator.js';
import { ExactSum } from './exactSum.js';

/**
 * One batch: `samples` samples from the stream whose generator state is `state`, summed exactly.
 * A batch is the unit of work, of checkpointing and of reproducibility: its record depends only on
 * (estimator, stream state, samples), never on which thread ran it or when.
 */
export interface BatchRecord {
  /** 0-based batch number; it is also the stream number (the seed's generator jumped `batch` times). */
  readonly batch: number;
  readonly samples: number;
  /** Σ x (exact). Multiply by the estimator's scale for N. */
  readonly sum: bigint;
  /** Σ x² (exact). */
  readonly sumSq: bigint;
  /** Samples with x > 0. */
  readonly nonzero: number;
  /** Largest x (a whole number, exact). */
  readonly max: bigint;
}

/** Scratch kept per thread, so batches allocate nothing per sample. */
export interface BatchScratch {
  readonly sum: ExactSum;
  readonly sumSq: ExactSum;
}

export function batchScratch(): BatchScratch {
  return { sum: new ExactSum(), sumSq: new ExactSum() };
}

export function runBatch(
  estimator: Estimator,
  batch: number,
  state: readonly number[],
  samples: number,
  scratch: BatchScratch = batchScratch(),
): BatchRecord {
  const rng = xoroshiro128plusFromState(state);
  const { sum, sumSq } = scratch;
  sum.reset();
  sumSq.reset();
  let nonzero = 0,
    max = 0;
  for (let s = 0; s < samples; s++) {
    const x = estimator.sample(rng);
    if (x === 0) continue;
    // x² must stay finite and Dekker's split exact: |x| < 2^511 ≈ 6.7·10^153 (4×4 samples are ~10^100)
    if (!(x > 0 && x < 1e150))
      throw new RangeError(`${estimator.method}: sample ${x} is too large to square exactly (limit 1e150)`);
    nonzero++;
    if (x > max) max = x;
    sum.add(x);
    sumSq.addSquare(x);
  }
  return { batch, samples, sum: sum.toBigInt(), sumSq: sumSq.toBigInt(), nonzero, max: BigInt(max) };
}
