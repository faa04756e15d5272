import { InputError, type BoxShape } from '../grid/shape.js';

/**
 * Per-shape tables for the samplers, built once per shape and shared (read-only).
 *
 *   cell i = r·n + c  (0 ≤ i < n²)
 *   row[i] = r, col[i] = c, box[i] = ⌊r/R⌋·R + ⌊c/C⌋
 *   peers[i·P .. i·P+P−1]  the P = 3n − R − C − 1 other cells sharing a row, column or box with i
 *                          (3×3: P = 20), in increasing order
 *   pop[m]                 popcount of a digit mask m < 2^n (a table: n ≤ 16)
 */
export interface CellTables {
  readonly shape: BoxShape;
  readonly cells: number;
  readonly full: number;
  readonly row: Uint8Array;
  readonly col: Uint8Array;
  readonly box: Uint8Array;
  readonly peerCount: number;
  readonly peers: Int32Array;
  readonly pop: Uint8Array;
}

/** Largest n the samplers accept: digit masks index a 2^n popcount table, and (n!)^n-sized samples stay finite. */
export const MAX_ESTIMATE_SIDE = 16;

/** Why the estimators cannot sample this shape, or null. */
export function estimateShapeProblem(shape: BoxShape): string | null {
  return shape.n > MAX_ESTIMATE_SIDE
    ? `n = ${shape.n} is too big for the estimators (at most ${MAX_ESTIMATE_SIDE})`
    : null;
}

const cache = new Map<string, CellTables>();

export function cellTables(shape: BoxShape): CellTables {
  const hit = cache.get(shape.name);
  if (hit) return hit;
  const problem = estimateShapeProblem(shape);
  if (problem) throw new InputError(`box shape ${shape.name}: ${problem}`);
  const { rows: R, cols: C, n } = shape;
  const cells = n * n;
  const row = new Uint8Array(cells),
    col = new Uint8Array(cells),
    box = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    const r = Math.floor(i / n),
      c = i % n;
    row[i] = r;
    col[i] = c;
    box[i] = Math.floor(r / R) * R + Math.floor(c / C);
  }
  const P = 3 * n - R - C - 1;
  const peers = new Int32Array(cells * P);
  for (let i = 0; i < cells; i++) {
    let k = 0;
    for (let j = 0; j < cells; j++) {
      if (j !== i && (row[j] === row[i] || col[j] === col[i] || box[j] === box[i])) peers[i * P + k++] = j;
    }
    if (k !== P) throw new Error(`internal: cell ${i} of ${shape.name} has ${k} peers, expected ${P}`);
  }
  const pop = new Uint8Array(1 << n);
  for (let m = 1; m < pop.length; m++) pop[m] = pop[m >> 1] + (m & 1);
  const t: CellTables = {
    shape,
    cells,
    full: n >= 31 ? 0x7fffffff : (1 << n) - 1,
    row,
    col,
    box,
    peerCount: P,
    peers,
    pop,
  };
  cache.set(shape.name, t);
  return t;
}
