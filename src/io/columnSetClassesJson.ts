import type { ColumnSetClassTable } from '../colsets/countByColumnSets.js';
import { classRowsJson, toJson } from './json.js';

/**
 * The configuration classes of a column-set count as one JSON object (format "sudoku-count/colsets-classes@1"),
 * one class per line:
 *
 *   {
 *     "format": "sudoku-count/colsets-classes@1",
 *     "box": "5x2", "countedAs": "5x2", "n": 10,
 *     "configurations": 1016255020032,   C(2R,R)^R band configurations
 *     "groupOrder": 13934592000,         (2R)!·2^R·R!: relabel digits, permute boxes, swap a box's columns
 *     "digest": "f15678338e915f62",      names the class list (checkpoints carry it)
 *     "bands": …,                        Σ orbit·F: every band of R×2 boxes
 *     "total": …,                        N = Σ orbit·F²
 *     "classCount": 355,
 *     "classes": [
 *       {"id":0,"configuration":"12345|12345|12345|12345|12345","orbit":252,"stabilizer":55296000,"bands":…},
 *       …
 *     ]
 *   }
 *
 * "configuration" lists the digits of each box's left column (the right column holds the other R); "orbit" is
 * the number of configurations in the class, "stabilizer" = groupOrder / orbit, "bands" is F.
 */
/** What `classes --out` may replace: a configuration class table it wrote before. */
export const COLUMN_SET_CLASSES_OUTPUT = {
  what: 'configuration class table',
  isOurs: (head: string): boolean => /^\{\s*"format": "sudoku-count\/colsets-classes@/.test(head),
} as const;

export function columnSetClassesToJson(table: ColumnSetClassTable): string {
  const head = {
    format: 'sudoku-count/colsets-classes@1',
    box: table.box,
    countedAs: table.countedAs,
    n: table.n,
    configurations: table.configurations,
    groupOrder: table.groupOrder,
    digest: table.digest,
    bands: table.bands,
    total: table.total,
    classCount: table.classes,
  };
  return classRowsJson(
    head,
    table.classRows.map(({ id, configuration, orbit, stabilizer, bands }) =>
      toJson({ id, configuration, orbit, stabilizer, bands }),
    ),
  );
}
