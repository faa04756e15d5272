import { popcount2 } from '../candidateGrid.js';

/**
 * The search behind naked and hidden subsets and fish: among `count` two-word sets (setLo/setHi[0..count)), find k
 * of them whose union has exactly k elements. Depth-first over indices in increasing order, dropping a branch as
 * soon as its union has more than k elements. `visit(chosen, unionLo, unionHi)` gets the k indices in `chosen`
 * and returns true to stop the search (it found something to do), false to go on. True when stopped.
 */
export function eachTightSubset(
  setLo: Int32Array,
  setHi: Int32Array,
  count: number,
  k: number,
  chosen: Int32Array,
  visit: (chosen: Int32Array, unionLo: number, unionHi: number) => boolean,
): boolean {
  const go = (start: number, depth: number, uLo: number, uHi: number): boolean => {
    for (let i = start; i <= count - (k - depth); i++) {
      const lo = uLo | setLo[i],
        hi = uHi | setHi[i];
      if (popcount2(lo, hi) > k) continue;
      chosen[depth] = i;
      if (depth + 1 === k) {
        if (visit(chosen, lo, hi)) return true;
      } else if (go(i + 1, depth + 1, lo, hi)) return true;
    }
    return false;
  };
  return go(0, 0, 0, 0);
}
