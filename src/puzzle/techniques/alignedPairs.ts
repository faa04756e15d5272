import { LO_BITS, popcount2, type CandidateGrid } from '../candidateGrid.js';

/** Scratch: a cell's bivalue peers, and those that see the other cell too (peers of one cell: < 1296). */
const peers = new Int32Array(1296);
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
    // A's bivalue peers, the excluders' candidates
    let bivalue = 0;
    for (let k = peerStart[A]; k < peerStart[A + 1]; k++) {
      const C = peerList[k];
      if (value[C] === 0 && popcount2(lo[C], hi[C]) === 2) peers[bivalue++] = C;
    }
    if (bivalue < 2) continue;
    for (let B = A + 1; B < N; B++) {
      if (value[B] !== 0) continue;
      // the bivalue cells that see both
      let m = 0;
      for (let k = 0; k < bivalue; k++) {
        const C = peers[k];
        if (C !== B && g.sees(C, B)) common[m++] = C;
      }
      if (m < 2) continue;
      const aligned = g.sees(A, B);
      for (let side = 0; side < 2; side++) {
        const X = side === 0 ? A : B;
        const Y = side === 0 ? B : A;
        for (let x = 0; x < n; x++) {
          if (!g.has(X, x)) continue;
          let allExcluded = true;
          for (let y = 0; y < n && allExcluded; y++) {
            if (!g.has(Y, y) || (y === x && aligned)) continue;
            if (!excluded(g, m, x, y)) allExcluded = false;
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

/** Is (x, y) excluded: some cell among the first m of `common` has no candidate but x and y? */
function excluded(g: CandidateGrid, m: number, x: number, y: number): boolean {
  let pairLo = 0,
    pairHi = 0;
  if (x < LO_BITS) pairLo |= 1 << x;
  else pairHi |= 1 << (x - LO_BITS);
  if (y < LO_BITS) pairLo |= 1 << y;
  else pairHi |= 1 << (y - LO_BITS);
  for (let i = 0; i < m; i++) {
    const C = common[i];
    if ((g.lo[C] & ~pairLo) === 0 && (g.hi[C] & ~pairHi) === 0) return true;
  }
  return false;
}
