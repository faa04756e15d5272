import { LO_BITS, lowestBit, popcount2, type CandidateGrid } from '../candidateGrid.js';

/**
 * Hidden singles in the units first..last−1: a digit with one place left in a unit goes there. All found in
 * one pass are placed (each stays true after the others: they are different digits in different cells).
 * Also notices a digit with no place left, or one cell that is the only place of two digits (contradictions).
 * True when something changed.
 */
export function hiddenSingles(g: CandidateGrid, technique: number, first: number, last: number): boolean {
  const { n, lo, hi, value, unitCells, unitLo, unitHi, fullLo, fullHi } = g;
  const before = g.changes;
  for (let u = first; u < last; u++) {
    const base = u * n;
    let onceLo = 0,
      twiceLo = 0,
      onceHi = 0,
      twiceHi = 0;
    for (let i = base, end = base + n; i < end; i++) {
      const c = unitCells[i];
      const mLo = lo[c],
        mHi = hi[c];
      twiceLo |= onceLo & mLo;
      onceLo |= mLo;
      twiceHi |= onceHi & mHi;
      onceHi |= mHi;
    }
    if ((onceLo | unitLo[u]) !== fullLo || (onceHi | unitHi[u]) !== fullHi) {
      g.broken = true; // a digit with no place in this unit
      return true;
    }
    const hLo = onceLo & ~twiceLo,
      hHi = onceHi & ~twiceHi;
    if ((hLo | hHi) === 0) continue;
    for (let i = base, end = base + n; i < end; i++) {
      const c = unitCells[i];
      if (value[c] !== 0) continue;
      const xLo = lo[c] & hLo,
        xHi = hi[c] & hHi;
      if ((xLo | xHi) === 0) continue;
      if (popcount2(xLo, xHi) > 1) {
        g.broken = true; // one cell is the only place of two digits
        return true;
      }
      const d0 = lowestBit(xLo, xHi);
      g.place(c, d0);
      if (g.steps) g.notePlace(technique, c, d0, `the only place for ${g.digitName(d0 + 1)} in ${g.unitName(u)}`);
      if (g.broken) return true;
    }
  }
  return g.changes !== before;
}

/** Naked singles: an open cell with one candidate left takes it. True when something changed. */
export function nakedSingles(g: CandidateGrid, technique: number): boolean {
  const { N, lo, hi, value } = g;
  const before = g.changes;
  for (let c = 0; c < N; c++) {
    if (value[c] !== 0) continue;
    const mLo = lo[c],
      mHi = hi[c];
    let d0: number;
    if (mHi === 0) {
      if (mLo === 0 || (mLo & (mLo - 1)) !== 0) continue;
      d0 = 31 - Math.clz32(mLo);
    } else {
      if (mLo !== 0 || (mHi & (mHi - 1)) !== 0) continue;
      d0 = LO_BITS + 31 - Math.clz32(mHi);
    }
    g.place(c, d0);
    if (g.steps) g.notePlace(technique, c, d0, 'its only candidate');
    if (g.broken) return true;
  }
  return g.changes !== before;
}

/**
 * Last values: a house with one open cell left gets the one digit it lacks (SE's "full house", 1.0). All found in
 * one pass are placed. True when something changed.
 */
export function lastValues(g: CandidateGrid, technique: number): boolean {
  const { n, value, unitCells, lo, hi } = g;
  const before = g.changes;
  for (let u = 0; u < g.H; u++) {
    let open = -1;
    let count = 0;
    for (let i = u * n, end = u * n + n; i < end; i++) {
      const c = unitCells[i];
      if (value[c] === 0) {
        open = c;
        if (++count > 1) break;
      }
    }
    if (count !== 1) continue;
    const d0 = lowestBit(lo[open], hi[open]);
    if (d0 < 0) {
      g.broken = true;
      return true;
    }
    g.place(open, d0);
    if (g.steps) g.notePlace(technique, open, d0, `the last open cell of ${g.unitName(u)}`);
    if (g.broken) return true;
  }
  return g.changes !== before;
}
