import type { Rules } from '../../grid/rules.js';
import { forEachBit, type CandidateGrid } from '../candidateGrid.js';

/**
 * Locked candidates: where a digit's places in one unit all lie in a second unit, the digit leaves the rest of
 * the second unit.
 *   pointing  in box b, digit d only in one row (or column) of the box ⇒ d leaves that row outside the box
 *   claiming  in a row (or column), d only inside one box ⇒ d leaves the rest of that box
 * The unit is split into segments (a box into its R rows or C columns; a row into its R box segments of C cells,
 * a column into C segments of R cells); a digit in exactly one segment's candidates is locked there.
 * One pattern per call (the rater restarts from the easiest technique after each); true when it removed something.
 */
const segLo = new Int32Array(36);
const segHi = new Int32Array(36);

export function pointing(g: CandidateGrid, technique: number): boolean {
  if (!g.rules.plain) return lockedBetween(g, technique, false);
  const { n, shape, unitCells } = g;
  const { rows: R, cols: C } = shape;
  for (let b = 0; b < n; b++) {
    const u = 2 * n + b;
    // rows of the box: segment r holds cells r·C .. r·C + C − 1 of the box (reading order)
    if (lockedIn(g, u, R, (i) => Math.floor(i / C))) {
      const first = unitCells[u * n];
      if (apply(g, technique, u, 'row', (r) => Math.floor(first / n) + r)) return true;
    }
    if (lockedIn(g, u, C, (i) => i % C)) {
      const first = unitCells[u * n];
      if (apply(g, technique, u, 'column', (k) => n + (first % n) + k)) return true;
    }
  }
  return false;
}

export function claiming(g: CandidateGrid, technique: number): boolean {
  if (!g.rules.plain) return lockedBetween(g, technique, true);
  const { n, shape } = g;
  const { rows: R, cols: C } = shape;
  for (let u = 0; u < 2 * n; u++) {
    const isRow = u < n;
    // a row crosses R boxes (segments of C cells); a column crosses C boxes (segments of R cells)
    const segs = isRow ? R : C;
    const len = isRow ? C : R;
    if (!lockedIn(g, u, segs, (i) => Math.floor(i / len))) continue;
    if (applyClaim(g, technique, u, segs)) return true;
  }
  return false;
}

/** Fill segLo/segHi[0..segs) with the candidates of each segment of unit u; true when some digit is in one only. */
function lockedIn(g: CandidateGrid, u: number, segs: number, segOf: (i: number) => number): boolean {
  const { n, lo, hi, unitCells } = g;
  segLo.fill(0, 0, segs);
  segHi.fill(0, 0, segs);
  for (let i = 0; i < n; i++) {
    const c = unitCells[u * n + i];
    const s = segOf(i);
    segLo[s] |= lo[c];
    segHi[s] |= hi[c];
  }
  let onceLo = 0,
    twiceLo = 0,
    onceHi = 0,
    twiceHi = 0;
  for (let s = 0; s < segs; s++) {
    twiceLo |= onceLo & segLo[s];
    onceLo |= segLo[s];
    twiceHi |= onceHi & segHi[s];
    onceHi |= segHi[s];
  }
  let any = false;
  for (let s = 0; s < segs; s++) {
    segLo[s] &= ~twiceLo;
    segHi[s] &= ~twiceHi;
    if ((segLo[s] | segHi[s]) !== 0) any = true;
  }
  return any;
}

/**
 * Pointing: for each segment s of box unit u (a row or column of the box) with locked digits, remove them from
 * the line lineOf(s) outside the box. True at the first segment that removed something.
 */
function apply(
  g: CandidateGrid,
  technique: number,
  u: number,
  kind: 'row' | 'column',
  lineOf: (s: number) => number,
): boolean {
  const { n, unitCells, boxOf } = g;
  const box = u - 2 * n;
  const segs = kind === 'row' ? g.shape.rows : g.shape.cols;
  for (let s = 0; s < segs; s++) {
    const lockedLo = segLo[s],
      lockedHi = segHi[s];
    if ((lockedLo | lockedHi) === 0) continue;
    const line = lineOf(s);
    let found = -1;
    forEachBit(lockedLo, lockedHi, (d0) => {
      if (found >= 0) return;
      g.beginStep();
      let removed = false;
      for (let i = 0; i < n; i++) {
        const c = unitCells[line * n + i];
        if (boxOf[c] !== box && g.eliminate(c, d0)) removed = true;
      }
      if (removed) found = d0;
    });
    if (found >= 0) {
      if (g.steps)
        g.noteEliminations(
          technique,
          `pointing: in ${g.unitName(u)}, ${g.digitName(found + 1)} lies only in ${g.unitName(line)}`,
        );
      g.patternHouse = u;
      g.patternOther = true;
      return true;
    }
  }
  return false;
}

