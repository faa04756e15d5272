import type { ColumnSetCertificate } from '../colsets/columnSetCertificate.js';
import { grouped } from '../grid/grouped.js';
import { shownPath } from '../io/fileProblem.js';
import type { OneClass } from '../shards/countOneClass.js';
import { recountWords, type RecountSummary } from '../shards/recountUnits.js';

/**
 * The lines `classes` prints of a column-set certificate (src/cli/certificateRun.ts): written, checked, and one
 * class counted alone.
 */

/** What a certificate holds, in words: "N = …", or "partial: H of C classes, Σ orbit·F² over them = … (not N)". */
function heldWords(t: ColumnSetCertificate): string {
  if (t.total !== null) return `${grouped(t.classes)} classes, N = Σ orbit·F² = ${grouped(t.total)}`;
  return (
    `PARTIAL: ${grouped(t.ids.length)} of ${grouped(t.classes)} classes, Σ orbit·F² over them = ` +
    `${grouped(t.squares)} (a partial sum, not N)`
  );
}

/** `classes --box B --format table --out F`: the certificate written. */
export function certificateWrittenText(t: ColumnSetCertificate, out: string): string {
  return `wrote the certificate of ${t.box} (${heldWords(t)}; digest ${t.digest}) to ${shownPath(out)}\n`;
}

/** `classes --from-results R… --plan F --format table --out OUT`: the certificate of the shards counted so far. */
export function shardCertificateWrittenText(
  t: ColumnSetCertificate,
  shards: { readonly present: readonly unknown[]; readonly shards: number },
  planId: string,
  out: string,
): string {
  return (
    `wrote the certificate of ${t.box} from ${grouped(shards.present.length)} of ${grouped(shards.shards)} shards ` +
    `of plan ${planId} (${heldWords(t)}) to ${shownPath(out)}\n`
  );
}

/** `classes --verify F` of a column-set certificate: what was checked, where the class list came from, the recount. */
export function certificateCheckText(
  path: string,
  t: ColumnSetCertificate,
  from: string,
  recount: RecountSummary | null,
  seconds: number,
): string {
  const transposed = t.box !== t.countedAs ? ` (counted as ${t.countedAs}, the same N)` : '';
  return (
    `${shownPath(path)}: ${t.box}${transposed}, ${heldWords(t)}; digest ${t.digest} = ${from} ✓, every ` +
    `orbit as there ✓` +
    (t.total !== null ? `, Σ orbit = ${grouped(t.orbitSum)} configurations ✓` : '') +
    `; ${recountWords(recount).replace(/units/g, 'classes')} (${seconds.toFixed(1)} s)\n`
  );
}

/** `classes --class I`: one configuration class, its orbit, stabiliser and F counted now. */
export function oneClassText(c: OneClass): string {
  return (
    `class ${c.id} of ${grouped(c.count)} of ${c.box} (${c.from}; digest ${c.digest}): configuration ` +
    `${c.configuration}, orbit ${grouped(c.orbit)}, stabiliser ${grouped(c.stabilizer)}, F = ${grouped(c.F)}, ` +
    `orbit·F² = ${grouped(BigInt(c.orbit) * c.F * c.F)} (${c.seconds.toFixed(1)} s)\n`
  );
}
