import { popcount } from '../../grid/bits.js';
import type { CandidateGrid } from '../candidateGrid.js';
import { nakedSetWithVirtualCell } from './virtualCell.js';

/**
 * Unique loops (one solution assumed; plain rules only, as unique rectangles): an even cycle of 6 or more open
 * cells that all hold {a, b}, each cell sharing a house with the next, where every house holds none of the loop's
 * cells or two of them at odd distance along the loop (one "a" place, one "b" place when a and b alternate). Were
 * every cell of it {a, b}, a and b could swap along it and the puzzle would have two solutions. So
 *   type 1: one cell has other candidates ⇒ a and b leave it;
 *   type 2: the cells with other candidates all have one more, the same z ⇒ one of them is z: z leaves every cell
 *           that sees them all;
 *   type 4: two cells with other candidates share a house where a lies only in them ⇒ one is a, so b leaves both;
 *   type 3: two cells with other candidates share a house: one of them holds one of their other digits, so the two
 *           act as one cell with those digits, which with m more cells of the house may form a naked set of m + 1
 *           digits ⇒ they leave the rest of the house (nakedSetWithVirtualCell).
 * Rated as Sudoku Explainer rates them: 4.5, plus 0.1 for 6 or 7 cells, 0.2 for 8 or 9, 0.5 for 10 or more (the
 * rectangle, 4 cells, is uniqueRectangle's); type 3 adds 0.1 for each digit of its set beyond the first.
 *
 *     r1c1 ─ r1c4          a loop of six over rows 1, 5, 8 and columns 1, 4, 7 (boxes 1, 2, 4, 5, 7, 8 each
 *      │       │           hold two of its cells, next to each other along it)
 *     r8c1    r5c4 ─ r5c7
 *      │               │
 *     r8c7 ────────────┘   (drawn schematically)
 */

/** Longest loop looked for (cells); longer ones are very rare and the search grows with the length. */
const MAX_LENGTH = 12;
/** Cells of the loop that may have other candidates than a and b (types 1, 2 and 4 need one or two). */
const MAX_EXTRA = 2;

/** The SE rating of a unique loop of `length` cells. */
export function uniqueLoopRating(length: number): number {
  return length >= 10 ? 5.0 : length >= 8 ? 4.7 : length >= 6 ? 4.6 : 4.5;
}

interface Found {
  rating: number;
  loop: number[];
  ab: number;
  type: 1 | 2 | 3 | 4;
  /** The eliminations: [cell, digit0] pairs. */
  remove: Array<readonly [number, number]>;
  house: number;
}

/** Scratch, sized for 9×9 (the technique is tried on grids up to 9×9 with one solution). */
const path = new Int32Array(MAX_LENGTH);
const inPath = new Uint8Array(81);
const houseCount = new Int8Array(27);
const houseParity = new Int8Array(27);

