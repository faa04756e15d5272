import { GuidedSearch } from './guidedSearch.js';
import type { SearchGuide, SolutionCount } from './puzzleCounter.js';
import { fullMask, popcount } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { CountCache } from './countCache.js';
import { cellTables, type CellTables } from '../grid/cellTables.js';

export type { SearchGuide, SolutionCount };

const SOLVED = 1 << 31;

/** Largest n the bitmask solver takes: a candidate mask uses bits 0..n−1 and bit 31 marks a solved cell. */
export const MAX_BITMASK_SIDE = 31;

/**
 * Whether a counter looks for locked candidates at every singles fixpoint, by default. Measured on the uniqueness
 * checks of a removal pass (docs/puzzles.md): 6.3× fewer nodes and 2.7× less time on 16×16, 4.1× fewer nodes on
 * 20×20, a loss on 9×9, 3×4 and 2×5.
 */
export function locksByDefault(n: number): boolean {
  return n >= 16;
}

/** Options of a SolutionCounter (tests and benchmarks set them; the router takes the defaults). */
export interface SolutionCounterOptions {
  /** Look for locked candidates at every singles fixpoint (default: locksByDefault(n)). */
  readonly locking?: boolean;
}

/**
 * Counts the solutions of a partial grid with candidate bitmasks, for any box shape up to n = 31.
 *
 * State: one candidate mask per cell, a layer of n² Int32s per search depth (a branch copies its
 * layer to the next one, so backtracking is free):
 *
 *   cand[c]  bit 31 (SOLVED) | bits 0..n−1 candidates     solved cell: SOLVED | its digit's bit
 *            0b0…0_0_1001_0110  cell may hold 2, 3, 5, 8   0b1…0_0_0001_0000: solved, holds 5
 *
 * Propagation to a fixpoint before every branch:
 *   naked single    a cell with one candidate is placed; its digit leaves the cell's peers.
 *   hidden single   a digit with one place left in a row, column or box goes there.
 *   dead end        a cell with no candidate, or a digit with no place in a unit.
 * Branching: on the unsolved cell with fewest candidates (first in scope order on ties).
 *
 * Counting (a limit above 2): at every node the open cells split into components, two cells joined
 * when they share a unit and a candidate. Constraints between cells of different components are all
 * "≠" between disjoint candidate sets, which always hold, so the count of the node is the product of
 * its components' counts; and each component's count goes through a CountCache keyed by its cells
 * and masks (see countComponent). Counts are capped: every step returns min(count, cap), so a limit
 * stops the search as soon as it is reached. With a limit of 1 or 2 (solve, uniqueness) neither is
 * worth its cost and the search runs plain.
 */
export class SolutionCounter extends GuidedSearch {
  readonly tables: CellTables;
  private readonly N: number;
  private readonly full: number;
  private readonly P: number;
  private readonly peers: Int32Array;
  private readonly unitCells: Int32Array;
  private readonly cellUnits: Int32Array;
  /** Candidate layers, one per depth: layer d at [d·N, d·N + N). */
  private readonly cand: Int32Array;
  /** Open cells in scope, one list per depth (same layout as cand). */
  private readonly scope: Int32Array;
  /** Components of the scope at each depth, cells laid end to end (same layout as cand). */
  private readonly comps: Int32Array;
  /** Sizes of the components at each depth. */
  private readonly compLen: Int32Array;
  private readonly queue: Int32Array;
  private readonly mark: Int32Array;
  /** Breadth-first queue of split. */
  private readonly bfs: Int32Array;
  private readonly cache = new CountCache();
  /** Cache keys of the components at each depth (same layout as comps). */
  private readonly keys: Int32Array;
  /** 2ⁿ, so a key word cell·2ⁿ + mask fits an Int32; 0 when it does not (n > 22: no cache). */
  private readonly radix: number;
  /** Digits the givens hold in each unit. */
  private readonly unitUsed: Int32Array;
  private readonly rowBit: Int32Array;
  private readonly colBit: Int32Array;
  private readonly boxBit: Int32Array;
  private stamp = 0;
  /** Look for locked candidates at every singles fixpoint (see lockedCandidates). */
  private readonly locking: boolean;
  /** Candidates of each row ∩ box (segRow[r·R + stack]) and column ∩ box (segCol[c·C + band]) in a sweep. */
  private readonly segRow: Int32Array;
  private readonly segCol: Int32Array;
  /** Digits of each row (0..n−1) and column (n..2n−1) in one of its box segments only. */
  private readonly exLine: Int32Array;
  /** Queue length and dirty units (bit r of dRow: row r lost a candidate) carried into settle. */
  private qt = 0;
  private dRow = 0;
  private dCol = 0;
  private dBox = 0;
  /** Count mode: split into components and cache their counts (off when one or two solutions are wanted). */
  private splitting = false;

