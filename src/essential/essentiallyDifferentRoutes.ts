import { defaultWorkers } from '../count/countGrids.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { automorphismCensus, type AutomorphismCensus } from './automorphismCensus.js';
import { essentiallyDifferent, type EssentiallyDifferent, type EssentialProgress } from './essentiallyDifferent.js';
import { gridGroup } from './gridGroup.js';
import { gridOrbits, gridOrbitsShapeProblem, type GridOrbits } from './gridOrbits.js';

export interface EssentialRoutesOptions {
  /** Box shape: a BoxShape or "RxC" (default 3x3). */
  readonly box?: BoxShape | string | undefined;
  /** Threads (default: defaultWorkers(shape)); results never depend on it. */
  readonly workers?: number | undefined;
  /** Also count the essentially different grids by the order of their automorphism group (3×3: ~30 s). */
  readonly automorphisms?: boolean | undefined;
  /** Also list every grid and count the orbits directly (gridOrbitsShapeProblem says where: 2×2, 2×3, 3×2). */
  readonly direct?: boolean | undefined;
  readonly onProgress?: ((event: EssentialRoutesProgress) => void) | undefined;
}

/** Burnside's stages (EssentialProgress), then the census's classes done, then the direct route's start. */
export type EssentialRoutesProgress =
  | EssentialProgress
  | { readonly stage: 'automorphisms'; readonly phase: 'progress'; readonly done: number; readonly total: number }
  | { readonly stage: 'direct'; readonly phase: 'start' };

/** What `essentially-different --box B [--automorphisms] [--direct]` prints. */
export interface EssentialRoutes {
  readonly burnside: EssentiallyDifferent;
  readonly automorphisms?: AutomorphismCensus;
  readonly direct?: GridOrbits;
}

/**
 * Essentially different grids by Burnside's lemma (essentiallyDifferent), and as asked the census by automorphism
 * group order (automorphismCensus, reusing the Burnside run) and the orbits counted directly over every grid, which
 * must equal Burnside's (else an internal error). `direct` on a shape it does not reach: InputError, before any work.
 */
export async function essentiallyDifferentRoutes(options: EssentialRoutesOptions = {}): Promise<EssentialRoutes> {
  const box = resolveShape('essentially-different', options.box);
  const workers = options.workers ?? defaultWorkers(box);
  const directProblem = options.direct ? gridOrbitsShapeProblem(box) : null;
  if (directProblem) throw new InputError(`--direct: ${directProblem}`);
  const progress = options.onProgress ?? (() => {});
  const burnside = await essentiallyDifferent({ box, workers, onProgress: progress });
  const automorphisms = options.automorphisms
    ? await automorphismCensus({
        burnside,
        workers,
        onProgress: (done, total) => progress({ stage: 'automorphisms', phase: 'progress', done, total }),
      })
    : undefined;
  if (!options.direct) return { burnside, ...(automorphisms ? { automorphisms } : {}) };
  progress({ stage: 'direct', phase: 'start' });
  const direct = gridOrbits(gridGroup(box));
  if (BigInt(direct.orbits) !== burnside.total)
    throw new Error(`internal: ${direct.orbits} orbits directly, ${burnside.total} by Burnside`);
  return { burnside, ...(automorphisms ? { automorphisms } : {}), direct };
}
