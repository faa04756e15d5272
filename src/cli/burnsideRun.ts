import { burnsideClassSum, DECLARED_SECONDS_6X2, termTableOf } from '../classSum/burnsideClassSum.js';
import { columnSetRows } from '../colsets/columnSetSupport.js';
import type { EssentiallyDifferent } from '../essential/essentiallyDifferent.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { toJson } from '../io/json.js';
import { processIo } from '../io/processIo.js';
import { burnsideDearLine, burnsideMissingLine, essentiallyDifferentText } from '../reports/burnsideText.js';
import { progressSpinner } from './common.js';
import { oneCheckpoint, runCount } from './countRun.js';

/**
 * `essentially-different --box 5x2` (2x5, 6x2, 2x6): the Burnside terms as a class sum (src/classSum/
 * burnsideClassSum.ts) run by the one runner, with --checkpoint FILE / --resume FILE and Ctrl-C (the checkpoint
 * saved, status 130), or written as a plan for shards (--plan FILE --shards K; the shards and the merge are `count
 * --plan F --shard I --out R` and `count --merge R --plan F`). While the column-set table of 6×2 is partial, the
 * terms read from it (the identity's and the band swaps with h the identity) are missing: the total is refused in
 * one line, before anything is counted without a checkpoint, after every other term is counted and kept with one.
 * Once it is whole, 6×2 runs with a checkpoint (or as shards) only: without one it is refused, naming the cost.
 */
export interface BurnsideRunOptions {
  readonly json?: boolean | undefined;
  readonly workers: number;
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
}

export async function runBurnside(box: BoxShape, opts: BurnsideRunOptions): Promise<void> {
  const path = oneCheckpoint(opts);
  const sum = burnsideClassSum(box);
  const { terms, units: list } = sum.classList();
  const refusal = (missing: string, kept: string | null) =>
    burnsideMissingLine(
      sum.box,
      box.n,
      missing,
      terms.filter((t) => t.kind === 'table').length,
      terms.filter((t) => t.kind === 'counter').length,
      kept,
    );
  // 6×2: the table's terms wait for the whole certificate; without a checkpoint nothing is counted in vain
  const sixRows = columnSetRows(box) >= 6;
  const missing = sixRows ? await tableMissing(box, opts.workers) : null;
  if (missing !== null && path === undefined) throw new InputError(refusal(missing, null));
  // whole, 6×2 is hours of counting: only with a checkpoint (or as shards), as `count --box 6x2` only as shards
  if (sixRows && path === undefined)
    throw new InputError(burnsideDearLine(sum.box, terms.filter((t) => t.k !== 0).length, DECLARED_SECONDS_6X2 / 3600));
  const spinner = await progressSpinner('the group and its conjugacy classes');
  spinner.start();
  let run;
  try {
    run = await runCount(sum, {
      ...opts,
      units: missing === null ? 'all' : list.flatMap((u, i) => (terms[u.term].kind === 'counter' ? [i] : [])),
      unitWord: 'units',
      onProgress: (done, total) => (spinner.text = `Burnside terms: ${done}/${total} units`),
    });
  } finally {
    spinner.stop();
  }
  if (run.report?.method !== 'burnside') throw new InputError(refusal(missing ?? '', path ?? null));
  const r: EssentiallyDifferent = { ...run.report.count, workers: opts.workers };
  processIo().stdout.write(opts.json ? toJson(r) + '\n' : essentiallyDifferentText(r));
}

/** What is missing of the column-set table (6×2's certificate), or null when it is whole. */
async function tableMissing(box: BoxShape, workers: number): Promise<string | null> {
  const source = await termTableOf(columnSetRows(box), { workers, onUnitDone: () => {} });
  return 'missing' in source ? source.missing : null;
}
