import { GuidedSearch } from './guidedSearch.js';
import { popcount } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { cellTables, type CellTables } from '../grid/cellTables.js';

/**
 * Counts the solutions of a partial grid for the shapes whose digits do not fit one 31-bit mask (n = 32..36, up
 * to 6×6 boxes): SolutionCounter's search with each cell's candidates in two Int32 words.
 *
 *   cand[2c]      lo: bit 31 SOLVED | bits 0..29 digits 1..30
 *   cand[2c + 1]  hi:                 bits 0..5  digits 31..36
 *
 *   a cell that may hold 3, 5 or 33:   lo = 0b0…0_10100   hi = 0b000100
 *   a solved cell holding 33:          lo = SOLVED        hi = 0b000100
 *
 * One layer of 2·n² words per search depth, a branch copies its layer to the next (backtracking is free).
 * Propagation to a fixpoint before every branch: naked singles, hidden singles in the units that lost a candidate
 * (a list of dirty units: 3n = 108 units do not fit a bit mask either), dead ends. Branching on the open cell
 * with fewest candidates. No component split and no count cache (SolutionCounter has both, for n ≤ 22 where
 * counting many solutions is sensible): here the search is plain, which is what uniqueness (limit 2) and solving
 * (limit 1) want.
 */
const SOLVED = 1 << 31;
const LO_BITS = 30;
const LO_MASK = (1 << LO_BITS) - 1;

export class WideSolutionCounter extends GuidedSearch {
  readonly tables: CellTables;
  private readonly N: number;
  private readonly W: number;
  private readonly n: number;
  private readonly fullLo: number;
  private readonly fullHi: number;
  private readonly P: number;
  private readonly peers: Int32Array;
  private readonly unitCells: Int32Array;
  private readonly cellUnits: Int32Array;
  /** Candidate layers, one per depth: layer d at [d·W, d·W + W), W = 2n². */
  private readonly cand: Int32Array;
  /** Open cells, one list per depth: list d at [d·N, d·N + N). */
  private readonly scope: Int32Array;
  private readonly queue: Int32Array;
  private qt = 0;
  /** Units that lost a candidate since their hidden singles were last looked for: flags and a list. */
  private readonly dirty: Uint8Array;
  private readonly dirtyList: Int32Array;
  private dirtyCount = 0;
  private readonly usedLo: Int32Array;
  private readonly usedHi: Int32Array;

  constructor(shape: BoxShape) {
    super();
    const t = cellTables(shape);
    this.tables = t;
    this.n = shape.n;
    this.N = t.cells;
    this.W = 2 * this.N;
    this.fullLo = shape.n >= LO_BITS ? LO_MASK : (1 << shape.n) - 1;
    this.fullHi = shape.n > LO_BITS ? (1 << (shape.n - LO_BITS)) - 1 : 0;
    this.P = t.peerCount;
    this.peers = t.peers;
    this.unitCells = t.unitCells;
    this.cellUnits = t.cellUnits;
    this.cand = new Int32Array((this.N + 2) * this.W);
    this.scope = new Int32Array((this.N + 2) * this.N);
    this.queue = new Int32Array(4 * this.N + 4);
    this.dirty = new Uint8Array(3 * shape.n);
    this.dirtyList = new Int32Array(3 * shape.n);
    this.usedLo = new Int32Array(3 * shape.n);
    this.usedHi = new Int32Array(3 * shape.n);
  }

  /** Count the completions of `cells` (n² digits, 0 = empty), stopping at `limit`; see SolutionCounter.count. */

