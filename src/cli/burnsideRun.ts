import { burnsideClassSum, termTableOf, type BurnsideSum } from '../classSum/burnsideClassSum.js';
import { ClassSumInterrupted, runClassSum } from '../classSum/runClassSum.js';
import { columnSetRows } from '../colsets/columnSetSupport.js';
import type { EssentiallyDifferent } from '../essential/essentiallyDifferent.js';
import { grouped } from '../grid/grouped.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { toJson } from '../io/json.js';
import { processIo } from '../io/processIo.js';
import { refuseThrough } from '../io/outputFile.js';
import { essentiallyDifferentText } from '../reports/burnsideText.js';
import { interruptible, Interrupted, progressSpinner } from './common.js';
import { oneCheckpoint } from './countRun.js';

/**
 * `essentially-different --box 5x2` (2x5, 6x2, 2x6): the Burnside terms as a class sum (src/classSum/
 * burnsideClassSum.ts) run by the one runner, with --checkpoint FILE / --resume FILE and Ctrl-C (the checkpoint
 * saved, status 130), or written as a plan for shards (--plan FILE --shards K; the shards and the merge are `count
 * --plan F --shard I --out R` and `count --merge R --plan F`). While the column-set table of 6×2 is partial, the
 * terms read from it (the identity's and the band swaps with h the identity) are missing: the total is refused in
 * one line, before anything is counted without a checkpoint, after every other term is counted and kept with one.
 */
export interface BurnsideRunOptions {
  readonly json?: boolean | undefined;
  readonly workers: number;
  readonly checkpoint?: string | undefined;
  readonly resume?: string | undefined;
}

export async function runBurnside(box: BoxShape, opts: BurnsideRunOptions): Promise<void> {
  const path = oneCheckpoint(opts);
  if (path !== undefined) refuseThrough(path, 'checkpoint');
  const sum = burnsideClassSum(box);
  // 6×2: the table's terms wait for the whole certificate; without a checkpoint nothing is counted in vain
  const missing = columnSetRows(box) >= 6 ? await tableMissing(box, opts.workers) : null;
  if (missing !== null && path === undefined) throw new InputError(missingLine(sum, missing, null));
  const spinner = await progressSpinner('the group and its conjugacy classes');
  spinner.start();
  let units: readonly number[] | 'all' = 'all';
  if (missing !== null) {
    const { terms, units: list } = sum.classList();
    units = list.flatMap((u, i) => (terms[u.term].kind === 'counter' ? [i] : []));
  }
  let r: EssentiallyDifferent | null = null;
  try {
    const run = await interruptible((signal) =>
      runClassSum(sum, units, {
        workers: opts.workers,
        signal,
        ...(path !== undefined ? { checkpoint: path, resume: opts.resume !== undefined } : {}),
        onProgress: (done, total) => (spinner.text = `Burnside terms: ${done}/${total} units`),
      }),
    );
    if (run.report?.method === 'burnside') r = { ...run.report.count, workers: opts.workers };
  } catch (e) {
    if (!(e instanceof ClassSumInterrupted)) throw e;
    throw new Interrupted(
      `interrupted after ${e.done} of ${e.total} units` +
        (path !== undefined
          ? `; saved to ${path}: continue with --resume ${path}`
          : '; nothing saved (--checkpoint FILE keeps the finished terms)'),
    );
  } finally {
    spinner.stop();
  }
  if (r === null) throw new InputError(missingLine(sum, missing ?? '', path ?? null));
  processIo().stdout.write(opts.json ? toJson(r) + '\n' : essentiallyDifferentText(r));
}

/** What is missing of the column-set table (6×2's certificate), or null when it is whole. */
async function tableMissing(box: BoxShape, workers: number): Promise<string | null> {
  const source = await termTableOf(columnSetRows(box), { workers, onUnitDone: () => {} });
  return 'missing' in source ? source.missing : null;
}

/** The refusal of the total while the table is partial: what is missing, and what was (or can be) counted. */
function missingLine(sum: BurnsideSum, missing: string, kept: string | null): string {
  const { terms } = sum.classList();
  const fromTable = terms.filter((t) => t.kind === 'table').length;
  const counted = terms.filter((t) => t.kind === 'counter').length;
  const n = sum.spec.rules.rows * sum.spec.rules.cols;
  return (
    `essentially-different --box ${sum.box} gives no total: its identity's term N/${n}! is missing: ${missing}, and ` +
    `with it the ${fromTable} band-swap terms with h the identity; ` +
    (kept !== null
      ? `the other ${grouped(counted)} terms are counted and kept in ${kept}`
      : `--checkpoint FILE counts and keeps the other ${grouped(counted)} terms`) +
    ' (docs/essentially-different.md, "6x2 and 2x6"); --classes gives the classes and the unit lemma\'s zeros'
  );
}
