import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../src/grid/support.js';
import { countVariantGridsOf } from '../../../src/variants/countVariantGrids.js';
import {
  countedVariantTable,
  topBlockClassesProblem,
  variantTableOf,
  variantUnits,
} from '../../../src/variants/variantTable.js';

/** What `classes --variant` writes of a one-machine count (src/variants/variantTable.ts). */
describe('the table of a one-machine variant count', () => {
  it('is the table of the units the count listed; a top-block count that listed none: an internal error', () => {
    const rules = resolveRules('variant-count', '2x3', 'x');
    const count = countVariantGridsOf(rules, { exhaustive: 'none' });
    const units = variantUnits(rules);
    expect(countedVariantTable(rules, count, units)).toEqual(variantTableOf(rules, count, units));
    expect(() => countedVariantTable(rules, count, null)).toThrow('internal: no class list');
  });

  it('top-block classes as JSON: every variant count but 9x9 anti-king (middle bands)', () => {
    expect(topBlockClassesProblem(resolveRules('variant-count', '2x3', 'x'))).toBeNull();
    expect(topBlockClassesProblem(resolveRules('variant-count', '3x3', 'x'))).toBeNull();
    expect(topBlockClassesProblem(resolveRules('variant-count', '3x3', 'anti-king'))).toMatch(
      /^classes --variant: 3x3\+anti-king is counted by middle bands \(the edge-table route\)/,
    );
  });
});
