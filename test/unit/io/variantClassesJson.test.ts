import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIANT_CLASSES_FORMAT, variantClassesToJson } from '../../../src/io/variantClassesJson.js';
import { countVariantGrids } from '../../../src/variants/countVariantGrids.js';
import { ROOT } from '../../helpers/paths.js';

describe('the committed variant class tables regenerate byte for byte', () => {
  const files = readdirSync(join(ROOT, 'data')).filter((f) => /^variant-classes-.*\+.*\.json$/.test(f));
  it('there are tables', () => expect(files.length).toBeGreaterThanOrEqual(10));
  it.each(files)('%s', (file) => {
    const committed = readFileSync(join(ROOT, 'data', file), 'utf8');
    const head = JSON.parse(committed) as { format: string; rules: string; box: string; variants: string[] };
    expect(head.format).toBe(VARIANT_CLASSES_FORMAT);
    expect(file).toBe(`variant-classes-${head.rules}.json`);
    const r = countVariantGrids({ box: head.box, variant: head.variants, exhaustive: 'none' });
    expect(variantClassesToJson(r)).toBe(committed);
  });
  it('the schema requires every header key the writer writes', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'data', 'variant-classes.schema.json'), 'utf8')) as {
      required: string[];
    };
    const r = countVariantGrids({ box: '2x2', variant: 'x', exhaustive: 'none' });
    expect(Object.keys(JSON.parse(variantClassesToJson(r)) as object).sort()).toEqual([...schema.required].sort());
  });
});