  constructor(shape: BoxShape, options: SolutionCounterOptions = {}) {
    super();
    if (shape.n > MAX_BITMASK_SIDE) throw new RangeError(`bitmask solver: n = ${shape.n} is above ${MAX_BITMASK_SIDE}`);
    const t = cellTables(shape);
    this.tables = t;
    this.N = t.cells;
    this.full = fullMask(shape.n);
    this.P = t.peerCount;
    this.peers = t.peers;
    this.unitCells = t.unitCells;
    this.cellUnits = t.cellUnits;
    const layers = (this.N + 2) * this.N;
    this.cand = new Int32Array(layers);
    this.scope = new Int32Array(layers);
    this.comps = new Int32Array(layers);
    this.compLen = new Int32Array(layers);
    this.queue = new Int32Array(4 * this.N + 4);
    this.mark = new Int32Array(this.N);
    this.bfs = new Int32Array(this.N);
    this.keys = new Int32Array(layers);
    this.radix = this.N * 2 ** shape.n <= 2 ** 31 ? 2 ** shape.n : 0;
    this.unitUsed = new Int32Array(3 * shape.n);
    this.rowBit = new Int32Array(this.N);
    this.colBit = new Int32Array(this.N);
    this.boxBit = new Int32Array(this.N);
    this.locking = options.locking ?? locksByDefault(shape.n);
    this.segRow = new Int32Array(shape.n * shape.rows);
    this.segCol = new Int32Array(shape.n * shape.cols);
    this.exLine = new Int32Array(2 * shape.n);
    for (let c = 0; c < this.N; c++) {
      this.rowBit[c] = 1 << t.cellUnits[3 * c];
      this.colBit[c] = 1 << (t.cellUnits[3 * c + 1] - shape.n);
      this.boxBit[c] = 1 << (t.cellUnits[3 * c + 2] - 2 * shape.n);
    }
  }

  protected countRoot(cells: ArrayLike<number>, limit: number, split = limit > 2): number {
    const { N, full, cand, cellUnits, queue } = this;
    this.splitting = split;
    this.cache.clear();
    const unitUsed = this.unitUsed;
    unitUsed.fill(0);
    this.qt = 0;
    for (let c = 0; c < N; c++) {
      const d = cells[c];
      if (d === 0) continue;
      const bit = 1 << (d - 1);
      const u0 = cellUnits[3 * c],
        u1 = cellUnits[3 * c + 1],
        u2 = cellUnits[3 * c + 2];
      if ((unitUsed[u0] | unitUsed[u1] | unitUsed[u2]) & bit) return 0; // clashing givens
      unitUsed[u0] |= bit;
      unitUsed[u1] |= bit;
      unitUsed[u2] |= bit;
      cand[c] = SOLVED | bit;
    }
    let open = 0;
    for (let c = 0; c < N; c++) {
      if (cells[c]) continue;
      let m = full & ~(unitUsed[cellUnits[3 * c]] | unitUsed[cellUnits[3 * c + 1]] | unitUsed[cellUnits[3 * c + 2]]);
      if (c === this.notCell && this.prefer) m &= ~(1 << (this.prefer[c] - 1));
      if (m === 0) return 0;
      cand[c] = m;
      if ((m & (m - 1)) === 0) queue[this.qt++] = c;
      this.scope[open++] = c;
    }
    this.dRow = this.dCol = this.dBox = this.full; // look at every unit once
    if (!this.settle(0)) return 0;
    return this.countScope(0, open, limit, true);
  }

