import { popcount } from '../../grid/bits.js';
import type { CandidateGrid } from '../candidateGrid.js';
import { nakedSetWithVirtualCell } from './virtualCell.js';

/**
 * Deductions that hold only because the puzzle has one solution (the rater is told so; a puzzle with several may
 * come out contradictory, and is reported as such by ratePuzzle). Plain rules and n ≤ 30 only: under a variant a
 * swapped rectangle need not be a second solution.
 *
 *   unique rectangle   four open cells at the corners of a rectangle over two rows, two columns and two boxes that
 *                      all hold {a, b}: were they all {a, b}, a and b could swap (two solutions). So
 *                      type 1 (SE 4.5): three corners are exactly {a, b} ⇒ a and b leave the fourth;
 *                      type 2 (SE 4.6): two corners are {a, b}, the other two {a, b, z} ⇒ one of them is z, so z
 *                      leaves every cell that sees both;
 *                      type 4 (SE 4.6): two corners are {a, b}, the other two share a house where a lies only in
 *                      them ⇒ one of them is a, the other cannot be b: b leaves both;
 *                      type 3 (SE 4.6–4.8): two corners are {a, b}, the other two share a house: one of them holds
 *                      one of their other digits, a virtual cell that with m cells of the house may make a naked
 *                      set of m + 1 digits ⇒ they leave the rest of the house (4.5 + 0.1 per digit beyond one)
 *   BUG + 1 (SE 5.6)   every open cell has two candidates but one, which has three, and each digit has two places in
 *                      every house but the one digit of that cell with three places in its houses: were that digit
 *                      gone, the grid would be a "bivalue universal grave" with two solutions ⇒ it goes there
 */
export function uniqueRectangle(g: CandidateGrid, technique: number, type: 1 | 2 | 3 | 4): boolean {
  if (!g.rules.plain || g.n > 30) return false;
  const { n, lo, value, boxOf } = g;
  const corner = [0, 0, 0, 0];
  for (let r1 = 0; r1 < n; r1++)
    for (let r2 = r1 + 1; r2 < n; r2++)
      for (let c1 = 0; c1 < n; c1++)
        for (let c2 = c1 + 1; c2 < n; c2++) {
          corner[0] = r1 * n + c1;
          corner[1] = r1 * n + c2;
          corner[2] = r2 * n + c1;
          corner[3] = r2 * n + c2;
          if (value[corner[0]] | value[corner[1]] | value[corner[2]] | value[corner[3]]) continue;
          // two boxes: the rows' pair or the columns' pair shares one (the corners of a rectangle)
          const rowsShare = boxOf[corner[0]] === boxOf[corner[1]];
          const columnsShare = boxOf[corner[0]] === boxOf[corner[2]];
          if (rowsShare === columnsShare) continue;
          let common = lo[corner[0]] & lo[corner[1]] & lo[corner[2]] & lo[corner[3]];
          while (common !== 0) {
            const a = common & -common;
            common ^= a;
            let rest = common;
            while (rest !== 0) {
              const b = rest & -rest;
              rest ^= b;
              if (tryRectangle(g, technique, type, corner, a | b)) return true;
            }
          }
        }
  return false;
}

