import type { GridGroup } from './gridGroup.js';

/** How the grid is split: level regions (filled in turn, with orbits), the last band (tabulated) and the middle. */
export interface RegionPlan {
  readonly levels: readonly Uint8Array[];
  readonly last: Uint8Array | null;
}

/**
 * The regions for g (cell membership masks), for countFixedGrids. Levels are g-invariant: each is the closure
 * under g of a set of cells, less the earlier levels.
 *   non-transposing g with a band it maps onto itself: level 1 = that band; level 2 = a stack g maps onto
 *     itself, outside the bands already used (if there is one); the last band = a second band g maps onto
 *     itself (if there is one, and something is left between it and the levels)
 *   transposing g: level 1 = the closure of row 1, level 2 = the closure of band 1
 *   non-transposing g moving every band: the closures of the rows of band 1, one level each
 * A level that would leave nothing after it is dropped (its cells are counted, not enumerated).
 */
export function regionPlan(group: GridGroup, x: number): RegionPlan {
  const { shape } = group;
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  const cellMap = group.cellMap(x);
  const { t, q, p } = group.parts(x);
  const taken = new Uint8Array(N);
  const closure = (cells: number[]): Uint8Array => {
    const m = new Uint8Array(N);
    for (const c0 of cells) for (let c = c0; !m[c] && !taken[c]; c = cellMap[c]) m[c] = 1;
    for (let c = 0; c < N; c++) if (m[c]) taken[c] = 1;
    return m;
  };
  const band = (b: number) => Array.from({ length: R * n }, (_, i) => b * R * n + i);
  const stack = (s: number) => Array.from({ length: n * C }, (_, i) => Math.floor(i / C) * n + s * C + (i % C));
  const levels: Uint8Array[] = [];
  let last: Uint8Array | null = null;
  if (t === 0) {
    const rowsPerm = group.rows.perms.subarray(q * n, q * n + n);
    const colsPerm = group.cols.perms.subarray(p * n, p * n + n);
    const fixedBands: number[] = [];
    for (let b = 0; b < C; b++) if (Math.floor(rowsPerm[b * R] / R) === b) fixedBands.push(b);
    const fixedStacks: number[] = [];
    for (let s = 0; s < R; s++) if (Math.floor(colsPerm[s * C] / C) === s) fixedStacks.push(s);
    if (fixedBands.length > 0) {
      levels.push(closure(band(fixedBands[0])));
      if (fixedBands.length > 1) {
        last = new Uint8Array(N);
        for (const c of band(fixedBands[fixedBands.length - 1])) last[c] = 1;
        for (let c = 0; c < N; c++) if (last[c]) taken[c] = 1;
      }
      if (fixedStacks.length > 0) levels.push(closure(stack(fixedStacks[0])));
    }
  }
  if (levels.length === 0 && t === 1) {
    levels.push(closure(Array.from({ length: n }, (_, c) => c)));
    levels.push(closure(band(0)));
  } else if (levels.length === 0) {
    // the rows of band 1, one closure at a time
    for (let r = 0; r < R; r++) levels.push(closure(Array.from({ length: n }, (_, c) => r * n + c)));
  }
  const nonEmpty = levels.filter((m) => m.some((v) => v === 1));
  // a level that leaves nothing after it is better counted than enumerated: make it the middle
  if (nonEmpty.length > 1 && !last && taken.every((v) => v === 1)) nonEmpty.pop();
  // a last band with nothing between it and the levels is counted for each seed, not tabulated
  if (last && nonEmpty.length > 0) {
    let middle = false;
    for (let c = 0; c < N && !middle; c++) middle = !taken[c];
    if (!middle) last = null;
  }
  return { levels: nonEmpty, last };
}