  /** Count within the scope list of layer d (state at layer d is at its fixpoint). Returns min(count, cap). */
  private countScope(d: number, len: number, cap: number, whole: boolean): number {
    const { N, cand, scope } = this;
    const o = d * N;
    let k = 0;
    for (let i = 0; i < len; i++) {
      const c = scope[o + i];
      if (cand[o + c] >= 0) scope[o + k++] = c;
    }
    if (k === 0) {
      if (whole && !this.haveSolution) this.capture(o);
      return 1;
    }
    if (this.splitting) {
      // count mode: independent components multiply, and each one's count may be cached
      const parts = this.split(d, k);
      const compLen = this.compLen;
      let product = 1;
      let at = o;
      for (let i = 0; i < parts; i++) {
        const size = compLen[o + i];
        const x = this.countComponent(d, at, size, Math.max(1, Math.ceil(cap / product)));
        if (x === 0) return 0;
        product = Math.min(product * x, cap);
        at += size;
      }
      return product;
    }
    return this.branch(d, scope, o, k, cap, whole);
  }

  /**
   * Count one component comps[at, at+size) of layer d, through the cache. Returns min(count, cap).
   * Its key is one word per cell, cell·2ⁿ + mask, in ascending cell order (the component's cells
   * are ascending). The completions of a component are the ways to give each of its cells a digit
   * of its mask with peers different (a placed digit has already left every peer's mask), so they
   * depend on the key alone.
   */
  private countComponent(d: number, at: number, size: number, cap: number): number {
    const { cache, comps, cand, keys, radix } = this;
    const o = d * this.N;
    if (radix === 0) return this.branch(d, comps, at, size, cap, false);
    for (let i = 0; i < size; i++) {
      const c = comps[at + i];
      keys[at + i] = c * radix + cand[o + c];
    }
    const hit = cache.get(keys, at, size);
    if (hit >= 0) return Math.min(hit, cap);
    const x = this.branch(d, comps, at, size, cap, false);
    if (x < cap) cache.set(keys, at, size, x);
    return x;
  }

  /** Branch on the open cell of list[start, start+k) with fewest candidates. Returns min(count, cap). */
  private branch(d: number, list: Int32Array, start: number, k: number, cap: number, whole: boolean): number {
    const { N, cand, scope } = this;
    const o = d * N;
    let best = -1,
      bestCount = 99;
    for (let i = 0; i < k; i++) {
      const c = list[start + i];
      const pc = popcount(cand[o + c]);
      if (pc < bestCount) {
        best = c;
        bestCount = pc;
        if (pc <= 2) break;
      }
    }
    let m = cand[o + best];
    const o2 = o + N;
    let total = 0;
    // a guide's digit first, then the others in increasing order
    const preferred = this.prefer ? m & (1 << (this.prefer[best] - 1)) : 0;
    while (m !== 0) {
      const bit = preferred !== 0 && (m & preferred) !== 0 ? preferred : m & -m;
      m ^= bit;
      if (++this.nodes > this.maxNodes) {
        this.aborted = true;
        return cap; // unwind: every caller stops at its cap
      }
      if ((this.nodes & 0xffff) === 0 && this.onTick !== null) this.onTick(this.nodes);
      cand.copyWithin(o2, o, o2);
      cand[o2 + best] = bit;
      this.queue[0] = best;
      this.qt = 1;
      this.dRow = this.dCol = this.dBox = 0;
      if (this.settle(o2)) {
        for (let i = 0; i < k; i++) scope[o2 + i] = list[start + i];
        total += this.countScope(d + 1, k, cap - total, whole);
        if (total >= cap) return cap;
      }
    }
    return total;
  }

  /**
   * Split the open cells scope[o, o+k) of layer d into components, written to comps[o, o+k) one
   * after another, each in ascending cell order (the scope is ascending); sizes to compLen[o + i].
   * Returns how many.
   */
  private split(d: number, k: number): number {
    const { N, cand, scope, comps, compLen, mark, peers, P, bfs } = this;
    const o = d * N;
    if (this.stamp > 0x3fff0000) {
      mark.fill(0);
      this.stamp = 0;
    }
    const inScope = ++this.stamp;
    const first = this.stamp + 1; // component i marks its cells first + i
    this.stamp += k + 1;
    for (let i = 0; i < k; i++) mark[scope[o + i]] = inScope;
    let parts = 0;
    for (let i = 0; i < k; i++) {
      const c = scope[o + i];
      if (mark[c] !== inScope) continue;
      const id = first + parts;
      let w = 0;
      bfs[w++] = c;
      mark[c] = id;
      for (let r = 0; r < w; r++) {
        const x = bfs[r];
        const mx = cand[o + x];
        for (let j = x * P, end = j + P; j < end; j++) {
          const p = peers[j];
          if (mark[p] === inScope && (cand[o + p] & mx) !== 0) {
            mark[p] = id;
            bfs[w++] = p;
          }
        }
      }
      compLen[o + parts++] = w;
    }
    if (parts === 1) {
      for (let i = 0; i < k; i++) comps[o + i] = scope[o + i];
      return 1;
    }
    // lay the components out in ascending cell order: a counting sort by component
    const at = this.bfs; // reuse as the write position of each component
    let sum = o;
    for (let i = 0; i < parts; i++) {
      at[i] = sum;
      sum += compLen[o + i];
    }
    for (let i = 0; i < k; i++) {
      const c = scope[o + i];
      comps[at[mark[c] - first]++] = c;
    }
    return parts;
  }

