import { certificateOfTable } from '../colsets/columnSetCertificate.js';
import type { ColumnSetClassTable } from '../colsets/countByColumnSets.js';
import type { BoxShape } from '../grid/shape.js';
import { readColumnSetCertificate, writeColumnSetCertificate } from '../io/columnSetCertificateFile.js';
import { shownPath } from '../io/fileProblem.js';
import {
  certificateCheckText,
  certificateWrittenText,
  oneClassText,
  shardCertificateWrittenText,
} from '../reports/certificateText.js';
import { progressSpinner, stageSpinner } from './common.js';
import { countOneClass } from '../shards/countOneClass.js';
import type { RecountRequest } from '../shards/recountUnits.js';
import { processIo } from '../io/processIo.js';

/**
 * The certificate of a column-set count on the command line (docs/sharding.md, "The certificate of a column-set
 * count"): written from a one-machine count or from shard results (`classes … --format table --out F`), checked
 * (`classes --verify F`), and one class counted alone (`classes --class I`). The library is
 * src/colsets/columnSetCertificate.ts, src/io/columnSetCertificateFile.ts and src/shards/checkColumnSetCertificate.ts.
 */

/** `classes --box B --format table --out F`: the certificate of a one-machine column-set count. */
export function writeTableCertificate(table: ColumnSetClassTable, out: string, force: boolean): string {
  const t = certificateOfTable(table);
  writeColumnSetCertificate(t, out, force);
  return certificateWrittenText(t, out);
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
    processIo().stderr.write(`sudoku-count: ${line}\n`),
  );
  return shardCertificateWrittenText(t, shards, plan.id, out);
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
  processIo().stdout.write(certificateCheckText(path, t, from, recount, (performance.now() - t0) / 1000));
}

/** `classes --class I [--box B] [--plan P]`: one class counted now (src/shards/countOneClass.ts), a spinner. */
export async function runOneClass(
  box: BoxShape | undefined,
  planPath: string | undefined,
  id: number,
  workers: number | undefined,
): Promise<void> {
  const spinner = await stageSpinner();
  // nothing is written: Ctrl-C ends the process at once (the default), the thread with it
  const c = await countOneClass(box, planPath, id, {
    workers,
    onStart: (shape) => spinner.text(`${shape}: counting F of class ${id}`),
  }).finally(spinner.stop);
  processIo().stdout.write(oneClassText(c));
}
