import type { VariantGroup } from './variantGroup.js';

/**
 * The conjugacy classes of G_V (at most a few thousand elements), computed from its elements: a class is the
 * orbit of an element under conjugation by G_V's generators (closing under conjugation by a generating set
 * closes under the whole group). Elements are visited in increasing id, so each class is found from its smallest
 * element, which is its representative; classes are numbered in that order (the identity's is class 0).
 * Σ sizes = |G_V| is checked. (The classes of G_V are not those of G cut down: two elements of G_V conjugate in
 * G need not be conjugate in G_V.)
 */
export interface VariantClasses {
  readonly count: number;
  /** The representative (smallest element id in G) of each class. */
  readonly reps: Int32Array;
  readonly sizes: Int32Array;
  /** classOf[i]: the class of elements[i]. */
  readonly classOf: Int32Array;
}

export function variantClasses(group: VariantGroup): VariantClasses {
  const { elements, grid, generators } = group;
  const index = new Map<number, number>();
  elements.forEach((e, i) => index.set(e, i));
  const gens = generators.map((s) => ({ s, inv: grid.inverse(s) }));
  const classOf = new Int32Array(elements.length).fill(-1);
  const reps: number[] = [];
  const sizes: number[] = [];
  const queue: number[] = [];
  for (let i0 = 0; i0 < elements.length; i0++) {
    if (classOf[i0] >= 0) continue;
    const k = reps.length;
    reps.push(elements[i0]);
    classOf[i0] = k;
    queue.length = 0;
    queue.push(elements[i0]);
    for (let h = 0; h < queue.length; h++) {
      for (const { s, inv } of gens) {
        const y = grid.compose(grid.compose(s, queue[h]), inv);
        const j = index.get(y);
        if (j === undefined) throw new Error('internal: a conjugate left G_V');
        if (classOf[j] < 0) {
          classOf[j] = k;
          queue.push(y);
        }
      }
    }
    sizes.push(queue.length);
  }
  let sum = 0;
  for (const s of sizes) sum += s;
  if (sum !== group.order) throw new Error(`internal: class sizes add up to ${sum}, not |G_V| = ${group.order}`);
  return { count: reps.length, reps: Int32Array.from(reps), sizes: Int32Array.from(sizes), classOf };
}
