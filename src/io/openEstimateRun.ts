import { estimatePlan, type EstimatePlan } from '../estimate/estimate.js';
import type { BatchRecord } from '../estimate/runBatch.js';
import { InputError } from '../grid/shape.js';
import {
  createCheckpoint,
  openCheckpoint,
  resumeCheckpoint,
  type CheckpointHeader,
  type CheckpointWriter,
} from './estimateCheckpoint.js';

/**
 * What the options of an estimate say of its run, where they say it (an option left out is undefined): on --resume
 * each is compared with the checkpoint's header, and a difference is refused in one line naming the option.
 */
export interface EstimateStated {
  readonly method?: string | undefined;
  readonly box?: string | undefined;
  /** The variants asked for, canonical ("x,windoku"), on the checkpoint's box when --box is left out. */
  readonly variant?: ((heldBox: string) => string) | undefined;
  readonly seed?: number | undefined;
  readonly fill?: number | undefined;
  readonly batch?: number | undefined;
  readonly samples?: number | undefined;
  readonly seconds?: number | undefined;
}

/** A run's plan, its checkpoint writer (locked while open), and what a resumed run had done. */
export interface EstimateRunFiles {
  readonly plan: EstimatePlan;
  readonly writer: CheckpointWriter | null;
  readonly resume?: { readonly batches: readonly BatchRecord[]; readonly elapsed: number };
}

/**
 * The files of an estimate run (src/io/estimateCheckpoint.ts), before any work: a new checkpoint (`checkpoint`: the
 * plan is `fresh()`), or one to go on from (`resume`: the plan is its header's, every option `stated` compared with
 * it; a checkpoint stopped before its header was written takes `fresh()`, which says what it lacks). The checkpoint
 * is locked from here on: no other run can append. InputError (one line) for what does not fit.
 */
export function openEstimateRun(
  files: { readonly checkpoint?: string | undefined; readonly resume?: string | undefined },
  stated: EstimateStated,
  fresh: () => EstimatePlan,
): EstimateRunFiles {
  if (files.resume === undefined) {
    const plan = fresh();
    return { plan, writer: files.checkpoint !== undefined ? createCheckpoint(files.checkpoint, headerOf(plan)) : null };
  }
  if (files.checkpoint !== undefined && files.checkpoint !== files.resume)
    throw new InputError('--resume FILE keeps writing to FILE: leave out --checkpoint');
  const opened = openCheckpoint(files.resume);
  try {
    const h = opened.contents.header;
    let plan: EstimatePlan;
    if (h) {
      // under variants the header's box is the rules' name, e.g. 2x2+x (see headerOf)
      const [hBox, ...hVariants] = h.box.split('+');
      const clash = (
        [
          ['method', stated.method, h.method],
          ['box', stated.box, hBox],
          ['variant', stated.variant?.(hBox), hVariants.join(',')],
          ['seed', stated.seed, h.seed],
          ['fill', stated.fill, h.fill],
          ['batch', stated.batch, h.batchSize],
          ['samples', stated.samples, h.samples],
          ['seconds', stated.seconds, h.seconds],
        ] as const
      ).find(([, mine, theirs]) => mine !== undefined && mine !== theirs);
      if (clash)
        throw new InputError(
          `--${clash[0]} ${String(clash[1])} differs from the checkpoint's ${String(clash[2])}: leave it ` +
            `out to resume ${files.resume}`,
        );
      plan = estimatePlan({
        method: h.method,
        box: hBox,
        ...(hVariants.length > 0 ? { variant: hVariants } : {}),
        fill: h.fill,
        seed: h.seed,
        batchSize: h.batchSize,
        ...(h.samples !== null ? { samples: h.samples } : {}),
        ...(h.seconds !== null ? { seconds: h.seconds } : {}),
      }).plan;
    } else plan = fresh();
    const resume = { batches: opened.contents.batches, elapsed: opened.contents.elapsed };
    return { plan, writer: resumeCheckpoint(files.resume, opened, headerOf(plan)), resume };
  } catch (e) {
    opened.lock.release();
    throw e;
  }
}

/**
 * The checkpoint header of a run. Under variants its box is the rules' canonical name (`2x2+x`), which names the
 * variants in full, so a resumed run rebuilds them; a jigsaw's name holds only a digest of its regions, so jigsaw
 * runs take no checkpoint.
 */
function headerOf(plan: EstimatePlan): CheckpointHeader {
  if (plan.rules.variants.includes('jigsaw'))
    throw new InputError('a checkpoint does not record jigsaw regions: leave out --checkpoint');
  return {
    method: plan.method,
    box: plan.rules.plain ? plan.shape.name : plan.rules.name,
    fill: plan.fill,
    seed: plan.seed,
    batchSize: plan.batchSize,
    samples: plan.samples,
    seconds: plan.seconds,
  };
}
