import { grouped } from '../grid/grouped.js';
import { shownPath } from '../io/fileProblem.js';
import type { VariantTableCheck } from '../shards/checkVariantTable.js';
import { tableShippedWords } from '../shards/identityFromTable.js';
import { recountWords } from '../shards/recountUnits.js';
import type { VariantTable } from '../variants/variantTable.js';

/**
 * `classes --verify FILE` of a compact variant table: its sums, its digest against the units listed now, and how
 * its values were confirmed (the shipped table, the recount), on one line.
 */
export function variantTableCheckText(
  path: string,
  table: VariantTable,
  check: VariantTableCheck,
  seconds: number,
): string {
  return (
    `${shownPath(path)}: ${table.rules}, ${grouped(table.count)} ${table.units} (${table.route} route), ` +
    `digest ${table.digest} = the ${table.units} listed now ✓; ` +
    `Σ orbit·value = ${grouped(table.totalWithFixedRow)} = N/${table.n}!, ` +
    `N = ${grouped(table.total)}; ` +
    (check.shipped !== null
      ? tableShippedWords(check) + (check.recount !== null || check.self ? `; ${recountWords(check.recount)}` : '')
      : recountWords(check.recount)) +
    ` (${seconds.toFixed(1)} s)\n`
  );
}
