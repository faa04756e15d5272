/**
 * An exact running sum of doubles, and of their exact squares, without allocating per term.
 *
 * Why: a 3×3 sample is up to ~10^30, a million of them sum to ~10^28 and their squares to ~10^55; the
 * variance is S·Σx² − (Σx)², a difference of two such numbers. Plain double sums would round at every
 * step (and differently for different batch splits). Instead the running sum is kept as a Shewchuk
 * expansion (the algorithm behind Python's math.fsum):
 *
 *   sum = partials[0] + partials[1] + … + partials[m−1]      (exactly, as real numbers)
 *
 * non-overlapping doubles in increasing magnitude. Adding x runs x through the partials with the error-free
 * two-sum (hi = a + b rounded, lo = b − (hi − a) the exact rounding error, valid when |a| ≥ |b|) and keeps
 * the non-zero errors. A double sum needs at most ~40 partials (2100 bits of exponent range / 53); in practice 1–4.
 * A square is first split exactly, x² = p + e, by Dekker's product (Veltkamp split of x into 26-bit halves;
 * exact while |x| < 2^996), and p and e are both added.
 *
 * `toBigInt` reads the expansion out as an exact BigInt. That needs every partial to be a whole number,
 * which holds because every sample is one (a product of whole numbers, or one rounded above 2^53, where
 * every double is whole): sums, two-sum errors and the square's e of whole doubles are whole.
 * Batch sums are then added as BigInts, so the total does not depend on how samples were split into
 * batches or threads.
 */
const SPLIT = 134217729; // 2^27 + 1

export class ExactSum {
  private readonly partials = new Float64Array(64);
  private count = 0;

  reset(): void {
    this.count = 0;
  }

  add(x: number): void {
    const p = this.partials;
    let m = 0;
    for (let j = 0, end = this.count; j < end; j++) {
      let y = p[j];
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) p[m++] = lo;
      x = hi;
    }
    p[m++] = x;
    this.count = m;
  }

  /** Add x² exactly. */
  addSquare(x: number): void {
    const sq = x * x;
    const c = SPLIT * x;
    const hi = c - (c - x);
    const lo = x - hi;
    const err = hi * hi - sq + 2 * hi * lo + lo * lo;
    this.add(sq);
    if (err !== 0) this.add(err);
  }

  /** The exact sum; throws if it is not a whole number or not finite. */
  toBigInt(): bigint {
    let s = 0n;
    for (let j = 0; j < this.count; j++) {
      const v = this.partials[j];
      if (!Number.isInteger(v)) throw new RangeError(`exact sum: partial ${v} is not a whole finite number`);
      s += BigInt(v);
    }
    return s;
  }
}
