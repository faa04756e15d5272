import { factorialBig } from '../grid/shape.js';

/**
 * How many column-configuration classes a band of R×C boxes has, by Burnside's lemma: the second route to the
 * number `bandConfigurationClasses` finds by its orderly search, sharing nothing with it but the definitions.
 *
 * A labelled configuration T gives every box k an ordered partition P_k of the n = R·C digits into C blocks of R
 * (P_k(j): the digits in column j of box k). The classes are the orbits of S_n × G, G = S_C ≀ S_R, on them:
 * (s, g) with g = (π; σ_0 … σ_{R−1}) sends T to the T' with P'_{π(k)}(σ_k(j)) = s(P_k(j)). T is fixed when, along
 * each cycle k → π(k) → … of length ℓ, P_k is fixed by (s^ℓ, τ) with τ the product of the σ's around the cycle:
 * s^ℓ(P_k(j)) = P_k(τ(j)). For such a P, each cycle of t = s^ℓ lies in the blocks of one cycle of τ, of length m
 * dividing the cycle's, and visits those m blocks in turn (m ways to start): a small sum over which τ-cycle
 * takes which t-cycle. The σ's around a π-cycle give every τ the same number of times, (C!)^(ℓ−1). So
 *
 *   classes = 1/(n!·|G|) · Σ_{cycle type λ of s} |λ| · Σ_{cycle type of π} |π's class| · Π_{π-cycles, length ℓ}
 *             (C!)^(ℓ−1) · Σ_{τ ∈ S_C} #{P : s_λ^ℓ(P(j)) = P(τ(j))}
 *
 * and with g = 1 alone, 1/n! · Σ_λ |λ| · #{P fixed by s_λ}^R is the number of balanced word multisets
 * (configurations up to relabelling digits), which checks the classes' stabilisers.
 */
export interface ConfigurationClassCount {
  /** Orbits of S_n × S_C≀S_R on the configurations: the classes. */
  readonly classes: bigint;
  /** Orbits of S_n alone: balanced multisets of n words (Σ over the classes of |G| / stabiliser in G). */
  readonly multisets: bigint;
}

/** The partitions of k (as lists of parts, decreasing). */
function partitionsOf(k: number, largest = k): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (let a = Math.min(k, largest); a >= 1; a--) for (const rest of partitionsOf(k - a, a)) out.push([a, ...rest]);
  return out;
}

/** Permutations of k points with cycle type λ: k! / Π_a a^{m_a}·m_a!. */
function classSize(lambda: readonly number[]): bigint {
  let size = factorialBig(lambda.reduce((a, b) => a + b, 0));
  const m = new Map<number, number>();
  for (const a of lambda) m.set(a, (m.get(a) ?? 0) + 1);
  for (const [a, count] of m) size /= BigInt(a) ** BigInt(count) * factorialBig(count);
  return size;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The cycle type of s^ℓ when s has cycle type λ: a cycle of length a falls into gcd(a, ℓ) cycles of a/gcd. */
function powerType(lambda: readonly number[], l: number): number[] {
  const out: number[] = [];
  for (const a of lambda) {
    const g = gcd(a, l);
    for (let i = 0; i < g; i++) out.push(a / g);
  }
  return out;
}

/**
 * Ordered partitions P of the points into blocks of R, one block per letter, with t(P(j)) = P(τ(j)), for t of cycle
 * type `t` and τ of cycle type `tau`: each t-cycle goes to a τ-cycle whose length m divides its own, m ways, and a
 * τ-cycle of length m takes t-cycles of m·R points in all.
 */
function fixedPartitions(t: readonly number[], tau: readonly number[], R: number): bigint {
  const memo = new Map<string, bigint>();
  const room = tau.map((m) => m * R);
  const rec = (i: number): bigint => {
    if (i === t.length) return room.every((x) => x === 0) ? 1n : 0n;
    const key = `${i}:${room.join(',')}`;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    let ways = 0n;
    for (let c = 0; c < tau.length; c++) {
      const m = tau[c];
      if (t[i] % m !== 0 || room[c] < t[i]) continue;
      room[c] -= t[i];
      ways += BigInt(m) * rec(i + 1);
      room[c] += t[i];
    }
    memo.set(key, ways);
    return ways;
  };
  return rec(0);
}

export function configurationClassCount(R: number, C: number): ConfigurationClassCount {
  if (!Number.isInteger(R) || !Number.isInteger(C) || R < 1 || C < 2)
    throw new RangeError(`configuration class count: R = ${R}, C = ${C} (need R ≥ 1, C ≥ 2)`);
  const n = R * C;
  const tauTypes = partitionsOf(C).map((tau) => ({ tau, size: classSize(tau) }));
  const piTypes = partitionsOf(R).map((pi) => ({ pi, size: classSize(pi) }));
  const CFact = factorialBig(C);
  let total = 0n,
    multisets = 0n;
  for (const lambda of partitionsOf(n)) {
    const sSize = classSize(lambda);
    // per π-cycle length ℓ: (C!)^(ℓ−1) · Σ_τ #{P fixed by (s^ℓ, τ)}
    const perCycle = new Map<number, bigint>();
    const cycleFactor = (l: number): bigint => {
      let f = perCycle.get(l);
      if (f === undefined) {
        const t = powerType(lambda, l);
        f = 0n;
        for (const { tau, size } of tauTypes) f += size * fixedPartitions(t, tau, R);
        f *= CFact ** BigInt(l - 1);
        perCycle.set(l, f);
      }
      return f;
    };
    for (const { pi, size } of piTypes) {
      let fixed = size;
      for (const l of pi) fixed *= cycleFactor(l);
      total += sSize * fixed;
    }
    multisets += sSize * fixedPartitions(lambda, Array<number>(C).fill(1), R) ** BigInt(R);
  }
  const order = factorialBig(n) * CFact ** BigInt(R) * factorialBig(R);
  if (total % order !== 0n || multisets % factorialBig(n) !== 0n)
    throw new Error(`internal: the Burnside sums of ${R}x${C} are not multiples of the group orders`);
  return { classes: total / order, multisets: multisets / factorialBig(n) };
}