  /**
   * Propagate at layer offset o to a fixpoint: place the queued cells (each holds one candidate),
   * then look for hidden singles in the units that lost a candidate since they were last looked at.
   * False at a dead end.
   */
  private settle(o: number): boolean {
    const { cand, queue, unitCells, peers, rowBit, colBit, boxBit, full, P } = this;
    const n = this.tables.shape.n;
    let qt = this.qt;
    let dRow = this.dRow,
      dCol = this.dCol,
      dBox = this.dBox;
    for (;;) {
      for (;;) {
        for (let h = 0; h < qt; h++) {
          const c = queue[h];
          const bit = cand[o + c];
          if (bit < 0) continue;
          cand[o + c] = SOLVED | bit;
          dRow |= rowBit[c];
          dCol |= colBit[c];
          dBox |= boxBit[c];
          const nb = ~bit;
          for (let j = c * P, end = j + P; j < end; j++) {
            const p = peers[j];
            let m = cand[o + p];
            if ((m & bit) === 0) continue;
            if (m < 0) return false; // a solved peer holds the same digit
            m &= nb;
            cand[o + p] = m;
            dRow |= rowBit[p];
            dCol |= colBit[p];
            dBox |= boxBit[p];
            if ((m & (m - 1)) === 0) {
              if (m === 0) return false;
              queue[qt++] = p;
            }
          }
        }
        qt = 0;
        if ((dRow | dCol | dBox) === 0) break;
        // hidden singles in the dirty units: rows (units 0..n−1), columns (n..2n−1), boxes (2n..3n−1)
        for (let kind = 0; kind < 3; kind++) {
          let dirty = kind === 0 ? dRow : kind === 1 ? dCol : dBox;
          if (kind === 0) dRow = 0;
          else if (kind === 1) dCol = 0;
          else dBox = 0;
          while (dirty !== 0) {
            const low = dirty & -dirty;
            dirty ^= low;
            const base = (kind * n + 31 - Math.clz32(low)) * n;
            let once = 0,
              twice = 0,
              done = 0;
            for (let i = base, end = base + n; i < end; i++) {
              const m = cand[o + unitCells[i]];
              if (m < 0) done |= m;
              else {
                twice |= once & m;
                once |= m;
              }
            }
            if (((once | done) & full) !== full) return false;
            const hidden = once & ~twice;
            if (hidden === 0) continue;
            for (let i = base, end = base + n; i < end; i++) {
              const c = unitCells[i];
              const m = cand[o + c];
              if (m < 0) continue;
              const h = m & hidden;
              if (h === 0) continue;
              if ((h & (h - 1)) !== 0) return false; // one cell is the only place of two digits
              cand[o + c] = h;
              queue[qt++] = c;
            }
          }
        }
        if (qt === 0) break;
      }
      // singles are at a fixpoint: locked candidates, then singles again if they removed something
      if (!this.locking) break;
      const removed = this.lockedCandidates(o);
      if (removed < 0) return false;
      if (removed === 0) break;
      qt = this.qt;
      dRow = this.dRow;
      dCol = this.dCol;
      dBox = this.dBox;
    }
    this.qt = 0;
    this.dRow = 0;
    this.dCol = 0;
    this.dBox = 0;
    return true;
  }

