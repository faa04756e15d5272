import { describe, expect, it } from 'vitest';
import { rulesFromSpec, type Rules } from '../../../src/grid/rules.js';
import { combination } from '../../../src/variants/alwaysDifferent.js';
import { fullGroupBurnside } from '../../../src/variants/fullGroupBurnside.js';
import { fullGroupOrbits } from '../../../src/variants/fullGroupOrbits.js';
import { fullGroupClasses, fullVariantGroup } from '../../../src/variants/fullVariantGroup.js';
import { rulesExactCover } from '../../../src/variants/rulesExactCover.js';
import { variantGroup } from '../../../src/variants/variantGroup.js';

/**
 * Γ_V, the full group of row/column permutations and transposition keeping a variant's grids: on small shapes
 * against brute force (every one of the 2·(n!)² maps tried on every grid), Burnside over its classes against the
 * orbits counted directly; on 9×9 windoku the five hidden regions, |Γ_V| = 256 and Michel's 68,239,994.
 */
const rules = (rows: number, cols: number, variants: string[]) =>
  rulesFromSpec({ rows, cols, variants: variants as Rules['variants'] });

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

/** Every map (t, ρ, κ) that sends every grid (row 1 fixed) to a grid: keys of the cell maps. */
function bruteGroup(r: Rules): Set<string> {
  const { n, cells: N } = r;
  const givens = new Uint8Array(N);
  for (let c = 0; c < n; c++) givens[c] = c + 1;
  const grids: Uint8Array[] = [];
  rulesExactCover(r, givens, Infinity, (X) => grids.push(X.slice()));
  const isGrid = new Set(grids.map((X) => X.join()));
  const perms = permutations(n);
  const map = new Int32Array(N);
  const moved = new Uint8Array(N);
  const relabel = new Uint8Array(n + 1);
  const out = new Set<string>();
  for (let t = 0; t < 2; t++)
    for (const rho of perms)
      for (const kappa of perms) {
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) map[i * n + j] = t === 0 ? rho[i] * n + kappa[j] : rho[j] * n + kappa[i];
        const keeps = grids.every((X) => {
          for (let c = 0; c < N; c++) moved[map[c]] = X[c];
          for (let c = 0; c < n; c++) relabel[moved[c]] = c + 1;
          for (let c = 0; c < N; c++) moved[c] = relabel[moved[c]];
          return isGrid.has(moved.join());
        });
        if (keeps) out.add(map.join());
      }
  return out;
}

describe('the full group Γ_V of a variant', () => {
  for (const [R, C, v, order, inG, total, brute] of [
    [2, 2, ['x'], 192, 64, 1, true],
    [2, 3, ['disjoint-groups'], 288, 144, 75, false],
    [2, 3, ['anti-knight'], 96, 96, 3, true],
  ] as const) {
    const what = brute ? ' = every map keeping the grids (brute force)' : '';
    it(`${R}x${C}+${v.join('+')}: Γ_V${what}, Burnside = direct`, async () => {
      const r = rules(R, C, [...v]);
      const g = fullVariantGroup(r);
      expect(g.proved).toBe(true);
      expect([g.order, g.orderInG]).toEqual([order, inG]);
      const fromMaps = new Set<string>();
      for (let k = 0; k < g.order; k++)
        fromMaps.add(Array.from(g.elements.subarray(k * r.cells, (k + 1) * r.cells)).join());
      if (brute) expect([...bruteGroup(r)].sort()).toEqual([...fromMaps].sort());
      // G_V lies in Γ_V
      const G = variantGroup(r);
      for (let k = 0; k < G.order; k++)
        expect(g.indexOf(G.maps.subarray(k * r.cells, (k + 1) * r.cells))).toBeGreaterThanOrEqual(0);
      const direct = fullGroupOrbits(r);
      const b = await fullGroupBurnside(r, { value: BigInt(direct.grids), source: 'listed' });
      expect(b.total).toBe(BigInt(total));
      expect(direct.orbits).toBe(total);
      expect(direct.byAutomorphisms.reduce((s, [a, k]) => s + (k * g.order) / a, 0)).toBe(direct.grids);
    });
  }

  it('1x6+x: Γ_V of order 192 (twice G_V) and 2 essentially different grids, Burnside = direct', async () => {
    const r = rules(1, 6, ['x']);
    const direct = fullGroupOrbits(r);
    const b = await fullGroupBurnside(r, { value: BigInt(direct.grids), source: 'listed' });
    expect([b.groupOrder, b.variantGroupOrder, b.total, direct.orbits]).toEqual([192, 96, 2n, 2]);
  });

  it('combination: a hidden region of windoku is a rational combination of houses, another block is not', () => {
    const r = rules(3, 3, ['windoku']);
    const houses = Array.from({ length: r.houseCount }, (_, h) => r.houses.subarray(h * 9, h * 9 + 9));
    const cells = (rows: number[], cols: number[]) => rows.flatMap((i) => cols.map((j) => i * 9 + j));
    expect(combination(cells([0, 4, 8], [1, 2, 3]), houses, 81)).not.toBeNull();
    expect(combination(cells([0, 4, 8], [0, 4, 8]), houses, 81)).not.toBeNull();
    expect(combination(cells([0, 1, 2], [1, 2, 3]), houses, 81)).toBeNull();
  });

  // the Burnside sum over Γ_V (Michel's 68,239,994) is checked by `npm run bench -- variant-essential` (--full)
  it('9x9 windoku: five implied houses, |Γ_V| = 256 = 2·|G_V|, 40 classes', () => {
    const r = rules(3, 3, ['windoku']);
    const g = fullVariantGroup(r);
    expect(g.proved).toBe(true);
    const hidden = g.pairs.impliedHouses.map((h) => Array.from(h.cells).join()).sort();
    const block = (rows: number[], cols: number[]) =>
      rows
        .flatMap((i) => cols.map((j) => i * 9 + j))
        .sort((a, b) => a - b)
        .join();
    const A = [0, 4, 8],
      B = [1, 2, 3],
      D = [5, 6, 7];
    expect(hidden).toEqual([block(A, A), block(A, B), block(A, D), block(B, A), block(D, A)].sort());
    expect([g.order, g.orderInG]).toEqual([256, 128]);
    expect(fullGroupClasses(g).count).toBe(40);
  });
});
