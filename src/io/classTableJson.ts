import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClassTable } from '../count/countGrids.js';
import { toJson } from './json.js';

/**
 * The class table as one JSON object, laid out one class per line so that diffs stay readable:
 *
 *   {
 *     "format": "sudoku-count/classes@1",
 *     "box": "3x3", "n": 9,
 *     "bands": 2612736,          standard top bands
 *     "lexReduced": 36288,       lexicographically reduced bands
 *     "groupOrder": 7776,        box × column × row permutations
 *     "totalWithFixedBox": …,    Σ m_C·n_C
 *     "total": …,                N = n!·Σ m_C·n_C (a JSON number, exact)
 *     "classes": [
 *       {"id":0,"band":"123456789|456789123|789123456","bands":…,"stabilizer":…,"completions":…},
 *       …
 *     ]
 *   }
 */
export function classTableToJson(table: ClassTable): string {
  const head = {
    format: 'sudoku-count/classes@1',
    box: table.box,
    n: table.n,
    bands: table.bands,
    lexReduced: table.lexReduced,
    groupOrder: table.groupOrder,
    classCount: table.classes,
    totalWithFixedBox: table.totalWithFixedBox,
    total: table.total,
  };
  const lines = ['{'];
  for (const [k, v] of Object.entries(head)) lines.push(`  ${JSON.stringify(k)}: ${toJson(v)},`);
  lines.push('  "classes": [');
  table.classRows.forEach((row, i) => {
    const { id, band, bands, stabilizer, completions } = row;
    lines.push(`    ${toJson({ id, band, bands, stabilizer, completions })}${i + 1 < table.classRows.length ? ',' : ''}`);
  });
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

/** Write text to a file atomically (a temporary file renamed into place), creating its folder. */
export function writeTextFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