function tryRectangle(g: CandidateGrid, technique: number, type: number, corner: number[], ab: number): boolean {
  const { lo, n } = g;
  const exact = corner.filter((c) => lo[c] === ab);
  const roof = corner.filter((c) => lo[c] !== ab);
  const name = () => `unique rectangle {${digits(ab)}} at ${corner.map((c) => g.cellName(c)).join(', ')}`;
  const uses = (): Array<readonly [number, number]> =>
    corner.flatMap((c) => digitList(lo[c] & ab).map((d) => [c, d] as const));
  if (type === 1) {
    if (exact.length !== 3) return false;
    const c = roof[0];
    const used = g.steps ? uses() : undefined;
    g.beginStep();
    const removed = eliminateMask(g, c, ab);
    if (removed && g.steps) g.noteEliminations(technique, `${name()} (type 1)`, used);
    return removed;
  }
  if (exact.length !== 2) return false;
  const [x, y] = roof;
  if (type === 2) {
    const extraX = lo[x] & ~ab,
      extraY = lo[y] & ~ab;
    if (extraX !== extraY || popcount(extraX) !== 1) return false;
    const z0 = 31 - Math.clz32(extraX);
    g.beginStep();
    let removed = false;
    for (let c = 0; c < g.N; c++)
      if (c !== x && c !== y && g.value[c] === 0 && g.sees(c, x) && g.sees(c, y) && g.eliminate(c, z0)) removed = true;
    if (removed && g.steps) g.noteEliminations(technique, `${name()} (type 2)`, uses());
    return removed;
  }
  if (type === 3) {
    const set = nakedSetWithVirtualCell(g, roof, (lo[x] | lo[y]) & ~ab, 3);
    if (!set) return false;
    g.stepRating = Math.round(10 * (4.5 + 0.1 * (popcount(set.digits) - 1))) / 10;
    g.beginStep();
    for (const [c, d] of set.remove) g.eliminate(c, d);
    if (g.steps) {
      const others = set.cells.map((c) => g.cellName(c)).join(', ');
      g.noteEliminations(
        technique,
        `${name()} (type 3: with ${others}, a naked set {${digits(set.digits)}} in ${g.unitName(set.house)})`,
        [...uses(), ...set.cells.flatMap((c) => digitList(lo[c]).map((d) => [c, d] as const))],
      );
    }
    return true;
  }
  // type 4: the roof cells share a house where one of a, b lies only in them
  for (let k = g.cellHouseStart[x]; k < g.cellHouseStart[x + 1]; k++) {
    const u = g.cellHouseList[k];
    let inY = false;
    for (let i = 0; i < n; i++) if (g.unitCells[u * n + i] === y) inY = true;
    if (!inY) continue;
    for (let m = ab; m !== 0; m &= m - 1) {
      const a = m & -m;
      const b = ab & ~a;
      let places = 0;
      for (let i = 0; i < n; i++) if (lo[g.unitCells[u * n + i]] & a) places++;
      if (places !== 2) continue;
      g.beginStep();
      const b0 = 31 - Math.clz32(b);
      const r1 = g.eliminate(x, b0);
      const r2 = g.eliminate(y, b0);
      if (r1 || r2) {
        if (g.steps) g.noteEliminations(technique, `${name()} (type 4, ${g.unitName(u)})`, uses());
        return true;
      }
    }
  }
  return false;
}

function eliminateMask(g: CandidateGrid, c: number, mask: number): boolean {
  let removed = false;
  for (let m = mask; m !== 0; m &= m - 1) if (g.eliminate(c, 31 - Math.clz32(m & -m))) removed = true;
  return removed;
}

function digitList(mask: number): number[] {
  const out: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(32 - Math.clz32(m & -m));
  return out;
}

function digits(mask: number): string {
  return digitList(mask).join(', ');
}

export function bugPlusOne(g: CandidateGrid, technique: number): boolean {
  if (!g.rules.plain || g.n > 30) return false;
  const { N, n, lo, value, unitCells } = g;
  let triple = -1;
  for (let c = 0; c < N; c++) {
    if (value[c] !== 0) continue;
    const k = popcount(lo[c]);
    if (k === 2) continue;
    if (k !== 3 || triple >= 0) return false;
    triple = c;
  }
  if (triple < 0) return false;
  // every digit has two places in each house, but one digit of the triple cell has three in the cell's houses
  let want = -1;
  for (let u = 0; u < g.H; u++)
    for (let d = 0; d < n; d++) {
      let places = 0,
        hasTriple = false;
      for (let i = 0; i < n; i++) {
        const c = unitCells[u * n + i];
        if (lo[c] & (1 << d)) {
          places++;
          if (c === triple) hasTriple = true;
        }
      }
      if (places === 0 || places === 2) continue;
      if (places !== 3 || !hasTriple) return false;
      if (want >= 0 && want !== d) return false;
      want = d;
    }
  if (want < 0) return false;
  const uses: Array<readonly [number, number]> = digitList(lo[triple]).map((d) => [triple, d] as const);
  g.place(triple, want);
  if (g.steps) g.notePlace(technique, triple, want, `BUG + 1: every other open cell has two candidates`, uses);
  return true;
}

/**
 * BUG types 2–4 (one solution assumed; plain rules): the open cells with more than two candidates (the BUG cells)
 * hold extra digits (those with more than two places in one of the cell's houses); were they all gone, every open
 * cell would have two candidates and every digit two places in every house it is open in, a "bivalue universal
 * grave" with no solution or several. So one of the extras is the cell's digit:
 *   type 2 (SE 5.7): every extra is the same digit z ⇒ z leaves every cell that sees all the BUG cells;
 *   type 4 (SE 5.7): two BUG cells in a house where one of their other digits, v, lies only in them ⇒ each of them
 *                    is its extra or v: their other digits go;
 *   type 3 (SE 5.8–6.0): the BUG cells all in one house act as one virtual cell holding one of their extras, which
 *                    with m cells of the house may make a naked set of m + 1 digits ⇒ they leave the rest of the house
 *                    (5.7 + 0.1 per digit of the set beyond one).
 * (Type 1, one BUG cell, is bugPlusOne.) One pattern per call.
 */
