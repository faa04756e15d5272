import { describe, expect, it } from 'vitest';
import { parseRules } from '../../../src/grid/rules.js';
import { boxShape } from '../../../src/grid/shape.js';
import { HouseCounter } from '../../../src/solve/houseCounter.js';
import { rulesDlxCount } from '../../helpers/rulesDlx.js';

/**
 * Whole-grid totals on shapes small enough to enumerate, three ways: a brute-force enumerator written here from
 * the variants' definitions (rows as permutations, every other rule checked cell by cell, sharing nothing with
 * src/grid/rules.ts), the exact-cover oracle over the rules' houses and pairs, and the generic counter.
 */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(n - 1))
    for (let k = 0; k <= p.length; k++) out.push([...p.slice(0, k), n, ...p.slice(k)]);
  return out;
}

/** Count n×n grids (boxes R×C) whose rows are permutations and that satisfy `ok` for every two cells. */
function bruteForce(R: number, C: number, variants: readonly string[]): number {
  const n = R * C;
  const perms = permutations(n);
  const grid: number[][] = [];
  const differ = (r1: number, c1: number, r2: number, c2: number): boolean => {
    const box = (r: number, c: number) => Math.floor(r / R) * R + Math.floor(c / C);
    const pos = (r: number, c: number) => (r % R) * C + (c % C);
    const dr = Math.abs(r1 - r2),
      dc = Math.abs(c1 - c2);
    if (c1 === c2 || box(r1, c1) === box(r2, c2)) return true;
    for (const v of variants) {
      if (v === 'x' && ((r1 === c1 && r2 === c2) || (r1 + c1 === n - 1 && r2 + c2 === n - 1))) return true;
      if (v === 'disjoint-groups' && pos(r1, c1) === pos(r2, c2)) return true;
      if (v === 'anti-king' && dr === 1 && dc === 1) return true;
      if (v === 'anti-knight' && ((dr === 1 && dc === 2) || (dr === 2 && dc === 1))) return true;
      if (
        v === 'centre-dot' &&
        pos(r1, c1) === pos(r2, c2) &&
        pos(r1, c1) === Math.floor(R / 2) * C + Math.floor(C / 2)
      )
        return true;
    }
    return false;
  };
  let count = 0;
  const place = (r: number): void => {
    if (r === n) {
      count++;
      return;
    }
    for (const p of perms) {
      let good = true;
      for (let r2 = 0; r2 < r && good; r2++)
        for (let c = 0; c < n && good; c++)
          for (let c2 = 0; c2 < n && good; c2++) if (grid[r2][c2] === p[c] && differ(r, c, r2, c2)) good = false;
      if (!good) continue;
      grid[r] = p;
      place(r + 1);
    }
  };
  place(0);
  return count;
}

describe('whole-grid totals under the variants, three ways', () => {
  for (const [R, C, variants] of [
    [2, 2, ['', 'x', 'disjoint-groups', 'anti-knight', 'anti-king', 'x,disjoint-groups']],
    [1, 5, ['x', 'anti-knight', 'x,anti-knight']],
  ] as const) {
    for (const v of variants) {
      it(`${R}x${C}${v ? `+${v}` : ''}`, () => {
        const rules = parseRules(boxShape(R, C), v);
        const brute = bruteForce(R, C, v === '' ? [] : v.split(','));
        expect(rulesDlxCount(rules, new Uint8Array(rules.cells)).count).toBe(brute);
        expect(new HouseCounter(rules).count(new Uint8Array(rules.cells)).count).toBe(brute);
        if (v === '' && R === 2) expect(brute).toBe(288); // the known 4x4 total: the enumerator is sound
      });
    }
  }

  // 6x6 (2x3 boxes): too many grids for the brute force here; the oracle and the counter, two ways
  for (const v of ['x', 'anti-knight', 'anti-king']) {
    it(`2x3+${v}: the oracle and the counter agree on the whole grid`, () => {
      const rules = parseRules(boxShape(2, 3), v);
      const want = rulesDlxCount(rules, new Uint8Array(36)).count;
      expect(want).toBeGreaterThan(0);
      expect(new HouseCounter(rules).count(new Uint8Array(36)).count).toBe(want);
    });
  }
});
