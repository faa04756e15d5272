import { describe, expect, it } from 'vitest';
import { parseRules } from '../../../src/grid/rules.js';
import { boxShape } from '../../../src/grid/shape.js';
import { HouseCounter } from '../../../src/solve/houseCounter.js';
import { countVariantGrids, countVariantGridsOf } from '../../../src/variants/countVariantGrids.js';
import { essentiallyDifferentVariant } from '../../../src/variants/essentiallyDifferentVariant.js';
import { variantGroup } from '../../../src/variants/variantGroup.js';
import { topBlockRows, variantTopBlocks } from '../../../src/variants/variantTopBlocks.js';

/**
 * The variant count's two routes (the top-block classes with the generic counter; the exact-cover engine over
 * every grid), against each other and against totals found by exhaustive search elsewhere (expected values,
 * never in src/: the 4×4 and 6×6 totals of test/unit/solve/variantTotals.test.ts's brute force).
 */
describe('countVariantGrids: the fast route and the exhaustive route', () => {
  const known: Array<[string, string, number]> = [
    ['2x2', 'x', 48],
    ['2x2', 'disjoint-groups', 168],
    ['2x2', 'anti-knight', 24],
    ['2x2', 'anti-king', 0],
    ['2x2', 'x,disjoint-groups', 48],
    ['2x3', 'x', 8640],
    ['3x2', 'x', 8640],
    ['2x3', 'anti-knight', 11_520],
    ['1x5', 'x', 960],
    ['1x5', 'anti-knight', 240],
  ];
  it.each(known)('%s+%s: both routes, every grid enumerated, = %i', (box, variant, want) => {
    const r = countVariantGrids({ box, variant, exhaustive: 'all' });
    expect(r.total).toBe(BigInt(want));
    expect(r.exhaustive).toBe(BigInt(want));
    expect(r.classSizeSum).toBe(r.blocks);
  });

  it.each([
    ['2x3', 'disjoint-groups'],
    ['3x2', 'disjoint-groups'],
    ['3x2', 'anti-king'],
    ['2x3', 'x,disjoint-groups'],
    ['2x3', 'anti-king'],
    ['1x6', 'x'],
    ['1x6', 'anti-knight'],
    ['1x5', 'centre-dot'],
  ])('%s+%s: the fast route = the exhaustive route (row 1 fixed)', (box, variant) => {
    const r = countVariantGrids({ box, variant });
    expect(r.exhaustiveRoute).toBe('row1');
    expect(r.total).toBe(r.exhaustive);
    if (box === '2x3' && variant === 'anti-king') expect(r.total).toBe(74_160n); // the brute force's total
  });

  it('2x3+x: n_C is a class invariant (every block counted by itself gives the same Σ)', () => {
    const rules = parseRules(boxShape(2, 3), 'x');
    const top = variantTopBlocks(variantGroup(rules));
    const r = countVariantGridsOf(rules, { exhaustive: 'none' });
    // every block: the same fill as variantTopBlocks (row 1 standard), counted one by one
    const counter = new HouseCounter(rules);
    const k = topBlockRows(rules);
    const cells = new Uint8Array(36);
    for (let c = 0; c < 6; c++) cells[c] = c + 1;
    let blocks = 0,
      sum = 0;
    const fill = (c: number): void => {
      if (c === k * 6) {
        const n = counter.count(cells).count;
        blocks++;
        sum += n;
        return;
      }
      for (let d = 1; d <= 6; d++) {
        cells[c] = d;
        // rows, columns, boxes and the diagonals inside the block, by the counter: a clash counts 0 anyway
        fill(c + 1);
      }
      cells[c] = 0;
    };
    fill(6);
    expect(blocks).toBe(6 ** 6);
    expect(BigInt(sum)).toBe(r.totalWithFixedRow);
    expect(top.blocks).toBe(r.blocks);
  });

  it('refuses what it does not take, in one line', () => {
    expect(() => countVariantGrids({ variant: 'anti-king' })).toThrow(
      /3x3\+anti-king is counted by the edge-table route: countVariantGridsPooled/,
    );
    expect(() => countVariantGrids({ box: '2x3', variant: 'windoku' })).toThrow(/windoku is defined on 9x9/);
  });
});

describe('essentially different variant grids: Burnside and the orbits directly', () => {
  it.each([
    ['2x2', '', 2], // plain 4×4: 2 essentially different grids (docs/essentially-different.md)
    ['1x5', 'centre-dot', 2], // the centre dots of 1×5 boxes are column 3: Latin squares of order 5, 2 isotopy classes
  ])('%s+%s: %i, as known', (box, variant, want) => {
    const r = essentiallyDifferentVariant({ box, variant: variant === '' ? [] : variant });
    expect(r.burnside).toBe(BigInt(want));
    expect(r.direct).toBe(want);
  });

  it('refuses more grids than it holds, in one line', () => {
    expect(() => essentiallyDifferentVariant({ box: '1x6', variant: [] })).toThrow(
      /1x6: more than 200,000 grids with row 1 fixed/,
    );
  });

  it.each([
    ['2x2', 'x'],
    ['2x2', 'disjoint-groups'],
    ['2x3', 'x'],
    ['3x2', 'x'],
    ['2x3', 'disjoint-groups'],
    ['2x3', 'anti-king'],
    ['1x6', 'x'],
  ])('%s+%s: Burnside = direct, Σ |G_V|/|Aut| = N/n!', (box, variant) => {
    const r = essentiallyDifferentVariant({ box, variant });
    expect(BigInt(r.direct)).toBe(r.burnside);
    const sum = r.byAutomorphisms.reduce((a, [aut, k]) => a + (r.groupOrder / aut) * k, 0);
    expect(sum).toBe(r.grids);
    expect(BigInt(r.grids) * [1n, 1n, 2n, 6n, 24n, 120n, 720n][boxShape(+box[0], +box[2]).n]).toBe(
      countVariantGrids({ box, variant, exhaustive: 'none' }).total,
    );
  });
});

// The fast route's task on 9×9 class representatives (anti-knight against exact cover, windoku against exact cover
// and HouseCounter) is checked in variantTables9.test.ts, on the class lists that file lists anyway (each took 2–5 s
// here to list again).