export function bugTypes(g: CandidateGrid, technique: number): boolean {
  if (!g.rules.plain || g.n > 30) return false;
  const { N, n, lo, value, unitCells, cellHouseStart, cellHouseList } = g;
  const bug: number[] = [];
  for (let c = 0; c < N; c++) {
    if (value[c] !== 0) continue;
    const k = popcount(lo[c]);
    if (k < 2) return false;
    if (k > 2) {
      bug.push(c);
      if (bug.length > 6) return false;
    }
  }
  if (bug.length < 2) return false;
  const places = (u: number, bit: number, mask: (c: number) => number) => {
    let p = 0;
    for (let i = 0; i < n; i++) if (mask(unitCells[u * n + i]) & bit) p++;
    return p;
  };
  // the extras of each BUG cell, and the grave left without them
  const extras = new Map<number, number>();
  for (const c of bug) {
    let e = 0;
    for (let m = lo[c]; m !== 0; m &= m - 1) {
      const bit = m & -m;
      for (let k = cellHouseStart[c]; k < cellHouseStart[c + 1]; k++)
        if (places(cellHouseList[k], bit, (x) => lo[x]) > 2) e |= bit;
    }
    if (popcount(lo[c] & ~e) !== 2) return false;
    extras.set(c, e);
  }
  const grave = (x: number) => (extras.has(x) ? lo[x] & ~extras.get(x)! : value[x] === 0 ? lo[x] : 0);
  for (let u = 0; u < g.H; u++)
    for (let d = 0; d < n; d++) {
      const p = places(u, 1 << d, grave);
      if (p !== 0 && p !== 2) return false;
    }
  let allExtra = 0;
  for (const e of extras.values()) allExtra |= e;
  const uses = () => bug.flatMap((c) => digitList(lo[c]).map((d) => [c, d] as const));
  const cells = () => bug.map((c) => g.cellName(c)).join(', ');
  // type 2
  if (popcount(allExtra) === 1 && [...extras.values()].every((e) => e === allExtra)) {
    const z0 = 31 - Math.clz32(allExtra);
    g.beginStep();
    let removed = false;
    for (let c = 0; c < N; c++)
      if (value[c] === 0 && !extras.has(c) && bug.every((b) => g.sees(c, b)) && g.eliminate(c, z0)) removed = true;
    if (removed) {
      g.stepRating = 5.7;
      if (g.steps) g.noteEliminations(technique, `BUG type 2: ${cells()} hold the extra ${z0 + 1}`, uses());
      return true;
    }
  }
  if (bug.length === 2 && g.sees(bug[0], bug[1])) {
    // type 4
    const [x, y] = bug;
    const common = grave(x) & grave(y);
    for (let k = cellHouseStart[x]; k < cellHouseStart[x + 1]; k++) {
      const u = cellHouseList[k];
      if (!Array.from(unitCells.subarray(u * n, u * n + n)).includes(y)) continue;
      for (let m = common; m !== 0; m &= m - 1) {
        const v = m & -m;
        if (places(u, v, (c) => lo[c]) !== 2) continue;
        g.beginStep();
        let removed = false;
        for (const c of bug)
          for (let r = grave(c) & ~v; r !== 0; r &= r - 1) if (g.eliminate(c, 31 - Math.clz32(r & -r))) removed = true;
        if (removed) {
          g.stepRating = 5.7;
          if (g.steps)
            g.noteEliminations(
              technique,
              `BUG type 4: ${cells()} in ${g.unitName(u)}, ${31 - Math.clz32(v) + 1} only there`,
              uses(),
            );
          return true;
        }
      }
    }
  }
  // type 3
  const set = nakedSetWithVirtualCell(g, bug, allExtra, 3);
  if (!set) return false;
  g.stepRating = Math.round(10 * (5.7 + 0.1 * (popcount(set.digits) - 1))) / 10;
  g.beginStep();
  for (const [c, d] of set.remove) g.eliminate(c, d);
  if (g.steps)
    g.noteEliminations(
      technique,
      `BUG type 3: ${cells()} with ${set.cells.map((c) => g.cellName(c)).join(', ')}, a naked set ` +
        `{${digits(set.digits)}} in ${g.unitName(set.house)}`,
      uses(),
    );
  return true;
}
