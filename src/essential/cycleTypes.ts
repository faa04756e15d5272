/**
 * Cycle types: a permutation's cycle lengths as a partition, largest first ([3, 3, 2, 1] for a permutation
 * of 9 points with two 3-cycles, a 2-cycle and a fixed point).
 */
export type CycleType = readonly number[];

/** Cycle lengths of a permutation of 0..perm.length−1 (or of the points in `points`), largest first. */
export function cycleType(perm: ArrayLike<number>, points?: ArrayLike<number>): number[] {
  const pts = points ?? Array.from({ length: perm.length }, (_, i) => i);
  const seen = new Set<number>();
  const out: number[] = [];
  for (let i = 0; i < pts.length; i++) {
    let x = pts[i];
    if (seen.has(x)) continue;
    let len = 0;
    while (!seen.has(x)) {
      seen.add(x);
      x = perm[x];
      len++;
    }
    out.push(len);
  }
  return out.sort((a, b) => b - a);
}

/** Every partition of n, largest part first; partitions in decreasing lexicographic order ([n] first). */
export function partitionsOf(n: number): number[][] {
  const out: number[][] = [];
  const cur: number[] = [];
  const rec = (left: number, max: number): void => {
    if (left === 0) {
      out.push(cur.slice());
      return;
    }
    for (let k = Math.min(left, max); k >= 1; k--) {
      cur.push(k);
      rec(left - k, k);
      cur.pop();
    }
  };
  rec(n, n);
  return out;
}

/** The cycle type of τ^k when τ has cycle type `type`: a cycle of length ℓ splits into gcd(ℓ, k) of length ℓ/gcd. */
export function powerType(type: CycleType, k: number): number[] {
  const out: number[] = [];
  for (const l of type) {
    const g = gcd(l, k);
    for (let i = 0; i < g; i++) out.push(l / g);
  }
  return out.sort((a, b) => b - a);
}

/** The permutation of 0..n−1 with cycle type `type` whose cycles are consecutive blocks: (0 1 2)(3 4)(5)… */
export function permutationOfType(type: CycleType): Int32Array {
  let n = 0;
  for (const l of type) n += l;
  const perm = new Int32Array(n);
  let start = 0;
  for (const l of type) {
    for (let i = 0; i < l; i++) perm[start + i] = start + ((i + 1) % l);
    start += l;
  }
  return perm;
}

/** Number of permutations of n points commuting with one of this type: Π_ℓ ℓ^(m_ℓ)·m_ℓ!. */
export function centralizerOrder(type: CycleType): number {
  const mult = new Map<number, number>();
  for (const l of type) mult.set(l, (mult.get(l) ?? 0) + 1);
  let c = 1;
  for (const [l, m] of mult) {
    c *= l ** m;
    for (let i = 2; i <= m; i++) c *= i;
  }
  return c;
}

/** "3²·2·1" style, exponents as superscripts; "1⁹" for the identity of 9 points. */
export function formatCycleType(type: CycleType): string {
  const parts: string[] = [];
  for (let i = 0; i < type.length;) {
    let j = i;
    while (j < type.length && type[j] === type[i]) j++;
    parts.push(`${type[i]}${j - i > 1 ? superscript(j - i) : ''}`);
    i = j;
  }
  return parts.join('·');
}

export function sameType(a: CycleType, b: CycleType): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}

/** Order of a permutation: the lcm of its cycle lengths. */
export function orderOf(perm: ArrayLike<number>): number {
  let o = 1;
  for (const l of cycleType(perm)) o = lcm(o, l);
  return o;
}

function superscript(k: number): string {
  const digits = '⁰¹²³⁴⁵⁶⁷⁸⁹';
  return String(k)
    .split('')
    .map((d) => digits[Number(d)])
    .join('');
}
