import { edgeColouringCounter, type EdgeColouringCounter } from '../../src/colsets/edgeColouringCounter.js';

/**
 * Grids of R×3 boxes (three bands of R rows, R stacks of three columns, n = 3R digits) by the bands' column
 * configurations: the route of issue 39 for 4×3, here in its plain form (the reference the fast contraction is
 * checked against; docs/shapes.md, "Three bands: R×3 boxes by column sets").
 *
 * A band's configuration T gives every digit d a word of R letters in {0, 1, 2}: letter s is the column (within
 * stack s) that holds d. Laid out as `letters[d·R + s]`:
 *
 *   stack s:        0        1                digit  letters (s = 0 1)
 *   column 0:    {1,2}    {1,3}       ←→        1      0 0
 *   column 1:    {3,4}    {2,5}                 2      0 1     (R = 2, n = 6)
 *   column 2:    {5,6}    {4,6}                 …
 *
 * F(T), the bands with configuration T, is the number of proper R-edge-colourings of the digit–column graph
 * (edge d–c when column c holds d; colour = the row of d in c).
 *
 * Three bands make a grid exactly when, column by column, their digit sets partition the n digits (rows and boxes
 * lie inside bands). Given band 1's configuration T1, band 2's T2 is *compatible* when no column of T2 meets the
 * same column of T1; band 3's T3 is then forced (each column the digits the other two lack), so
 *
 *   N = Σ_T1 F(T1) · S(T1),    S(T1) = Σ_(T2 compatible with T1) F(T2) · F(T3),
 *
 * and S(T1) is the number of ways to complete any band with configuration T1 to a grid (n_C of the band method).
 * Stack by stack the compatible choices number M(R) = Σ_k C(R, k)³ (10, 56, 346 for R = 2, 3, 4), so the sum has
 * M(R)^R terms. Exchanging bands 2 and 3 maps a compatible T2 to T3, a fixed-point-free involution that keeps the
 * product: the choices of stack 0 fall into M(R)/2 pairs (a choice and its exchange), and S is twice the sum over
 * one choice of each pair (`halve`).
 */
export interface ThreeBandShape {
  /** Rows of a box = stacks. */
  readonly R: number;
  /** Digits = columns = 3R. */
  readonly n: number;
  /** M(R): the compatible choices of one stack. */
  readonly choicesPerStack: number;
}

export function threeBandShape(R: number): ThreeBandShape {
  if (!Number.isInteger(R) || R < 1 || R > 4) throw new RangeError(`three bands: R = ${R} is not in 1..4`);
  let m = 0;
  for (let k = 0; k <= R; k++) m += binomial(R, k) ** 3;
  return { R, n: 3 * R, choicesPerStack: m };
}

function binomial(n: number, k: number): number {
  let b = 1;
  for (let i = 1; i <= k; i++) b = (b * (n - k + i)) / i;
  return b;
}

/**
 * The compatible choices of one stack: for band 1's letters t[d] (d = 0..n−1) in that stack, every letters x[d] ≠ t[d]
 * with R digits on each letter; band 3's letter is then 3 − t[d] − x[d]. Returned back to back (n bytes a choice),
 * in increasing order of the choice read as a base-2 number of the digits' "which of the two other letters" bits.
 */
export function stackChoices(shape: ThreeBandShape, t: ArrayLike<number>): Uint8Array {
  const { R, n } = shape;
  const out: number[] = [];
  const x = new Uint8Array(n);
  for (let bits = 0; bits < 1 << n; bits++) {
    const size = [0, 0, 0];
    for (let d = 0; d < n; d++) {
      // the two letters other than t[d], the lower first
      const lo = t[d] === 0 ? 1 : 0;
      const hi = t[d] === 2 ? 1 : 2;
      x[d] = (bits >> d) & 1 ? hi : lo;
      size[x[d]]++;
    }
    if (size[0] === R && size[1] === R && size[2] === R) out.push(...x);
  }
  return Uint8Array.from(out);
}

