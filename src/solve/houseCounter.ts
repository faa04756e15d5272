import { GuidedSearch } from './guidedSearch.js';
import { fullMask, popcount } from '../grid/bits.js';
import type { Rules } from '../grid/rules.js';
import { CountCache } from './countCache.js';
import type { PuzzleCounter } from './puzzleCounter.js';

const SOLVED = 1 << 31;

/** Largest n HouseCounter takes: a candidate mask uses bits 0..n−1 and bit 31 marks a solved cell. */
export const MAX_HOUSE_SIDE = 31;

/**
 * Counts the solutions of a partial grid under any rules (src/grid/rules.ts): any list of houses and pair
 * constraints, n ≤ 31. The generic engine behind the variants; the plain rules keep their specialised engines
 * (the router in countSolutions.ts picks by `supports`).
 *
 * The search is SolutionCounter's, with the tables taken from the rules instead of rows, columns and boxes:
 *
 *   cand[c]  bit 31 (SOLVED) | bits 0..n−1 candidates; one layer of n² Int32s per depth (backtracking is free)
 *   naked single    a cell with one candidate is placed; its digit leaves the cell's peers (houses and pairs)
 *   hidden single   a digit with one place left in a house goes there (houses that lost a candidate only)
 *   dead end        a cell with no candidate, or a digit with no place in a house
 * Branching on the open cell with fewest candidates; counting (a limit above 2) splits the open cells into
 * components (joined by a shared house or pair and a shared candidate) whose counts multiply and go through a
 * CountCache keyed by cells and masks (see SolutionCounter.countComponent: the same argument holds for pairs).
 */
export class HouseCounter extends GuidedSearch implements PuzzleCounter {
  private readonly N: number;
  private readonly n: number;
  private readonly full: number;
  private readonly houses: Int32Array;
  private readonly H: number;
  private readonly cellHouseStart: Int32Array;
  private readonly cellHouseList: Int32Array;
  private readonly peerStart: Int32Array;
  private readonly peerList: Int32Array;
  private readonly cand: Int32Array;
  private readonly scope: Int32Array;
  private readonly comps: Int32Array;
  private readonly compLen: Int32Array;
  private readonly queue: Int32Array;
  private readonly mark: Int32Array;
  private readonly bfs: Int32Array;
  private readonly keys: Int32Array;
  private readonly radix: number;
  private readonly cache = new CountCache();
  /**
   * Dirty houses (they lost a candidate since their last hidden-single look) as a bit set of W = ⌈H/32⌉ words;
   * houseBits[c·W .. c·W + W) are the houses of cell c, OR-ed in whenever c loses a candidate.
   */
  private readonly W: number;
  /** Rules with pairs look for digits with two places in a house at every singles fixpoint (see lockedPairs). */
  private readonly pointing: boolean;
  /** seen[a·N + b] = 1 when cells a and b are peers. */
  private readonly seen: Uint8Array;
  private readonly dirty: Int32Array;
  private readonly houseBits: Int32Array;
  /** Bit slices of tightestHouseDigit: ge[j] the digits with more than j places in the house being read. */
  private readonly ge = new Int32Array(32);
  private qt = 0;
  private stamp = 0;
  private splitting = false;