/** Claiming: for each segment of line u with locked digits, remove them from the rest of that segment's box. */
function applyClaim(g: CandidateGrid, technique: number, u: number, segs: number): boolean {
  const { n, unitCells, cellUnits } = g;
  const len = n / segs;
  for (let s = 0; s < segs; s++) {
    const lockedLo = segLo[s],
      lockedHi = segHi[s];
    if ((lockedLo | lockedHi) === 0) continue;
    const boxUnit = cellUnits[3 * unitCells[u * n + s * len] + 2];
    const lineKind = u < n ? 0 : 1;
    let found = -1;
    forEachBit(lockedLo, lockedHi, (d0) => {
      if (found >= 0) return;
      g.beginStep();
      let removed = false;
      for (let i = 0; i < n; i++) {
        const c = unitCells[boxUnit * n + i];
        if (cellUnits[3 * c + lineKind] !== u && g.eliminate(c, d0)) removed = true;
      }
      if (removed) found = d0;
    });
    if (found >= 0) {
      if (g.steps)
        g.noteEliminations(
          technique,
          `claiming: in ${g.unitName(u)}, ${g.digitName(found + 1)} lies only in ${g.unitName(boxUnit)}`,
        );
      g.patternHouse = u;
      g.patternOther = true;
      return true;
    }
  }
  return false;
}

/**
 * The intersections of the rules' houses, built once per rules: (A, B) for every two houses meeting in two or
 * more cells, as A·H + B; and whether cell c lies in house h (member[h·N + c]).
 */
interface Intersections {
  readonly pairs: Int32Array;
  readonly member: Uint8Array;
}

const intersections = new WeakMap<Rules, Intersections>();

function intersectionsOf(rules: Rules): Intersections {
  let x = intersections.get(rules);
  if (x) return x;
  const { n, houses, houseCount: H, cells: N } = rules;
  const member = new Uint8Array(H * N);
  for (let h = 0; h < H; h++) for (let k = 0; k < n; k++) member[h * N + houses[h * n + k]] = 1;
  const pairs: number[] = [];
  for (let a = 0; a < H; a++)
    for (let b = 0; b < H; b++) {
      if (a === b) continue;
      let common = 0;
      for (let k = 0; k < n; k++) common += member[b * N + houses[a * n + k]];
      if (common >= 2 && common < n) pairs.push(a * H + b);
    }
  x = { pairs: Int32Array.from(pairs), member };
  intersections.set(rules, x);
  return x;
}

/**
 * Locked candidates between any two houses A and B that meet in two or more cells: when digit d's places in A all
 * lie in A ∩ B, d leaves B outside A. `fromLine`: A is a row or column (claiming), else a box, region or a
 * variant's house (pointing). One pattern per call; true when it removed something.
 */
function lockedBetween(g: CandidateGrid, technique: number, fromLine: boolean): boolean {
  const { n, N, H, lo, hi, unitCells } = g;
  const { pairs, member } = intersectionsOf(g.rules);
  for (let k = 0; k < pairs.length; k++) {
    const a = Math.floor(pairs[k] / H),
      b = pairs[k] % H;
    if (a < 2 * n !== fromLine) continue;
    let inLo = 0,
      inHi = 0,
      outLo = 0,
      outHi = 0;
    for (let i = a * n; i < a * n + n; i++) {
      const c = unitCells[i];
      if (member[b * N + c]) {
        inLo |= lo[c];
        inHi |= hi[c];
      } else {
        outLo |= lo[c];
        outHi |= hi[c];
      }
    }
    const lockedLo = inLo & ~outLo,
      lockedHi = inHi & ~outHi;
    if ((lockedLo | lockedHi) === 0) continue;
    let found = -1;
    forEachBit(lockedLo, lockedHi, (d0) => {
      if (found >= 0) return;
      g.beginStep();
      let removed = false;
      for (let i = b * n; i < b * n + n; i++) {
        const c = unitCells[i];
        if (!member[a * N + c] && g.eliminate(c, d0)) removed = true;
      }
      if (removed) found = d0;
    });
    if (found >= 0) {
      if (g.steps)
        g.noteEliminations(
          technique,
          `${fromLine ? 'claiming' : 'pointing'}: in ${g.unitName(a)}, ${g.digitName(found + 1)} lies only in ` +
            g.unitName(b),
        );
      g.patternHouse = a;
      g.patternOther = true;
      return true;
    }
  }
  return false;
}
