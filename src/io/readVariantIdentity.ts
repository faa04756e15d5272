import type { Rules } from '../grid/rules.js';
import { factorialBig, InputError } from '../grid/shape.js';
import { fromJson } from './json.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { parseVariantTable, VARIANT_TABLE_OUTPUT } from './variantTableFile.js';

/**
 * The identity's term of variant Burnside, N/n! (the grids with row 1 = 1..n), from a file a count wrote:
 * `count --variant V --json` (key `classRows`: size, completions) or a class table of `classes --variant V`
 * (`sudoku-count/variant-classes@1`, key `classes`: blocks, completions), or a compact table of `classes --variant
 * V --format table` (`sudoku-count/variant-table@1`, read and checked by src/io/variantTableFile.ts). Checked
 * before use, each failure one line naming the file: it is JSON, it is for the same rules, `totalWithFixedRow` is a
 * whole number equal to Σ m_C·n_C over its classes, and `total` = n!·totalWithFixedRow. (The file is read whole, to
 * READ_LIMITS.countJson: a 9×9 count's JSON holds up to a few hundred thousand classes, tens of megabytes.)
 */
export function readVariantIdentity(path: string, rules: Rules): bigint {
  const where = `--identity-from ${path}`;
  const bytes = readBounded(path, { what: '--identity-from', kind: "a count's JSON", maxBytes: READ_LIMITS.countJson });
  if (VARIANT_TABLE_OUTPUT.isOurs(bytes.subarray(0, 64).toString('latin1'))) {
    // a compact table (classes --variant V --format table): its reader checks the body and the sums
    const table = parseVariantTable(bytes, where);
    if (table.rules !== rules.name) throw new InputError(`${where}: a table of ${table.rules}, not of ${rules.name}`);
    return table.totalWithFixedRow;
  }
  const text = bytes.toString('utf8');
  let doc: unknown;
  try {
    doc = fromJson(text);
  } catch (e) {
    throw new InputError(`${where}: not JSON (${(e as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new InputError(`${where}: not the JSON of count --variant --json or classes --variant`);
  const o = doc as Record<string, unknown>;
  if (o['rules'] !== rules.name)
    throw new InputError(
      `${where}: a count of ${typeof o['rules'] === 'string' ? o['rules'] : 'no rules'}, not of ${rules.name}`,
    );
  const whole = (v: unknown, key: string): bigint => {
    if (typeof v === 'bigint' && v >= 0n) return v;
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
    throw new InputError(`${where}: ${key} is not a whole number ≥ 0`);
  };
  const fixedRow = whole(o['totalWithFixedRow'], 'totalWithFixedRow');
  const total = whole(o['total'], 'total');
  if (total !== factorialBig(rules.n) * fixedRow)
    throw new InputError(`${where}: total ${total} is not ${rules.n}! × totalWithFixedRow ${fixedRow}`);
  const list = Array.isArray(o['classRows']) ? o['classRows'] : Array.isArray(o['classes']) ? o['classes'] : null;
  const sizeKey = Array.isArray(o['classRows']) ? 'size' : 'blocks';
  if (!list) throw new InputError(`${where}: no class list (classRows or classes) to check totalWithFixedRow by`);
  let sum = 0n;
  list.forEach((row: unknown, i) => {
    const r = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    sum += whole(r[sizeKey], `class ${i} ${sizeKey}`) * whole(r['completions'], `class ${i} completions`);
  });
  if (sum !== fixedRow)
    throw new InputError(`${where}: its classes add up to Σ m_C·n_C = ${sum}, not totalWithFixedRow ${fixedRow}`);
  return fixedRow;
}
