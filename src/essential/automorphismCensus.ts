import { defaultWorkers } from '../count/countGrids.js';
import type { BoxShape } from '../grid/shape.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { checkWorkers } from '../parallel/threads.js';
import type * as CensusTask from './automorphismCensusTask.js';
import type { CensusInput, CensusOutput } from './automorphismCensusTask.js';
import { censusSetup, isPrime } from './automorphismCensusTask.js';
import { essentiallyDifferent, type EssentiallyDifferent } from './essentiallyDifferent.js';

/**
 * The essentially different grids by the order of their automorphism group, from the fixed grids of the
 * classes of prime order, checked against every Burnside term and against N.
 *
 * Let O run over the orbits of G × S_n on grids (the essentially different grids) and A_O ≤ G the automorphism
 * group of a grid of O (its elements g with g·X = τ·X for some τ; conjugate within G along O). For a class K
 * with representative g, the grids with box 1 standard in O are std(h·X) for the |G|/|A_O| cosets h·A_O, and g
 * fixes std(h·X) up to relabelling iff h⁻¹gh ∈ A_O; so O holds |C_G(g)|·|K ∩ A_O|/|A_O| of the F₁(g) grids:
 *
 *   F₁(g_K) / |C_G(g_K)|  =  Σ_O |K ∩ A_O| / |A_O|            (K = {1}: N/n! / |G| = Σ_O 1/|A_O|)
 *
 * Every non-trivial A_O has an element of prime order (Cauchy), so every orbit with automorphisms has grids
 * fixed by a representative of a class of prime order. The census walks those fixed grids, one per orbit of the
 * centraliser (countFixedGrids with a visitor, weight W = how many of the F₁(g) grids it stands for), computes
 * A of each (automorphismGroup), and counts an orbit only from the class of prime order of smallest id that A
 * meets. An orbit counted from K is met with total weight |C_G(g)|·|K ∩ A|/|A|, so each grid adds
 * W·|A|/(|C_G(g)|·|K ∩ A|) of an orbit: exact fractions, whose totals by |A| must be whole numbers.
 *
 * Checks: (1) the totals are whole; (2) for every class K ≠ 1, Σ_O |K ∩ A_O|/|A_O| over the census equals
 * F₁(g_K)/|C_G(g_K)| from Burnside (for classes of order 4, 6, 9, … this compares the groups found with
 * counts the census never used); (3) with the grids without automorphisms = total − census,
 * Σ_O |G|/|A_O| = N/n!.
 */
export interface AutomorphismCensus {
  readonly box: string;
  /** Essentially different grids (Burnside). */
  readonly total: bigint;
  /** [|Aut|, essentially different grids with that automorphism group order], |Aut| = 1 first. */
  readonly byOrder: ReadonlyArray<readonly [number, bigint]>;
  /** Essentially different grids with a non-trivial automorphism group. */
  readonly nonTrivial: bigint;
  /** Σ over essentially different grids of |G|/|Aut|, checked equal to N/n! (grids with box 1 standard). */
  readonly weightedSum: bigint;
  /** Classes whose Burnside term the census reproduces (all non-identity classes, or an error is thrown). */
  readonly classesChecked: number;
  /** Grids whose automorphism group was computed. */
  readonly gridsExamined: number;
  readonly workers: number;
  readonly seconds: number;
}