  protected countRoot(cells: ArrayLike<number>, limit: number): number {
    const { N, cand, cellUnits, usedLo, usedHi, queue, scope } = this;
    usedLo.fill(0);
    usedHi.fill(0);
    this.qt = 0;
    for (let c = 0; c < N; c++) {
      const d = cells[c];
      if (d === 0) continue;
      const d0 = d - 1;
      const used = d0 < LO_BITS ? usedLo : usedHi;
      const bit = d0 < LO_BITS ? 1 << d0 : 1 << (d0 - LO_BITS);
      const u0 = cellUnits[3 * c],
        u1 = cellUnits[3 * c + 1],
        u2 = cellUnits[3 * c + 2];
      if ((used[u0] | used[u1] | used[u2]) & bit) return 0; // clashing givens
      used[u0] |= bit;
      used[u1] |= bit;
      used[u2] |= bit;
      cand[2 * c] = d0 < LO_BITS ? SOLVED | bit : SOLVED;
      cand[2 * c + 1] = d0 < LO_BITS ? 0 : bit;
    }
    let open = 0;
    for (let c = 0; c < N; c++) {
      if (cells[c]) continue;
      const u0 = cellUnits[3 * c],
        u1 = cellUnits[3 * c + 1],
        u2 = cellUnits[3 * c + 2];
      let lo = this.fullLo & ~(usedLo[u0] | usedLo[u1] | usedLo[u2]);
      let hi = this.fullHi & ~(usedHi[u0] | usedHi[u1] | usedHi[u2]);
      if (c === this.notCell && this.prefer) {
        const d0 = this.prefer[c] - 1;
        if (d0 < LO_BITS) lo &= ~(1 << d0);
        else hi &= ~(1 << (d0 - LO_BITS));
      }
      if ((lo | hi) === 0) return 0;
      cand[2 * c] = lo;
      cand[2 * c + 1] = hi;
      if (isSingle(lo, hi)) queue[this.qt++] = c;
      scope[open++] = c;
    }
    this.dirtyCount = 0;
    for (let u = 0; u < 3 * this.n; u++) {
      this.dirty[u] = 1; // look at every unit once
      this.dirtyList[this.dirtyCount++] = u;
    }
    if (!this.settle(0)) return 0;
    return this.search(0, open, limit);
  }

