import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { columnSetRows } from '../colsets/columnSetSupport.js';
import { COLUMN_SET_CERTIFICATE_OUTPUT, writeColumnSetCertificate } from '../io/columnSetCertificateFile.js';
import { shownPath } from '../io/fileProblem.js';
import { prepareOutput } from '../io/outputFile.js';
import { readPlan, readResult } from '../io/shardFiles.js';
import { resultFiles } from '../io/shardResultFiles.js';
import type { ColumnSetCertificate } from '../colsets/columnSetCertificate.js';
import { certificateFromShards } from './checkColumnSetCertificate.js';
import { certificateShape, classListSource } from './classListSource.js';
import { partialShards } from './mergeShards.js';

/**
 * The certificate of the shards of a column-set plan counted so far, written to `out` (every result checked as a
 * merge checks it: seal, plan, its shard's units); partial unless every shard is there. `skipped` hears the files
 * of a folder passed over.
 */
export function certificateFromResults(
  paths: readonly string[],
  planPath: string,
  box: BoxShape | undefined,
  out: string,
  force: boolean,
  skipped?: (line: string) => void,
): {
  readonly certificate: ColumnSetCertificate;
  readonly shards: ReturnType<typeof partialShards>;
  readonly plan: { readonly id: string };
} {
  const head = readPlan(planPath, { payload: false });
  if (head.method !== 'column-sets')
    throw new InputError(
      `plan ${shownPath(planPath)} is for the ${head.box} count by ${head.method}: a certificate is a column-set ` +
        "count's (variant tables: classes --variant V --format table)",
    );
  const R = columnSetRows(boxShape(head.spec.rules.rows, head.spec.rules.cols));
  const shape = certificateShape(box, R);
  prepareOutput(out, { ...COLUMN_SET_CERTIFICATE_OUTPUT, force }); // a path we cannot write fails first
  const source = classListSource(R, planPath);
  const plan = source.plan!;
  const results = resultFiles(paths, skipped).map((path) => ({
    path: shownPath(path),
    result: readResult(path),
  }));
  const shards = partialShards(results, plan);
  const t = certificateFromShards(shape, source.classes, plan, shards);
  writeColumnSetCertificate(t, out, force);
  return { certificate: t, shards, plan };
}