export interface CensusOptions {
  /** Box shape (default 3x3; ignored when `burnside` is given). */
  readonly box?: BoxShape | string;
  readonly workers?: number;
  /** A Burnside run of the same shape, to reuse (default: computed). */
  readonly burnside?: EssentiallyDifferent;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Exact fractions with BigInt, kept reduced. */
interface Fraction {
  num: bigint;
  den: bigint;
}
const bgcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
const frac = (num: bigint, den: bigint): Fraction => {
  const g = bgcd(num, den) || 1n;
  return { num: num / g, den: den / g };
};
const add = (x: Fraction, y: Fraction): Fraction => frac(x.num * y.den + y.num * x.den, x.den * y.den);
const same = (x: Fraction, y: Fraction): boolean => x.num * y.den === y.num * x.den;

export async function automorphismCensus(options: CensusOptions = {}): Promise<AutomorphismCensus> {
  const t0 = performance.now();
  const workersAsked = options.workers === undefined ? undefined : checkWorkers(options.workers);
  const burnside =
    options.burnside ??
    (await essentiallyDifferent({ box: options.box ?? '3x3', ...(workersAsked ? { workers: workersAsked } : {}) }));
  const [R, C] = burnside.box.split('x').map(Number);
  const { group, classes, orders } = censusSetup(R, C);
  const workers = workersAsked ?? defaultWorkers(group.shape);
  const G = BigInt(group.order);

  const tasks: CensusInput[] = [];
  for (const row of burnside.classRows) {
    if (row.id === 0 || row.fixed === 0n || !isPrime(orders[row.id])) continue;
    for (const t of row.terms) if (t.count > 0) tasks.push({ rows: R, cols: C, classId: row.id, tauType: t.cycleType });
  }
  const pool = typedTaskPool<typeof CensusTask>(new URL('./automorphismCensusTask.js', import.meta.url), workers);
  const results = new Array<CensusOutput>(tasks.length);
  try {
    let next = 0,
      done = 0;
    const runner = async (): Promise<void> => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await pool.run('censusClass', tasks[i]);
        options.onProgress?.(++done, tasks.length);
      }
    };
    await Promise.all(Array.from({ length: workers }, runner));
  } finally {
    await pool.close();
  }

  const zero = (): Fraction => ({ num: 0n, den: 1n });
  const byOrder = new Map<number, Fraction>();
  const perClass = Array.from({ length: classes.count }, zero);
  let gridsExamined = 0;
  tasks.forEach((task, i) => {
    const centralizer = G / BigInt(classes.sizes[task.classId]);
    gridsExamined += results[i].grids;
    for (const [key, weight] of Object.entries(results[i].profiles)) {
      const [aText, kText, profile] = key.split('|');
      const a = BigInt(aText),
        k = BigInt(kText);
      // orbits: Σ W·|A|/(|C_G(g)|·|K ∩ A|)
      const orbits = frac(BigInt(weight) * a, centralizer * k);
      byOrder.set(Number(a), add(byOrder.get(Number(a)) ?? zero(), orbits));
      for (const part of profile.split(',')) {
        const [cls, m] = part.split(':').map(Number);
        perClass[cls] = add(perClass[cls], frac(orbits.num * BigInt(m), orbits.den * a));
      }
    }
  });

  const rows: Array<[number, bigint]> = [];
  let nonTrivial = 0n;
  let weightedSum = 0n;
  for (const [a, f] of [...byOrder].sort((x, y) => x[0] - y[0])) {
    if (f.den !== 1n) throw new Error(`internal: ${f.num}/${f.den} grids with ${a} automorphisms, not a whole number`);
    rows.push([a, f.num]);
    nonTrivial += f.num;
    weightedSum += (f.num * G) / BigInt(a);
  }
  const trivial = burnside.total - nonTrivial;
  if (trivial < 0n) throw new Error('internal: more grids with automorphisms than grids');
  weightedSum += trivial * G;
  if (weightedSum !== burnside.gridsWithFixedBox)
    throw new Error(`internal: Σ |G|/|Aut| = ${weightedSum}, not N/n! = ${burnside.gridsWithFixedBox}`);
  let classesChecked = 0;
  for (const row of burnside.classRows) {
    if (row.id === 0) continue;
    // F₁/|C_G(g)| = F₁·|K|/|G|
    const expected = frac(row.fixed * BigInt(row.size), G);
    if (!same(perClass[row.id], expected))
      throw new Error(
        `internal: class ${row.id}: the census gives ${perClass[row.id].num}/${perClass[row.id].den}, ` +
          `Burnside ${expected.num}/${expected.den}`,
      );
    classesChecked++;
  }
  return {
    box: burnside.box,
    total: burnside.total,
    byOrder: [[1, trivial], ...rows],
    nonTrivial,
    weightedSum,
    classesChecked,
    gridsExamined,
    workers,
    seconds: Math.round((performance.now() - t0) * 1000) / 1e6,
  };
}
