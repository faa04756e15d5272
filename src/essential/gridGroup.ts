import type { BoxShape } from '../grid/shape.js';
import { lineGroup, type LineGroup } from './lineGroup.js';

/**
 * G, the group of a grid shape: rows permuted inside their bands and the bands permuted (the row group
 * S_R ≀ S_C), columns permuted inside their stacks and the stacks permuted (the column group S_C ≀ S_R),
 * and, for square boxes (R = C), transposition. |G| = |rows|·|cols|·(2 if R = C): 2·6⁸ = 3,359,232 for 3×3.
 *
 * An element is (t, q, p): q in the row group, p in the column group, t = 1 for "transpose first". Its
 * action on cells (r, c ↦ r′, c′):
 *
 *   t = 0:  (r, c) ↦ (q(r), p(c))          t = 1:  (r, c) ↦ (q(c), p(r))      (R = C only)
 *
 * and on grids it moves each cell's digit with the cell: (g·X)(g(cell)) = X(cell). Products follow from the
 * action (x∘y: y first):
 *
 *   (0,q,p)(0,q′,p′) = (0, qq′, pp′)        (0,q,p)(1,q′,p′) = (1, qq′, pp′)
 *   (1,q,p)(0,q′,p′) = (1, qp′, pq′)        (1,q,p)(1,q′,p′) = (0, qp′, pq′)
 *
 * Element ids are dense: id = (t·|rows| + q)·|cols| + p, so the non-transposing elements come first and the
 * identity is 0.
 */
export interface GridGroup {
  readonly shape: BoxShape;
  readonly rows: LineGroup;
  readonly cols: LineGroup;
  /** True when R = C: transposition is in the group. */
  readonly transposable: boolean;
  readonly order: number;
  /** The generators of G: those of the row group, of the column group, and the transposition. */
  readonly generators: readonly number[];
  compose(x: number, y: number): number;
  inverse(x: number): number;
  /** t, q, p of an element. */
  parts(x: number): { t: number; q: number; p: number };
  element(t: number, q: number, p: number): number;
  /** The cell permutation of x: out[cell] = x(cell), cells r·n + c. */
  cellMap(x: number, out?: Int32Array): Int32Array;
}

export function gridGroup(shape: BoxShape): GridGroup {
  const { rows: R, cols: C, n } = shape;
  const rows = lineGroup(R, C);
  const cols = lineGroup(C, R);
  const transposable = R === C;
  const oq = rows.order;
  const op = cols.order;
  const order = (transposable ? 2 : 1) * oq * op;
  const rmul = rows.mul;
  const cmul = cols.mul;

  const element = (t: number, q: number, p: number): number => (t * oq + q) * op + p;
  const parts = (x: number) => {
    const p = x % op;
    const rest = (x - p) / op;
    const q = rest % oq;
    return { t: (rest - q) / oq, q, p };
  };

  function compose(x: number, y: number): number {
    const p = x % op;
    let rest = (x - p) / op;
    const q = rest % oq;
    const t = (rest - q) / oq;
    const p2 = y % op;
    rest = (y - p2) / op;
    const q2 = rest % oq;
    const t2 = (rest - q2) / oq;
    if (t === 0) return (t2 * oq + rmul(q, q2)) * op + cmul(p, p2);
    // transposing x: rows and columns are the same line group (R = C)
    return ((1 - t2) * oq + rmul(q, p2)) * op + rmul(p, q2);
  }

  function inverse(x: number): number {
    const { t, q, p } = parts(x);
    if (t === 0) return element(0, rows.inv[q], cols.inv[p]);
    return element(1, rows.inv[p], rows.inv[q]);
  }

  function cellMap(x: number, out = new Int32Array(n * n)): Int32Array {
    const { t, q, p } = parts(x);
    const qp = rows.perms.subarray(q * n, q * n + n);
    const pp = cols.perms.subarray(p * n, p * n + n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) out[r * n + c] = t === 0 ? qp[r] * n + pp[c] : qp[c] * n + pp[r];
    }
    return out;
  }

  const generators: number[] = [];
  for (const g of rows.generators) generators.push(element(0, g, 0));
  for (const g of cols.generators) generators.push(element(0, 0, g));
  if (transposable) generators.push(element(1, 0, 0));

  return { shape, rows, cols, transposable, order, generators, compose, inverse, parts, element, cellMap };
}
