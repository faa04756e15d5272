import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { permutationOfType } from '../../../src/essential/cycleTypes.js';
import { rulesFromSpec, type Rules } from '../../../src/grid/rules.js';
import { InputError } from '../../../src/grid/shape.js';
import { readVariantIdentity } from '../../../src/io/readVariantIdentity.js';
import { essentiallyDifferentVariantOf } from '../../../src/variants/essentiallyDifferentVariant.js';
import { fixedByRulesExactCover, rulesExactCover } from '../../../src/variants/rulesExactCover.js';
import {
  essentiallyDifferentVariantBurnside,
  variantBurnside,
  variantClassPlan,
} from '../../../src/variants/variantBurnside.js';
import { variantClasses } from '../../../src/variants/variantClasses.js';
import { countVariantFixed } from '../../../src/variants/variantFixedGridsTask.js';
import { variantGroup } from '../../../src/variants/variantGroup.js';

/**
 * Essentially different variant grids by Burnside over G_V's conjugacy classes (the tied search with the variant's
 * extra units), against the direct route on small shapes (every grid listed: Burnside element by element and the
 * orbits by union-find), class by class against brute force over the listed grids, and on 9×9 term by term
 * against exact cover (src/variants/rulesExactCover.ts) where that is cheap.
 */
const rules = (rows: number, cols: number, variants: string[]) =>
  rulesFromSpec({ rows, cols, variants: variants as Rules['variants'] });

/** Every grid with row 1 = 1..n, back to back (digits 1..n). */
function gridsOf(r: Rules): Uint8Array[] {
  const givens = new Uint8Array(r.cells);
  for (let c = 0; c < r.n; c++) givens[c] = c + 1;
  const out: Uint8Array[] = [];
  rulesExactCover(r, givens, Infinity, (X) => out.push(X.slice()));
  return out;
}

/** Brute force: the grids X (row 1 standard) with X(g(c)) = σ(X(c)) for one σ and every cell. */
function fixedBrute(grids: Uint8Array[], map: ArrayLike<number>, n: number): number {
  const sigma = new Uint8Array(n + 1);
  let fixed = 0;
  for (const X of grids) {
    sigma.fill(0);
    let ok = true;
    for (let c = 0; c < X.length && ok; c++) {
      if (sigma[X[c]] === 0) sigma[X[c]] = X[map[c]];
      else if (sigma[X[c]] !== X[map[c]]) ok = false;
    }
    if (ok) fixed++;
  }
  return fixed;
}

describe('variantBurnside on small shapes: = the direct route, class by class = brute force', () => {
  it.each([
    [2, 2, []], // plain 4×4: 2 (docs/essentially-different.md)
    [2, 2, ['x']],
    [2, 2, ['disjoint-groups']],
    [2, 2, ['anti-knight']],
    [2, 3, ['x']],
    [3, 2, ['x']],
    [2, 3, ['disjoint-groups']],
    [2, 3, ['anti-king']],
    [3, 2, ['anti-knight']],
    [1, 6, ['x']],
    [1, 6, ['anti-knight']],
  ] as Array<[number, number, string[]]>)('%ix%i %j', async (R, C, v) => {
    const r = rules(R, C, v);
    const direct = essentiallyDifferentVariantOf(r);
    const b = await variantBurnside(r, { value: BigInt(direct.grids), source: 'listed' });
    expect(b.total).toBe(direct.burnside);
    expect(b.total).toBe(BigInt(direct.direct));
    // every class's F₁ against brute force over every grid with row 1 standard (the lemma's zeros included)
    const grids = gridsOf(r);
    const group = variantGroup(r);
    for (const c of b.classRows)
      expect(c.fixed, `class ${c.id}`).toBe(BigInt(fixedBrute(grids, group.grid.cellMap(c.element), r.n)));
  });

  it("the library's edge counts the identity's term itself, or takes it", async () => {
    const counted = await essentiallyDifferentVariantBurnside({ box: '2x3', variant: 'x' });
    expect([counted.total, counted.identity, counted.identitySource]).toEqual([3n, 12n, 'count --variant, this run']);
    const given = await essentiallyDifferentVariantBurnside({ box: '3x2', variant: ['x'], identity: 12n });
    expect([given.total, given.identitySource]).toEqual([3n, 'given']);
    // a 9×9 jigsaw (here with the boxes as regions) is refused: its regions replace the boxes the tied search knows
    const regions = Array.from({ length: 81 }, (_, c) => Math.floor(c / 27) * 3 + Math.floor((c % 9) / 3));
    const jigsaw = rulesFromSpec({ rows: 3, cols: 3, variants: ['jigsaw'], regions });
    await expect(essentiallyDifferentVariantBurnside({ variant: jigsaw })).rejects.toThrow(
      /essentially different jigsaw grids are counted for n ≤ 6/,
    );
  });

  it('a wrong identity term fails the divisibility check: one line', async () => {
    const r = rules(2, 3, ['x']);
    await expect(variantBurnside(r, { value: 13n, source: 'given' })).rejects.toThrow(
      /2x3\+x: Σ size·fixed = 25 is not a multiple of \|G_V\| = 8: the identity's term N\/6! = 13 \(given\)/,
    );
  });
});

