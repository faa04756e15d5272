import { countByColumnSets } from '../colsets/countByColumnSets.js';
import { boxShape, factorial, type BoxShape } from '../grid/shape.js';
import type { FixedGridsOutput } from './fixedGridsTask.js';
import { gridGroup, type GridGroup } from './gridGroup.js';

/**
 * The pieces of a Burnside count by column sets (5×2 and 2×5): the R×2 group the terms are counted in, the
 * identity's term from the column-set count, and the term that is that count's number of bands.
 */

/**
 * The R×2 group and the map of the shape's elements into it: itself for R×2; for 2×R, transposition: (q, p) of
 * 2×R moves cell (r, c) to (q(r), p(c)), so on the transposed grid it is (p, q) of R×2 (the row group of 2×R is
 * the column group of R×2 and the other way round, the same line groups with the same ids), and X is fixed by
 * (g, τ) exactly when its transpose is fixed by the transposed element with τ.
 */
export function columnSetGroup(group: GridGroup): { group: GridGroup; element: (x: number) => number } {
  const { shape } = group;
  if (shape.cols === 2) return { group, element: (x) => x };
  const rx2 = gridGroup(boxShape(shape.cols, 2));
  return {
    group: rx2,
    element: (x) => {
      const { q, p } = group.parts(x);
      return rx2.element(0, p, q);
    },
  };
}

export interface ColumnSetIdentity {
  /** N/n!: the identity's term. */
  readonly totalWithFixedBox: bigint;
  /** Σ_T F(T): every band of the shape (the term of countsEveryBand is this over n!). */
  readonly allBands: bigint;
  readonly seconds: { readonly total: number };
}

/** The identity's term N/n! from the column-set count (N = Σ_T F(T)², src/colsets), with its number of bands. */
export async function columnSetIdentity(shape: BoxShape, workers: number): Promise<ColumnSetIdentity> {
  const r = await countByColumnSets({ box: shape, workers });
  const f = BigInt(factorial(shape.n));
  if (r.total % f !== 0n) throw new Error(`internal: N = ${r.total} is not divisible by ${shape.n}!`);
  return { totalWithFixedBox: r.total / f, allBands: r.bands, seconds: { total: r.seconds.total } };
}

/** The term |Fix(g, 1)| = Σ_T F(T) = the bands, over |C(1)| = n! (countsEveryBand). */
export function everyBandTerm(bands: bigint, n: number): FixedGridsOutput {
  const f = BigInt(factorial(n));
  if (bands % f !== 0n) throw new Error(`internal: ${bands} bands are not divisible by ${n}!`);
  const count = Number(bands / f);
  if (!Number.isSafeInteger(count)) throw new Error('internal: a term past 2^53');
  return {
    count,
    seeds: 0,
    seedOrbits: 0,
    seedGroup: 0,
    extensions: 0,
    extensionOrbits: 0,
    tableEntries: 0,
    nodes: 0,
    seconds: 0,
  };
}
