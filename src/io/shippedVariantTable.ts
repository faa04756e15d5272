import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariantTable } from '../variants/variantTable.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { parseVariantTable } from './variantTableFile.js';

/**
 * The variant tables the repository ships, `data/variant-table-<rules>.bin` (docs/variant-counts.md#compact-tables:
 * written by `classes --variant V --format table`, each checked by the test suite against its N/9! known two ways
 * and, for the cheaper ones, by its class list found again and classes counted again by exact cover). What a table
 * read from elsewhere is compared with, value by value (src/shards/checkVariantTable.ts): the one reference that
 * needs neither a recount nor a key. data/ is in a clone of the repository, not in the npm package: there none is
 * found, and the check takes its other routes.
 */
export interface ShippedVariantTable {
  /** As it is shown: `data/variant-table-<rules>.bin`. */
  readonly shown: string;
  /** Where it is on this machine. */
  readonly path: string;
  readonly table: VariantTable;
}

/** data/ of the repository: two folders up from src/io/ or dist/io/ (absent from the npm package). */
const DATA = new URL('../../data/', import.meta.url);

/** Where the shipped table of `rules` (a canonical rules name) is, or null when the repository ships none. */
export function shippedTableFile(rules: string): { readonly shown: string; readonly path: string } | null {
  if (!/^\d+x\d+(\+[a-z][a-z-]*)+$/.test(rules)) return null; // a name from a file's header: no path in it
  const name = `variant-table-${rules}.bin`;
  const path = fileURLToPath(new URL(name, DATA));
  return existsSync(path) ? { shown: `data/${name}`, path } : null;
}

/**
 * The shipped table of `rules` (a canonical rules name, e.g. "3x3+anti-knight"), or null when the repository ships
 * none. Read without the keyed seal (the shipped tables carry none), its checksum and sums checked by the reader.
 */
export function shippedVariantTable(rules: string): ShippedVariantTable | null {
  const file = shippedTableFile(rules);
  if (file === null) return null;
  const bytes = readBounded(file.path, { what: 'shipped variant table', maxBytes: READ_LIMITS.variantTable });
  return { ...file, table: parseVariantTable(bytes, file.shown, { key: false }) };
}
/** Whether `path` is the shipped table itself (after links). */
export function isShippedFile(path: string, shipped: ShippedVariantTable): boolean {
  try {
    return realpathSync(path) === realpathSync(shipped.path);
  } catch {
    return false;
  }
}
