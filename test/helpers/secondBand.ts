import type { CompletionCounter } from '../../src/count/bandCompletions.js';

/**
 * Completions of a grid whose first band is `band` and whose second band is partly given (`second`: R·n cells,
 * 0 = empty), counted by enumerating the second band cell by cell and finishing the bottom band with one
 * look-up of F. Slow, and independent of the grouped sum over column configurations that the counter uses:
 * it is the check on that sum.
 */
export function completionsWithSecondBand(
  counter: CompletionCounter,
  band: ArrayLike<number>,
  second: ArrayLike<number>,
): number {
  const { rows: R, cols: C, n } = counter.shape;
  const full = (1 << n) - 1;
  const colUsed = new Int32Array(n);
  for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) colUsed[c] |= 1 << (band[r * n + c] - 1);
  const rowUsed = new Int32Array(R);
  const boxUsed = new Int32Array(R);
  const free: number[] = [];
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < n; c++) {
      const d = second[r * n + c];
      const k = Math.floor(c / C);
      if (d === 0) {
        free.push(r * n + c);
        continue;
      }
      const bit = 1 << (d - 1);
      if ((rowUsed[r] | boxUsed[k] | colUsed[c]) & bit) return 0;
      rowUsed[r] |= bit;
      boxUsed[k] |= bit;
      colUsed[c] |= bit;
    }
  }
  const rest = new Int32Array(n);
  let total = 0;
  const rec = (i: number): void => {
    if (i === free.length) {
      if (C === 2) {
        total += 1;
        return;
      }
      for (let c = 0; c < n; c++) rest[c] = full & ~colUsed[c];
      total += counter.bandsWithColumnSets(rest);
      return;
    }
    const cell = free[i],
      r = Math.floor(cell / n),
      c = cell % n,
      k = Math.floor(c / C);
    let m = full & ~(rowUsed[r] | boxUsed[k] | colUsed[c]);
    while (m) {
      const bit = m & -m;
      m ^= bit;
      rowUsed[r] |= bit;
      boxUsed[k] |= bit;
      colUsed[c] |= bit;
      rec(i + 1);
      rowUsed[r] ^= bit;
      boxUsed[k] ^= bit;
      colUsed[c] ^= bit;
    }
  };
  rec(0);
  return total;
}
