import { LO_BITS, popcount2, type CandidateGrid } from '../candidateGrid.js';

const common = new Int32Array(1296);

/**
 * Aligned pair exclusion (SE 6.2): two open cells A and B, with two or more bivalue cells that see both (the
 * excluders). A pair of digits (a in A, b in B) is impossible when a = b and A sees B, or when an excluder has no
 * candidate but a and b (it would be left empty). A digit of A in no possible pair leaves A (and the same for B).
 * One pattern per call; true when it removed something.
 */
export function alignedPairExclusion(g: CandidateGrid, technique: number): boolean {
  const { N, n, value, peerStart, peerList, lo, hi } = g;
  for (let A = 0; A < N; A++) {
    if (value[A] !== 0) continue;
    for (let B = A + 1; B < N; B++) {
      if (value[B] !== 0) continue;
      // the bivalue cells that see both
      let m = 0;
      for (let k = peerStart[A]; k < peerStart[A + 1]; k++) {
        const C = peerList[k];
        if (C !== B && value[C] === 0 && g.sees(C, B) && popcount2(lo[C], hi[C]) === 2) common[m++] = C;
      }
      if (m < 2) continue;
      const aligned = g.sees(A, B);
      for (let side = 0; side < 2; side++) {
        const [X, Y] = side === 0 ? [A, B] : [B, A];
        for (let x = 0; x < n; x++) {
          if (!g.has(X, x)) continue;
          let allExcluded = true;
          for (let y = 0; y < n && allExcluded; y++) {
            if (!g.has(Y, y) || (y === x && aligned)) continue;
            if (!excluded(g, common, m, x, y)) allExcluded = false;
          }
          if (!allExcluded) continue;
          const uses: Array<readonly [number, number]> = [];
          if (g.steps)
            for (const c of [A, B, ...common.subarray(0, m)])
              for (let d = 0; d < n; d++) if (g.has(c, d)) uses.push([c, d + 1]);
          g.beginStep();
          g.eliminate(X, x);
          if (g.steps)
            g.noteEliminations(
              technique,
              `aligned pair exclusion: ${g.cellName(A)} and ${g.cellName(B)}; every pair with ` +
                `${g.cellName(X)}=${g.digitName(x + 1)} empties a bivalue cell that sees both`,
              uses,
            );
          return true;
        }
      }
    }
  }
  return false;
}

/** Is (x, y) excluded: some cell among the m in `cells` has no candidate but x and y? */
function excluded(g: CandidateGrid, cells: Int32Array, m: number, x: number, y: number): boolean {
  let pairLo = 0,
    pairHi = 0;
  for (const d of [x, y]) {
    if (d < LO_BITS) pairLo |= 1 << d;
    else pairHi |= 1 << (d - LO_BITS);
  }
  for (let i = 0; i < m; i++) {
    const C = cells[i];
    if ((g.lo[C] & ~pairLo) === 0 && (g.hi[C] & ~pairHi) === 0) return true;
  }
  return false;
}
