import type { Rules } from '../grid/rules.js';
import { grouped } from '../grid/grouped.js';
import { shownPath } from '../io/fileProblem.js';
import { readVariantIdentity } from '../io/readVariantIdentity.js';
import { SEAL_KEY_VARIABLE } from '../io/seal.js';
import type { VariantIdentityTerm } from '../variants/variantBurnside.js';
import { checkVariantTable, type VariantTableCheck } from './checkVariantTable.js';
import { recountWords } from './recountUnits.js';

/**
 * `essentially-different --variant V --identity-from FILE`: the identity's term N/n! of a 9×9 variant's Burnside
 * sum from a compact table of the same rules (classes --variant V --format table), every value confirmed: against
 * the table the repository ships, by its keyed seal, or counted again (src/shards/checkVariantTable.ts).
 */
export async function identityFromTable(
  rules: Rules,
  path: string,
  onUnitDone?: (done: number, total: number) => void,
): Promise<{ readonly identity: VariantIdentityTerm; readonly check: VariantTableCheck }> {
  const t0 = performance.now();
  const table = readVariantIdentity(path, rules);
  const check = await checkVariantTable(table, path, {
    need: 'every-value',
    option: '--identity-from',
    ...(onUnitDone ? { onUnitDone } : {}),
  });
  const listed = check.units !== null ? `, digest ${table.digest} = the ${table.units} listed now ✓` : '';
  const identity: VariantIdentityTerm = {
    value: table.totalWithFixedRow,
    source:
      `file ${shownPath(path)} (${grouped(table.count)} ${table.units}${listed}): ` +
      (check.values === 'shipped'
        ? tableShippedWords(check)
        : check.values === 'keyed'
          ? `its keyed seal (${SEAL_KEY_VARIABLE}) holds ✓`
          : recountWords(check.recount)),
    seconds: (performance.now() - t0) / 1000,
  };
  return { identity, check };
}

/** How a table's values were confirmed against the shipped table, in words. */
export function tableShippedWords(check: VariantTableCheck): string {
  return check.self
    ? `the table the repository ships (${check.shipped})`
    : `every value = the shipped ${check.shipped}'s ✓`;
}
