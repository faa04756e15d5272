/**
 * F_h(T): the bands of an R×2 shape (R rows, R stacks of two columns, n = 2R digits) with column configuration T
 * that a band symmetry h = (q, p, τ) fixes: B(q(r), p(c)) = τ(B(r, c)) for every cell.
 *
 * A transfer over the band's columns, taken a cycle of p at a time, on the quotient by h (issue 38). With the
 * columns S taken so far a union of p-cycles, a fixed band restricted to S has in row q(r) the digits τ(those of
 * row r): the digit set of every row follows from those of one row per cycle of q, its *representative* ρ, whose
 * set is τ^k-invariant (k the cycle's length). The state is those L sets (L = the cycles of q).
 *
 *   a cycle (c, p(c), …, p^(m−1)(c)) of p: a bijection β from the rows onto c's digits with β(q^m(r)) = τ^m(β(r))
 *   (the fixed band's column c); then cell (q^j(r), p^j(c)) holds τ^j(β(r)) for j < m, and that is the whole
 *   cycle. β is chosen a cycle of q^m at a time (r of length a takes a digit x with τ^(ma)(x) = x and fills
 *   β(q^(mi)(r)) = τ^(mi)(x)); a representative ρ = q^j(r) receives τ^j(β(r)), and must not have it already.
 *   Every other row's digits are images of a representative's under a power of τ, so checking the
 *   representatives checks every row.
 *
 * Rows may be renumbered by any permutation commuting with q (it maps fixed bands to fixed bands and leaves the
 * columns alone), so the completions of a state are those of its canonical form: each representative's set
 * turned to the least of τ^i(set), i < k (the same cycle started at another row), and the sets of cycles of one
 * length sorted. F_h(T) is the number of walks from the empty state to the full one.
 *
 * Meet in the middle: the cycles up to half the columns are walked from the front, the rest from the back (from
 * the empty state: a state is then the digits each representative has in the back columns), and
 *
 *   F_h(T) = Σ over the back's canonical states Y of back(Y)/|orbit(Y)| · front(canonical form of Y's complement),
 *
 * because a class's count sums the walks to every state of its orbit under the row renumberings, and the walks to
 * one state are as many as to any other of its orbit (|orbit|: the orderings of equal sets in a group of cycles of
 * one length, times the number of distinct τ^i-images of each set).
 *
 * The p-cycles are taken in the order that keeps the fewest digits half placed (a digit whose columns are all taken
 * or none taken is in every row's set or in none: only the others vary), chosen per T. States live in an
 * open-addressing table keyed by a mixed-radix number (each set's rank among the τ^k-invariant sets of its size)
 * below 2^53, or in a Map on a string key beyond that. Counts are doubles, checked exact (below 2^53) at every
 * state. When h is the identity this is the plain F; src/colsets counts that faster (canonical over all row
 * permutations), and countFixedByColumnSets uses the edge-colouring counter there.
 *
 * Replaces the matching search of issue 38's first round (its code is the tests' oracle,
 * test/helpers/matchingBandCounter.ts): the same F_h, 10²–10⁵ times faster on the 6×2 involutions with τ = 2⁶.
 */
export interface TiedBandCounter {
  /** F_h(T) for the band whose digit d meets the columns of bit mask cols[d] (one column of each stack). */
  count(cols: ArrayLike<number>): number;
  /** Transitions walked so far (a state and a column cycle's β), for statistics. */
  nodes(): number;
  /** The most states one layer held so far. */
  peakStates(): number;
}

const FLUSH_LIMIT = Number.MAX_SAFE_INTEGER;

