/**
 * The order in which columnTransfer takes the columns of a band (issue 25, 6×2): the one that keeps its states few.
 *
 * After the first k columns, digit d has used k_d rows (k_d: how many of those columns hold d) and every row has
 * been used k times, once a column. The states of the transfer are the digit × row 0/1 matrices with those line sums,
 * up to the R! row permutations; their number, `rowSets(k_d, k)`, is counted by a small transfer over the digits
 * (the state: the sorted row sums so far). The box order (0L, 0R, 1L, …) is the worst: every digit has used half its
 * rows at the middle (3.7·10¹² row sets on 6×2). An order that finishes some digits early and starts others late
 * keeps the middle 10³–10⁴ times smaller. The order is chosen greedily (each step the column whose prefix has the
 * fewest row sets), then improved by swapping two columns while Σ_k rowSets falls (deterministic).
 *
 *   graph: `cols[j]` = bit mask of the digits in column j (m digits, R rows, every line R cells).
 */
export function columnOrder(R: number, cols: readonly number[], m: number): number[] {
  const n = cols.length;
  const cost = (order: readonly number[]): number => {
    const k = new Array<number>(m).fill(0);
    let total = 0;
    for (let i = 0; i < n; i++) {
      for (let u = cols[order[i]]; u !== 0; u &= u - 1) k[31 - Math.clz32(u & -u)]++;
      total += rowSets(R, k, i + 1);
    }
    return total;
  };
  // greedy: each step the column whose prefix has the fewest row sets (ties: lowest index)
  const order: number[] = [];
  const left = new Set(Array.from({ length: n }, (_, j) => j));
  const k = new Array<number>(m).fill(0);
  while (left.size > 0) {
    let best = -1,
      bestCount = Infinity;
    for (const j of left) {
      const k2 = k.slice();
      for (let u = cols[j]; u !== 0; u &= u - 1) k2[31 - Math.clz32(u & -u)]++;
      const c = rowSets(R, k2, order.length + 1);
      if (c < bestCount) {
        bestCount = c;
        best = j;
      }
    }
    order.push(best);
    left.delete(best);
    for (let u = cols[best]; u !== 0; u &= u - 1) k[31 - Math.clz32(u & -u)]++;
  }
  // swaps while they lower Σ_k rowSets
  let current = cost(order);
  for (let improved = true; improved;) {
    improved = false;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        [order[i], order[j]] = [order[j], order[i]];
        const c = cost(order);
        if (c < current) {
          current = c;
          improved = true;
        } else [order[i], order[j]] = [order[j], order[i]];
      }
  }
  return order;
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