export function uniqueLoop(g: CandidateGrid, technique: number): boolean {
  if (!g.rules.plain || g.n !== 9) return false;
  const { N, lo, value, cellHouseStart, cellHouseList } = g;
  let best: Found | null = null;
  const cells: number[] = [];
  for (let a = 0; a < 9; a++)
    for (let b = a + 1; b < 9; b++) {
      const ab = (1 << a) | (1 << b);
      cells.length = 0;
      let exact = 0;
      for (let c = 0; c < N; c++)
        if (value[c] === 0 && (lo[c] & ab) === ab) {
          cells.push(c);
          if (lo[c] === ab) exact++;
        }
      // six cells or more, at most MAX_EXTRA of them with other candidates
      if (cells.length < 6 || exact < 6 - MAX_EXTRA) continue;
      const houses = (c: number) => cellHouseList.subarray(cellHouseStart[c], cellHouseStart[c + 1]);
      const enter = (c: number, at: number): boolean => {
        for (const u of houses(c))
          if (houseCount[u] === 2 || (houseCount[u] === 1 && houseParity[u] === (at & 1))) return false;
        for (const u of houses(c)) {
          houseCount[u]++;
          houseParity[u] = at & 1;
        }
        inPath[c] = 1;
        path[at] = c;
        return true;
      };
      const leave = (c: number) => {
        for (const u of houses(c)) houseCount[u]--;
        inPath[c] = 0;
      };
      const closed = (length: number): boolean => {
        for (let i = 0; i < length; i++) for (const u of houses(path[i])) if (houseCount[u] !== 2) return false;
        return true;
      };
      const dfs = (at: number, extra: number) => {
        const x = path[at - 1];
        const length = at;
        if (length >= 6 && length % 2 === 0 && g.sees(x, path[0]) && closed(length)) {
          const found = judge(g, path.subarray(0, length), ab);
          if (found && (!best || found.rating < best.rating)) best = found;
        }
        if (at === MAX_LENGTH || (best && uniqueLoopRating(at + 1) >= best.rating)) return;
        for (const y of cells) {
          if (y <= path[0] || inPath[y] || !g.sees(x, y)) continue;
          const more = lo[y] !== ab ? 1 : 0;
          if (extra + more > MAX_EXTRA) continue;
          if (!enter(y, at)) continue;
          dfs(at + 1, extra + more);
          leave(y);
        }
      };
      for (const s of cells) {
        const more = lo[s] !== ab ? 1 : 0;
        enter(s, 0);
        dfs(1, more);
        leave(s);
      }
    }
  const found = best as Found | null;
  if (!found) return false;
  const uses: Array<readonly [number, number]> = [];
  if (g.steps)
    for (const c of found.loop)
      for (let m = lo[c] & found.ab; m !== 0; m &= m - 1) uses.push([c, 32 - Math.clz32(m & -m)]);
  g.stepRating = found.rating;
  g.beginStep();
  let removed = false;
  for (const [c, d] of found.remove) if (g.eliminate(c, d)) removed = true;
  if (removed && g.steps) {
    const digits = [];
    for (let m = found.ab; m !== 0; m &= m - 1) digits.push(32 - Math.clz32(m & -m));
    const where = found.type >= 3 ? `, ${g.unitName(found.house)}` : '';
    g.noteEliminations(
      technique,
      `unique loop {${digits.join(', ')}} of ${found.loop.length} cells ` +
        `(${found.loop.map((c) => g.cellName(c)).join(', ')}; type ${found.type}${where})`,
      uses,
    );
  }
  return removed;
}

/** The deduction a closed loop allows (type 1, else 2, else 4), or null. */
function judge(g: CandidateGrid, loop: Int32Array, ab: number): Found | null {
  const { lo, N, n } = g;
  const extras = Array.from(loop).filter((c) => lo[c] !== ab);
  const rating = uniqueLoopRating(loop.length);
  const base = { rating, loop: Array.from(loop), ab, house: -1 };
  if (extras.length === 1) {
    const c = extras[0];
    const remove: Array<readonly [number, number]> = [];
    for (let m = ab; m !== 0; m &= m - 1) remove.push([c, 31 - Math.clz32(m & -m)]);
    return { ...base, type: 1, remove };
  }
  if (extras.length !== 2) return null;
  const [x, y] = extras;
  const zx = lo[x] & ~ab;
  if (zx === (lo[y] & ~ab) && popcount(zx) === 1) {
    const z = 31 - Math.clz32(zx);
    const remove: Array<readonly [number, number]> = [];
    for (let c = 0; c < N; c++)
      if (c !== x && c !== y && g.value[c] === 0 && g.has(c, z) && g.sees(c, x) && g.sees(c, y)) remove.push([c, z]);
    if (remove.length > 0) return { ...base, type: 2, remove };
  }
  if (!g.sees(x, y)) return null;
  for (let k = g.cellHouseStart[x]; k < g.cellHouseStart[x + 1]; k++) {
    const u = g.cellHouseList[k];
    let holdsY = false;
    for (let i = 0; i < n; i++) if (g.unitCells[u * n + i] === y) holdsY = true;
    if (!holdsY) continue;
    for (let m = ab; m !== 0; m &= m - 1) {
      const a = m & -m;
      let places = 0;
      for (let i = 0; i < n; i++) if (lo[g.unitCells[u * n + i]] & a) places++;
      if (places !== 2) continue;
      const b0 = 31 - Math.clz32(ab & ~a);
      return { ...base, type: 4, house: u, remove: [[x, b0] as const, [y, b0] as const] };
    }
  }
  const set = nakedSetWithVirtualCell(g, [x, y], (lo[x] | lo[y]) & ~ab, 3);
  if (!set) return null;
  const rating3 = Math.round(10 * (rating + 0.1 * (popcount(set.digits) - 1))) / 10;
  return { ...base, rating: rating3, type: 3, house: set.house, remove: [...set.remove] };
}
