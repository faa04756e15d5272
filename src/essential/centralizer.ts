import { gcd } from './cycleTypes.js';
import type { GridGroup } from './gridGroup.js';

/**
 * C_G(x) = { h : hx = xh }, every element, in increasing id. Found by scanning the line group rather than G:
 * with the product rules of gridGroup, for x = (0, q, p)
 *
 *   (0, a, b) commutes with x  ⇔  aq = qa and bp = pb
 *   (1, a, b) commutes with x  ⇔  ap = qa and bq = pb            (R = C only)
 *
 * and for x = (1, q, p)
 *
 *   (0, a, b) commutes with x  ⇔  b = q⁻¹aq and bp = pa
 *   (1, a, b) commutes with x  ⇔  b = q⁻¹ap and bq = pa
 */
export function centralizer(group: GridGroup, x: number): Int32Array {
  const { rows, cols, transposable } = group;
  const { t, q, p } = group.parts(x);
  const out: number[] = [];
  const oq = rows.order,
    op = cols.order;
  if (t === 0) {
    const rm = rows.mul,
      cm = cols.mul;
    const A: number[] = [],
      B: number[] = [];
    for (let a = 0; a < oq; a++) if (rm(a, q) === rm(q, a)) A.push(a);
    for (let b = 0; b < op; b++) if (cm(b, p) === cm(p, b)) B.push(b);
    for (const a of A) for (const b of B) out.push(group.element(0, a, b));
    if (transposable) {
      const A1: number[] = [],
        B1: number[] = [];
      for (let a = 0; a < oq; a++) if (rm(a, p) === rm(q, a)) A1.push(a);
      for (let b = 0; b < oq; b++) if (rm(b, q) === rm(p, b)) B1.push(b);
      for (const a of A1) for (const b of B1) out.push(group.element(1, a, b));
    }
  } else {
    const m = rows.mul;
    const qi = rows.inv[q];
    for (let a = 0; a < oq; a++) {
      const b = m(m(qi, a), q);
      if (m(b, p) === m(p, a)) out.push(group.element(0, a, b));
    }
    for (let a = 0; a < oq; a++) {
      const b = m(m(qi, a), p);
      if (m(b, q) === m(p, a)) out.push(group.element(1, a, b));
    }
  }
  return Int32Array.from(out).sort();
}

/**
 * A small generating set of the subgroup whose elements are listed: elements are taken in a fixed scattered
 * order and kept when they are not yet in the subgroup the kept ones generate. Checks that the kept ones
 * generate exactly the listed elements. `member` is scratch of |G| zeros (left zero again).
 */
export function generatorsOf(
  group: GridGroup,
  elements: ArrayLike<number>,
  member: Uint8Array = new Uint8Array(group.order),
): number[] {
  const size = elements.length;
  const closure: number[] = [0];
  member[0] = 1;
  const gens: number[] = [];
  // a stride coprime to the size visits every element once, scattered (so few are needed)
  let stride = Math.max(1, Math.floor(size * 0.618));
  while (gcd(stride, size) !== 1) stride++;
  for (let i = 0, at = 0; i < size; i++, at = (at + stride) % size) {
    const x = elements[at];
    if (member[x]) continue;
    gens.push(x);
    // the closure of the kept generators, from the identity by right multiplication
    for (const y of closure) member[y] = 0;
    closure.length = 0;
    closure.push(0);
    member[0] = 1;
    for (let h = 0; h < closure.length; h++) {
      const y = closure[h];
      for (const s of gens) {
        const z = group.compose(y, s);
        if (!member[z]) {
          member[z] = 1;
          closure.push(z);
        }
      }
    }
    if (closure.length === size) break;
  }
  if (closure.length !== size) throw new Error(`internal: generated ${closure.length} elements, not ${size}`);
  for (let i = 0; i < size; i++)
    if (!member[elements[i]]) throw new Error('internal: the elements do not form a subgroup');
  for (const y of closure) member[y] = 0;
  return gens;
}
