import type { Rules } from '../grid/rules.js';
import { InputError } from '../grid/shape.js';
import type { VariantTable } from '../variants/variantTable.js';
import { shownPath } from './fileProblem.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { shippedTableFile } from './shippedVariantTable.js';
import { parseVariantTable, VARIANT_TABLE_OUTPUT } from './variantTableFile.js';

/**
 * The compact table `essentially-different --variant V --identity-from FILE` takes the identity's term N/n! from (a
 * table of `classes --variant V --format table`, such as data/variant-table-3x3+x.bin), read and checked by
 * src/io/variantTableFile.ts (tag, seal, sums; the keyed seal when SUDOKU_COUNT_SEAL_KEY is set), for the same rules.
 * Its values are then confirmed by src/shards/checkVariantTable.ts (need 'every-value'). A JSON file (the output of
 * `count --variant --json` or `classes --variant`) is refused: it carries no seal, so three keys edited to fit would
 * give a wrong count unseen, and its values are not all there to be compared or counted again.
 */
export function readVariantIdentity(path: string, rules: Rules): VariantTable {
  const where = `--identity-from ${shownPath(path)}`;
  const bytes = readBounded(path, {
    what: '--identity-from',
    kind: 'a variant table',
    maxBytes: READ_LIMITS.variantTable,
  });
  const head = bytes.subarray(0, 64).toString('latin1');
  if (!VARIANT_TABLE_OUTPUT.isOurs(head) && /^\s*[{[]/.test(head)) {
    const shipped = shippedTableFile(rules.name);
    throw new InputError(
      `${where}: a JSON file is not taken (it carries no seal: an edit made to fit would pass): give a compact ` +
        `table (${shipped ? `the shipped ${shipped.shown}, or ` : ''}classes --variant V --format table --out ` +
        'FILE), the number with --identity-term N, or no --identity-from to count it',
    );
  }
  const table = parseVariantTable(bytes, where);
  if (table.rules !== rules.name) throw new InputError(`${where}: a table of ${table.rules}, not of ${rules.name}`);
  return table;
}
