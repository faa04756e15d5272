import { InputError } from '../grid/shape.js';
import { resolveRules, rulesProblem } from '../grid/support.js';
import { recountsWhole } from '../shards/recountSupport.js';
import { countSpecOf } from '../grid/countSpec.js';
import { shownPath } from '../io/fileProblem.js';
import { SEAL_KEY_VARIABLE } from '../io/seal.js';
import { isShippedFile, shippedVariantTable, type ShippedVariantTable } from '../io/shippedVariantTable.js';
import { defaultThreads } from '../parallel/threads.js';
import { verifyVariantTableOf, type VariantTable, type VariantUnits } from '../variants/variantTable.js';
import { recountOrRefuse, type RecountRequest, type RecountSummary } from './recountUnits.js';
import { variantTableRecounter } from './variantTableRecount.js';

/**
 * The one check of a variant table read back (`classes --verify F`, `essentially-different --identity-from F`),
 * after its reader (src/io/variantTableFile.ts) has checked tag, SHA-256, sums and, with SUDOKU_COUNT_SEAL_KEY set,
 * the keyed seal. The SHA-256 guards against accidents only: a value edited with its sums and checksum made to fit
 * passes it. What guards against such an edit, strongest first:
 *
 *   shipped     the repository ships a table of the same rules (data/variant-table-<rules>.bin,
 *               src/io/shippedVariantTable.ts): every unit's orbit and value compared with it; any difference
 *               refused, naming the first unit. Deterministic, milliseconds.
 *   keyed       the table carries the keyed seal (an HMAC under SUDOKU_COUNT_SEAL_KEY, checked by the reader): it
 *               was written by a holder of the key. Its units are listed again (route, count, digest, orbits).
 *   recounted   every unit counted again (src/shards/variantTableRecount.ts) and compared: where the whole count is
 *               cheap (recountsWhole, n ≤ 6), and for `need: 'every-value'` wherever it is within the declared
 *               budget (the cost the command would pay without the file).
 *   sampled     `request.units` = K units drawn at random counted again (seeded): an edit of m of U units escapes
 *               with probability ≤ (1 − m/U)^K. Only for `need: 'as-asked'` (classes --verify --recount K).
 *
 * `need: 'every-value'` (--identity-from): the first of shipped, keyed, recounted that applies, else refused in one
 * line saying how to proceed. `need: 'as-asked'` (classes --verify): the units listed again always, the shipped
 * table compared where there is one, then the recount asked (every unit where it is cheap).
 */
export interface VariantTableCheck {
  /** How every value was confirmed ('sampled': K of them; 'none': not at all). */
  readonly values: 'shipped' | 'keyed' | 'recounted' | 'sampled' | 'none';
  /** The shipped table compared with, as shown (`data/…`), or null. */
  readonly shipped: string | null;
  /** The file is the shipped table itself (after links). */
  readonly self: boolean;
  /** The units listed again and compared (route, count, digest, orbits), or null where the shipped table stood in. */
  readonly units: VariantUnits | null;
  readonly recount: RecountSummary | null;
}

export interface VariantTableCheckOptions {
  /** 'every-value': confirm every value or refuse; 'as-asked': the recount `request` asks for. */
  readonly need: 'every-value' | 'as-asked';
  /** The option that named the file, put before its path in a refusal ("--identity-from t.bin: …"). */
  readonly option?: string;
  /** K units to draw (as-asked), the seed, the workers (default: 2 on 9×9, 1 below). */
  readonly request?: RecountRequest;
  /** The reference (default: the repository's table of the same rules, or null when none is shipped). */
  readonly shipped?: ShippedVariantTable | null;
  /** Hears each unit counted again. */
  readonly onUnitDone?: (done: number, total: number) => void;
}

/** "class" of "classes", "key" of "keys", "middle-band class" of "middle-band classes". */
const oneUnit = (units: string): string => (units.endsWith('classes') ? units.slice(0, -2) : units.slice(0, -1));

/** The first way `table` differs from the shipped `ref` (route, units, digest; then unit by unit), or null. */
export function shippedDifference(table: VariantTable, ref: ShippedVariantTable): string | null {
  const t = ref.table;
  if (table.route !== t.route || table.units !== t.units || table.count !== t.count || table.digest !== t.digest)
    return (
      `it holds ${table.count} ${table.units} (${table.route} route, digest ${table.digest}), the shipped ` +
      `${ref.shown} ${t.count} ${t.units} (${t.route} route, digest ${t.digest})`
    );
  for (let u = 0; u < t.count; u++) {
    if (table.orbits[u] !== t.orbits[u] || table.values[u] !== t.values[u])
      return (
        `${oneUnit(t.units)} ${u} is ${table.values[u]} (orbit ${table.orbits[u]}) there, ${t.values[u]} (orbit ` +
        `${t.orbits[u]}) in the shipped ${ref.shown}`
      );
  }
  return null;
}