  /** Count below depth d (its layer at a fixpoint, its open cells in scope list d). Returns min(count, cap). */
  private search(d: number, len: number, cap: number): number {
    const { N, W, cand, scope } = this;
    const o = d * W,
      so = d * N;
    let k = 0;
    let best = -1,
      bestCount = 99;
    for (let i = 0; i < len; i++) {
      const c = scope[so + i];
      const lo = cand[o + 2 * c];
      if (lo < 0) continue;
      scope[so + k++] = c;
      if (bestCount > 2) {
        const pc = popcount(lo) + popcount(cand[o + 2 * c + 1]);
        if (pc < bestCount) {
          best = c;
          bestCount = pc;
        }
      }
    }
    if (k === 0) {
      if (!this.haveSolution) this.capture(o);
      return 1;
    }
    const o2 = o + W,
      so2 = so + N;
    let total = 0;
    // a guide's digit first (pass 0), then the others in increasing order (passes 1 and 2: lo word, hi word)
    let pLo = 0,
      pHi = 0;
    if (this.prefer) {
      const d0 = this.prefer[best] - 1;
      if (d0 < LO_BITS) pLo = cand[o + 2 * best] & (1 << d0);
      else pHi = cand[o + 2 * best + 1] & (1 << (d0 - LO_BITS));
    }
    for (let pass = 0; pass < 3; pass++) {
      const word = pass === 0 ? (pLo !== 0 ? 0 : 1) : pass - 1;
      let m = pass === 0 ? pLo | pHi : cand[o + 2 * best + word] & ~(word === 0 ? pLo : pHi);
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        if (++this.nodes > this.maxNodes) {
          this.aborted = true;
          return cap; // unwind: every caller stops at its cap
        }
        if ((this.nodes & 0xffff) === 0 && this.onTick !== null) this.onTick(this.nodes);
        cand.copyWithin(o2, o, o2);
        cand[o2 + 2 * best] = word === 0 ? bit : 0;
        cand[o2 + 2 * best + 1] = word === 0 ? 0 : bit;
        this.queue[0] = best;
        this.qt = 1;
        this.clearDirty();
        if (this.settle(o2)) {
          scope.copyWithin(so2, so, so + k);
          total += this.search(d + 1, k, cap - total);
          if (total >= cap) return cap;
        }
      }
    }
    return total;
  }

  private clearDirty(): void {
    const { dirty, dirtyList } = this;
    for (let i = 0; i < this.dirtyCount; i++) dirty[dirtyList[i]] = 0;
    this.dirtyCount = 0;
  }

  private markUnits(c: number): void {
    const { dirty, dirtyList, cellUnits } = this;
    for (let k = 3 * c; k < 3 * c + 3; k++) {
      const u = cellUnits[k];
      if (dirty[u] === 0) {
        dirty[u] = 1;
        dirtyList[this.dirtyCount++] = u;
      }
    }
  }

  /** Propagate at layer offset o to a fixpoint (naked and hidden singles). False at a dead end. */
  private settle(o: number): boolean {
    const { cand, queue, unitCells, peers, P, n, dirty, dirtyList } = this;
    let qt = this.qt;
    for (;;) {
      for (let h = 0; h < qt; h++) {
        const c = queue[h];
        const lo = cand[o + 2 * c];
        if (lo < 0) continue;
        cand[o + 2 * c] = SOLVED | lo;
        this.markUnits(c);
        const w = lo !== 0 ? 0 : 1; // the word that holds the digit
        const bit = w === 0 ? lo : cand[o + 2 * c + 1];
        const nb = ~bit;
        for (let j = c * P, end = j + P; j < end; j++) {
          const p = peers[j];
          const at = o + 2 * p;
          const m = cand[at + w];
          if ((m & bit) === 0) continue;
          const pLo = cand[at];
          if (pLo < 0) return false; // a solved peer holds the same digit
          cand[at + w] = m & nb;
          this.markUnits(p);
          const rLo = w === 0 ? pLo & nb : pLo,
            rHi = cand[at + 1];
          if ((rLo | rHi) === 0) return false;
          if (isSingle(rLo, rHi)) queue[qt++] = p;
        }
      }
      qt = 0;
      if (this.dirtyCount === 0) break;
      // hidden singles in the dirty units
      for (let i = 0; i < this.dirtyCount; i++) {
        const u = dirtyList[i];
        dirty[u] = 0;
        const base = u * n;
        let onceLo = 0,
          twiceLo = 0,
          onceHi = 0,
          twiceHi = 0,
          doneLo = 0,
          doneHi = 0;
        for (let x = base, end = base + n; x < end; x++) {
          const at = o + 2 * unitCells[x];
          const lo = cand[at],
            hi = cand[at + 1];
          if (lo < 0) {
            doneLo |= lo;
            doneHi |= hi;
          } else {
            twiceLo |= onceLo & lo;
            onceLo |= lo;
            twiceHi |= onceHi & hi;
            onceHi |= hi;
          }
        }
        if (((onceLo | doneLo) & LO_MASK) !== this.fullLo || (onceHi | doneHi) !== this.fullHi) return false;
        const hLo = onceLo & ~twiceLo,
          hHi = onceHi & ~twiceHi;
        if ((hLo | hHi) === 0) continue;
        for (let x = base, end = base + n; x < end; x++) {
          const c = unitCells[x];
          const at = o + 2 * c;
          const lo = cand[at];
          if (lo < 0) continue;
          const xLo = lo & hLo,
            xHi = cand[at + 1] & hHi;
          if ((xLo | xHi) === 0) continue;
          if (!isSingle(xLo, xHi)) return false; // one cell is the only place of two digits
          cand[at] = xLo;
          cand[at + 1] = xHi;
          queue[qt++] = c;
        }
      }
      this.dirtyCount = 0;
      if (qt === 0) break;
    }
    this.qt = 0;
    this.clearDirty();
    return true;
  }

  private capture(o: number): void {
    const out = this.solution;
    if (!out) return;
    const { N, cand } = this;
    for (let c = 0; c < N; c++) {
      const lo = cand[o + 2 * c] & LO_MASK;
      out[c] = lo !== 0 ? 32 - Math.clz32(lo) : LO_BITS + 32 - Math.clz32(cand[o + 2 * c + 1]);
    }
    this.haveSolution = true;
  }
}

/** Exactly one bit set over the two words. */
function isSingle(lo: number, hi: number): boolean {
  return hi === 0 ? lo !== 0 && (lo & (lo - 1)) === 0 : lo === 0 && (hi & (hi - 1)) === 0;
}