describe("G_V's conjugacy classes", () => {
  it.each([['windoku']])('3x3+%s: each class is closed under conjugation by all of G_V', (v) => {
    const group = variantGroup(rules(3, 3, [v]));
    const classes = variantClasses(group);
    const index = new Map<number, number>();
    group.elements.forEach((e, i) => index.set(e, i));
    let sum = 0;
    for (let i = 0; i < group.order; i++) {
      const x = group.elements[i];
      for (const h of group.elements) {
        const y = group.grid.compose(group.grid.compose(h, x), group.grid.inverse(h));
        expect(classes.classOf[index.get(y) ?? -1]).toBe(classes.classOf[i]);
      }
    }
    for (const s of classes.sizes) sum += s;
    expect(sum).toBe(group.order);
    // the representative is the smallest element of its class
    classes.reps.forEach((rep, k) => {
      const members = [...group.elements].filter((_, i) => classes.classOf[i] === k);
      expect(Math.min(...members)).toBe(rep);
    });
  });
});

describe('9×9 terms: the tied search = exact cover where exact cover is cheap', () => {
  /** |C(τ)| for τ of cycle type λ. */
  const cOrder = (lambda: readonly number[]) => {
    const m = new Map<number, number>();
    for (const l of lambda) m.set(l, (m.get(l) ?? 0) + 1);
    let c = 1;
    for (const [l, k] of m) {
      c *= l ** k;
      for (let i = 2; i <= k; i++) c *= i;
    }
    return c;
  };
  it.each([['anti-knight'], ['windoku']])('3x3+%s: the order-4 classes (4²·1)', (...v) => {
    const r = rules(3, 3, v);
    const { group, rows } = variantClassPlan(r);
    let checked = 0;
    for (const { k, x, rt } of rows) {
      if (k === 0) continue;
      for (const tau of rt.admissible) {
        if (tau.join() !== '4,4,1') continue;
        const fast = countVariantFixed({ spec: r.spec, members: group.elements, element: x, tauType: tau });
        const dlx = fixedByRulesExactCover(r, group.grid.cellMap(x), permutationOfType(tau));
        expect(dlx.count, `class ${k}`).toBe(fast.count * cOrder(tau));
        expect(fast.count).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('readVariantIdentity: N/n! from a compact table only; JSON refused (issue 42)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'variant-identity-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const r = rules(3, 3, ['anti-knight']);
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  it.each([
    [
      // a count's JSON, its three keys consistent: it carries no seal, so it is not taken
      '{"rules":"3x3+anti-knight","totalWithFixedRow":10,"total":3628800,' +
        '"classRows":[{"size":2,"completions":3},{"size":1,"completions":4}]}',
      /a JSON file is not taken \(it carries no seal: an edit made to fit would pass\): give a compact table \(the shipped data\/variant-table-3x3\+anti-knight\.bin, or classes --variant V --format table --out FILE\), the number with --identity-term N, or no --identity-from to count it$/,
    ],
    [
      '{"format":"sudoku-count/variant-classes@1","rules":"3x3+anti-knight","totalWithFixedRow":6,' +
        '"total":2177280,"classes":[{"blocks":2,"completions":3}]}',
      /a JSON file is not taken/,
    ],
    ['not json', /not a variant table/],
  ])('%s → one line', (text, pattern) => {
    const p = file('bad.json', text);
    expect(() => readVariantIdentity(p, r)).toThrow(InputError);
    expect(() => readVariantIdentity(p, r)).toThrow(pattern);
  });
  it('a missing file', () => {
    expect(() => readVariantIdentity(join(dir, 'none.json'), r)).toThrow(/none\.json: no such file or folder/);
  });
});
