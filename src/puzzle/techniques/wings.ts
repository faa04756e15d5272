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

/** Scratch of the big wings: the cells of up to five candidates, and the wing being built. */
let small = new Int32Array(0);
let bivalues = new Int32Array(0);
const wingCells = new Int32Array(5);
/** A pivot's peers that could be in its wing (a cell has fewer than 1,296 peers up to 36×36; here n ≤ 9). */
const around = new Int32Array(1296);

/**
 * WXYZ-wing (4 cells) and VWXYZ-wing (5 cells), as Sukaku Explainer rates them: k open cells, one of them (the
 * pivot) seeing the others, holding k digits between them, where every digit but at most one (z) is restricted: its
 * cells in the wing all see one another, so it is in one of them at most. k cells need k digits, so
 *   one unrestricted digit z: z is in one of its cells of the wing ⇒ z leaves every cell that sees all of them;
 *   none ("doubly linked"): every digit is in the wing once ⇒ each digit leaves every cell that sees all its cells
 *   of the wing.
 * Of these, only the shape Sukaku Explainer looks for is taken (an ALS-XZ whose small set is one cell): an almost
 * locked set of k − 1 cells that all see one another, holding the k digits, and a bivalue cell on two of them (our
 * rule holds for more shapes, which SE rates as chains). Rated base + ((k − 3) − |3 − m|)
 * × 0.1, m the candidates of the fullest cell: WXYZ 5.5–5.6, VWXYZ 6.2–6.4 (Sukaku Explainer's values: the middle
 * sizes are the hardest to see). Grids up to 9×9, from each pivot and k − 1 of its peers. One pattern per call, the
 * lowest rated.
 */
export function wxyzWing(g: CandidateGrid, technique: number): boolean {
  return bigWing(g, technique, 4, 5.5, 'WXYZ-wing');
}

export function vwxyzWing(g: CandidateGrid, technique: number): boolean {
  return bigWing(g, technique, 5, 6.2, 'VWXYZ-wing');
}

function bigWing(g: CandidateGrid, technique: number, k: number, base: number, name: string): boolean {
  if (g.n > 9) return false;
  const { N, lo, value } = g;
  if (small.length < N) {
    small = new Int32Array(N);
    bivalues = new Int32Array(N);
  }
  let m = 0;
  for (let c = 0; c < N; c++) if (value[c] === 0 && lo[c] !== 0 && popcount2(lo[c], 0) <= k) small[m++] = c;
  let best: { rating: number; cells: number[]; remove: Array<readonly [number, number]> } | null = null;
  // the ALS is wingCells[0, k − 1) (its digits all restricted: its cells see one another), the bivalue cell the last:
  // a digit of it is restricted when every ALS cell holding it sees it
  const judge = (union: number) => {
    const b = wingCells[k - 1];
    let fullest = 2;
    let unseen = 0;
    for (let i = 0; i < k - 1; i++) {
      const c = wingCells[i];
      fullest = Math.max(fullest, popcount2(lo[c], 0));
      if (!g.sees(c, b)) unseen |= lo[c];
    }
    const free = lo[b] & unseen;
    if (free === lo[b]) return;
    const rating = Math.round(10 * (base + (k - 3 - Math.abs(3 - fullest)) * 0.1)) / 10;
    if (best && best.rating <= rating) return;
    const remove: Array<readonly [number, number]> = [];
    // the digits that must be in the wing: z alone, or all of them when none is free
    for (let zs = free !== 0 ? free : union; zs !== 0; zs &= zs - 1) {
      const z = zs & -zs;
      const z0 = 31 - Math.clz32(z);
      for (let c = 0; c < N; c++) {
        if (value[c] !== 0 || !(lo[c] & z)) continue;
        let all = true;
        for (let i = 0; i < k && all; i++)
          if (wingCells[i] === c || (lo[wingCells[i]] & z && !g.sees(c, wingCells[i]))) all = false;
        if (all) remove.push([c, z0]);
      }
    }
    if (remove.length > 0) best = { rating, cells: Array.from(wingCells.subarray(0, k)), remove };
  };
  // the almost locked set: the pivot, then k − 2 of its later peers that see one another, k digits between them;
  // then a bivalue cell on two of those digits
  let nb = 0;
  for (let c = 0; c < N; c++) if (value[c] === 0 && popcount2(lo[c], 0) === 2) bivalues[nb++] = c;
  const clique = (from: number, depth: number, union: number, count: number) => {
    if (depth === k - 1) {
      if (popcount2(union, 0) !== k) return;
      for (let i = 0; i < nb; i++) {
        const b = bivalues[i];
        if (lo[b] & ~union || wingCells.subarray(0, depth).includes(b)) continue;
        wingCells[depth] = b;
        judge(union);
      }
      return;
    }
    for (let a = from; a < count; a++) {
      const q = around[a];
      const u = union | lo[q];
      if (popcount2(u, 0) > k) continue;
      let sees = true;
      for (let i = 1; i < depth && sees; i++) if (!g.sees(q, wingCells[i])) sees = false;
      if (!sees) continue;
      wingCells[depth] = q;
      clique(a + 1, depth + 1, u, count);
    }
  };
  for (let i = 0; i < m; i++) {
    const pivot = small[i];
    const up = lo[pivot];
    let count = 0;
    for (let j = g.peerStart[pivot]; j < g.peerStart[pivot + 1]; j++) {
      const q = g.peerList[j];
      if (q > pivot && value[q] === 0 && lo[q] !== 0 && popcount2(up | lo[q], 0) <= k) around[count++] = q;
    }
    wingCells[0] = pivot;
    clique(0, 1, up, count);
  }
  const found = best as { rating: number; cells: number[]; remove: Array<readonly [number, number]> } | null;
  if (!found) return false;
  g.stepRating = found.rating;
  g.beginStep();
  for (const [c, d] of found.remove) g.eliminate(c, d);
  if (g.steps) {
    const uses: Array<readonly [number, number]> = [];
    for (const c of found.cells) for (let b = lo[c]; b !== 0; b &= b - 1) uses.push([c, 32 - Math.clz32(b & -b)]);
    g.noteEliminations(
      technique,
      `${name}: ${found.cells.map((c) => `${g.cellName(c)} ${g.digitSet(lo[c], 0)}`).join(', ')}`,
      uses,
    );
  }
  return true;
}
