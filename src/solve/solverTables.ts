import type { BoxShape } from '../grid/shape.js';

/**
 * Tables the bitmask solver needs for one box shape, built once per shape and shared.
 *
 *   cell   c = r·n + col, 0 ≤ c < N = n²
 *   unit   u = 0..n−1 rows, n..2n−1 columns, 2n..3n−1 boxes (box b in reading order)
 *   peers  the P = 3n − R − C − 1 other cells that share a row, column or box with c,
 *          stored at peers[c·P .. c·P + P)                       (9×9: P = 20)
 *   units  the n cells of unit u at unitCells[u·n .. u·n + n)
 *   cellUnits  the row, column and box of c at cellUnits[3c .. 3c + 3)
 */
export interface SolverTables {
  readonly shape: BoxShape;
  readonly n: number;
  /** Cells: n². */
  readonly cells: number;
  /** Peers per cell. */
  readonly peerCount: number;
  readonly peers: Int32Array;
  readonly unitCells: Int32Array;
  readonly cellUnits: Int32Array;
}

/** Largest n of the one-word counter (SolutionCounter): a candidate mask uses bits 0..n−1, bit 31 marks solved. */
export const MAX_BITMASK_SIDE = 31;

const cache = new Map<string, SolverTables>();

export function solverTables(shape: BoxShape): SolverTables {
  const hit = cache.get(shape.name);
  if (hit) return hit;
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  const boxOf = (r: number, c: number) => Math.floor(r / R) * R + Math.floor(c / C);
  const unitCells = new Int32Array(3 * n * n);
  const fill = new Int32Array(3 * n);
  const cellUnits = new Int32Array(3 * N);
  for (let cell = 0; cell < N; cell++) {
    const r = Math.floor(cell / n),
      c = cell % n;
    const us = [r, n + c, 2 * n + boxOf(r, c)];
    for (let k = 0; k < 3; k++) {
      const u = us[k];
      unitCells[u * n + fill[u]++] = cell;
      cellUnits[3 * cell + k] = u;
    }
  }
  const P = 3 * n - R - C - 1;
  const peers = new Int32Array(N * P);
  for (let cell = 0; cell < N; cell++) {
    const r = Math.floor(cell / n),
      c = cell % n,
      b = boxOf(r, c);
    let k = 0;
    for (let q = 0; q < N; q++) {
      if (q === cell) continue;
      const qr = Math.floor(q / n),
        qc = q % n;
      if (qr === r || qc === c || boxOf(qr, qc) === b) peers[cell * P + k++] = q;
    }
    if (k !== P) throw new Error(`solver tables: cell ${cell} has ${k} peers, expected ${P}`);
  }
  const t: SolverTables = {
    shape,
    n,
    cells: N,
    peerCount: P,
    peers,
    unitCells,
    cellUnits,
  };
  cache.set(shape.name, t);
  return t;
}
