import { popcount } from '../grid/bits.js';
import { cellName } from '../grid/parseGrid.js';
import type { BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';

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
 *   units   u = 0..n−1 rows, n..2n−1 columns, 2n..3n−1 boxes (box b in reading order), as in cellTables
 *   placed  unitLo/unitHi[u]: the digits already placed in unit u
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
}

export class CandidateGrid {
  readonly shape: BoxShape;
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
  /** The row, column and box units of cell c at cellUnits[3c, 3c + 3). */
  readonly cellUnits: Int32Array;
  /** The P peers of cell c at peers[c·P, c·P + P). */
  readonly peers: Int32Array;
  readonly P: number;
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
  /** Deductions in words, or null when nobody asked. */
  steps: Step[] | null = null;
  /** Eliminations of the step being built (reused). */
  pending: Array<readonly [number, number]> = [];

  constructor(shape: BoxShape) {
    const t = cellTables(shape);
    this.shape = shape;
    this.n = shape.n;
    this.N = t.cells;
    this.unitCells = t.unitCells;
    this.cellUnits = t.cellUnits;
    this.peers = t.peers;
    this.P = t.peerCount;
    this.lo = new Int32Array(this.N);
    this.hi = new Int32Array(this.N);
    this.value = new Uint8Array(this.N);
    this.unitLo = new Int32Array(3 * this.n);
    this.unitHi = new Int32Array(3 * this.n);
    this.boxOf = new Int32Array(this.N);
    for (let c = 0; c < this.N; c++) this.boxOf[c] = t.cellUnits[3 * c + 2] - 2 * this.n;
    this.fullLo = this.n >= LO_BITS ? LO_MASK : (1 << this.n) - 1;
    this.fullHi = this.n > LO_BITS ? (1 << (this.n - LO_BITS)) - 1 : 0;
  }

  /** Start from n² digits (0 = open). False (and `broken`) when two givens clash. */
  load(cells: ArrayLike<number>): boolean {
    const { N, lo, hi, value, unitLo, unitHi, cellUnits } = this;
    unitLo.fill(0);
    unitHi.fill(0);
    this.broken = false;
    this.changes = 0;
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
      for (let k = 3 * c; k < 3 * c + 3; k++) {
        const u = cellUnits[k];
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
      const u0 = cellUnits[3 * c],
        u1 = cellUnits[3 * c + 1],
        u2 = cellUnits[3 * c + 2];
      lo[c] = this.fullLo & ~(unitLo[u0] | unitLo[u1] | unitLo[u2]);
      hi[c] = this.fullHi & ~(unitHi[u0] | unitHi[u1] | unitHi[u2]);
      if ((lo[c] | hi[c]) === 0) this.broken = true;
    }
    return !this.broken;
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
    const { lo, hi, value, peers, P, cellUnits, unitLo, unitHi } = this;
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
    units[cellUnits[3 * c]] |= bit;
    units[cellUnits[3 * c + 1]] |= bit;
    units[cellUnits[3 * c + 2]] |= bit;
    for (let j = c * P, end = j + P; j < end; j++) {
      const p = peers[j];
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

  /** Do cells a and b share a row, column or box? */
  sees(a: number, b: number): boolean {
    const { cellUnits } = this;
    return (
      cellUnits[3 * a] === cellUnits[3 * b] ||
      cellUnits[3 * a + 1] === cellUnits[3 * b + 1] ||
      cellUnits[3 * a + 2] === cellUnits[3 * b + 2]
    );
  }

  /** Record a placement step (only when steps are kept). */
  notePlace(technique: number, c: number, d0: number, why: string): void {
    if (!this.steps) return;
    this.steps.push({
      technique,
      text: `${cellName(this.shape, c)} = ${this.digitName(d0 + 1)} (${why})`,
      place: { cell: c, digit: d0 + 1 },
    });
  }

  /** Record an elimination step with the eliminations gathered since the last one (only when steps are kept). */
  noteEliminations(technique: number, pattern: string): void {
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
    this.steps.push({ technique, text: `${pattern} ⇒ ${parts.join('; ')}`, eliminate: removed });
  }

  /** Start gathering the eliminations of a new step. */
  beginStep(): void {
    if (this.steps) this.pending = [];
  }

  /** "row 3", "column 5", "box 2" (1-based). */
  unitName(u: number): string {
    const n = this.n;
    return u < n ? `row ${u + 1}` : u < 2 * n ? `column ${u - n + 1}` : `box ${u - 2 * n + 1}`;
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
