import type { VariantCount } from '../variants/countVariantGrids.js';
import { classRowsJson, toJson } from './json.js';

/**
 * A variant's top-block classes as JSON (`classes --variant`, data/variant-classes-*.json; schema
 * data/variant-classes.schema.json): the header, then one class per line, so that a regenerated table compares
 * byte for byte and a diff shows the classes that changed. No timings: the same rules give the same bytes.
 */
export function variantClassesToJson(r: VariantCount): string {
  const header = {
    format: VARIANT_CLASSES_FORMAT,
    rules: r.rules,
    box: r.box,
    n: r.n,
    variants: r.variants,
    groupOrder: r.groupOrder,
    topRows: r.topRows,
    blocks: r.blocks,
    stabilizerOrder: r.stabilizerOrder,
    totalWithFixedRow: r.totalWithFixedRow,
    total: r.total,
    classCount: r.classes,
  };
  return classRowsJson(
    header,
    r.classRows.map((c) => toJson({ id: c.id, block: c.block, blocks: c.size, completions: c.completions })),
  );
}

export const VARIANT_CLASSES_FORMAT = 'sudoku-count/variant-classes@1';

/** What a variant class table looks like to `prepareOutput`: it may replace an earlier one, nothing else. */
export const VARIANT_CLASSES_OUTPUT = {
  what: 'variant class table',
  isOurs: (head: string): boolean => /^\{\s*"format": "sudoku-count\/variant-classes@/.test(head),
} as const;
