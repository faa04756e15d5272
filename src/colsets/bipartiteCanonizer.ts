import { popcount } from '../grid/bits.js';

/**
 * A canonical form of a bipartite graph with m "row" vertices and m "column" vertices (m ≤ 13) under
 * renumbering of the rows and of the columns: two graphs get the same string exactly when one is the
 * other with its rows and its columns renumbered.
 *
 * The graph is given as m row masks: bit j of rows[i] is the edge (row i, column j).
 *
 * How (the individualise-and-refine scheme of McKay's nauty, cut down to what these small graphs need):
 *   - start: rows are coloured by the histogram of their common-neighbour counts with the other rows,
 *     columns likewise (regular graphs give plain refinement nothing to start from; this often does);
 *   - refinement: a cell is split by how many neighbours its members have in a cell of the other side,
 *     sub-cells ordered by that number, until nothing splits (an equitable partition). Each side is an
 *     ordered partition `lab` (cells contiguous; a vertex's colour is its cell's first position).
 *     Nothing here looks at vertex numbers, so isomorphic graphs get isomorphic partitions;
 *   - search: while some cell has more than one vertex, take the smallest such cell (rows first on ties)
 *     and make each of its vertices a cell of its own in turn ("individualise"), refining again. At a
 *     leaf every vertex is alone; its certificate is the graph with rows and columns numbered by position;
 *   - the canonical form is the smallest certificate over the leaves that survive two prunings, both of
 *     which keep it a function of the isomorphism class:
 *       invariant: of the children of a node, only those whose refinement trace (a hash of every split
 *                  made, in order) is smallest are explored;
 *       automorphisms: two leaves with equal certificates give an automorphism; children in one orbit of
 *                  the automorphisms found that fix the path so far lead to the same certificates, so
 *                  only one of them is explored.
 *
 *   lab (one side, m = 6):  [ 4 0 | 5 | 2 1 3 ]    cells start at 0, 2, 3; cellOf[4] = cellOf[0] = 0
 *
 * Certificate: m characters; character p is the mask of the row at position p, columns renumbered by position.
 */
export interface BipartiteCanonizer {
  readonly m: number;
  /** The canonical form of the graph with these m row masks. */
  canonicalForm(rows: ArrayLike<number>): string;
  /** The same as m row masks, in a buffer that the next call overwrites. */
  canonicalRows(rows: ArrayLike<number>): Int32Array;
  /** Leaves visited by the last call (for benchmarks). */
  readonly lastLeaves: number;
}

export const MAX_CANONIZER_SIDE = 13;

/** 16^c: the common-neighbour histogram packs one hex digit per count c (each digit < m ≤ 13, no carry). */
const POW16 = Float64Array.from({ length: 14 }, (_, c) => 16 ** c);