/**
 * Check `table`, read from `path`, as `options.need` asks. Every refusal is an InputError: one line naming the file
 * and the first difference.
 */
export async function checkVariantTable(
  table: VariantTable,
  path: string,
  options: VariantTableCheckOptions,
): Promise<VariantTableCheck> {
  const shownFile = shownPath(path);
  const where = options.option !== undefined ? `${options.option} ${shownFile}` : shownFile;
  // every variant's rules (as essentially-different takes them), whatever its count costs: a keyed table of any
  const rules = resolveRules('variant-count', table.box, table.variants, 'essentially-different');
  if (rules.name !== table.rules) throw new InputError(`${where}: its rules ${table.rules} are ${rules.name} here`);
  const shipped = options.shipped !== undefined ? options.shipped : shippedVariantTable(rules.name);
  if (shipped) {
    const difference = shippedDifference(table, shipped);
    if (difference) throw new InputError(`${where}: ${difference}: edited, or counted by another version; refused`);
  }
  const self = shipped !== null && isShippedFile(path, shipped);
  const request = options.request ?? {};
  const recount = (whole: boolean, units: VariantUnits) =>
    recountOrRefuse(
      variantTableRecounter(table, units),
      units.count,
      whole,
      { ...request, workers: request.workers ?? (table.n >= 8 ? defaultThreads() : 1) },
      () => () => [],
      (u) => BigInt(table.values[u]),
      () => shownFile,
      options.onUnitDone,
    );
  const shown = shipped?.shown ?? null;
  if (options.need === 'every-value') {
    if (shipped) return { values: 'shipped', shipped: shown, self, units: null, recount: null };
    if (table.keyed)
      return { values: 'keyed', shipped: null, self, units: verifyVariantTableOf(table, rules), recount: null };
    const dear = rulesProblem('variant-count', rules);
    if (dear !== null)
      throw new InputError(
        `${where}: no table of ${rules.name} ships with the repository to compare it with, and it is not counted ` +
          `again here: ${dear}; it carries no keyed seal, so an edited value would pass unseen: write and read it ` +
          `with ${SEAL_KEY_VARIABLE} set, or give the identity's term with --identity-term N`,
      );
    const units = verifyVariantTableOf(table, rules);
    return { values: 'recounted', shipped: null, self, units, recount: await recount(true, units) };
  }
  const units = verifyVariantTableOf(table, rules);
  const r = await recount(recountsWhole(countSpecOf('variant', table.rules)), units);
  const values = shipped ? 'shipped' : r ? (r.whole ? 'recounted' : 'sampled') : table.keyed ? 'keyed' : 'none';
  return { values, shipped: shown, self, units, recount: r };
}

/** What a merge compared with the shipped table: every unit's value (the same units), or N. */
export interface ShippedComparison {
  readonly shipped: string;
  readonly compared: 'units' | 'total';
}

/**
 * `count --merge` of a variant count whose rules the repository ships a table of (`rules`, the plan's box name, e.g.
 * "3x3+anti-knight"): the merged values compared with it, unit by unit where the plan's units are the table's (the
 * solver route's top-block classes: the same count and digest), then N. Null when no table is shipped. A difference
 * is an InputError naming the first unit and its file (`source`), or the two N: probability 1, milliseconds.
 */
export function mergedAgainstShipped(
  rules: string,
  units: number,
  digest: string,
  value: (unit: number) => bigint,
  source: (unit: number) => string,
  total: bigint,
): ShippedComparison | null {
  const shipped = shippedVariantTable(rules);
  if (shipped === null) return null;
  const t = shipped.table;
  const same = t.count === units && t.digest === digest;
  if (same)
    for (let u = 0; u < units; u++)
      if (value(u) !== BigInt(t.values[u]))
        throw new InputError(
          `unit ${u} is ${value(u)} in ${source(u)}, ${t.values[u]} in the shipped ${shipped.shown}: edited, or ` +
            'counted by another version; refused',
        );
  if (total !== t.total)
    throw new InputError(
      `the merged N, ${total}, is not the N of the shipped ${shipped.shown}, ${t.total}: the plan or a result was ` +
        'edited, or counted by another version; refused',
    );
  return { shipped: shipped.shown, compared: same ? 'units' : 'total' };
}