  /**
   * Locked candidates at layer offset o, all boxes and lines in one sweep, from the unions of the open cells'
   * candidates over each intersection of a box with a row (C cells) or a column (R cells):
   *   pointing  a digit of a box only in one of its rows (columns) leaves the rest of that row (column)
   *   claiming  a digit of a row (column) only in one box leaves the rest of that box
   * Unions go stale as the sweep removes candidates, but only shrink, so a digit found in one intersection
   * only is still there only (or nowhere, a dead end the hidden-single check finds). Cells left with one
   * candidate go on the queue, touched units are marked dirty (this.qt, this.dRow…). Returns the number of
   * candidates removed, or −1 at a dead end.
   */
  private lockedCandidates(o: number): number {
    const { cand, segRow, segCol, exLine, queue, rowBit, colBit, boxBit } = this;
    const { rows: R, cols: C, n } = this.tables.shape;
    for (let r = 0, at = o; r < n; r++) {
      let once = 0,
        twice = 0;
      for (let k = 0; k < R; k++) {
        let u = 0;
        for (let j = 0; j < C; j++, at++) {
          const m = cand[at];
          if (m >= 0) u |= m;
        }
        segRow[r * R + k] = u;
        twice |= once & u;
        once |= u;
      }
      exLine[r] = once & ~twice;
    }
    for (let c = 0; c < n; c++) {
      let once = 0,
        twice = 0;
      for (let k = 0; k < C; k++) {
        let u = 0;
        for (let i = 0, at = o + k * R * n + c; i < R; i++, at += n) {
          const m = cand[at];
          if (m >= 0) u |= m;
        }
        segCol[c * C + k] = u;
        twice |= once & u;
        once |= u;
      }
      exLine[n + c] = once & ~twice;
    }
    let qt = 0,
      removed = 0,
      dRow = 0,
      dCol = 0,
      dBox = 0;
    /** Remove `digits` from cell; false at a dead end. */
    const drop = (cell: number, digits: number): boolean => {
      const m = cand[o + cell];
      if (m < 0 || (m & digits) === 0) return true;
      const left = m & ~digits;
      if (left === 0) return false;
      cand[o + cell] = left;
      removed++;
      dRow |= rowBit[cell];
      dCol |= colBit[cell];
      dBox |= boxBit[cell];
      if ((left & (left - 1)) === 0) queue[qt++] = cell;
      return true;
    };
    for (let band = 0; band < C; band++) {
      for (let stack = 0; stack < R; stack++) {
        // the box (band, stack): its R row segments and C column segments
        let onceR = 0,
          twiceR = 0,
          onceC = 0,
          twiceC = 0;
        for (let i = 0; i < R; i++) {
          const u = segRow[(band * R + i) * R + stack];
          twiceR |= onceR & u;
          onceR |= u;
        }
        for (let j = 0; j < C; j++) {
          const u = segCol[(stack * C + j) * C + band];
          twiceC |= onceC & u;
          onceC |= u;
        }
        const exBoxRow = onceR & ~twiceR,
          exBoxCol = onceC & ~twiceC;
        for (let i = 0; i < R; i++) {
          const r = band * R + i;
          const u = segRow[r * R + stack];
          const pointing = u & exBoxRow;
          if (pointing !== 0) {
            for (let c = 0; c < n; c++) {
              if (Math.floor(c / C) !== stack && !drop(r * n + c, pointing)) return -1;
            }
          }
          const claiming = u & exLine[r];
          if (claiming !== 0) {
            for (let i2 = 0; i2 < R; i2++) {
              if (i2 === i) continue;
              for (let j = 0; j < C; j++) if (!drop((band * R + i2) * n + stack * C + j, claiming)) return -1;
            }
          }
        }
        for (let j = 0; j < C; j++) {
          const c = stack * C + j;
          const u = segCol[c * C + band];
          const pointing = u & exBoxCol;
          if (pointing !== 0) {
            for (let r = 0; r < n; r++) {
              if (Math.floor(r / R) !== band && !drop(r * n + c, pointing)) return -1;
            }
          }
          const claiming = u & exLine[n + c];
          if (claiming !== 0) {
            for (let j2 = 0; j2 < C; j2++) {
              if (j2 === j) continue;
              for (let i = 0; i < R; i++) if (!drop((band * R + i) * n + stack * C + j2, claiming)) return -1;
            }
          }
        }
      }
    }
    this.qt = qt;
    this.dRow = dRow;
    this.dCol = dCol;
    this.dBox = dBox;
    return removed;
  }

  private capture(o: number): void {
    const out = this.solution;
    if (!out) return;
    const { N, cand } = this;
    for (let c = 0; c < N; c++) out[c] = 32 - Math.clz32(cand[o + c] & this.full);
    this.haveSolution = true;
  }
}
