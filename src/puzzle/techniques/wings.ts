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

/** Scratch of wxyzWing: the cells of up to four candidates, and the wing being built. */
let small = new Int32Array(0);
const wingCells = new Int32Array(4);
/** A pivot's peers that could be in its wing (a cell has fewer than 1,296 peers up to 36×36; here n ≤ 9). */
const around = new Int32Array(1296);

/**
 * WXYZ-wing (Sukaku Explainer's rating: 5.5, 5.6 when the fullest cell has three candidates): four open cells, one
 * of them (the pivot) seeing the other three, holding four digits between them, where every digit but one (z) is
 * restricted: its cells in the wing all see one another, so it is in one of them at most. Four cells need four
 * digits, so z is in one of its cells of the wing ⇒ z leaves every cell that sees all of them. (With no
 * unrestricted digit the wing is a cycle, which SE rates as a chain: left to the chains.) Grids up to 9×9, from
 * each pivot and three of its peers. One pattern per call, the lowest rated.
 */
export function wxyzWing(g: CandidateGrid, technique: number): boolean {
  if (g.n > 9) return false;
  const { N, lo, value } = g;
  if (small.length < N) small = new Int32Array(N);
  let m = 0;
  for (let c = 0; c < N; c++) if (value[c] === 0 && lo[c] !== 0 && popcount2(lo[c], 0) <= 4) small[m++] = c;
  let best: { rating: number; cells: number[]; remove: Array<readonly [number, number]> } | null = null;
  const judge = () => {
    let union = 0;
    let fullest = 0;
    for (let i = 0; i < 4; i++) {
      union |= lo[wingCells[i]];
      fullest = Math.max(fullest, popcount2(lo[wingCells[i]], 0));
    }
    if (popcount2(union, 0) !== 4) return;
    // unrestricted digits
    let free = 0;
    for (let m2 = union; m2 !== 0; m2 &= m2 - 1) {
      const bit = m2 & -m2;
      let restricted = true;
      for (let i = 0; i < 4 && restricted; i++)
        for (let j = i + 1; j < 4 && restricted; j++)
          if (lo[wingCells[i]] & lo[wingCells[j]] & bit && !g.sees(wingCells[i], wingCells[j])) restricted = false;
      if (!restricted) free |= bit;
    }
    // exactly one (with none the wing is a cycle of restricted links, which SE rates as a chain)
    if (popcount2(free, 0) !== 1) return;
    const rating = fullest === 3 ? 5.6 : 5.5;
    if (best && best.rating <= rating) return;
    const remove: Array<readonly [number, number]> = [];
    {
      const z = free;
      const z0 = 31 - Math.clz32(z);
      for (let c = 0; c < N; c++) {
        if (value[c] !== 0 || !(lo[c] & z)) continue;
        let all = true;
        for (let i = 0; i < 4 && all; i++)
          if (wingCells[i] === c || (lo[wingCells[i]] & z && !g.sees(c, wingCells[i]))) all = false;
        if (all) remove.push([c, z0]);
      }
    }
    if (remove.length > 0) best = { rating, cells: Array.from(wingCells), remove };
  };
  // the pivot, then three of its peers with up to four candidates, four digits between them all
  for (let i = 0; i < m; i++) {
    const pivot = small[i];
    const up = lo[pivot];
    let k = 0;
    for (let j = g.peerStart[pivot]; j < g.peerStart[pivot + 1]; j++) {
      const q = g.peerList[j];
      if (value[q] === 0 && lo[q] !== 0 && popcount2(up | lo[q], 0) <= 4) around[k++] = q;
    }
    wingCells[0] = pivot;
    for (let a = 0; a < k; a++) {
      const ua = up | lo[around[a]];
      wingCells[1] = around[a];
      for (let b = a + 1; b < k; b++) {
        const ub = ua | lo[around[b]];
        if (popcount2(ub, 0) > 4) continue;
        wingCells[2] = around[b];
        for (let c = b + 1; c < k; c++) {
          if (popcount2(ub | lo[around[c]], 0) !== 4) continue;
          wingCells[3] = around[c];
          judge();
        }
      }
    }
  }
  const found = best as { rating: number; cells: number[]; remove: Array<readonly [number, number]> } | null;
  if (!found) return false;
  g.stepRating = found.rating;
  g.beginStep();
  for (const [c, d] of found.remove) g.eliminate(c, d);
  if (g.steps) {
    const uses: Array<readonly [number, number]> = [];
    for (const c of found.cells) for (let k = lo[c]; k !== 0; k &= k - 1) uses.push([c, 32 - Math.clz32(k & -k)]);
    g.noteEliminations(
      technique,
      `WXYZ-wing: ${found.cells.map((c) => `${g.cellName(c)} ${g.digitSet(lo[c], 0)}`).join(', ')}`,
      uses,
    );
  }
  return true;
}
