import { popcount2, type CandidateGrid } from '../candidateGrid.js';

/**
 * Wings: a pivot cell and two pincers that see it, sharing a digit z that one of them must hold.
 * "See" is share a house or a pair (src/grid/rules.ts), so the wings work under any rules.
 *   XY-wing   pivot {x,y}, pincers {x,z} and {y,z}: one pincer is z ⇒ z leaves every cell that sees both pincers
 *   XYZ-wing  pivot {x,y,z}, pincers {x,z} and {y,z}: the pivot or a pincer is z ⇒ z leaves every cell that sees
 *             all three
 * One pattern per call; true when it removed something.
 */
let bivalue = new Int32Array(0);

export function xyWing(g: CandidateGrid, technique: number): boolean {
  return wing(g, technique, 2);
}

export function xyzWing(g: CandidateGrid, technique: number): boolean {
  return wing(g, technique, 3);
}

function wing(g: CandidateGrid, technique: number, pivotSize: number): boolean {
  const { N, lo, hi, value, peerStart, peerList } = g;
  if (bivalue.length < N) bivalue = new Int32Array(N);
  const isBivalue = (c: number) => value[c] === 0 && popcount2(lo[c], hi[c]) === 2;
  for (let pivot = 0; pivot < N; pivot++) {
    if (value[pivot] !== 0) continue;
    const pLo = lo[pivot],
      pHi = hi[pivot];
    if (popcount2(pLo, pHi) !== pivotSize) continue;
    // bivalue peers sharing exactly one digit with the pivot (XY) or lying inside the pivot's set (XYZ)
    let m = 0;
    for (let j = peerStart[pivot], end = peerStart[pivot + 1]; j < end; j++) {
      const q = peerList[j];
      if (!isBivalue(q)) continue;
      const shared = popcount2(lo[q] & pLo, hi[q] & pHi);
      if (pivotSize === 2 ? shared === 1 : shared === 2) bivalue[m++] = q;
    }
    for (let i = 0; i < m; i++) {
      const a = bivalue[i];
      for (let j = i + 1; j < m; j++) {
        const b = bivalue[j];
        const aLo = lo[a],
          aHi = hi[a],
          bLo = lo[b],
          bHi = hi[b];
        let zLo: number, zHi: number;
        if (pivotSize === 2) {
          // pivot {x,y}, a {x,z}, b {y,z}: b = pivot xor a
          if (bLo !== (pLo ^ aLo) || bHi !== (pHi ^ aHi)) continue;
          zLo = aLo & bLo;
          zHi = aHi & bHi;
        } else {
          // a ∪ b = pivot, a ∩ b = {z}
          if ((aLo | bLo) !== pLo || (aHi | bHi) !== pHi) continue;
          zLo = aLo & bLo;
          zHi = aHi & bHi;
          if (popcount2(zLo, zHi) !== 1) continue;
        }
        const z0 = zLo !== 0 ? 31 - Math.clz32(zLo) : 30 + 31 - Math.clz32(zHi);
        g.beginStep();
        let removed = false;
        for (let t = peerStart[a], end = peerStart[a + 1]; t < end; t++) {
          const c = peerList[t];
          if (c === b || c === pivot || value[c] !== 0) continue;
          if (!g.sees(c, b)) continue;
          if (pivotSize === 3 && !g.sees(c, pivot)) continue;
          if (g.eliminate(c, z0)) removed = true;
        }
        if (removed) {
          if (g.steps) {
            const name = pivotSize === 2 ? 'XY-wing' : 'XYZ-wing';
            g.noteEliminations(
              technique,
              `${name}: pivot ${g.cellName(pivot)} ${g.digitSet(pLo, pHi)}, pincers ${g.cellName(a)} ` +
                `${g.digitSet(aLo, aHi)} and ${g.cellName(b)} ${g.digitSet(bLo, bHi)}`,
            );
          }
          return true;
        }
      }
    }
  }
  return false;
}
