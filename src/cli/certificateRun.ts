import { columnSetClassCounter } from '../classSum/columnSetClassSum.js';
import { certificateOfTable, type ColumnSetCertificate } from '../colsets/columnSetCertificate.js';
import { classListDigest, configurationText, type ColumnSetClassTable } from '../colsets/countByColumnSets.js';
import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { columnSetRows, MAX_COLUMN_SET_SHARD_ROWS } from '../colsets/columnSetSupport.js';
import { readColumnSetCertificate, writeColumnSetCertificate } from '../io/columnSetCertificateFile.js';
import { shownPath } from '../io/fileProblem.js';
import { readPlan } from '../io/shardFiles.js';
import { certificateShape, classListSource } from '../shards/classListSource.js';
import { grouped, progressSpinner } from './common.js';
import { recountWords, type RecountRequest } from '../shards/recountUnits.js';

/**
 * The certificate of a column-set count on the command line (docs/sharding.md, "The certificate of a column-set
 * count"): written from a one-machine count or from shard results (`classes … --format table --out F`), checked
 * (`classes --verify F`), and one class counted alone (`classes --class I`). The library is
 * src/colsets/columnSetCertificate.ts, src/io/columnSetCertificateFile.ts and src/shards/checkColumnSetCertificate.ts.
 */

/** What a certificate holds, in words: "N = …", or "partial: H of C classes, Σ orbit·F² over them = … (not N)". */
function heldWords(t: ColumnSetCertificate): string {
  if (t.total !== null) return `${grouped(t.classes)} classes, N = Σ orbit·F² = ${grouped(t.total)}`;
  return (
    `PARTIAL: ${grouped(t.ids.length)} of ${grouped(t.classes)} classes, Σ orbit·F² over them = ` +
    `${grouped(t.squares)} (a partial sum, not N)`
  );
}

/** `classes --box B --format table --out F`: the certificate of a one-machine column-set count. */
export function writeTableCertificate(table: ColumnSetClassTable, out: string, force: boolean): string {
  const t = certificateOfTable(table);
  writeColumnSetCertificate(t, out, force);
  return `wrote the certificate of ${t.box} (${heldWords(t)}; digest ${t.digest}) to ${shownPath(out)}\n`;
}

/**
 * `classes --from-results R… --plan F --format table --out OUT [--box B]`: the certificate of the shards counted so
 * far (src/shards/certificateFromResults.ts); partial unless every shard is there.
 */
export async function writeShardCertificate(
  paths: readonly string[],
  planPath: string,
  box: BoxShape | undefined,
  out: string,
  force: boolean,
): Promise<string> {
  const { certificateFromResults } = await import('../shards/certificateFromResults.js');
  const {
    certificate: t,
    shards,
    plan,
  } = certificateFromResults(paths, planPath, box, out, force, (line) =>
    process.stderr.write(`sudoku-count: ${line}\n`),
  );
  return (
    `wrote the certificate of ${t.box} from ${grouped(shards.present.length)} of ${grouped(shards.shards)} shards ` +
    `of plan ${plan.id} (${heldWords(t)}) to ${shownPath(out)}\n`
  );
}

/**
 * `classes --verify F [--plan P] [--recount K [--seed S]]` of a column-set certificate: its tag, SHA-256 and sums
 * (the reader), its class list's digest and orbits against the list listed again or a plan's, then classes counted
 * again (every one for R ≤ 5; K drawn for 6×2). One line on stdout; a partial certificate says so and prints no N.
 */
export async function runCertificateCheck(
  path: string,
  planPath: string | undefined,
  request: RecountRequest,
): Promise<void> {
  const t0 = performance.now();
  const t = readColumnSetCertificate(path);
  const { verifyColumnSetCertificate } = await import('../shards/checkColumnSetCertificate.js');
  const spinner = await progressSpinner(`${t.box}: checking the certificate`);
  spinner.start();
  // nothing is written: Ctrl-C ends the process at once (the default), the threads with it
  const { from, recount } = await verifyColumnSetCertificate(t, shownPath(path), {
    ...(planPath !== undefined ? { plan: planPath } : {}),
    request: { ...request, workers: request.workers ?? 1 },
    onUnitDone: (done, total) => (spinner.text = `${t.box}: counting classes again: ${done}/${total}`),
  }).finally(() => spinner.stop());
  const transposed = t.box !== t.countedAs ? ` (counted as ${t.countedAs}, the same N)` : '';
  process.stdout.write(
    `${shownPath(path)}: ${t.box}${transposed}, ${heldWords(t)}; digest ${t.digest} = ${from} ✓, every ` +
      `orbit as there ✓` +
      (t.total !== null ? `, Σ orbit = ${grouped(t.orbitSum)} configurations ✓` : '') +
      `; ${recountWords(recount).replace(/units/g, 'classes')} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
  );
}

/**
 * `classes --class I [--box B] [--plan P]`: class I of the class list (the plan's, listed again, or the shipped
 * plan's), its configuration, orbit and F counted now by the count's engine (a 6×2 class: seconds to a minute).
 */
export async function runOneClass(
  box: BoxShape | undefined,
  planPath: string | undefined,
  id: number,
  workers: number | undefined,
): Promise<void> {
  let R: number;
  if (box !== undefined) {
    R = columnSetRows(box);
    if (R < 2 || R > MAX_COLUMN_SET_SHARD_ROWS)
      throw new InputError(
        `--class counts one configuration class of the column-set count (R×2 and 2×R boxes, R ≤ ` +
          `${MAX_COLUMN_SET_SHARD_ROWS}), not of ${box.name}`,
      );
  } else if (planPath !== undefined) {
    const head = readPlan(planPath, { payload: false });
    R = columnSetRows(boxShape(head.spec.rules.rows, head.spec.rules.cols));
  } else throw new InputError('--class I: of which count? Give --box RxC (R×2 or 2×R) or --plan FILE');
  const source = classListSource(R, planPath);
  const shape = certificateShape(box, R);
  const { classes } = source;
  if (id >= classes.count)
    throw new InputError(`--class ${id}: ${shape.name} has ${grouped(classes.count)} classes, 0..${classes.count - 1}`);
  const t0 = performance.now();
  const spinner = await progressSpinner(`${shape.name}: counting F of class ${id}`);
  spinner.start();
  let F = -1n;
  // nothing is written: Ctrl-C ends the process at once (the default), the thread with it
  await columnSetClassCounter(classes)
    .countUnits([id], () => [], { workers: workers ?? 1, onUnitDone: (_c, v) => (F = v) })
    .finally(() => spinner.stop());
  const m = 2 * R;
  const orbit = classes.orbitSizes[id];
  process.stdout.write(
    `class ${id} of ${grouped(classes.count)} of ${shape.name} (${source.from}; digest ` +
      `${classListDigest(classes)}): configuration ${configurationText(R, classes.words, id * m)}, orbit ` +
      `${grouped(orbit)}, stabiliser ${grouped(classes.stabilizers[id])}, F = ${grouped(F)}, orbit·F² = ` +
      `${grouped(BigInt(orbit) * F * F)} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
  );
}
