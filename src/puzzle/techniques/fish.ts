import { forEachBit, LO_BITS, popcount2, type CandidateGrid } from '../candidateGrid.js';
import { eachTightSubset } from './tightSubsets.js';

/**
 * Basic fish of size k (X-wing 2, swordfish 3, jellyfish 4) on one digit: k rows in which the digit's places lie
 * in k columns together ⇒ the digit leaves those columns in every other row (and the same with rows and columns
 * swapped). One pattern per call; true when it removed something.
 */
const setLo = new Int32Array(36);
const setHi = new Int32Array(36);
const lineAt = new Int32Array(36);
const chosen = new Int32Array(4);

const FISH_NAME = ['', '', 'X-wing', 'swordfish', 'jellyfish'];

export function fish(g: CandidateGrid, technique: number, k: number): boolean {
  const { n, unitLo, unitHi } = g;
  for (let d0 = 0; d0 < n; d0++) {
    const inLo = d0 < LO_BITS;
    const bit = inLo ? 1 << d0 : 1 << (d0 - LO_BITS);
    const words = inLo ? g.lo : g.hi;
    const placed = inLo ? unitLo : unitHi;
    for (let byRows = 1; byRows >= 0; byRows--) {
      const base0 = byRows ? 0 : n; // base lines: rows (units 0..n−1) or columns (n..2n−1)
      let count = 0;
      for (let line = 0; line < n; line++) {
        if (placed[base0 + line] & bit) continue;
        let pLo = 0,
          pHi = 0;
        for (let x = 0; x < n; x++) {
          const c = byRows ? line * n + x : x * n + line;
          if (words[c] & bit) {
            if (x < LO_BITS) pLo |= 1 << x;
            else pHi |= 1 << (x - LO_BITS);
          }
        }
        const p = popcount2(pLo, pHi);
        if (p < 2 || p > k) continue;
        setLo[count] = pLo;
        setHi[count] = pHi;
        lineAt[count++] = line;
      }
      if (count < k) continue;
      const found = eachTightSubset(setLo, setHi, count, k, chosen, (ch, coverLo, coverHi) => {
        g.beginStep();
        let removed = false;
        forEachBit(coverLo, coverHi, (x) => {
          for (let line = 0; line < n; line++) {
            let isBase = false;
            for (let j = 0; j < k; j++) if (lineAt[ch[j]] === line) isBase = true;
            if (isBase) continue;
            const c = byRows ? line * n + x : x * n + line;
            if (g.eliminate(c, d0)) removed = true;
          }
        });
        if (removed && g.steps) {
          const base = Array.from(ch.subarray(0, k), (j) => lineAt[j] + 1).join(', ');
          const cover: number[] = [];
          forEachBit(coverLo, coverHi, (x) => cover.push(x + 1));
          const [b, c] = byRows ? ['rows', 'columns'] : ['columns', 'rows'];
          g.noteEliminations(
            technique,
            `${FISH_NAME[k]} on ${g.digitName(d0 + 1)}: ${b} ${base}, ${c} ${cover.join(', ')}`,
          );
        }
        return removed;
      });
      if (found) return true;
    }
  }
  return false;
}
