import { popcount } from '../grid/bits.js';
import { cellName } from '../grid/parseGrid.js';
import type { BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';
import { asRules, type Rules } from '../grid/rules.js';

/**
 * Pencil marks for the human-technique rater: the state every technique reads and changes, for any box shape
 * up to n = 36.
 *
 * A set of digits (or of positions in a unit) is two Int32 words, so that n up to 36 fits:
 *
 *   lo  bits 0..29   digits 1..30       (d0 = digit − 1 < 30: bit d0 of lo)
 *   hi  bits 0..5    digits 31..36      (d0 ≥ 30:            bit d0 − 30 of hi)
 *
 * For n ≤ 30 the hi words stay 0. A solved cell has no candidates (lo = hi = 0) and its digit in `value`.
 *
 *   units   the houses of the rules (src/grid/rules.ts): u = 0..n−1 rows, n..2n−1 columns, 2n..3n−1 boxes (box
 *           b in reading order, or jigsaw regions), then the variants' houses up to H − 1
 *   placed  unitLo/unitHi[u]: the digits already placed in unit u
 *   peers   the cells sharing a house or a pair with a cell (a pair: anti-king, anti-knight), at peerList
 *           [peerStart[c], peerStart[c + 1])
 *
 * Every change goes through place() and eliminate(), which keep the counts (`open`, `changes`) and notice a
 * contradiction (`broken`: a cell with no candidate, a digit with no place, a digit placed twice). On a puzzle
 * with one solution nothing a technique deduces is ever false, so `broken` is only ever set on puzzles with
 * none; the rater stops there.
 */
export const LO_BITS = 30;
export const LO_MASK = (1 << LO_BITS) - 1;

/** A deduction in words, kept when the rater is asked for its steps. */
export interface Step {
  /** Index into TECHNIQUES. */
  readonly technique: number;
  /** What was found and what follows, e.g. "r3c5 = 7 (only place for 7 in box 2)". */
  readonly text: string;
  /** The cell placed (0-based index) and its digit, for singles. */
  readonly place?: { readonly cell: number; readonly digit: number };
  /** Candidates removed, as [cell, digit] pairs (digit 1-based). */
  readonly eliminate?: ReadonlyArray<readonly [number, number]>;
  /**
   * The candidates the deduction rests on, as [cell, digit] pairs (digit 1-based), for chains (the candidates
   * of every link) and the other patterns that name them; absent for singles.
   */
  readonly uses?: ReadonlyArray<readonly [number, number]>;
  /**
   * The step's Sudoku Explainer rating: its technique's value, or for chains base value plus length bonus (the
   * grid writes −1 for "the technique's value" and the rater fills it in).
   */
  readonly rating: number;
}

export class CandidateGrid {
  readonly rules: Rules;
  readonly shape: BoxShape;
  /** Houses (units): 3n for plain rules. */
  readonly H: number;
  readonly n: number;
  /** Cells: n². */
  readonly N: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Digit of each cell, 1..n, 0 while open. */
  readonly value: Uint8Array;
  readonly unitLo: Int32Array;
  readonly unitHi: Int32Array;
  /** The n cells of unit u at unitCells[u·n, u·n + n). */
  readonly unitCells: Int32Array;
  /** The row, column and box units of cell c at cellUnits[3c, 3c + 3) (the boxes, not jigsaw regions). */
  readonly cellUnits: Int32Array;
  /** Every house of cell c at cellHouseList[cellHouseStart[c], cellHouseStart[c + 1]). */
  readonly cellHouseStart: Int32Array;
  readonly cellHouseList: Int32Array;
  readonly peerStart: Int32Array;
  readonly peerList: Int32Array;
  /** sees[a·N + b] = 1 when a and b are peers. */
  private readonly seen: Uint8Array;
  /** Box of each cell (0..n−1). */
  readonly boxOf: Int32Array;
  /** All n digits. */
  readonly fullLo: number;
  readonly fullHi: number;
  /** Open cells. */
  open = 0;
  /** Set at a contradiction (only on puzzles without a solution). */
  broken = false;
  /** Candidates removed and digits placed since load (techniques compare it to see whether they did anything). */
  changes = 0;
  /** Loads and copies so far: with `changes`, says whether the pencil marks may differ from an earlier look. */
  loads = 0;
  /** Deductions in words, or null when nobody asked. */
  steps: Step[] | null = null;
  /**
   * The rating of the step just taken when it differs from its technique's base value (chains set it: base plus
   * length bonus); −1 otherwise. The rater resets it before each technique.
   */
  stepRating = -1;
  /**
   * The house of the pattern just applied, for the direct steps, as SE looks for their single: a hidden subset's
   * house (the single is in it), or locked candidates' base house (`patternOther`: the single is in another house
   * of its kind, row, column, box or a variant's, crossing the eliminations); −1 when not written.
   */
  patternHouse = -1;
  patternOther = false;
  /** Eliminations of the step being built (reused). */
  pending: Array<readonly [number, number]> = [];

  constructor(shape: BoxShape | Rules) {
    const rules = asRules(shape);
    const t = cellTables(rules.shape);
    this.rules = rules;
    this.shape = rules.shape;
    this.n = rules.n;
    this.N = t.cells;
    this.H = rules.houseCount;
    this.unitCells = rules.houses;
    this.cellUnits = t.cellUnits;
    this.cellHouseStart = rules.cellHouseStart;
    this.cellHouseList = rules.cellHouseList;
    this.peerStart = rules.peerStart;
    this.peerList = rules.peerList;
    this.seen = new Uint8Array(this.N * this.N);
    for (let c = 0; c < this.N; c++)
      for (let j = this.peerStart[c]; j < this.peerStart[c + 1]; j++) this.seen[c * this.N + this.peerList[j]] = 1;
    this.lo = new Int32Array(this.N);
    this.hi = new Int32Array(this.N);
    this.value = new Uint8Array(this.N);
    this.unitLo = new Int32Array(this.H);
    this.unitHi = new Int32Array(this.H);
    this.boxOf = new Int32Array(this.N);
    for (let c = 0; c < this.N; c++) this.boxOf[c] = t.cellUnits[3 * c + 2] - 2 * this.n;
    this.fullLo = this.n >= LO_BITS ? LO_MASK : (1 << this.n) - 1;
    this.fullHi = this.n > LO_BITS ? (1 << (this.n - LO_BITS)) - 1 : 0;
  }

  /** Start from n² digits (0 = open). False (and `broken`) when two givens clash. */
  load(cells: ArrayLike<number>): boolean {
    const { N, lo, hi, value, unitLo, unitHi, cellHouseStart, cellHouseList, peerStart, peerList } = this;
    unitLo.fill(0);
    unitHi.fill(0);
    this.broken = false;
    this.changes = 0;
    this.loads++;
    this.open = 0;
    for (let c = 0; c < N; c++) {
      const d = cells[c];
      value[c] = d;
      lo[c] = 0;
      hi[c] = 0;
      if (d === 0) {
        this.open++;
        continue;
      }
      const d0 = d - 1;
      for (let k = cellHouseStart[c]; k < cellHouseStart[c + 1]; k++) {
        const u = cellHouseList[k];
        if (d0 < LO_BITS) {
          if (unitLo[u] & (1 << d0)) this.broken = true;
          unitLo[u] |= 1 << d0;
        } else {
          if (unitHi[u] & (1 << (d0 - LO_BITS))) this.broken = true;
          unitHi[u] |= 1 << (d0 - LO_BITS);
        }
      }
    }
    for (let c = 0; c < N; c++) {
      if (value[c] !== 0) continue;
      let mLo = this.fullLo,
        mHi = this.fullHi;
      for (let k = cellHouseStart[c]; k < cellHouseStart[c + 1]; k++) {
        mLo &= ~unitLo[cellHouseList[k]];
        mHi &= ~unitHi[cellHouseList[k]];
      }
      if (this.rules.pairCount > 0) {
        // a pair partner's given leaves the cell too (pairs share no house)
        for (let j = peerStart[c]; j < peerStart[c + 1]; j++) {
          const d = value[peerList[j]];
          if (d === 0) continue;
          if (d - 1 < LO_BITS) mLo &= ~(1 << (d - 1));
          else mHi &= ~(1 << (d - 1 - LO_BITS));
        }
      }
      lo[c] = mLo;
      hi[c] = mHi;
      if ((lo[c] | hi[c]) === 0) this.broken = true;
    }
    if (this.rules.pairCount > 0) {
      const { pairs } = this.rules;
      for (let k = 0; k < pairs.length; k += 2)
        if (value[pairs[k]] !== 0 && value[pairs[k]] === value[pairs[k + 1]]) this.broken = true;
    }
    return !this.broken;
  }

  /** Take over another grid's pencil marks (same rules), without its steps: for trying a candidate out. */
  copyFrom(o: CandidateGrid): void {
    this.lo.set(o.lo);
    this.hi.set(o.hi);
    this.value.set(o.value);
    this.unitLo.set(o.unitLo);
    this.unitHi.set(o.unitHi);
    this.open = o.open;
    this.broken = o.broken;
    this.changes = 0;
    this.loads++;
    this.steps = null;
  }

  /** Does cell c still have digit d0 (0-based) as a candidate? */
  has(c: number, d0: number): boolean {
    return d0 < LO_BITS ? (this.lo[c] & (1 << d0)) !== 0 : (this.hi[c] & (1 << (d0 - LO_BITS))) !== 0;
  }

  /**
   * Put digit d0 (0-based) in open cell c: it leaves the cell's peers. Marks `broken` when d0 is no longer a
   * candidate of c or a peer is left with no candidate.
   */
  place(c: number, d0: number): void {
    const { lo, hi, value, peerStart, peerList, cellHouseStart, cellHouseList, unitLo, unitHi } = this;
    if (value[c] !== 0 || !this.has(c, d0)) {
      this.broken = true;
      return;
    }
    value[c] = d0 + 1;
    lo[c] = 0;
    hi[c] = 0;
    this.open--;
    this.changes++;
    const inLo = d0 < LO_BITS;
    const bit = inLo ? 1 << d0 : 1 << (d0 - LO_BITS);
    const words = inLo ? lo : hi;
    const units = inLo ? unitLo : unitHi;
    for (let k = cellHouseStart[c], end = cellHouseStart[c + 1]; k < end; k++) units[cellHouseList[k]] |= bit;
    for (let j = peerStart[c], end = peerStart[c + 1]; j < end; j++) {
      const p = peerList[j];
      const m = words[p];
      if ((m & bit) === 0) continue;
      words[p] = m & ~bit;
      if ((lo[p] | hi[p]) === 0) this.broken = true;
    }
  }

  /** Remove digit d0 from the candidates of cell c; true when it was there. Records it for the step being built. */
  eliminate(c: number, d0: number): boolean {
    const words = d0 < LO_BITS ? this.lo : this.hi;
    const bit = d0 < LO_BITS ? 1 << d0 : 1 << (d0 - LO_BITS);
    if ((words[c] & bit) === 0) return false;
    words[c] &= ~bit;
    this.changes++;
    if ((this.lo[c] | this.hi[c]) === 0) this.broken = true;
    if (this.steps) this.pending.push([c, d0 + 1]);
    return true;
  }

  /** Do cells a and b share a house or a pair (a ≠ b)? */
  sees(a: number, b: number): boolean {
    return this.seen[a * this.N + b] === 1;
  }

  /** Record a placement step (only when steps are kept). */
  notePlace(
    technique: number,
    c: number,
    d0: number,
    why: string,
    uses?: ReadonlyArray<readonly [number, number]>,
  ): void {
    if (!this.steps) return;
    this.steps.push({
      technique,
      text: `${cellName(this.shape, c)} = ${this.digitName(d0 + 1)} (${why})`,
      place: { cell: c, digit: d0 + 1 },
      ...(uses ? { uses } : {}),
      rating: this.stepRating,
    });
  }

  /** Record an elimination step with the eliminations gathered since the last one (only when steps are kept). */
  noteEliminations(technique: number, pattern: string, uses?: ReadonlyArray<readonly [number, number]>): void {
    if (!this.steps) return;
    const removed = this.pending;
    this.pending = [];
    const byDigit = new Map<number, number[]>();
    for (const [c, d] of removed) {
      const list = byDigit.get(d);
      if (list) list.push(c);
      else byDigit.set(d, [c]);
    }
    const parts: string[] = [];
    for (const [d, cs] of byDigit)
      parts.push(`${cs.map((c) => cellName(this.shape, c)).join(', ')} ≠ ${this.digitName(d)}`);
    this.steps.push({
      technique,
      text: `${pattern} ⇒ ${parts.join('; ')}`,
      eliminate: removed,
      ...(uses ? { uses } : {}),
      rating: this.stepRating,
    });
  }

  /** Start gathering the eliminations of a new step. */
  beginStep(): void {
    if (this.steps) this.pending = [];
  }

  /** "row 3", "column 5", "box 2", "diagonal ↘", "window 1", … (1-based): the rules' name of the house. */
  unitName(u: number): string {
    return this.rules.houseNames[u];
  }

  digitName(d: number): string {
    return digitWord(this.n, d);
  }

  cellName(c: number): string {
    return cellName(this.shape, c);
  }

  /** The digits (1-based) of a two-word set, in words: "{2, 5, 7}". */
  digitSet(lo: number, hi: number): string {
    const out: string[] = [];
    forEachBit(lo, hi, (i) => out.push(this.digitName(i + 1)));
    return `{${out.join(', ')}}`;
  }
}

/** The name of digit d in messages: 1..9 then A..Z while n ≤ 35, decimal beyond (as the grid text formats). */
export function digitWord(n: number, d: number): string {
  if (n > 35 || d < 10) return String(d);
  return String.fromCharCode(55 + d);
}

/** Set bits of a two-word set. */
export function popcount2(lo: number, hi: number): number {
  return popcount(lo) + popcount(hi);
}

/** Call f(i) for each set bit i (0-based over both words: hi bit k is i = 30 + k), in increasing order. */
export function forEachBit(lo: number, hi: number, f: (i: number) => void): void {
  while (lo !== 0) {
    const b = lo & -lo;
    lo ^= b;
    f(31 - Math.clz32(b));
  }
  while (hi !== 0) {
    const b = hi & -hi;
    hi ^= b;
    f(LO_BITS + 31 - Math.clz32(b));
  }
}

/** The lowest set bit's index over both words, or −1 when both are 0. */
export function lowestBit(lo: number, hi: number): number {
  if (lo !== 0) return 31 - Math.clz32(lo & -lo);
  if (hi !== 0) return LO_BITS + 31 - Math.clz32(hi & -hi);
  return -1;
}
