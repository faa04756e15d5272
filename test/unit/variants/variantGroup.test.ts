import { describe, expect, it } from 'vitest';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { parseRules, preservesRules } from '../../../src/grid/rules.js';
import { boxShape, SHAPE_3X3 } from '../../../src/grid/shape.js';
import { variantGroup } from '../../../src/variants/variantGroup.js';

/**
 * G_V is computed from the rules (Zobrist hashes of the houses, a pair table); checked here against
 * preservesRules (src/grid/rules.ts, which compares sorted cell lists): on small shapes every element of G is
 * classified both ways, on 9x9 every kept element and a sample of the rest.
 */
describe('variantGroup: the line moves that keep every house and pair', () => {
  const small: Array<[number, number, string]> = [
    [2, 2, 'x'],
    [2, 2, 'disjoint-groups'],
    [2, 2, 'anti-knight'],
    [2, 3, 'x'],
    [2, 3, 'disjoint-groups'],
    [3, 2, 'anti-king'],
    [1, 5, 'centre-dot'],
    [1, 5, 'x,anti-knight'],
  ];
  it.each(small)('%ix%i+%s: exactly the elements of G that preservesRules accepts', (R, C, v) => {
    const rules = parseRules(boxShape(R, C), v);
    const G = variantGroup(rules);
    const want: number[] = [];
    const map = new Int32Array(rules.cells);
    for (let g = 0; g < G.grid.order; g++) if (preservesRules(rules, G.grid.cellMap(g, map))) want.push(g);
    expect([...G.elements]).toEqual(want);
    expect(G.fullOrder).toBe(BigInt(want.length) * [1n, 1n, 2n, 6n, 24n, 120n, 720n][rules.n]);
  });

  it('plain rules keep the whole grid group; a group is closed under products', () => {
    expect(variantGroup(parseRules(boxShape(2, 3), '')).order).toBe(gridGroup(boxShape(2, 3)).order);
    const G = variantGroup(parseRules(boxShape(2, 3), 'disjoint-groups'));
    const set = new Set(G.elements);
    for (const a of G.elements)
      for (const b of G.elements.slice(0, 20)) expect(set.has(G.grid.compose(a, b))).toBe(true);
  });

  it('9x9 x: every kept element keeps the rules, sampled others do not', () => {
    for (const v of ['x']) {
      const rules = parseRules(SHAPE_3X3, v);
      const G = variantGroup(rules);
      expect(G.order).toBeGreaterThan(1);
      const map = new Int32Array(81);
      for (const g of G.elements) expect(preservesRules(rules, G.grid.cellMap(g, map))).toBe(true);
      const kept = new Set(G.elements);
      for (let g = 7; g < G.grid.order; g += 9973)
        expect(preservesRules(rules, G.grid.cellMap(g, map))).toBe(kept.has(g));
    }
  });
});
