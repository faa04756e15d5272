import type { GridGroup } from '../essential/gridGroup.js';
import type { Rules } from '../grid/rules.js';

/**
 * The elements of the grid group G that may keep the rules' checked houses (h ≥ `first`) and pairs, ascending:
 * every element that keeps them is among these (each test below is a necessary condition), and variantGroup checks
 * each one whole. On 9×9, instead of G's 3,359,232 elements (seconds), a few thousand are looked at.
 *
 * An element (t, q, p) sends cell (r, c) to (q(r), p(c)) (t = 0) or to (q(c), p(r)) (t = 1): q sends the cell's
 * q-line (its row when t = 0, its column when t = 1) to a row, p its p-line to a column.
 *
 *   q alone         the q-lines of each checked house go to the rows of some house (as bitmasks, n ≤ 30), and
 *                   the q-lines of each pair to the rows of some pair
 *   p, line by line for each q that passes, p is built one p-line at a time, as the column group allows (the
 *                   first line of a block picks a free block, the others a free line of that block); a partial p
 *                   is dropped once two placed cells of a checked house go to cells that share no house, or a
 *                   pair's cells to cells that are no pair
 *
 * `tick` is called once a q and once a partial p looked at. Where nothing is left to test line by line, every p is
 * taken (1×6 disjoint groups: each group is a column, and all 518,400 elements of G keep the rules).
 */
export function groupCandidates(rules: Rules, grid: GridGroup, first: number, tick: () => void): number[] {
  const { n, cells: N, houses, houseCount: H, pairs } = rules;
  const Q = grid.rows;
  const P = grid.cols;
  const together = new Uint8Array(N * N); // two cells in one house
  const rowMasks = new Set<number>(); // the rows of each house
  for (let h = 0; h < H; h++) {
    let rows = 0;
    for (let k = 0; k < n; k++) {
      const a = houses[h * n + k];
      rows |= 1 << Math.floor(a / n);
      for (let j = 0; j < n; j++) together[a * N + houses[h * n + j]] = 1;
    }
    rowMasks.add(rows);
  }
  const isPair = new Uint8Array(N * N);
  const pairRows = new Uint8Array(n * n); // the rows of each pair, both orders
  for (let k = 0; k < pairs.length; k += 2) {
    const [a, b] = [pairs[k], pairs[k + 1]];
    isPair[a * N + b] = isPair[b * N + a] = 1;
    const [ra, rb] = [Math.floor(a / n), Math.floor(b / n)];
    pairRows[ra * n + rb] = pairRows[rb * n + ra] = 1;
  }
  const masks = n <= 30;
  const qImage = new Int32Array(n);
  const pImage = new Int32Array(n).fill(-1);
  const usedLine = new Uint8Array(n);
  const usedBlock = new Uint8Array(P.blocks);
  const out: number[] = [];
  for (let t = 0; t < (grid.transposable ? 2 : 1); t++) {
    const qLine = (cell: number) => (t === 0 ? Math.floor(cell / n) : cell % n);
    const pLine = (cell: number) => (t === 0 ? cell % n : Math.floor(cell / n));
    const image = (cell: number) => qImage[qLine(cell)] * n + pImage[pLine(cell)];
    const houseLines: number[] = []; // the q-lines of each checked house, as a bitmask
    // at[L]: the cell pairs [a, b, kind] to test once p-line L is placed (kind 0: share a house, 1: a pair)
    const at: number[][] = Array.from({ length: n }, () => []);
    for (let h = first; h < H; h++) {
      let lines = 0;
      for (let k = 0; k < n; k++) {
        const a = houses[h * n + k];
        lines |= 1 << qLine(a);
        for (let j = 0; j < k; j++) {
          // two cells on one line go to one row or column: a house, whatever q and p are
          const b = houses[h * n + j];
          if (pLine(a) !== pLine(b) && qLine(a) !== qLine(b)) at[Math.max(pLine(a), pLine(b))].push(a, b, 0);
        }
      }
      houseLines.push(lines);
    }
    for (let k = 0; k < pairs.length; k += 2)
      at[Math.max(pLine(pairs[k]), pLine(pairs[k + 1]))].push(pairs[k], pairs[k + 1], 1);
    // nothing to test line by line (1×6 disjoint groups: each group is a column): every p
    const testing = at.some((tests) => tests.length > 0);
    const fits = (L: number): boolean => {
      const tests = at[L];
      for (let i = 0; i < tests.length; i += 3)
        if ((tests[i + 2] === 0 ? together : isPair)[image(tests[i]) * N + image(tests[i + 1])] === 0) return false;
      return true;
    };
    const found: number[] = [];
    const place = (L: number): void => {
      if (L === n) {
        found.push(P.indexOf(pImage));
        return;
      }
      tick();
      const i = L % P.size;
      const lo = i === 0 ? 0 : Math.floor(pImage[L - i] / P.size) * P.size;
      for (let v = lo; v < (i === 0 ? n : lo + P.size); v++) {
        const block = Math.floor(v / P.size);
        if (usedLine[v] || (i === 0 && usedBlock[block])) continue;
        pImage[L] = v;
        if (fits(L)) {
          usedLine[v] = 1;
          if (i === 0) usedBlock[block] = 1;
          place(L + 1);
          usedLine[v] = 0;
          if (i === 0) usedBlock[block] = 0;
        }
      }
      pImage[L] = -1;
    };
    for (let q = 0; q < Q.order; q++) {
      tick();
      const o = q * n;
      let ok = true;
      for (let k = 0; k < houseLines.length && ok && masks; k++) {
        let rows = 0;
        for (let m = houseLines[k]; m !== 0; m &= m - 1) rows |= 1 << Q.perms[o + 31 - Math.clz32(m & -m)];
        ok = rowMasks.has(rows);
      }
      for (let k = 0; k < pairs.length && ok; k += 2)
        ok = pairRows[Q.perms[o + qLine(pairs[k])] * n + Q.perms[o + qLine(pairs[k + 1])]] === 1;
      if (!ok) continue;
      for (let l = 0; l < n; l++) qImage[l] = Q.perms[o + l];
      if (!testing) {
        for (let p = 0; p < P.order; p++) out.push(grid.element(t, q, p));
        continue;
      }
      found.length = 0;
      place(0);
      found.sort((a, b) => a - b);
      for (const p of found) out.push(grid.element(t, q, p));
    }
  }
  return out;
}
