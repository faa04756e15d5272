import { cycleType, formatCycleType, lcm } from './cycleTypes.js';
import type { GridGroup } from './gridGroup.js';

/**
 * A group element in words. (t, q, p) moves cell (r, c) to (q(r), p(c)), or to (q(c), p(r)) when it
 * transposes: "transpose, then permute the rows by q and the columns by p". Rows and columns are numbered
 * from 1, permutations written as cycles, fixed points left out:
 *
 *   { transpose: false, rows: '(2 3)(5 6)(8 9)', columns: '(4 7)(5 8)(6 9)', order: 2, cells: '2³⁶·1⁹' }
 */
export interface ElementDescription {
  readonly transpose: boolean;
  /** q as cycles of rows ('' for none), and the cycles it induces on the bands. */
  readonly rows: string;
  readonly bands: string;
  readonly columns: string;
  readonly stacks: string;
  /** Order of the element. */
  readonly order: number;
  /** Cycle type of its action on the n² cells. */
  readonly cells: string;
  /** One line: 'transpose, rows (1 2), columns (4 7)(5 8)(6 9)'; 'identity' for the identity. */
  readonly text: string;
}

export function describeElement(group: GridGroup, x: number): ElementDescription {
  const { n, rows: R, cols: C } = group.shape;
  const { t, q, p } = group.parts(x);
  const qp = Array.from(group.rows.perms.subarray(q * n, q * n + n));
  const pp = Array.from(group.cols.perms.subarray(p * n, p * n + n));
  const bandPerm = Array.from({ length: C }, (_, b) => Math.floor(qp[b * R] / R));
  const stackPerm = Array.from({ length: R }, (_, s) => Math.floor(pp[s * C] / C));
  const cellType = cycleType(group.cellMap(x));
  let order = 1;
  for (const l of cellType) order = lcm(order, l);
  const rows = cycles(qp);
  const columns = cycles(pp);
  const parts: string[] = [];
  if (t === 1) parts.push('transpose');
  if (rows) parts.push(`rows ${rows}`);
  if (columns) parts.push(`columns ${columns}`);
  return {
    transpose: t === 1,
    rows,
    bands: cycles(bandPerm),
    columns,
    stacks: cycles(stackPerm),
    order,
    cells: formatCycleType(cellType),
    text: parts.length ? parts.join(', ') : 'identity',
  };
}

/** Cycle notation, 1-based, fixed points left out; '' for the identity. */
export function cycles(perm: readonly number[]): string {
  const seen = new Array<boolean>(perm.length).fill(false);
  let out = '';
  for (let i = 0; i < perm.length; i++) {
    if (seen[i] || perm[i] === i) continue;
    const cyc: number[] = [];
    for (let x = i; !seen[x]; x = perm[x]) {
      seen[x] = true;
      cyc.push(x + 1);
    }
    out += `(${cyc.join(' ')})`;
  }
  return out;
}
