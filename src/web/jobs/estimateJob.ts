/**
 * The Estimators page's job: a Monte Carlo run (estimate, the same as `estimate --seed S`), its running
 * estimate reported as the batches finish, against the exact N (computed, not stored).
 */
import { countGrids } from '../../count/countGrids.js';
import { estimate, type EstimateProgress } from '../../estimate/estimate.js';
import type { EstimateResult } from '../../estimate/summarizeBatches.js';

export interface EstimateJobInput {
  readonly method: string;
  readonly box: string;
  readonly seed: number;
  readonly samples?: number;
  readonly seconds?: number;
}

export type EstimateJobResult = EstimateResult;

/** First the exact N (so the page can draw the estimate over it from the start), then the running estimate. */
export type EstimateJobProgress =
  { readonly kind: 'exact'; readonly total: bigint } | ({ readonly kind: 'progress' } & EstimateProgress);

export async function run(input: EstimateJobInput, emit: (p: EstimateJobProgress) => void): Promise<EstimateJobResult> {
  const { total } = await countGrids({ box: input.box });
  emit({ kind: 'exact', total });
  return estimate({
    method: input.method,
    box: input.box,
    seed: input.seed,
    ...(input.samples !== undefined ? { samples: input.samples } : {}),
    ...(input.seconds !== undefined ? { seconds: input.seconds } : {}),
    exact: total,
    onProgress: (p) => emit({ kind: 'progress', ...p }),
  });
}
