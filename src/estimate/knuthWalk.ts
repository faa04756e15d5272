import type { RandomGenerator } from '../random/randomGenerator.js';
import type { BoxShape } from '../grid/shape.js';
import { cellTables } from '../grid/cellTables.js';
import { fullMask, nthBit, popTable } from '../grid/bits.js';
import { randomBelow } from '../random/randomBelow.js';
import type { Rules } from '../grid/rules.js';

/**
 * Knuth's random walk, shared by `knuth`, `knuth-random` and `hybrid`: fill `steps` cells, in row-major
 * order or in a uniformly random order drawn lazily (one Fisher–Yates step per cell, so a dead end wastes
 * no draws), each with a digit uniform among its d legal ones; return d₁·d₂·…, or 0 at a dead end.
 * A cell with one legal digit consumes no draw. Each walk starts from the same state, so it depends on
 * its draws only. With `grid` given, the digits placed are written there (cells not reached stay 0).
 * Scratch arrays are the walker's own: one walker per sampler, nothing allocated per walk.
 */
export interface KnuthWalker {
  walk(rng: RandomGenerator, steps: number, shuffle: boolean, grid: Uint8Array | null): number;
}

export function knuthWalker(shape: BoxShape, rules?: Rules): KnuthWalker {
  if (rules && !rules.plain) return rulesWalker(rules);
  const { cells, row, col, box } = cellTables(shape);
  const full = fullMask(shape.n);
  const pop = popTable(shape.n);
  const n = shape.n;
  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const cellOrder = new Int32Array(cells);
  for (let i = 0; i < cells; i++) cellOrder[i] = i;
  const identity = cellOrder.slice();

  function walk(rng: RandomGenerator, steps: number, shuffle: boolean, grid: Uint8Array | null): number {
    rowUsed.fill(0);
    colUsed.fill(0);
    boxUsed.fill(0);
    if (grid) grid.fill(0);
    if (shuffle) cellOrder.set(identity);
    let x = 1;
    for (let k = 0; k < steps; k++) {
      if (shuffle && k < cells - 1) {
        const j = k + randomBelow(rng, cells - k);
        const tmp = cellOrder[j];
        cellOrder[j] = cellOrder[k];
        cellOrder[k] = tmp;
      }
      const i = cellOrder[k];
      const r = row[i],
        c = col[i],
        b = box[i];
      const legal = full & ~(rowUsed[r] | colUsed[c] | boxUsed[b]);
      if (legal === 0) return 0;
      const d = pop[legal];
      let bit = legal;
      if (d > 1) {
        x *= d;
        bit = nthBit(legal, randomBelow(rng, d));
      }
      rowUsed[r] |= bit;
      colUsed[c] |= bit;
      boxUsed[b] |= bit;
      if (grid) grid[i] = 32 - Math.clz32(bit);
    }
    return x;
  }
  return { walk };
}

/**
 * The same walk under any rules (src/grid/rules.ts): a cell's legal digits are those no placed peer holds (its
 * houses and its pair partners), kept as one digit mask per cell that placing a digit clears from the peers.
 */
function rulesWalker(rules: Rules): KnuthWalker {
  const { cells, n, peerStart, peerList } = rules;
  const full = fullMask(n);
  const pop = popTable(n);
  const legalOf = new Int32Array(cells);
  const cellOrder = new Int32Array(cells);
  for (let i = 0; i < cells; i++) cellOrder[i] = i;
  const identity = cellOrder.slice();

  function walk(rng: RandomGenerator, steps: number, shuffle: boolean, grid: Uint8Array | null): number {
    legalOf.fill(full);
    if (grid) grid.fill(0);
    if (shuffle) cellOrder.set(identity);
    let x = 1;
    for (let k = 0; k < steps; k++) {
      if (shuffle && k < cells - 1) {
        const j = k + randomBelow(rng, cells - k);
        const tmp = cellOrder[j];
        cellOrder[j] = cellOrder[k];
        cellOrder[k] = tmp;
      }
      const i = cellOrder[k];
      const legal = legalOf[i];
      if (legal === 0) return 0;
      const d = pop[legal];
      let bit = legal;
      if (d > 1) {
        x *= d;
        bit = nthBit(legal, randomBelow(rng, d));
      }
      legalOf[i] = 0;
      for (let j = peerStart[i], end = peerStart[i + 1]; j < end; j++) legalOf[peerList[j]] &= ~bit;
      if (grid) grid[i] = 32 - Math.clz32(bit);
    }
    return x;
  }
  return { walk };
}
