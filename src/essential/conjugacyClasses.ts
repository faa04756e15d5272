import type { GridGroup } from './gridGroup.js';

/**
 * The conjugacy classes of G, computed: each class is the orbit of an element under conjugation by the
 * generators (a breadth-first search; closing under conjugation by a generating set of a finite group is
 * closing under all of it). Elements are scanned in increasing id, so each class's representative is its
 * smallest id and the classes come in increasing order of representative (the identity's class first).
 */
export interface ConjugacyClasses {
  readonly count: number;
  /** classOf[x]: the class of element x. */
  readonly classOf: Int32Array;
  /** The representative (smallest element id) of each class. */
  readonly reps: Int32Array;
  /** Number of elements in each class. */
  readonly sizes: Float64Array;
}

export function conjugacyClasses(group: GridGroup): ConjugacyClasses {
  const { order, rows, cols, transposable } = group;
  const oq = rows.order,
    op = cols.order;
  const rm = rows.mul,
    cm = cols.mul;
  const rg = Int32Array.from(rows.generators);
  const rgi = Int32Array.from(rows.generators, (a) => rows.inv[a]);
  const cg = Int32Array.from(cols.generators);
  const cgi = Int32Array.from(cols.generators, (b) => cols.inv[b]);
  const classOf = new Int32Array(order).fill(-1);
  const queue = new Int32Array(order);
  const reps: number[] = [];
  const sizes: number[] = [];
  let tail = 0;
    const visit = (y: number, k: number): void => {
    if (classOf[y] < 0) {
      classOf[y] = k;
      queue[tail++] = y;
    }
  };
  for (let x0 = 0; x0 < order; x0++) {
    if (classOf[x0] >= 0) continue;
    const k = reps.length;
    reps.push(x0);
    classOf[x0] = k;
    let head = 0;
    tail = 0;
    queue[tail++] = x0;
    while (head < tail) {
      // s·x·s⁻¹ for each generator s, from the line-group tables. With s = (0,a,0), (0,0,b) or T = (1,1,1):
      //   (0,a,0)(0,q,p)(0,a,0)⁻¹ = (0, aqa⁻¹, p)      (0,a,0)(1,q,p)(0,a,0)⁻¹ = (1, aq, pa⁻¹)
      //   (0,0,b)(0,q,p)(0,0,b)⁻¹ = (0, q, bpb⁻¹)      (0,0,b)(1,q,p)(0,0,b)⁻¹ = (1, qb⁻¹, bp)
      //   T(t,q,p)T = (t, p, q)
      const x = queue[head++];
      const p = x % op,
        rest = (x - p) / op,
        q = rest % oq;
      if (rest === q) {
        for (let i = 0; i < rg.length; i++) visit(rm[rm[rg[i] * oq + q] * oq + rgi[i]] * op + p, k);
        for (let i = 0; i < cg.length; i++) visit(q * op + cm[cm[cg[i] * op + p] * op + cgi[i]], k);
        if (transposable) visit(p * op + q, k);
      } else {
        // transposing (R = C: one line group for rows and columns)
        for (let i = 0; i < rg.length; i++) visit((oq + rm[rg[i] * oq + q]) * op + rm[p * oq + rgi[i]], k);
        for (let i = 0; i < cg.length; i++) visit((oq + rm[q * oq + cgi[i]]) * op + rm[cg[i] * oq + p], k);
        visit((oq + p) * op + q, k);
      }
    }
    sizes.push(tail);
  }
  let sum = 0;
  for (const s of sizes) sum += s;
  if (sum !== order) throw new Error(`internal: class sizes add up to ${sum}, not |G| = ${order}`);
  return { count: reps.length, classOf, reps: Int32Array.from(reps), sizes: Float64Array.from(sizes) };
}