export function bipartiteCanonizer(m: number): BipartiteCanonizer {
  if (!Number.isInteger(m) || m < 1 || m > MAX_CANONIZER_SIDE)
    throw new RangeError(`bipartite canonizer: m = ${m} is not in 1..${MAX_CANONIZER_SIDE}`);
  const depthMax = 2 * m + 1;
  const stride = 2 * m; // per depth: side 0 (rows) at 0..m−1, side 1 (columns) at m..2m−1
  const lab = new Int8Array(depthMax * stride);
  const cellOf = new Int8Array(depthMax * stride);
  const cellEnd = new Int8Array(depthMax * stride);
  const adj = [new Int32Array(m), new Int32Array(m)];
  const cnt = new Int32Array(m);
  const key = new Float64Array(m);
  const candidates = new Int32Array(depthMax * m);
  const candTrace = new Float64Array(depthMax * m);
  const path = new Int32Array(depthMax); // individualised vertex per depth: side·m + index
  const best = new Int32Array(m);
  const bestLab = new Int8Array(stride);
  let haveBest = false;
  const cert = new Int32Array(m);
  const autos: Int32Array[] = [];
  const parent = new Int32Array(2 * m);
  const queue = new Int32Array(4 * m * m + 4 * m);
  const inQueue = new Uint8Array(2 * m);
  let qHead = 0,
    qTail = 0;
  let orbitsKey = -1; // (depth, automorphisms) the union-find was last built for
  let leaves = 0;
  let trace = 0;
  const mix = (x: number) => {
    trace = Math.imul(trace ^ x, 0x01000193) >>> 0;
  };

  /**
   * Refine depth d to an equitable partition, using as splitters the queued cells and every cell a split
   * creates (the queue holds side·m + start; a split cell's first fragment keeps its start).
   */
  function refine(d: number): void {
    while (qHead < qTail) {
      const entry = queue[qHead++];
      inQueue[entry] = 0;
      const side = entry >= m ? 1 : 0;
      const ob = d * stride + side * m;
      const s = entry - side * m;
      const e = cellEnd[ob + s];
      let mask = 0;
      for (let p = s; p < e; p++) mask |= 1 << lab[ob + p];
      splitBy(d, 1 - side, mask);
    }
    qHead = qTail = 0;
  }

  function enqueue(side: number, start: number): void {
    const entry = side * m + start;
    if (inQueue[entry]) return;
    inQueue[entry] = 1;
    queue[qTail++] = entry;
  }

  /** Split the cells of `side` at depth d by the neighbour count into `mask` (a set of other-side vertices). */
  function splitBy(d: number, side: number, mask: number): void {
    const base = d * stride + side * m;
    const a = adj[side];
    for (let s = 0; s < m;) {
      const e = cellEnd[base + s];
      if (e - s > 1) {
        const first = popcount(a[lab[base + s]] & mask);
        let same = true;
        cnt[s] = first;
        for (let p = s + 1; p < e; p++) {
          const c = popcount(a[lab[base + p]] & mask);
          cnt[p] = c;
          if (c !== first) same = false;
        }
        if (!same) {
          // stable insertion sort of lab[s..e) by count
          for (let p = s + 1; p < e; p++) {
            const v = lab[base + p],
              c = cnt[p];
            let q = p;
            while (q > s && cnt[q - 1] > c) {
              lab[base + q] = lab[base + q - 1];
              cnt[q] = cnt[q - 1];
              q--;
            }
            lab[base + q] = v;
            cnt[q] = c;
          }
          for (let p = s; p < e;) {
            let q = p + 1;
            while (q < e && cnt[q] === cnt[p]) q++;
            for (let r = p; r < q; r++) cellOf[base + lab[base + r]] = p;
            cellEnd[base + p] = q;
            mix((side << 24) | (p << 16) | (q << 8) | cnt[p]);
            enqueue(side, p);
            p = q;
          }
        }
      }
      s = e;
    }
  }

  /** Colour each side by the histogram of common-neighbour counts (4 bits per count value). */
  function initialPartition(): void {
    for (let side = 0; side < 2; side++) {
      const a = adj[side];
      const base = side * m;
      for (let i = 0; i < m; i++) {
        let k = 0;
        for (let j = 0; j < m; j++) if (j !== i) k += POW16[popcount(a[i] & a[j])];
        key[i] = k;
        lab[base + i] = i;
      }
      // sort by key (insertion sort; m is small)
      for (let p = 1; p < m; p++) {
        const v = lab[base + p];
        let q = p;
        while (q > 0 && key[lab[base + q - 1]] > key[v]) {
          lab[base + q] = lab[base + q - 1];
          q--;
        }
        lab[base + q] = v;
      }
      for (let p = 0; p < m;) {
        let q = p + 1;
        while (q < m && key[lab[base + q]] === key[lab[base + p]]) q++;
        for (let r = p; r < q; r++) cellOf[base + lab[base + r]] = p;
        cellEnd[base + p] = q;
        enqueue(side, p);
        p = q;
      }
    }
  }

  /** Members of the smallest non-singleton cell at depth d (rows first on ties) into candidates; their count. */
  function targetCell(d: number): number {
    let bestSize = m + 1,
      bestBase = -1,
      bestStart = 0,
      bestSide = 0;
    for (let side = 0; side < 2; side++) {
      const base = d * stride + side * m;
      for (let s = 0; s < m;) {
        const e = cellEnd[base + s];
        if (e - s > 1 && e - s < bestSize) {
          bestSize = e - s;
          bestBase = base;
          bestStart = s;
          bestSide = side;
        }
        s = e;
      }
    }
    if (bestBase < 0) return 0;
    for (let k = 0; k < bestSize; k++) candidates[d * m + k] = bestSide * m + lab[bestBase + bestStart + k];
    return bestSize;
  }

  /** Copy depth d to d+1 and make vertex v (side·m + index) a cell of its own, first in its old cell. */
  function individualise(d: number, v: number): void {
    const from = d * stride,
      to = from + stride;
    lab.copyWithin(to, from, from + stride);
    cellOf.copyWithin(to, from, from + stride);
    cellEnd.copyWithin(to, from, from + stride);
    const side = v >= m ? 1 : 0,
      i = v - side * m;
    const base = to + side * m;
    const s = cellOf[base + i],
      e = cellEnd[base + s];
    // move v to position s
    let p = s;
    while (lab[base + p] !== i) p++;
    lab[base + p] = lab[base + s];
    lab[base + s] = i;
    cellEnd[base + s] = s + 1;
    cellEnd[base + s + 1] = e;
    for (let q = s + 1; q < e; q++) cellOf[base + lab[base + q]] = s + 1;
    // the partition was equitable: splitting by {v} is all the refinement needs to start from
    enqueue(side, s);
  }

  function leaf(d: number): void {
    leaves++;
    const rb = d * stride,
      cb = rb + m;
    for (let p = 0; p < m; p++) {
      let mask = adj[0][lab[rb + p]],
        out = 0;
      while (mask) {
        const b = mask & -mask;
        mask ^= b;
        out |= 1 << cellOf[cb + 31 - Math.clz32(b)];
      }
      cert[p] = out;
    }
    let cmp = haveBest ? 0 : -1;
    for (let p = 0; p < m && cmp === 0; p++) cmp = cert[p] - best[p];
    if (cmp < 0) {
      best.set(cert);
      bestLab.set(lab.subarray(rb, rb + stride));
      haveBest = true;
    } else if (cmp === 0) {
      // automorphism: the vertex at position p here ↦ the vertex at position p in the best leaf
      const g = new Int32Array(2 * m);
      for (let p = 0; p < m; p++) {
        g[lab[rb + p]] = bestLab[p];
        g[m + lab[cb + p]] = m + bestLab[m + p];
      }
      autos.push(g);
    }
  }

  function find(x: number): number {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }

  /** Orbits of the automorphisms found so far that fix path[0..d−1]; afterwards find() gives orbit roots. */
  function orbits(d: number): void {
    const k = d * 4096 + autos.length;
    if (k === orbitsKey) return;
    orbitsKey = k;
    for (let v = 0; v < 2 * m; v++) parent[v] = v;
    for (const g of autos) {
      let fixes = true;
      for (let k = 0; k < d && fixes; k++) fixes = g[path[k]] === path[k];
      if (!fixes) continue;
      for (let v = 0; v < 2 * m; v++) {
        const a = find(v),
          b = find(g[v]);
        if (a !== b) parent[a < b ? b : a] = a < b ? a : b;
      }
    }
  }

  function search(d: number): void {
    const k = targetCell(d);
    if (k === 0) {
      leaf(d);
      return;
    }
    const at = d * m;
    let minTrace = Infinity;
    for (let c = 0; c < k; c++) {
      individualise(d, candidates[at + c]);
      trace = 0x811c9dc5;
      refine(d + 1);
      candTrace[at + c] = trace;
      if (trace < minTrace) minTrace = trace;
    }
    let explored = 0; // bitmask over the 2m vertices (m ≤ 13 → 26 bits)
    for (let c = 0; c < k; c++) {
      if (candTrace[at + c] !== minTrace) continue;
      const v = candidates[at + c];
      if (explored !== 0 && autos.length > 0) {
        orbits(d);
        const root = find(v);
        let seen = false;
        for (let u = 0; u < 2 * m && !seen; u++) if (explored & (1 << u) && find(u) === root) seen = true;
        if (seen) continue;
      }
      explored |= 1 << v;
      path[d] = v;
      individualise(d, v);
      refine(d + 1);
      search(d + 1);
    }
  }

  function canonicalRows(rows: ArrayLike<number>): Int32Array {
    adj[1].fill(0);
    for (let i = 0; i < m; i++) {
      const r = rows[i];
      adj[0][i] = r;
      for (let mask = r; mask; mask &= mask - 1) adj[1][31 - Math.clz32(mask & -mask)] |= 1 << i;
    }
    haveBest = false;
    autos.length = 0;
    orbitsKey = -1;
    qHead = qTail = 0;
    inQueue.fill(0);
    leaves = 0;
    initialPartition();
    refine(0);
    search(0);
    return best;
  }

  return {
    m,
    canonicalRows,
    canonicalForm: (rows) => String.fromCharCode(...canonicalRows(rows)),
    get lastLeaves() {
      return leaves;
    },
  };
}
