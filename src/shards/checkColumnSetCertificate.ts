import { columnSetClassCounter } from '../classSum/columnSetClassSum.js';
import {
  columnSetCertificateOf,
  verifyCertificateClasses,
  type ColumnSetCertificate,
} from '../colsets/columnSetCertificate.js';
import type { ConfigurationClasses } from '../colsets/configurationClasses.js';
import type { BoxShape } from '../grid/shape.js';
import { MAX_COLUMN_SET_ROWS } from '../colsets/columnSetSupport.js';
import type { ShardPlan } from '../io/shardFiles.js';
import type { PartialShards } from './mergeShards.js';
import { classListSource } from './classListSource.js';
import { recountOrRefuse, type RecountRequest, type RecountSummary } from './recountUnits.js';

/**
 * The certificate of a sharded column-set count from the shard results counted so far (`classes --from-results`): a
 * class is held when its value is known, that is when every unit of it is in a shard given (a 6×2 plan's units are
 * its classes; a 5×2 plan's are residual graphs several classes share, combined by the plan's table). Complete when
 * every shard is given.
 */
export function certificateFromShards(
  shape: BoxShape,
  classes: ConfigurationClasses,
  plan: Pick<ShardPlan, 'id' | 'combine' | 'scale'>,
  shards: Pick<PartialShards, 'values'>,
): ColumnSetCertificate {
  const values = new Map<number, bigint>();
  const scale = BigInt(plan.scale);
  for (let c = 0; c < classes.count; c++) {
    const row = plan.combine?.[c];
    if (row === undefined) {
      const v = shards.values.get(c);
      if (v !== undefined) values.set(c, scale * v);
      continue;
    }
    let s = 0n,
      known = true;
    for (let i = 0; i < row.length && known; i += 2) {
      const v = shards.values.get(row[i]);
      if (v === undefined) known = false;
      else s += BigInt(row[i + 1]) * v;
    }
    if (known) values.set(c, scale * s);
  }
  return columnSetCertificateOf(shape, classes, values, plan.id);
}

export interface CertificateCheckOptions {
  /** K classes to draw and count again (every one where the count is cheap, R ≤ MAX_COLUMN_SET_ROWS), seed, workers. */
  readonly request?: RecountRequest;
  /** Hears each class counted again. */
  readonly onUnitDone?: (done: number, total: number) => void;
}

/**
 * Check a certificate (read back by src/io/columnSetCertificateFile.ts: tag, SHA-256, sums, keyed seal) against the
 * class list `classes` (listed again, or a plan's): its digest and every held class's orbit; then count classes
 * again by the count's own engine (columnSetClassCounter) and refuse on any difference: every held class where the
 * whole count is cheap (R ≤ MAX_COLUMN_SET_ROWS, ~40 CPU s for 5×2), else the K drawn (`request.units`; an edit of m
 * of H held classes escapes K draws with probability ≤ (1 − m/H)^K). InputError (one line naming `where`) on the first
 * difference. Returns the recount (null when none was asked and the count is dear).
 */
export async function checkColumnSetCertificate(
  t: ColumnSetCertificate,
  classes: ConfigurationClasses,
  where: string,
  options: CertificateCheckOptions = {},
): Promise<RecountSummary | null> {
  verifyCertificateClasses(t, classes, where);
  const counter = columnSetClassCounter(classes);
  const index = new Map<number, number>();
  t.ids.forEach((c, i) => index.set(c, i));
  // the recount's units are the certificate's entries: entry i is class ids[i]
  const entries: typeof counter = {
    countUnits: (ids, payload, o) =>
      counter.countUnits(
        ids.map((i) => t.ids[i]),
        payload,
        { ...o, onUnitDone: (c, v) => o.onUnitDone(index.get(c)!, v) },
      ),
  };
  return recountOrRefuse(
    entries,
    t.ids.length,
    t.rows <= MAX_COLUMN_SET_ROWS,
    options.request ?? {},
    () => () => [],
    (i) => t.values[i],
    (i) => `${where} (its entry ${i}: class ${t.ids[i]})`,
    options.onUnitDone,
  );
}

/** What `verifyColumnSetCertificate` checked: the class list it compared with, and what it counted again. */
export interface CertificateVerification {
  /** The class list, in words ("the classes listed now", "the class list of plan P (id)"). */
  readonly from: string;
  readonly recount: RecountSummary | null;
}

/**
 * The library's edge (`classes --verify F` of a certificate): check `t` (read by readColumnSetCertificate) against its
 * class list, listed again where that is cheap (R ≤ 5), else the plan `options.plan` carries, else the plan the
 * repository ships (data/6x2/plan.json.gz); then count classes again as checkColumnSetCertificate does. InputError
 * (one line naming `where`) on any difference.
 */
export async function verifyColumnSetCertificate(
  t: ColumnSetCertificate,
  where: string,
  options: CertificateCheckOptions & { readonly plan?: string } = {},
): Promise<CertificateVerification> {
  const source = classListSource(t.rows, options.plan);
  const recount = await checkColumnSetCertificate(t, source.classes, where, options);
  return { from: source.from, recount };
}