export interface ThreeBandSum {
  /** S(T1) = Σ F(T2)·F(T3) over the compatible T2. */
  readonly completions: bigint;
  /** F(T1). */
  readonly bands: bigint;
  /** Compatible T2 visited (M(R)^R, or half of it with `halve`). */
  readonly terms: number;
}

export interface ThreeBandOptions {
  /** Sum over one choice of each exchanged pair in stack 0 and double (default true). */
  readonly halve?: boolean;
  /** The edge-colouring counter to use (one per thread; default a new one). */
  readonly counter?: EdgeColouringCounter;
}

/** The graph rows (bit 3s + letter for each stack s) of the configuration `letters` (n·R bytes). */
export function configurationRows(shape: ThreeBandShape, letters: ArrayLike<number>): Int32Array {
  const { R, n } = shape;
  const rows = new Int32Array(n);
  for (let d = 0; d < n; d++) for (let s = 0; s < R; s++) rows[d] |= 1 << (3 * s + letters[d * R + s]);
  return rows;
}

/**
 * F(T1) and S(T1) for band 1's configuration `letters` (n·R bytes, letters[d·R + s] ∈ {0, 1, 2}, R digits on each
 * letter of each stack). Plain: every compatible T2 in turn, F by the edge-colouring counter (memoised here on the
 * configuration up to relabelling). M(R)^R terms: seconds for R = 3, out of reach for R = 4.
 */
export function threeBandSum(
  shape: ThreeBandShape,
  letters: ArrayLike<number>,
  options: ThreeBandOptions = {},
): ThreeBandSum {
  const { R, n } = shape;
  const counter = options.counter ?? edgeColouringCounter(n, { memoDegrees: R >= 4 ? [4] : [] });
  const halve = options.halve ?? true;
  const memo = new Map<string, bigint>();
  const sorted = new Int32Array(n);
  const F = (rows: Int32Array): bigint => {
    sorted.set(rows);
    sorted.sort();
    const key = sorted.join(',');
    let f = memo.get(key);
    if (f === undefined) {
      f = counter.countBig(rows, R);
      memo.set(key, f);
    }
    return f;
  };

  const t = new Uint8Array(n);
  const choices: Uint8Array[] = [];
  for (let s = 0; s < R; s++) {
    for (let d = 0; d < n; d++) t[d] = letters[d * R + s];
    choices.push(stackChoices(shape, t));
  }
  // stack 0 halved: keep a choice when it is below its exchange (band 3's letters in that stack)
  const first: number[] = [];
  const c0 = choices[0];
  for (let i = 0; i < c0.length / n; i++) {
    if (halve) {
      let cmp = 0;
      for (let d = n - 1; d >= 0 && cmp === 0; d--) {
        const x = c0[i * n + d],
          y = 3 - letters[d * R] - x;
        cmp = x - y;
      }
      if (cmp > 0) continue;
    }
    first.push(i);
  }

  const rows2 = new Int32Array(n),
    rows3 = new Int32Array(n);
  let total = 0n,
    terms = 0;
  const walk = (s: number): void => {
    if (s === R) {
      total += F(rows2) * F(rows3);
      terms++;
      return;
    }
    const c = choices[s];
    const list = s === 0 ? first : Array.from({ length: c.length / n }, (_, i) => i);
    for (const i of list) {
      for (let d = 0; d < n; d++) {
        const x = c[i * n + d],
          y = 3 - letters[d * R + s] - x;
        rows2[d] |= 1 << (3 * s + x);
        rows3[d] |= 1 << (3 * s + y);
      }
      walk(s + 1);
      const clear = ~(7 << (3 * s));
      for (let d = 0; d < n; d++) {
        rows2[d] &= clear;
        rows3[d] &= clear;
      }
    }
  };
  walk(0);
  return {
    completions: halve ? 2n * total : total,
    bands: F(configurationRows(shape, letters)),
    terms,
  };
}