  constructor(readonly rules: Rules) {
    super();
    if (!HouseCounter.supports(rules)) throw new RangeError(`house counter: n = ${rules.n} is above ${MAX_HOUSE_SIDE}`);
    const N = rules.cells;
    this.N = N;
    this.n = rules.n;
    this.full = fullMask(rules.n);
    this.houses = rules.houses;
    this.H = rules.houseCount;
    this.cellHouseStart = rules.cellHouseStart;
    this.cellHouseList = rules.cellHouseList;
    this.peerStart = rules.peerStart;
    this.peerList = rules.peerList;
    const layers = (N + 2) * N;
    this.cand = new Int32Array(layers);
    this.scope = new Int32Array(layers);
    this.comps = new Int32Array(layers);
    this.compLen = new Int32Array(layers);
    this.keys = new Int32Array(layers);
    this.queue = new Int32Array(4 * N + 4);
    this.mark = new Int32Array(N);
    this.bfs = new Int32Array(N);
    this.radix = N * 2 ** rules.n <= 2 ** 31 ? 2 ** rules.n : 0;
    this.pointing = rules.pairCount > 0;
    this.seen = new Uint8Array(this.pointing ? N * N : 0);
    if (this.pointing)
      for (let c = 0; c < N; c++)
        for (let j = rules.peerStart[c]; j < rules.peerStart[c + 1]; j++) this.seen[c * N + rules.peerList[j]] = 1;
    const W = Math.ceil(this.H / 32);
    this.W = W;
    this.dirty = new Int32Array(W);
    this.houseBits = new Int32Array(N * W);
    for (let c = 0; c < N; c++)
      for (let k = this.cellHouseStart[c]; k < this.cellHouseStart[c + 1]; k++) {
        const h = this.cellHouseList[k];
        this.houseBits[c * W + (h >> 5)] |= 1 << (h & 31);
      }
  }

  /** Any houses and pairs, up to n = 31. */
  static supports(rules: Rules): boolean {
    return rules.n <= MAX_HOUSE_SIDE;
  }

  private markDirty(c: number): void {
    const { dirty, houseBits, W } = this;
    for (let w = 0, at = c * W; w < W; w++, at++) dirty[w] |= houseBits[at];
  }

