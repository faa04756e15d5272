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

  // the layers: states as L masks each, counts, and the table from key to state
  let masksA = new Int32Array(1024 * L),
    masksB = new Int32Array(1024 * L);
  let countA = new Float64Array(1024),
    countB = new Float64Array(1024);
  let sizeA = 0,
    sizeB = 0;
  let slotBits = 12;
  let tableKey = new Float64Array(1 << slotBits);
  let tableIdx = new Int32Array(1 << slotBits).fill(-1);
  const wideIndex = new Map<string, number>();
  let nodeCount = 0,
    peak = 0;

  const cur = new Int32Array(L); // the state being extended, then extended
  const canonBuf = new Int32Array(L);
  const colSet = new Int32Array(n); // digits of each column for this T
  const cycleOrder = new Int32Array(cycles.length);

  function growB(): void {
    const m = new Int32Array(2 * countB.length * L);
    m.set(masksB);
    masksB = m;
    const c = new Float64Array(2 * countB.length);
    c.set(countB);
    countB = c;
  }
  function rehash(): void {
    slotBits++;
    tableKey = new Float64Array(1 << slotBits);
    tableIdx = new Int32Array(1 << slotBits).fill(-1);
    const mask = (1 << slotBits) - 1;
    for (let s = 0; s < sizeB; s++) {
      let key = 0;
      for (let i = 0; i < L; i++) key = key * radix[i] + rankOf[i][masksB[s * L + i]];
      let h = hash(key) & mask;
      while (tableIdx[h] >= 0) h = (h + 1) & mask;
      tableKey[h] = key;
      tableIdx[h] = s;
    }
  }
  function hash(key: number): number {
    const lo = key >>> 0,
      hi = (key / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) ^ (hi >>> 7);
  }
  function clearB(): void {
    sizeB = 0;
    if (wide) wideIndex.clear();
    else tableIdx.fill(-1);
  }

  /** Adds `w` walks to the canonical form of `cur` in layer B. */
  function addState(w: number): void {
    for (let i = 0; i < L; i++) canonBuf[i] = canonOf[i][cur[i]];
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
    let s: number;
    if (wide) {
      let key = '';
      for (let i = 0; i < L; i++) key += String.fromCharCode(canonBuf[i] + 1);
      const found = wideIndex.get(key);
      if (found === undefined) {
        s = -1;
        wideIndex.set(key, sizeB);
      } else s = found;
    } else {
      let key = 0;
      for (let i = 0; i < L; i++) key = key * radix[i] + rankOf[i][canonBuf[i]];
      const mask = (1 << slotBits) - 1;
      let h = hash(key) & mask;
      s = -1;
      while (tableIdx[h] >= 0) {
        if (tableKey[h] === key) {
          s = tableIdx[h];
          break;
        }
        h = (h + 1) & mask;
      }
      if (s < 0) {
        tableKey[h] = key;
        tableIdx[h] = sizeB;
      }
    }
    if (s < 0) {
      if (sizeB === countB.length) growB();
      s = sizeB++;
      masksB.set(canonBuf, s * L);
      countB[s] = 0;
      if (!wide && 2 * sizeB > 1 << slotBits) rehash();
    }
    const v = countB[s] + w;
    if (v > FLUSH_LIMIT) throw new Error('internal: a count of fixed bands past 2^53');
    countB[s] = v;
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

  return {
    count(cols) {
      colSet.fill(0);
      for (let d = 0; d < n; d++) for (let m = cols[d]; m; m &= m - 1) colSet[31 - Math.clz32(m & -m)] |= 1 << d;
      for (let c = 0; c < n; c++) {
        if (imageOf(1, colSet[c]) !== colSet[p[c]])
          throw new RangeError('tied band counter: the configuration is not compatible with (p, τ)');
      }
      chooseOrder(cols);
      clearB();
      cur.fill(0);
      addState(1);
      for (let s = 0; s < cycles.length; s++) {
        // B becomes A
        const m = masksA,
          c = countA;
        masksA = masksB;
        countA = countB;
        masksB = m;
        countB = c;
        sizeA = sizeB;
        clearB();
        cyc = cycles[cycleOrder[s]];
        digitsOfC0 = colSet[cyc.c0];
        for (let st = 0; st < sizeA; st++) {
          for (let i = 0; i < L; i++) cur[i] = masksA[st * L + i];
          weight = countA[st];
          beta(0, 0);
        }
        if (sizeB > peak) peak = sizeB;
        if (sizeB === 0) return 0;
      }
      return sizeB === 1 ? countB[0] : 0;
    },
    nodes: () => nodeCount,
    peakStates: () => peak,
  };
}
