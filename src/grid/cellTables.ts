import type { BoxShape } from './shape.js';

/**
 * The per-shape cell table: built once per box shape and shared (read-only) by the solver, the samplers and
 * everything else that walks cells.
 *
 *   cell    i = r·n + c, 0 ≤ i < n²
 *   row[i] = r, col[i] = c, box[i] = ⌊r/R⌋·R + ⌊c/C⌋                   (box b in reading order)
 *   unit    u = 0..n−1 rows, n..2n−1 columns, 2n..3n−1 boxes
 *   unitCells[u·n .. u·n + n)      the n cells of unit u, in increasing order
 *   cellUnits[3i .. 3i + 3)        the row, column and box unit of cell i
 *   peers[i·P .. i·P + P)          the P = 3n − R − C − 1 other cells sharing a row, column or box with i, in
 *                                  increasing order (9×9: P = 20)
 *
 *   9×9 boxes:  0 1 2      box[i] for the cell at row r, column c is 3·⌊r/3⌋ + ⌊c/3⌋
 *               3 4 5
 *               6 7 8
 */
export interface CellTables {
  readonly shape: BoxShape;
  /** n². */
  readonly cells: number;
  readonly row: Uint8Array;
  readonly col: Uint8Array;
  readonly box: Uint8Array;
  readonly unitCells: Int32Array;
  readonly cellUnits: Int32Array;
  /** P, peers per cell. */
  readonly peerCount: number;
  readonly peers: Int32Array;
}

const cache = new Map<string, CellTables>();

export function cellTables(shape: BoxShape): CellTables {
  const hit = cache.get(shape.name);
  if (hit) return hit;
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
  const unitCells = new Int32Array(3 * cells);
  const cellUnits = new Int32Array(3 * cells);
  const fill = new Int32Array(3 * n);
  for (let i = 0; i < cells; i++) {
    const units = [row[i], n + col[i], 2 * n + box[i]];
    for (let k = 0; k < 3; k++) {
      const u = units[k];
      unitCells[u * n + fill[u]++] = i;
      cellUnits[3 * i + k] = u;
    }
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
  const t: CellTables = { shape, cells, row, col, box, unitCells, cellUnits, peerCount: P, peers };
  cache.set(shape.name, t);
  return t;
}
