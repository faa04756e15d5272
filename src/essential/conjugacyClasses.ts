import type { GridGroup } from './gridGroup.js';
import type { LineGroup } from './lineGroup.js';

/**
 * The conjugacy classes of G, computed from those of the line groups.
 *
 * A line group W (up to 1,036,800 elements, S₆ ≀ S₂) is split into classes by breadth-first search: a class is the
 * orbit of an element under conjugation by the generators (closing under conjugation by a generating set of a
 * finite group closes under all of it). Then, with the product rules of gridGroup:
 *
 *   (0,a,b)(0,q,p)(0,a,b)⁻¹ = (0, aqa⁻¹, bpb⁻¹)       (1,a,b)(0,q,p)(1,a,b)⁻¹ = (0, apa⁻¹, bqb⁻¹)
 *   (0,a,b)(1,q,p)(0,a,b)⁻¹ = (1, aqb⁻¹, bpa⁻¹)       whose product aqb⁻¹·bpa⁻¹ = a(qp)a⁻¹
 *
 * so, for non-transposing elements, the class of (0, q, p) is the pair (class of q, class of p), unordered
 * when R = C (the transposition swaps them); and for R = C, (1, q, p) is conjugate to (1, 1, qp) (take a = 1,
 * b = q), and (1, 1, z) to (1, 1, aza⁻¹): the transposing classes are the classes K of W, each with |W|·|K|
 * elements. Σ sizes = |G| is checked; the tests check membership against conjugation by every element of G on
 * small shapes, and against a breadth-first search in G itself for 3×3.
 *
 * Classes are numbered in increasing order of their smallest element, which is the representative (the
 * identity's class is class 0).
 */
export interface ConjugacyClasses {
  readonly count: number;
  /** The class of element x (a few table reads: nothing is stored per element of G). */
  readonly classOf: (x: number) => number;
  /** The representative (smallest element id) of each class: ids pass 2³¹ for 6×2 (|G| = 47,775,744,000). */
  readonly reps: Float64Array;
  /** Number of elements in each class. */
  readonly sizes: Float64Array;
}

export function conjugacyClasses(group: GridGroup): ConjugacyClasses {
  const { rows, cols, transposable, order } = group;
  const wr = lineGroupClasses(rows);
  const wc = transposable ? wr : lineGroupClasses(cols);
  const oq = rows.order,
    op = cols.order;
  const nr = wr.sizes.length,
    nc = wc.sizes.length;
  // a key per G-class: non-transposing pairs first (unordered for R = C), then the transposing classes
  const pairKey = (kq: number, kp: number) => (transposable && kp < kq ? kp * nc + kq : kq * nc + kp);
  const keys = nr * nc + (transposable ? nr : 0);
  const keyOf = (x: number): number => {
    const p = x % op,
      rest = (x - p) / op,
      q = rest % oq;
    return rest === q ? pairKey(wr.classOf[q], wc.classOf[p]) : nr * nc + wr.classOf[rows.mul(q, p)];
  };
  // each key's smallest element (ids are (t·|rows| + q)·|cols| + p): for a pair, the smallest q of its row class
  // with the smallest p of its column class (either way round for R = C); for a transposing class K, (1, 1, z)
  // with z the smallest element of K
  const firstR = firstOfEach(wr.classOf, nr),
    firstC = firstOfEach(wc.classOf, nc);
  const rep = new Float64Array(keys).fill(Infinity);
  for (let kq = 0; kq < nr; kq++) {
    for (let kp = 0; kp < nc; kp++) {
      const key = pairKey(kq, kp);
      rep[key] = Math.min(rep[key], group.element(0, firstR[kq], firstC[kp]));
    }
  }
  if (transposable) for (let k = 0; k < nr; k++) rep[nr * nc + k] = group.element(1, 0, firstR[k]);
  const used = Array.from({ length: keys }, (_, key) => key).filter((key) => rep[key] !== Infinity);
  used.sort((a, b) => rep[a] - rep[b]);
  const number = new Int32Array(keys).fill(-1);
  used.forEach((key, k) => (number[key] = k));
  const sizes = used.map((key) => {
    if (key >= nr * nc) return oq * wr.sizes[key - nr * nc];
    const kq = Math.floor(key / nc),
      kp = key % nc;
    return wr.sizes[kq] * wc.sizes[kp] * (transposable && kq !== kp ? 2 : 1);
  });
  let sum = 0;
  for (const s of sizes) sum += s;
  if (sum !== order) throw new Error(`internal: class sizes add up to ${sum}, not |G| = ${order}`);
  const reps = Float64Array.from(used, (key) => rep[key]);
  for (let k = 0; k < reps.length; k++)
    if (number[keyOf(reps[k])] !== k) throw new Error('internal: a representative is not in its class');
  return { count: reps.length, classOf: (x) => number[keyOf(x)], reps, sizes: Float64Array.from(sizes) };
}

/** The smallest element of each class, classes given as classOf over the elements. */
function firstOfEach(classOf: Int32Array, count: number): Int32Array {
  const first = new Int32Array(count).fill(-1);
  for (let x = 0; x < classOf.length; x++) if (first[classOf[x]] < 0) first[classOf[x]] = x;
  return first;
}

/** The classes of each line group found so far (line groups are built once a process: lineGroup.ts). */
const classesOf = new WeakMap<LineGroup, { classOf: Int32Array; sizes: number[] }>();

/** Classes of a line group by breadth-first search under conjugation by its generators; found once a group. */
export function lineGroupClasses(w: LineGroup): { classOf: Int32Array; sizes: number[] } {
  let found = classesOf.get(w);
  if (found === undefined) classesOf.set(w, (found = searchLineGroupClasses(w)));
  return found;
}

function searchLineGroupClasses(w: LineGroup): { classOf: Int32Array; sizes: number[] } {
  const { order, mul, inv, generators } = w;
  const classOf = new Int32Array(order).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(order);
  for (let x0 = 0; x0 < order; x0++) {
    if (classOf[x0] >= 0) continue;
    const k = sizes.length;
    classOf[x0] = k;
    let head = 0,
      tail = 0;
    queue[tail++] = x0;
    while (head < tail) {
      const x = queue[head++];
      for (const s of generators) {
        const y = mul(mul(s, x), inv[s]);
        if (classOf[y] < 0) {
          classOf[y] = k;
          queue[tail++] = y;
        }
      }
    }
    sizes.push(tail);
  }
  return { classOf, sizes };
}
