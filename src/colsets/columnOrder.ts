/**
 * The order in which columnTransfer takes the columns of a band (issue 25, 6×2): the one that keeps its states few.
 *
 * After the first k columns, digit d has used k_d rows (k_d: how many of those columns hold d) and every row has
 * been used k times, once a column. The states of the transfer are the digit × row 0/1 matrices with those line sums,
 * up to the R! row permutations; their number, `rowSets(k_d, k)`, is counted by a small transfer over the digits
 * (the state: the sorted row sums so far). The box order (0L, 0R, 1L, …) is the worst: every digit has used half its
 * rows at the middle (3.7·10¹² row sets on 6×2). An order that finishes some digits early and starts others late
 * keeps the middle 10³–10⁴ times smaller. Since rowSets after k columns depends only on which k columns, the order
 * of least Σ_k rowSets is found exactly by a transfer over the 2^(2R) sets of columns (deterministic; ties: the
 * lowest column last).
 *
 *   graph: `cols[j]` = bit mask of the digits in column j (m digits, R rows, every line R cells).
 * Returns the order and its Σ_k rowSets (the cost the search minimised, a proxy for the transfer's work).
 */
const cache = new Map<string, number>();

export function columnOrder(R: number, cols: readonly number[], m: number): { order: number[]; rowSets: number } {
  const n = cols.length;
  // rowSets of every set of columns (it depends only on R, the multiset of the k_d and the set's size: cached for
  // the life of the process, shared by every class)
  const k = new Array<number>(m);
  const costOf = (set: number): number => {
    k.fill(0);
    let size = 0;
    for (let u = set; u !== 0; u &= u - 1) {
      size++;
      for (let v = cols[31 - Math.clz32(u & -u)]; v !== 0; v &= v - 1) k[31 - Math.clz32(v & -v)]++;
    }
    const sums = k.slice().sort((a, b) => a - b);
    const key = `${R}:${size}:${sums.join(',')}`;
    let c = cache.get(key);
    if (c === undefined) {
      c = rowSets(R, sums, size);
      cache.set(key, c);
    }
    return c;
  };
  // the chain ∅ ⊂ S_1 ⊂ … ⊂ S_n of least Σ rowSets(S_k), by a transfer over the subsets (2^n of them)
  const best = new Float64Array(1 << n).fill(Infinity);
  const last = new Int8Array(1 << n);
  best[0] = 0;
  for (let set = 1; set < 1 << n; set++) {
    const c = costOf(set);
    for (let u = set; u !== 0; u &= u - 1) {
      const j = 31 - Math.clz32(u & -u);
      const b = best[set & ~(1 << j)] + c;
      if (b < best[set]) {
        best[set] = b;
        last[set] = j;
      }
    }
  }
  const order: number[] = [];
  for (let set = (1 << n) - 1; set !== 0; set &= ~(1 << last[set])) order.unshift(last[set]);
  return { order, rowSets: best[(1 << n) - 1] };
}

/** Digit × row 0/1 matrices with row sums `sums` and every one of the R row sums equal to `col` (a double). */
export function rowSets(R: number, sums: readonly number[], col: number): number {
  // state: the R row sums so far, sorted, 4 bits each
  let states = new Map<number, number>([[0, 1]]);
  const c = new Array<number>(R);
  for (const s of sums) {
    const next = new Map<number, number>();
    for (const [key, w] of states) {
      for (let u = 0; u < 1 << R; u++) {
        let bits = 0;
        for (let v = u; v !== 0; v &= v - 1) bits++;
        if (bits !== s) continue;
        let ok = true;
        for (let r = 0; r < R; r++) {
          c[r] = ((key >> (4 * r)) & 15) + ((u >> r) & 1);
          if (c[r] > col) ok = false;
        }
        if (!ok) continue;
        c.sort((a, b) => a - b);
        let k2 = 0;
        for (let r = 0; r < R; r++) k2 |= c[r] << (4 * r);
        next.set(k2, (next.get(k2) ?? 0) + w);
      }
    }
    states = next;
  }
  let full = 0;
  for (let r = 0; r < R; r++) full |= col << (4 * r);
  return states.get(full) ?? 0;
}
