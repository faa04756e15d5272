import { centralizer } from './centralizer.js';
import type { GridGroup } from './gridGroup.js';
import type { LineGroup } from './lineGroup.js';

/**
 * Largest seed group countFixedGrids lists. Every centraliser of 2×2 … 3×3 and 4×2 fits whole (the largest, 4×2's
 * central column swap, has 442,368 elements); on 5×2 and 2×5 (|G| = 110,592,000, where the central column swap's
 * stabiliser of a band has 55 million) a subgroup is used.
 */
export const SEED_GROUP_CAP = 1 << 19;

/**
 * H: elements of G that commute with x and map `region` (cell mask) onto itself, as a sorted list, or a subgroup of
 * it when it has more than `cap` elements. A subgroup is as good for countFixedGrids: seeds in one orbit of a
 * subgroup have equally many completions all the same, and the stabilisers it takes at later levels are groups.
 *
 * For a non-transposing x = (0, q, p) of a shape without transposition the centraliser is A × B (A = C(q) in the
 * row group, B = C(p) in the column group); when the region is a union of whole rows (a band, closures of rows:
 * every level 1 of regionPlan for such x) whether (a, b) maps it onto itself depends on a alone, so H = A₁ × B and
 * nothing is listed beyond A₁ and B until their product is known to fit. If it does not, A₁ and B are cut down in
 * turn (the larger first) to their elements that map every block onto itself, then to those that also fix every
 * line of the last block, of the last two, …: each cut is an intersection with a subgroup, so H′ = A′ × B′ is a
 * subgroup of H. Everything else (transposing x, 3×3 and 2×2, regions not made of whole rows) lists C_G(x) and
 * filters it, as before.
 */
export function seedGroup(group: GridGroup, x: number, region: Uint8Array, cap: number = SEED_GROUP_CAP): Int32Array {
  const { n } = group.shape;
  const { t, q, p } = group.parts(x);
  if (t === 1 || group.transposable || !wholeRows(region, n)) {
    const scratch = new Int32Array(n * n);
    return centralizer(group, x).filter((h) => preserves(group.cellMap(h, scratch), region));
  }
  const rowsIn = Array.from({ length: n }, (_, r) => region[r * n] === 1);
  let A = commuting(group.rows, q).filter((a) => {
    const perm = group.rows.perms.subarray(a * n, a * n + n);
    return rowsIn.every((inside, r) => !inside || rowsIn[perm[r]]);
  });
  let B = commuting(group.cols, p);
  for (let cutA = 0, cutB = 0; A.length * B.length > cap;) {
    if (A.length >= B.length) A = A.filter((a) => keeps(group.rows, a, ++cutA));
    else B = B.filter((b) => keeps(group.cols, b, ++cutB));
  }
  const out = new Int32Array(A.length * B.length);
  let i = 0;
  for (const a of A) for (const b of B) out[i++] = group.element(0, a, b);
  return out.sort();
}

/** The elements of a line group commuting with y. */
function commuting(w: LineGroup, y: number): number[] {
  const out: number[] = [];
  for (let a = 0; a < w.order; a++) if (w.mul(a, y) === w.mul(y, a)) out.push(a);
  return out;
}

/**
 * Cut k ≥ 1 of a line group: its elements that map every block onto itself and fix every line of the last k − 1
 * blocks (k > blocks leaves the identity alone).
 */
function keeps(w: LineGroup, a: number, k: number): boolean {
  const { size, blocks, lines, perms } = w;
  for (let l = 0; l < lines; l++) {
    const image = perms[a * lines + l];
    const block = Math.floor(l / size);
    if (Math.floor(image / size) !== block) return false;
    if (block >= blocks - (k - 1) && image !== l) return false;
  }
  return true;
}

function wholeRows(region: Uint8Array, n: number): boolean {
  for (let r = 0; r < n; r++) for (let c = 1; c < n; c++) if (region[r * n + c] !== region[r * n]) return false;
  return true;
}

/** True when the cell map sends every cell of the region into the region. */
export function preserves(map: ArrayLike<number>, region: Uint8Array): boolean {
  for (let c = 0; c < region.length; c++) if (region[c] && !region[map[c]]) return false;
  return true;
}