export function tiedBandCounter(
  R: number,
  q: ArrayLike<number>,
  p: ArrayLike<number>,
  tau: ArrayLike<number>,
): TiedBandCounter {
  const n = 2 * R;
  if (n > 16) throw new RangeError(`tied band counter: ${n} digits (at most 16)`);
  const order = (perm: ArrayLike<number>, size: number): number => {
    let o = 1;
    const seen = new Uint8Array(size);
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    for (let i = 0; i < size; i++) {
      if (seen[i]) continue;
      let k = 0;
      for (let x = i; !seen[x]; x = perm[x]) {
        seen[x] = 1;
        k++;
      }
      o = (o / gcd(o, k)) * k;
    }
    return o;
  };
  // powers of τ, q and p: pow[e·size + i] = perm^e(i), e < the order
  const powers = (perm: ArrayLike<number>, size: number): { o: number; t: Int32Array } => {
    const o = order(perm, size);
    const t = new Int32Array(o * size);
    for (let i = 0; i < size; i++) t[i] = i;
    for (let e = 1; e < o; e++) for (let i = 0; i < size; i++) t[e * size + i] = perm[t[(e - 1) * size + i]];
    return { o, t };
  };
  const TP = powers(tau, n),
    QP = powers(q, R);
  const tauPow = (e: number, d: number): number => TP.t[(e % TP.o) * n + d];
  const qPow = (e: number, r: number): number => QP.t[(e % QP.o) * R + r];

  // q's cycles: representatives sorted by cycle length (the slots of a state), each row's slot and offset
  const repRows: number[] = [];
  const seenRow = new Uint8Array(R);
  for (let r = 0; r < R; r++) {
    if (seenRow[r]) continue;
    for (let x = r; !seenRow[x]; x = q[x]) seenRow[x] = 1;
    repRows.push(r);
  }
  const lenOf = (r: number): number => {
    let k = 1;
    for (let x = q[r]; x !== r; x = q[x]) k++;
    return k;
  };
  repRows.sort((a, b) => lenOf(a) - lenOf(b) || a - b);
  const L = repRows.length;
  const slotLen = Int32Array.from(repRows, lenOf);
  const slotOfRow = new Int32Array(R).fill(-1); // the slot of a representative row, −1 for the others
  repRows.forEach((r, i) => (slotOfRow[r] = i));
  // groups of slots with one cycle length: [groupStart[g], groupStart[g + 1])
  const groupStart: number[] = [0];
  for (let i = 1; i < L; i++) if (slotLen[i] !== slotLen[i - 1]) groupStart.push(i);
  groupStart.push(L);

  // per cycle length k: the canonical set (least τ^i-image, i < k), and the rank of a τ^k-invariant set among
  // those of its size; the radix of a slot is the largest number of such sets of one size
  const full = (1 << n) - 1;
  const imageOf = (e: number, mask: number): number => {
    let out = 0;
    for (let m = mask; m; m &= m - 1) out |= 1 << tauPow(e, 31 - Math.clz32(m & -m));
    return out;
  };
  const canonByLen = new Map<number, Int32Array>();
  const rankByLen = new Map<number, Int32Array>();
  const radixByLen = new Map<number, number>();
  for (const k of new Set(slotLen)) {
    const canon = new Int32Array(1 << n).fill(-1);
    const rank = new Int32Array(1 << n).fill(-1);
    const seen = new Int32Array(n + 1);
    for (let m = 0; m <= full; m++) {
      if (imageOf(k, m) !== m) continue;
      let least = m;
      for (let i = 1; i < k; i++) least = Math.min(least, imageOf(i, m));
      canon[m] = least;
      let bits = 0;
      for (let x = m; x; x &= x - 1) bits++;
      rank[m] = seen[bits]++;
    }
    canonByLen.set(k, canon);
    rankByLen.set(k, rank);
    radixByLen.set(k, Math.max(...seen));
  }
  const canonOf = Array.from(slotLen, (k) => canonByLen.get(k)!);
  // per slot: the number of distinct τ^i-images (i < k) of a τ^k-invariant set
  const rotationsByLen = new Map<number, Int32Array>();
  for (const k of new Set(slotLen)) {
    const t = new Int32Array(1 << n);
    for (let m = 0; m <= full; m++) {
      if (canonByLen.get(k)![m] < 0) continue;
      let o = 1;
      while (o < k && imageOf(o, m) !== m) o++;
      t[m] = o;
    }
    rotationsByLen.set(k, t);
  }
  const rotationsOf = Array.from(slotLen, (k) => rotationsByLen.get(k)!);
  const rankOf = Array.from(slotLen, (k) => rankByLen.get(k)!);
  const radix = Float64Array.from(slotLen, (k) => radixByLen.get(k)!);
  let keySpace = 1;
  for (let i = 0; i < L; i++) keySpace *= radix[i];
  const wide = keySpace > 2 ** 53;

  // p's cycles on the columns, and per cycle and row r the representatives that β(r) reaches: for j < m with
  // q^j(r) a representative, (j, its slot)
  interface ColumnCycle {
    readonly c0: number;
    readonly m: number;
    readonly cols: number; // the cycle's columns, a bit mask
    readonly rowCycles: Int32Array; // cycles of q^m: start row, length, …
    readonly reachStart: Int32Array; // per row r: [reachStart[r], reachStart[r + 1]) in reachJ, reachSlot
    readonly reachJ: Int32Array;
    readonly reachSlot: Int32Array;
  }
  const cycles: ColumnCycle[] = [];
  {
    const seen = new Uint8Array(n);
    for (let c0 = 0; c0 < n; c0++) {
      if (seen[c0]) continue;
      let m = 0,
        colsMask = 0;
      for (let c = c0; !seen[c]; c = p[c]) {
        seen[c] = 1;
        colsMask |= 1 << c;
        m++;
      }
      const rc: number[] = [];
      const seenR = new Uint8Array(R);
      for (let r = 0; r < R; r++) {
        if (seenR[r]) continue;
        let a = 0;
        for (let x = r; !seenR[x]; x = qPow(m, x)) {
          seenR[x] = 1;
          a++;
        }
        rc.push(r, a);
      }
      const start = new Int32Array(R + 1);
      const js: number[] = [],
        slots: number[] = [];
      for (let r = 0; r < R; r++) {
        start[r] = js.length;
        for (let j = 0; j < m; j++) {
          const s = slotOfRow[qPow(j, r)];
          if (s >= 0) {
            js.push(j);
            slots.push(s);
          }
        }
      }
      start[R] = js.length;
      cycles.push({
        c0,
        m,
        cols: colsMask,
        rowCycles: Int32Array.from(rc),
        reachStart: start,
        reachJ: Int32Array.from(js),
        reachSlot: Int32Array.from(slots),
      });
    }
  }

  // the layers: states as L masks each (canonical), counts, and the table from key to state
  const keyOf = (m: Int32Array, o: number): number => {
    let key = 0;
    for (let i = 0; i < L; i++) key = key * radix[i] + rankOf[i][m[o + i]];
    return key;
  };
  const wideKeyOf = (m: Int32Array, o: number): string => {
    let key = '';
    for (let i = 0; i < L; i++) key += String.fromCharCode(m[o + i] + 1);
    return key;
  };
  const hash = (key: number): number => {
    const lo = key >>> 0,
      hi = (key / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) ^ (hi >>> 7);
  };
  class Layer {
    masks = new Int32Array(1024 * L);
    count = new Float64Array(1024);
    size = 0;
    private bits = 12;
    private tableKey = new Float64Array(1 << 12);
    private tableIdx = new Int32Array(1 << 12).fill(-1);
    private slotOf = new Int32Array(1024); // each state's place in the table, so that clearing is O(states)
    private readonly wideIndex = new Map<string, number>();

    clear(): void {
      if (wide) this.wideIndex.clear();
      else for (let s = 0; s < this.size; s++) this.tableIdx[this.slotOf[s]] = -1;
      this.size = 0;
    }

    /** The state with these canonical masks, or −1. */
    find(m: Int32Array): number {
      if (wide) return this.wideIndex.get(wideKeyOf(m, 0)) ?? -1;
      const key = keyOf(m, 0);
      const mask = (1 << this.bits) - 1;
      for (let h = hash(key) & mask; this.tableIdx[h] >= 0; h = (h + 1) & mask)
        if (this.tableKey[h] === key) return this.tableIdx[h];
      return -1;
    }

    /** Adds w walks to the state with these canonical masks. */
    add(m: Int32Array, w: number): void {
      let s = -1;
      let h = 0;
      if (wide) {
        const key = wideKeyOf(m, 0);
        const found = this.wideIndex.get(key);
        if (found === undefined) this.wideIndex.set(key, this.size);
        else s = found;
      } else {
        const key = keyOf(m, 0);
        const mask = (1 << this.bits) - 1;
        for (h = hash(key) & mask; this.tableIdx[h] >= 0; h = (h + 1) & mask)
          if (this.tableKey[h] === key) {
            s = this.tableIdx[h];
            break;
          }
        if (s < 0) {
          this.tableKey[h] = key;
          this.tableIdx[h] = this.size;
        }
      }
      if (s < 0) {
        if (this.size === this.count.length) {
          const masks = new Int32Array(2 * this.count.length * L);
          masks.set(this.masks);
          this.masks = masks;
          const count = new Float64Array(2 * this.count.length);
          count.set(this.count);
          this.count = count;
          const slotOf = new Int32Array(2 * this.slotOf.length);
          slotOf.set(this.slotOf);
          this.slotOf = slotOf;
        }
        s = this.size++;
        this.slotOf[s] = h;
        this.masks.set(m, s * L);
        this.count[s] = 0;
        if (!wide && 2 * this.size > 1 << this.bits) this.rehash();
      }
      const v = this.count[s] + w;
      if (v > FLUSH_LIMIT) throw new Error('internal: a count of fixed bands past 2^53');
      this.count[s] = v;
    }

    private rehash(): void {
      this.bits++;
      this.tableKey = new Float64Array(1 << this.bits);
      this.tableIdx = new Int32Array(1 << this.bits).fill(-1);
      const mask = (1 << this.bits) - 1;
      for (let s = 0; s < this.size; s++) {
        const key = keyOf(this.masks, s * L);
        let h = hash(key) & mask;
        while (this.tableIdx[h] >= 0) h = (h + 1) & mask;
        this.tableKey[h] = key;
        this.tableIdx[h] = s;
        this.slotOf[s] = h;
      }
    }
  }
  let from = new Layer(),
    to = new Layer();
  const front = new Layer();
  let nodeCount = 0,
    peak = 0;

  const cur = new Int32Array(L); // the state being extended
  const canonBuf = new Int32Array(L);
  const colSet = new Int32Array(n); // digits of each column for this T
  const cycleOrder = new Int32Array(cycles.length);

  /** The canonical form of the masks m (rotations, then each group of one cycle length sorted) into canonBuf. */
  function canonical(m: Int32Array): void {
    for (let i = 0; i < L; i++) canonBuf[i] = canonOf[i][m[i]];
    for (let g = 0; g + 1 < groupStart.length; g++) {
      const a = groupStart[g],
        b = groupStart[g + 1];
      for (let i = a + 1; i < b; i++) {
        const v = canonBuf[i];
        let j = i - 1;
        while (j >= a && canonBuf[j] > v) {
          canonBuf[j + 1] = canonBuf[j];
          j--;
        }
        canonBuf[j + 1] = v;
      }
    }
  }
  /** The number of states in the orbit of canonical masks c (the row renumberings' orbit). */
  function orbitSize(c: Int32Array): number {
    let size = 1;
    for (let g = 0; g + 1 < groupStart.length; g++) {
      const a = groupStart[g],
        b = groupStart[g + 1];
      let run = 1;
      for (let i = a; i < b; i++) {
        size *= rotationsOf[i][c[i]] * (i - a + 1);
        run = i > a && c[i] === c[i - 1] ? run + 1 : 1;
        size /= run;
      }
    }
    return size;
  }
  function addState(w: number): void {
    canonical(cur);
    to.add(canonBuf, w);
  }

  // the walk of one column cycle from one state: β a cycle of q^m at a time
  let cyc: ColumnCycle = cycles[0];
  let digitsOfC0 = 0;
  let weight = 0;
  const trailSlot = new Int32Array(n * n + 1),
    trailBit = new Int32Array(n * n + 1);
  let trailTop = 0;
  function beta(t: number, used: number): void {
    const rc = cyc.rowCycles;
    if (2 * t === rc.length) {
      nodeCount++;
      addState(weight);
      return;
    }
    const r = rc[2 * t],
      a = rc[2 * t + 1],
      m = cyc.m;
    for (let o = digitsOfC0 & ~used; o; o &= o - 1) {
      const x = 31 - Math.clz32(o & -o);
      if (tauPow(m * a, x) !== x) continue;
      // fill β on r's cycle of q^m, each representative reached checked and marked on the trail
      const mark = trailTop;
      let ok = true;
      let u = used;
      for (let i = 0; i < a && ok; i++) {
        const ri = qPow(m * i, r),
          y = tauPow(m * i, x);
        if (u & (1 << y)) {
          ok = false;
          break;
        }
        u |= 1 << y;
        const e = cyc.reachStart[ri + 1];
        for (let z = cyc.reachStart[ri]; z < e; z++) {
          const bit = 1 << tauPow(cyc.reachJ[z], y),
            s = cyc.reachSlot[z];
          if (cur[s] & bit) {
            ok = false;
            break;
          }
          cur[s] |= bit;
          trailSlot[trailTop] = s;
          trailBit[trailTop++] = bit;
        }
      }
      if (ok) beta(t + 1, u);
      while (trailTop > mark) {
        trailTop--;
        cur[trailSlot[trailTop]] &= ~trailBit[trailTop];
      }
    }
  }

  function chooseOrder(cols: ArrayLike<number>): void {
    // greedy: the next cycle leaves the fewest digits with some but not all columns taken
    let taken = 0;
    const left = new Uint8Array(cycles.length);
    for (let s = 0; s < cycles.length; s++) {
      let best = -1,
        bestActive = 1e9;
      for (let c = 0; c < cycles.length; c++) {
        if (left[c]) continue;
        const t = taken | cycles[c].cols;
        let active = 0;
        for (let d = 0; d < n; d++) {
          const hit = cols[d] & t;
          if (hit !== 0 && hit !== cols[d]) active++;
        }
        if (active < bestActive) {
          bestActive = active;
          best = c;
        }
      }
      left[best] = 1;
      cycleOrder[s] = best;
      taken |= cycles[best].cols;
    }
  }

  /** Walks the layers from the empty state over the column cycles order[lo..hi) (`step` ±1), into `to`. */
  function walk(lo: number, hi: number, step: number): void {
    to.clear();
    cur.fill(0);
    addState(1);
    for (let s = step > 0 ? lo : hi - 1; step > 0 ? s < hi : s >= lo; s += step) {
      const t = from;
      from = to;
      to = t;
      to.clear();
      cyc = cycles[cycleOrder[s]];
      digitsOfC0 = colSet[cyc.c0];
      for (let st = 0; st < from.size; st++) {
        for (let i = 0; i < L; i++) cur[i] = from.masks[st * L + i];
        weight = from.count[st];
        beta(0, 0);
      }
      if (to.size > peak) peak = to.size;
      if (to.size === 0) return;
    }
  }

  return {
    count(cols) {
      colSet.fill(0);
      for (let d = 0; d < n; d++) for (let m = cols[d]; m; m &= m - 1) colSet[31 - Math.clz32(m & -m)] |= 1 << d;
      for (let c = 0; c < n; c++) {
        if (imageOf(1, colSet[c]) !== colSet[p[c]])
          throw new RangeError('tied band counter: the configuration is not compatible with (p, τ)');
      }
      chooseOrder(cols);
      // meet in the middle: the cycles up to half the columns from the front, the rest from the back
      let mid = 0;
      for (let taken = 0; mid < cycles.length && 2 * (taken + cycles[cycleOrder[mid]].m) <= n; mid++)
        taken += cycles[cycleOrder[mid]].m;
      if (mid === 0) mid = 1;
      walk(0, mid, 1);
      if (to.size === 0) return 0;
      // keep the front's layer
      front.clear();
      for (let st = 0; st < to.size; st++) {
        for (let i = 0; i < L; i++) canonBuf[i] = to.masks[st * L + i];
        front.add(canonBuf, to.count[st]);
      }
      walk(mid, cycles.length, -1);
      // F = Σ over the back's canonical states Y of back(Y)/|orbit(Y)| · front(canonical complement of Y): the counts
      // are constant on orbits, and the front's class count sums its orbit
      let total = 0;
      for (let st = 0; st < to.size; st++) {
        for (let i = 0; i < L; i++) cur[i] = full & ~to.masks[st * L + i];
        canonical(cur);
        const f = front.find(canonBuf);
        if (f < 0) continue;
        for (let i = 0; i < L; i++) cur[i] = to.masks[st * L + i];
        const o = orbitSize(cur);
        const b = to.count[st] / o;
        if (!Number.isInteger(b)) throw new Error('internal: a back count not divisible by its orbit');
        total += b * front.count[f];
        if (total > FLUSH_LIMIT) throw new Error('internal: a count of fixed bands past 2^53');
      }
      return total;
    },
    nodes: () => nodeCount,
    peakStates: () => peak,
  };
}