  protected countRoot(cells: ArrayLike<number>, limit: number, split = limit > 2): number {
    const { N, full, cand, queue, peerStart, peerList } = this;
    this.splitting = split;
    this.cache.clear();
    this.qt = 0;
    for (let c = 0; c < N; c++) cand[c] = cells[c] === 0 ? full : 0;
    for (let c = 0; c < N; c++) {
      const d = cells[c];
      if (d === 0) continue;
      const bit = 1 << (d - 1);
      for (let j = peerStart[c], end = peerStart[c + 1]; j < end; j++) {
        const p = peerList[j];
        if (cells[p] === d) return 0; // clashing givens
        cand[p] &= ~bit;
      }
    }
    let open = 0;
    for (let c = 0; c < N; c++) {
      const d = cells[c];
      if (d !== 0) {
        cand[c] = SOLVED | (1 << (d - 1));
        continue;
      }
      let m = cand[c];
      if (c === this.notCell && this.prefer) m &= ~(1 << (this.prefer[c] - 1));
      if (m === 0) return 0;
      cand[c] = m;
      if ((m & (m - 1)) === 0) queue[this.qt++] = c;
      this.scope[open++] = c;
    }
    for (let h = 0; h < this.H; h++) this.dirty[h >> 5] |= 1 << (h & 31); // look at every house once
    if (!this.settle(0)) return 0;
    return this.countScope(0, open, limit, true);
  }

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
      const parts = this.split(d, k);
      let product = 1;
      let at = o;
      for (let i = 0; i < parts; i++) {
        const size = this.compLen[o + i];
        const x = this.countComponent(d, at, size, Math.max(1, Math.ceil(cap / product)));
        if (x === 0) return 0;
        product = Math.min(product * x, cap);
        at += size;
      }
      return product;
    }
    return this.branch(d, scope, o, k, cap, whole);
  }

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

  private branch(d: number, list: Int32Array, start: number, k: number, cap: number, whole: boolean): number {
    const { N, cand } = this;
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
    // a digit with fewer places in a house than the tightest cell has candidates: branch on its places
    const placed = bestCount > 2 && !this.splitting ? this.tightestHouseDigit(o, bestCount) : -1;
    let total = 0;
    if (placed >= 0) {
      const base = (placed >> 5) * this.n;
      const bit = 1 << (placed & 31);
      // a guide's preferred place first (the cell whose preferred digit this is), then the others in house order
      let first = -1;
      if (this.prefer)
        for (let i = base; i < base + this.n && first < 0; i++) {
          const c = this.houses[i];
          if (cand[o + c] >= 0 && (cand[o + c] & bit) !== 0 && 1 << (this.prefer[c] - 1) === bit) first = c;
        }
      if (first >= 0) {
        total += this.child(d, first, bit, list, start, k, cap, whole);
        if (total >= cap) return cap;
      }
      for (let i = base; i < base + this.n; i++) {
        const c = this.houses[i];
        if (c === first || cand[o + c] < 0 || (cand[o + c] & bit) === 0) continue;
        total += this.child(d, c, bit, list, start, k, cap - total, whole);
        if (total >= cap) return cap;
      }
      return total;
    }
    let m = cand[o + best];
    const preferred = this.prefer ? m & (1 << (this.prefer[best] - 1)) : 0;
    while (m !== 0) {
      const bit = preferred !== 0 && (m & preferred) !== 0 ? preferred : m & -m;
      m ^= bit;
      total += this.child(d, best, bit, list, start, k, cap - total, whole);
      if (total >= cap) return cap;
    }
    return total;
  }

  /** One branch: `cell` takes the digit `bit` at depth d + 1, settled and searched; cap when the budget ran out. */
  private child(
    d: number,
    cell: number,
    bit: number,
    list: Int32Array,
    start: number,
    k: number,
    cap: number,
    whole: boolean,
  ): number {
    if (++this.nodes > this.maxNodes) {
      this.aborted = true;
      return cap;
    }
    if ((this.nodes & 0xffff) === 0 && this.onTick !== null) this.onTick(this.nodes);
    const { N, cand, scope } = this;
    const o = d * N,
      o2 = o + N;
    cand.copyWithin(o2, o, o2);
    cand[o2 + cell] = bit;
    this.queue[0] = cell;
    this.qt = 1;
    if (!this.settle(o2)) return 0;
    for (let i = 0; i < k; i++) scope[o2 + i] = list[start + i];
    return this.countScope(d + 1, k, cap, whole);
  }

  /**
   * The house and digit with the fewest places among the open cells, when fewer than `fewer` (the tightest cell's
   * candidates), as house·32 + digit index; −1 when none. ge[j] collects the digits with more than j places (bit
   * slices, j < fewer); after settle every open digit has at least two places, so two is the least there is.
   */
  private tightestHouseDigit(o: number, fewer: number): number {
    const { cand, houses, H, n, ge } = this;
    let best = -1,
      bestPlaces = fewer;
    for (let u = 0; u < H && bestPlaces > 2; u++) {
      const base = u * n;
      ge.fill(0, 0, bestPlaces);
      for (let i = base, end = base + n; i < end; i++) {
        const m = cand[o + houses[i]];
        if (m < 0) continue;
        for (let j = bestPlaces - 1; j > 0; j--) ge[j] |= ge[j - 1] & m;
        ge[0] |= m;
      }
      for (let p = 2; p < bestPlaces; p++) {
        const exact = ge[p - 1] & ~ge[p];
        if (exact !== 0) {
          bestPlaces = p;
          best = (u << 5) | (31 - Math.clz32(exact & -exact));
          break;
        }
      }
    }
    return best;
  }

  private split(d: number, k: number): number {
    const { N, cand, scope, comps, compLen, mark, peerStart, peerList, bfs } = this;
    const o = d * N;
    if (this.stamp > 0x3fff0000) {
      mark.fill(0);
      this.stamp = 0;
    }
    const inScope = ++this.stamp;
    const first = this.stamp + 1;
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
        for (let j = peerStart[x], end = peerStart[x + 1]; j < end; j++) {
          const p = peerList[j];
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
    const at = this.bfs;
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

  /** Propagate at layer offset o to a fixpoint (naked singles, then hidden singles in dirty houses). */
  private settle(o: number): boolean {
    const { cand, queue, houses, peerStart, peerList, full, n, dirty, houseBits, W } = this;
    let qt = this.qt;
    for (;;) {
      for (let h = 0; h < qt; h++) {
        const c = queue[h];
        const bit = cand[o + c];
        if (bit < 0) continue;
        cand[o + c] = SOLVED | bit;
        if (W === 2) {
          dirty[0] |= houseBits[2 * c];
          dirty[1] |= houseBits[2 * c + 1];
        } else this.markDirty(c);
        const nb = ~bit;
        for (let j = peerStart[c], end = peerStart[c + 1]; j < end; j++) {
          const p = peerList[j];
          let m = cand[o + p];
          if ((m & bit) === 0) continue;
          if (m < 0) return this.fail();
          m &= nb;
          cand[o + p] = m;
          if (W === 2) {
            dirty[0] |= houseBits[2 * p];
            dirty[1] |= houseBits[2 * p + 1];
          } else this.markDirty(p);
          if ((m & (m - 1)) === 0) {
            if (m === 0) return this.fail();
            queue[qt++] = p;
          }
        }
      }
      qt = 0;
      // hidden singles in the dirty houses
      for (let w = 0; w < W; w++) {
        let bits = dirty[w];
        dirty[w] = 0;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const u = (w << 5) + 31 - Math.clz32(low);
          const base = u * n;
          let once = 0,
            twice = 0,
            done = 0;
          for (let i = base, end = base + n; i < end; i++) {
            const m = cand[o + houses[i]];
            if (m < 0) done |= m;
            else {
              twice |= once & m;
              once |= m;
            }
          }
          if (((once | done) & full) !== full) return this.fail();
          const hidden = once & ~twice;
          if (hidden === 0) continue;
          for (let i = base, end = base + n; i < end; i++) {
            const c = houses[i];
            const m = cand[o + c];
            if (m < 0) continue;
            const h = m & hidden;
            if (h === 0) continue;
            if ((h & (h - 1)) !== 0) return this.fail();
            cand[o + c] = h;
            queue[qt++] = c;
          }
        }
      }
      if (qt === 0) {
        if (!this.pointing) break;
        const removed = this.lockedPairs(o);
        if (removed < 0) return this.fail();
        if (removed === 0) break;
        qt = this.qt;
      }
    }
    this.qt = 0;
    return true;
  }

  /**
   * Under pair constraints, at a singles fixpoint: a digit with exactly two places a, b in a house is in a or in b,
   * so it leaves every cell that sees both (a peer of a and of b: through a house or a pair). This is what makes
   * anti-knight and anti-king searches short. Cells left with one candidate are queued (this.qt), the houses that
   * lost a candidate marked dirty. Returns the candidates removed, or −1 at a dead end.
   */
  private lockedPairs(o: number): number {
    const { cand, houses, H, n, N, peerStart, peerList, seen, queue } = this;
    let removed = 0,
      qt = 0;
    for (let u = 0; u < H; u++) {
      const base = u * n;
      let once = 0,
        twice = 0,
        thrice = 0;
      for (let i = base, end = base + n; i < end; i++) {
        const m = cand[o + houses[i]];
        if (m < 0) continue;
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
      }
      let two = twice & ~thrice;
      while (two !== 0) {
        const bit = two & -two;
        two ^= bit;
        let a = -1,
          b = -1;
        for (let i = base, end = base + n; i < end; i++) {
          const c = houses[i];
          const m = cand[o + c];
          if (m >= 0 && (m & bit) !== 0) {
            if (a < 0) a = c;
            else b = c;
          }
        }
        for (let j = peerStart[a], end = peerStart[a + 1]; j < end; j++) {
          const c = peerList[j];
          if (c === b || seen[b * N + c] === 0) continue;
          const m = cand[o + c];
          if (m < 0 || (m & bit) === 0) continue;
          const left = m & ~bit;
          if (left === 0) return -1;
          cand[o + c] = left;
          removed++;
          this.markDirty(c);
          if ((left & (left - 1)) === 0) queue[qt++] = c;
        }
      }
    }
    this.qt = qt;
    return removed;
  }

  /** A dead end: clear the dirty houses for the next settle. */
  private fail(): false {
    this.dirty.fill(0);
    this.qt = 0;
    return false;
  }

  private capture(o: number): void {
    const out = this.solution;
    if (!out) return;
    const { N, cand } = this;
    for (let c = 0; c < N; c++) out[c] = 32 - Math.clz32(cand[o + c] & this.full);
    this.haveSolution = true;
  }
}
