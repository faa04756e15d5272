import { forEachBit, LO_BITS, popcount2, type CandidateGrid } from '../candidateGrid.js';
import { eachTightSubset } from './tightSubsets.js';

/**
 * Naked and hidden subsets of size k (pairs, triples, quads) in one unit.
 *   naked   k open cells of a unit whose candidates together are k digits ⇒ those digits leave the unit's other
 *           cells
 *   hidden  k digits whose places in a unit together are k cells ⇒ those cells hold nothing else
 * One pattern per call; true when it removed something.
 */
const setLo = new Int32Array(36);
const setHi = new Int32Array(36);
const at = new Int32Array(36);
const chosen = new Int32Array(4);

const SIZE_WORD = ['', 'single', 'pair', 'triple', 'quad'];

export function nakedSubset(g: CandidateGrid, technique: number, k: number): boolean {
  const { n, lo, hi, value, unitCells } = g;
  for (let u = 0; u < g.H; u++) {
    let open = 0,
      count = 0;
    for (let i = 0; i < n; i++) {
      const c = unitCells[u * n + i];
      if (value[c] !== 0) continue;
      open++;
      const p = popcount2(lo[c], hi[c]);
      if (p < 2 || p > k) continue;
      setLo[count] = lo[c];
      setHi[count] = hi[c];
      at[count++] = c;
    }
    if (open <= k || count < k) continue;
    const found = eachTightSubset(setLo, setHi, count, k, chosen, (ch, uLo, uHi) => {
      g.beginStep();
      let removed = false;
      for (let i = 0; i < n; i++) {
        const c = unitCells[u * n + i];
        if (value[c] !== 0) continue;
        let inside = false;
        for (let j = 0; j < k; j++) if (at[ch[j]] === c) inside = true;
        if (inside) continue;
        forEachBit(lo[c] & uLo, hi[c] & uHi, (d0) => {
          g.eliminate(c, d0);
          removed = true;
        });
      }
      if (removed && g.steps) {
        const cells = Array.from(ch.subarray(0, k), (j) => g.cellName(at[j])).join(', ');
        g.noteEliminations(technique, `naked ${SIZE_WORD[k]} ${g.digitSet(uLo, uHi)} in ${g.unitName(u)} (${cells})`);
      }
      return removed;
    });
    if (found) return true;
  }
  return false;
}

/** Position sets per digit of the unit being looked at: digit index d0 → cells (positions 0..n−1 in the unit). */
const posLo = new Int32Array(36);
const posHi = new Int32Array(36);
const digitAt = new Int32Array(36);

export function hiddenSubset(g: CandidateGrid, technique: number, k: number): boolean {
  const { n, lo, hi, value, unitCells, unitLo, unitHi } = g;
  for (let u = 0; u < g.H; u++) {
    posLo.fill(0, 0, n);
    posHi.fill(0, 0, n);
    let open = 0;
    for (let i = 0; i < n; i++) {
      const c = unitCells[u * n + i];
      if (value[c] !== 0) continue;
      open++;
      const bLo = i < LO_BITS ? 1 << i : 0,
        bHi = i < LO_BITS ? 0 : 1 << (i - LO_BITS);
      // the cell's digits, lowest first (no closure: this runs for every cell of every house at every step)
      for (let m = lo[c]; m !== 0; m &= m - 1) {
        const d0 = 31 - Math.clz32(m & -m);
        posLo[d0] |= bLo;
        posHi[d0] |= bHi;
      }
      for (let m = hi[c]; m !== 0; m &= m - 1) {
        const d0 = LO_BITS + 31 - Math.clz32(m & -m);
        posLo[d0] |= bLo;
        posHi[d0] |= bHi;
      }
    }
    if (open <= k) continue;
    let count = 0;
    for (let d0 = 0; d0 < n; d0++) {
      const placed = d0 < LO_BITS ? unitLo[u] & (1 << d0) : unitHi[u] & (1 << (d0 - LO_BITS));
      if (placed !== 0) continue;
      const p = popcount2(posLo[d0], posHi[d0]);
      if (p < 2 || p > k) continue;
      setLo[count] = posLo[d0];
      setHi[count] = posHi[d0];
      digitAt[count++] = d0;
    }
    if (count < k) continue;
    const found = eachTightSubset(setLo, setHi, count, k, chosen, (ch, cellsLo, cellsHi) => {
      g.patternHouse = u;
      g.patternOther = false;
      let keepLo = 0,
        keepHi = 0;
      for (let j = 0; j < k; j++) {
        const d0 = digitAt[ch[j]];
        if (d0 < LO_BITS) keepLo |= 1 << d0;
        else keepHi |= 1 << (d0 - LO_BITS);
      }
      g.beginStep();
      let removed = false;
      forEachBit(cellsLo, cellsHi, (i) => {
        const c = unitCells[u * n + i];
        forEachBit(lo[c] & ~keepLo, hi[c] & ~keepHi, (d0) => {
          g.eliminate(c, d0);
          removed = true;
        });
      });
      if (removed && g.steps) {
        const cells: string[] = [];
        forEachBit(cellsLo, cellsHi, (i) => cells.push(g.cellName(unitCells[u * n + i])));
        g.noteEliminations(
          technique,
          `hidden ${SIZE_WORD[k]} ${g.digitSet(keepLo, keepHi)} in ${g.unitName(u)} (${cells.join(', ')})`,
        );
      }
      return removed;
    });
    if (found) return true;
  }
  return false;
}
