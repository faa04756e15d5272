import type { Rules } from '../../grid/rules.js';
import { CandidateGrid, forEachBit } from '../candidateGrid.js';

const scratch = new WeakMap<Rules, CandidateGrid>();

/**
 * SE's "direct" steps (direct pointing 1.7, claiming 1.9, hidden pair 2.0, hidden triple 2.5): a pattern whose
 * eliminations leave a digit with one place in a house, which is placed at once. `pattern` is the technique's
 * one-pattern-per-call search; the direct step takes the first pattern it finds when that pattern makes a new
 * hidden single (tried on a copy first, so nothing changes otherwise). True when it placed a digit.
 */
export function direct(
  g: CandidateGrid,
  technique: number,
  pattern: (g: CandidateGrid, self: number) => boolean,
): boolean {
  let s = scratch.get(g.rules);
  if (!s) {
    s = new CandidateGrid(g.rules);
    scratch.set(g.rules, s);
  }
  s.copyFrom(g);
  s.patternHouse = -1;
  if (!pattern(s, technique) || s.broken) return false;
  const single = newHiddenSingle(g, s);
  if (single < 0) return false;
  pattern(g, technique);
  const u = (single / g.N) | 0;
  const c = single - u * g.N;
  const house = g.unitCells.subarray(u * g.n, u * g.n + g.n);
  let digit = -1;
  for (let d = 0; d < g.n && digit < 0; d++) {
    if (!s.has(c, d)) continue;
    let places = 0;
    for (const x of house) if (s.has(x, d)) places++;
    if (places === 1) digit = d;
  }
  if (digit < 0) return true;
  g.place(c, digit);
  if (g.steps)
    g.notePlace(technique, c, digit, `then the only place for ${g.digitName(digit + 1)} in ${g.unitName(u)}`);
  return true;
}

/**
 * A house u and cell c (as u·N + c) where s has a hidden single that g has not, or −1; of several, the least u,
 * then the least digit. Only a house of a cell that lost a candidate d in s can have a new single of d.
 */
function newHiddenSingle(g: CandidateGrid, s: CandidateGrid): number {
  const { n, N, unitCells, cellHouseStart, cellHouseList } = g;
  // where SE looks for the single: the hidden subset's house; another house of the kind of locked candidates' base
  const base = s.patternHouse;
  const kindOf = (u: number) => (u < n ? 0 : u < 2 * n ? 1 : u < 3 * n ? 2 : 3);
  const allowed = (u: number) => base < 0 || (s.patternOther ? u !== base && kindOf(u) === kindOf(base) : u === base);
  let best = Infinity;
  let bestAt = -1;
  for (let c = 0; c < N; c++) {
    const lostLo = g.lo[c] & ~s.lo[c];
    const lostHi = g.hi[c] & ~s.hi[c];
    if ((lostLo | lostHi) === 0 || s.value[c] !== 0) continue;
    for (let k = cellHouseStart[c]; k < cellHouseStart[c + 1]; k++) {
      const u = cellHouseList[k];
      if (u * n >= best || !allowed(u)) continue;
      forEachBit(lostLo, lostHi, (d) => {
        const key = u * n + d;
        if (key >= best) return;
        let inS = 0;
        let at = -1;
        for (let i = u * n; i < u * n + n; i++)
          if (s.has(unitCells[i], d)) {
            inS++;
            at = unitCells[i];
          }
        if (inS === 1) {
          best = key;
          bestAt = at;
        }
      });
    }
  }
  return bestAt < 0 ? -1 : ((best / n) | 0) * N + bestAt;
}
