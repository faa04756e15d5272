import { fullMask } from '../grid/bits.js';
import type { ColumnPartitions } from '../grid/columnPartitions.js';
import { factorial, type BoxShape } from '../grid/shape.js';

/**
 * n(b₁) for boxes of two rows and any number C of bands (2×C: used for 2×4, where C = 4), summed over the
 * column-set configurations of the C−1 lower bands.
 *
 * With two rows a box is a band's only box in its stack, so a band is two boxes side by side, and the
 * column sets of the lower bands can be chosen stack by stack. In stack k, with S_c the digits column c
 * still needs after b₁, a "stack choice" is the column sets (T₂, …, T_C) of the lower bands in that
 * stack: T_b is a partition of the n digits into C blocks of 2 (one per column) and T₂_c ∪ … ∪ T_C_c = S_c.
 * A band is two boxes, so F(band b) = G(T_b in stack 0, T_b in stack 1), and
 *
 *   n(b₁) = Σ_{x ∈ choices(stack 0)} Σ_{y ∈ choices(stack 1)} Π_{b=2..C} G(x_b, y_b)
 *
 * G(p, q) is F of the configuration whose boxes have the unordered column partitions p and q (F does not
 * see the order of a box's columns): the column-set table read with box 1 renamed to the standard sets.
 * It is tabulated once, P×P entries (105² for 2×4), and each stack's choices are grouped by their tuple of
 * partitions, so the sum is a few table reads per pair of distinct tuples.
 *
 * Permuting the lower bands permutes every tuple and keeps the product; in stack 0 the C−1 sets of the
 * first column are disjoint, so no permutation fixes a choice: only the choices whose first-column sets
 * increase are kept, and the sum is multiplied by (C−1)!.
 *
 *   2×4, one stack (4 columns, S_c = 6 digits each), bands 2..4:
 *     T₂: {a,b}{c,d}{e,f}{g,h}   T₃: …   T₄ = S ∖ T₂ ∖ T₃ (forced)
 */
export function fourBandCompletions(
  shape: BoxShape,
  partitions: ColumnPartitions,
  table: Uint32Array,
): (band: ArrayLike<number>, offset?: number) => number {
  const { rows: R, cols: C, n } = shape;
  if (R !== 2) throw new Error(`internal: the stack-by-stack band sum needs boxes of 2 rows, not ${shape.name}`);
  const P = partitions.count;
  const full = fullMask(n);
  const lower = C - 1;

  // G(p, q): rename p's blocks to the standard sets S_c = {c+1, c+1+C} (0-based bits c, c+C), index q.
  const G = new Float64Array(P * P);
  const rename = new Int32Array(n);
  const mapped = new Int32Array(C);
  for (let p = 0; p < P; p++) {
    for (let c = 0; c < C; c++) {
      let m = partitions.blocks[p * C + c],
        r = 0;
      while (m) {
        const b = m & -m;
        rename[31 - Math.clz32(b)] = r * C + c;
        r++;
        m ^= b;
      }
    }
    for (let q = 0; q < P; q++) {
      for (let c = 0; c < C; c++) {
        let m = partitions.blocks[q * C + c],
          out = 0;
        while (m) {
          const b = m & -m;
          out |= 1 << rename[31 - Math.clz32(b)];
          m ^= b;
        }
        mapped[c] = out;
      }
      G[p * P + q] = table[partitions.indexOf(mapped)];
    }
  }

  const need = new Int32Array(n);
  const sets = new Int32Array(lower * C); // sets[(b−2)·C + c]: band b's set in column c of the stack
  const rest = new Int32Array(C);
  const tuple = new Int32Array(lower);

  /**
   * The stack choices of stack k, grouped: Map from the tuple of partition indices (mixed radix P) to how
   * many choices have it. In stack 0 only choices with increasing first-column sets are kept.
   */
  function stackChoices(k: number): Map<number, number> {
    const out = new Map<number, number>();
    for (let c = 0; c < C; c++) rest[c] = need[k * C + c];
    // band b (0-based among the lower bands), column c: pick 2 of rest[c] not used by band b in this stack
    const place = (b: number, c: number, used: number): void => {
      if (b === lower - 1) {
        // the last band takes what is left; it is a partition because every digit has one column left
        for (let i = 0; i < C; i++) sets[b * C + i] = rest[i];
        if (k === 0) for (let i = 1; i < lower; i++) if (sets[i * C] < sets[(i - 1) * C]) return;
        let key = 0;
        for (let i = 0; i < lower; i++) {
          tuple[i] = partitions.indexOf(sets, i * C);
          key = key * P + tuple[i];
        }
        out.set(key, (out.get(key) ?? 0) + 1);
        return;
      }
      if (c === C) {
        if (used !== full) return;
        place(b + 1, 0, 0);
        return;
      }
      let m1 = rest[c] & ~used;
      while (m1) {
        const x = m1 & -m1;
        m1 ^= x;
        let m2 = m1;
        while (m2) {
          const y = m2 & -m2;
          m2 ^= y;
          const pair = x | y;
          sets[b * C + c] = pair;
          rest[c] ^= pair;
          place(b, c + 1, used | pair);
          rest[c] ^= pair;
        }
      }
    };
    place(0, 0, 0);
    return out;
  }

  const unpack = (groups: Map<number, number>): { tuples: Int32Array; counts: Float64Array } => {
    const tuples = new Int32Array(groups.size * lower);
    const counts = new Float64Array(groups.size);
    let i = 0;
    for (const [key, count] of groups) {
      let x = key;
      for (let b = lower - 1; b >= 0; b--) {
        const p = x % P;
        x = (x - p) / P;
        tuples[i * lower + b] = p;
      }
      counts[i++] = count;
    }
    return { tuples, counts };
  };

  const symmetry = factorial(lower);
  return (band, offset = 0) => {
    need.fill(full);
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) need[c] &= ~(1 << (band[offset + r * n + c] - 1));
    const left = unpack(stackChoices(0));
    const right = unpack(stackChoices(1));
    const rowOf = left.tuples.map((p) => p * P); // row offsets into G
    const colOf = right.tuples;
    let total = 0;
    const nx = left.counts.length,
      ny = right.counts.length;
    for (let i = 0; i < nx; i++) {
      let s = 0;
      for (let j = 0; j < ny; j++) {
        let prod = right.counts[j];
        for (let b = 0; b < lower && prod !== 0; b++) prod *= G[rowOf[i * lower + b] + colOf[j * lower + b]];
        s += prod;
      }
      total += left.counts[i] * s;
    }
    total *= symmetry;
    if (!Number.isSafeInteger(total)) throw new Error('internal: completion count is not exact');
    return total;
  };
}
