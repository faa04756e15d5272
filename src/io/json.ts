import JSONbigFactory from 'json-bigint';

/**
 * JSON with exact big integers. Writing: json-bigint, BigInt values as plain JSON numbers. Reading: an
 * integer literal (no '.', no exponent) beyond ±(2^53−1) becomes a BigInt; every other number is a double.
 * The decision follows how the number is written, so a decimal such as 6.689874271757641e+21 stays a
 * double. (json-bigint's own reader turns every numeral longer than 15 characters into a BigInt and throws
 * on long decimals, and Node 20's JSON.parse cannot show a reviver the source text; hence this reader.)
 */
const writer = JSONbigFactory({ useNativeBigInt: true });

export { fromJson } from './fromJson.js';

export function toJson(value: unknown, indent?: number): string {
  return writer.stringify(value, null, indent);
}

/**
 * A class table's JSON, laid out one class a line: `{`, each field of `head` on its own line, then `"classes"`, one
 * object a row (`rows`, each already written), `]`, `}` and a final newline.
 */
export function classRowsJson(head: Record<string, unknown>, rows: readonly string[]): string {
  const lines = ['{'];
  for (const [k, v] of Object.entries(head)) lines.push(`  ${JSON.stringify(k)}: ${toJson(v)},`);
  lines.push('  "classes": [', ...rows.map((row, i) => `    ${row}${i + 1 < rows.length ? ',' : ''}`), '  ]', '}', '');
  return lines.join('\n');
}
