#!/usr/bin/env node
/**
 * Writes the committed variant class tables, data/variant-classes-<rules>.json (schema
 * data/variant-classes.schema.json), from nothing: `npm run build && node scripts/variant-tables.mjs`. The same
 * bytes as `sudoku-count classes --box B --variant V`; test/unit/io/variantClassesJson.test.ts regenerates every
 * committed table and compares byte for byte.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countVariantGrids } from '../dist/index.js';
import { variantClassesToJson } from '../dist/io/variantClassesJson.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TABLES = [
  ['2x2', ['x', 'disjoint-groups', 'anti-knight', 'x,disjoint-groups']],
  ['2x3', ['x', 'disjoint-groups', 'anti-king', 'anti-knight', 'x,disjoint-groups']],
  ['3x2', ['x', 'disjoint-groups', 'anti-king', 'anti-knight', 'x,disjoint-groups']],
  ['1x5', ['x', 'anti-knight', 'anti-king']],
  ['1x6', ['x', 'anti-king', 'anti-knight']],
];
for (const [box, variants] of TABLES)
  for (const variant of variants) {
    const r = countVariantGrids({ box, variant, exhaustive: 'none' });
    const path = join(root, 'data', `variant-classes-${r.rules}.json`);
    writeFileSync(path, variantClassesToJson(r));
    console.log(`${r.rules}: ${r.classes} classes, N = ${r.total} → ${path}`);
  }
