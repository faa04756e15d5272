import { countExactCovers, exactCoverProblem } from '../dlx/exactCover.js';
import type { BoxShape } from '../grid/shape.js';
import type { GridGroup } from './gridGroup.js';
import { orbitsOfGrids } from './orbitsOfGrids.js';

/**
 * The second route, for small shapes: every grid with box 1 standard, and their orbits found directly.
 *
 * The grids come from the exact-cover engine (src/dlx) with box 1 given as 1..n. G × S_n acts on grids; on
 * grids with box 1 standard it acts as X ↦ std(g·X), std relabelling so that box 1 reads 1..n again. Two such
 * grids are essentially the same exactly when they are joined by a chain of generators of G, so the orbits
 * are the components of a union-find over the images of every grid under every generator.
 *
 * An orbit of G × S_n with automorphism group A (of order |Aut|) holds |G|·n!/|Aut| grids, n! of them in each
 * relabelling class and one of those with box 1 standard: the component has |G|/|Aut| grids, which gives
 * |Aut| of every essentially different grid, and Σ over orbits of |G|/|Aut| = N/n!.
 */
export interface GridOrbits {
  /** Grids with box 1 standard: N/n!. */
  readonly grids: number;
  /** Essentially different grids: the number of orbits. */
  readonly orbits: number;
  /** [|Aut|, number of orbits with that automorphism group order], by increasing |Aut|. */
  readonly byAutomorphisms: ReadonlyArray<readonly [number, number]>;
}

/** Limit on the grids gridOrbits will hold (2×3 and 3×2 have 39,168). */
export const GRID_ORBITS_LIMIT = 1_000_000;

/** Why the direct route cannot take this shape, or null: it holds every grid with box 1 standard in memory. */
export function gridOrbitsShapeProblem(shape: BoxShape): string | null {
  return shape.n <= 6
    ? null
    : `box shape ${shape.name}: the direct route holds every grid with box 1 standard in memory; ` +
        'it takes 2x2, 2x3 and 3x2';
}

export function gridOrbits(group: GridGroup): GridOrbits {
  const { shape } = group;
  const { n } = shape;
  const N = n * n;
  const grids = enumerateStandardGrids(shape);
  const count = grids.length / N;
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) index.set(key(grids.subarray(i * N, (i + 1) * N)), i);

  const box1 = box1Cells(shape);
  const moved = new Uint8Array(N);
  const relabel = new Uint8Array(n + 1);
  const maps = group.generators.map((g) => group.cellMap(g));
  const { orbits, byAutomorphisms } = orbitsOfGrids(
    count,
    group.generators.length,
    (g, i) => {
      const map = maps[g];
      const X = grids.subarray(i * N, (i + 1) * N);
      for (let c = 0; c < N; c++) moved[map[c]] = X[c];
      for (let k = 0; k < n; k++) relabel[moved[box1[k]]] = k + 1;
      for (let c = 0; c < N; c++) moved[c] = relabel[moved[c]];
      const j = index.get(key(moved));
      if (j === undefined) throw new Error('internal: a moved grid is not a grid');
      return j;
    },
    group.order,
    'G',
  );
  return { grids: count, orbits, byAutomorphisms };
}

/** Box 1's cells in reading order. */
function box1Cells(shape: BoxShape): Int32Array {
  const { cols: C, n } = shape;
  return Int32Array.from({ length: n }, (_, k) => Math.floor(k / C) * n + (k % C));
}

/** Every grid with box 1 = 1..n in reading order, n² digits each, back to back, by exact cover. */
export function enumerateStandardGrids(shape: BoxShape): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  // items: cell, row·digit, column·digit, box·digit (1-based); options: (cell, digit)
  const options: number[][] = [];
  const optionCell: number[] = [];
  const optionDigit: number[] = [];
  const box1 = new Map<number, number>();
  box1Cells(shape).forEach((c, k) => box1.set(c, k + 1));
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const b = Math.floor(r / R) * R + Math.floor(c / C);
      for (let d = 1; d <= n; d++) {
        const given = box1.get(cell);
        if (given !== undefined && given !== d) continue;
        options.push([1 + cell, 1 + N + r * n + d - 1, 1 + 2 * N + c * n + d - 1, 1 + 3 * N + b * n + d - 1]);
        optionCell.push(cell);
        optionDigit.push(d);
      }
    }
  const problem = exactCoverProblem(4 * N, options);
  const chunks: Uint8Array[] = [];
  let total = 0;
  countExactCovers(problem, GRID_ORBITS_LIMIT + 1, (chosen, k) => {
    const X = new Uint8Array(N);
    for (let i = 0; i < k; i++) X[optionCell[chosen[i]]] = optionDigit[chosen[i]];
    chunks.push(X);
    total++;
  });
  if (total > GRID_ORBITS_LIMIT) throw new RangeError(`more than ${GRID_ORBITS_LIMIT} grids: too many to hold`);
  const out = new Uint8Array(total * N);
  chunks.forEach((X, i) => out.set(X, i * N));
  return out;
}

function key(X: Uint8Array): string {
  return String.fromCharCode(...X);
}
