import type { Rules } from '../grid/rules.js';
import { puzzleCounter } from '../solve/countSolutions.js';
import { rulesExactCover } from './rulesExactCover.js';
import { variantGroup } from './variantGroup.js';

/**
 * The cell pairs that hold different digits in every grid of the rules, each one proved, and the houses the rules
 * imply (n cells holding every digit once in every grid without being a house of the rules: windoku's five hidden
 * regions). The full symmetry group of the grids is the stabiliser of these pairs (src/variants/fullVariantGroup.ts).
 *
 * Every unordered pair {a, b} of cells is decided, one pair per orbit of G_V (the variant's group maps grids to
 * grids, so "a and b differ in every grid" is the same along an orbit):
 *
 *   explicit   a and b share a house or a pair of the rules
 *   witness    a grid with X(a) = X(b), found by the solver (givens a = b = 1; relabelling makes the digit free)
 *   implied    a and b lie in an implied house: an n-cell set S, no two cells of it seen equal in a witness,
 *              whose indicator is a rational combination Σ aᵢ·1_{Hᵢ} of the rules' houses (the counting argument:
 *              digit d occurs Σ aᵢ times in S, the same for every d, so once); the combination is found by exact
 *              elimination and checked cell by cell
 *   exhaustive the solver's search (within a budget of branches), or else the exact-cover engine's (src/dlx, to
 *              the end), finds no grid with a = b = 1; the exact-cover search may also find a witness
 *
 * The exact-cover pass has no budget: every pair is decided (`undecided` stays for the report's shape; it is empty).
 */
export interface ImpliedHouse {
  /** Cells, ascending. */
  readonly cells: Int32Array;
  /** The combination: [coefficient as "p/q" or "p", house name] of the rules' houses. */
  readonly combination: ReadonlyArray<readonly [string, string]>;
}

export interface AlwaysDifferent {
  readonly rules: string;
  /** differ[a·N + b] = 1 when a and b hold different digits in every grid (both orders), 0 otherwise. */
  readonly differ: Uint8Array;
  /** Pair orbits under G_V, and how each was decided (counts of pairs). */
  readonly pairOrbits: number;
  readonly explicitPairs: number;
  readonly witnessedPairs: number;
  readonly impliedPairs: number;
  readonly solverPairs: number;
  readonly undecidedPairs: number;
  /** The undecided pairs, a·N + b with a < b. */
  readonly undecided: Int32Array;
  /** Grids the solver found as witnesses. */
  readonly witnesses: number;
  readonly impliedHouses: readonly ImpliedHouse[];
  readonly seconds: number;
}

/** Solver branches allowed per pair before it is left to the implied houses. */
const BUDGET = 1 << 20;

class OverBudget extends Error {}

export function alwaysDifferent(rules: Rules): AlwaysDifferent {
  const t0 = performance.now();
  const { n, cells: N, peerStart, peerList, houses, houseCount, houseNames } = rules;
  const group = variantGroup(rules);
  // 0 unknown, 1 explicit, 2 witnessed equal, 3 implied, 4 solver: none equal, 5 undecided
  const state = new Uint8Array(N * N);
  for (let a = 0; a < N; a++) for (let k = peerStart[a]; k < peerStart[a + 1]; k++) state[a * N + peerList[k]] = 1;

  // orbits of pairs under G_V
  const parent = Int32Array.from({ length: N * N }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const key = (a: number, b: number) => (a < b ? a * N + b : b * N + a);
  for (const g of group.generators) {
    const m = group.grid.cellMap(g);
    for (let a = 0; a < N; a++)
      for (let b = a + 1; b < N; b++) {
        const x = find(key(a, b)),
          y = find(key(m[a], m[b]));
        if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
      }
  }
  const members = new Map<number, number[]>();
  for (let a = 0; a < N; a++)
    for (let b = a + 1; b < N; b++) {
      const r = find(a * N + b);
      const list = members.get(r);
      if (list) list.push(a * N + b);
      else members.set(r, [a * N + b]);
    }
  const setOrbit = (r: number, s: number) => {
    for (const p of members.get(find(r)) ?? []) {
      const a = Math.floor(p / N),
        b = p % N;
      state[a * N + b] = s;
      state[b * N + a] = s;
    }
  };

  // witnesses
  const counter = puzzleCounter(rules);
  const givens = new Uint8Array(N);
  const solution = new Uint8Array(N);
  let witnesses = 0;
  /** The solver on a = b = 1 within `budget` branches: a witness, a proof that none exists, or out of budget. */
  const trySolver = (r: number, budget: number): boolean => {
    const a = Math.floor(r / N),
      b = r % N;
    givens.fill(0);
    givens[a] = 1;
    givens[b] = 1;
    const saved = counter.onTick;
    counter.onTick = (nodes) => {
      if (nodes > budget) throw new OverBudget();
    };
    let found: number;
    try {
      found = counter.count(givens, 1, solution).count;
    } catch (e) {
      if (!(e instanceof OverBudget)) throw e;
      return false;
    } finally {
      counter.onTick = saved;
    }
    if (found === 0) {
      setOrbit(r, 4);
      return true;
    }
    markWitness(r);
    return true;
  };
  /** `solution` is a grid with the pair r equal: every pair it has equal is settled, with its orbit. */
  function markWitness(r: number): void {
    witnesses++;
    for (let x = 0; x < N; x++)
      for (let y = x + 1; y < N; y++) {
        const s = state[x * N + y];
        if (solution[x] === solution[y] && (s === 0 || s === 5)) setOrbit(x * N + y, 2);
      }
    if (state[r] !== 2) throw new Error('internal: the witness grid does not have the two givens equal');
  }
  const unknownAfterSolver: number[] = [];
  for (const [r] of members) if (state[r] === 0 && !trySolver(r, BUDGET)) unknownAfterSolver.push(r);

  // implied houses for what is left
  const impliedHouses: ImpliedHouse[] = [];
  const rulesHouses = Array.from({ length: houseCount }, (_, h) => houses.subarray(h * n, h * n + n));
  for (const r of unknownAfterSolver) {
    if (state[r] !== 0) continue;
    const a = Math.floor(r / N),
      b = r % N;
    const edge = (x: number, y: number) => state[x * N + y] !== 2;
    const found = cliquesThrough(N, n, a, b, edge, (clique) => {
      if (!combination(clique, rulesHouses, N)) return false;
      // the house and its images under G_V (each image's combination found again: it is the image's proof)
      const seen = new Set(impliedHouses.map((h) => h.cells.join()));
      const start = Int32Array.from(clique).sort();
      const orbit = new Set([start.join()]);
      const images = [start];
      for (let i = 0; i < images.length; i++)
        for (const g of group.generators) {
          const m = group.grid.cellMap(g);
          const img = Int32Array.from(images[i], (c) => m[c]).sort();
          if (orbit.has(img.join())) continue;
          orbit.add(img.join());
          images.push(img);
        }
      for (const cells of images) {
        if (seen.has(cells.join())) continue;
        const comb = combination(Array.from(cells), rulesHouses, N);
        if (!comb) throw new Error('internal: the image of an implied house is not implied');
        impliedHouses.push({ cells, combination: comb.map(([q, h]) => [q, houseNames[h]] as const) });
        for (const x of cells)
          for (const y of cells)
            if (x !== y && (state[x * N + y] === 0 || state[x * N + y] === 5)) setOrbit(key(x, y), 3);
      }
      return true;
    });
    if (!found) setOrbit(r, 5);
  }
  // what is left: exact cover (src/dlx), to the end: a witness, or none (an exhaustive proof)
  for (const r of unknownAfterSolver) {
    if (state[r] !== 5) continue;
    givens.fill(0);
    givens[Math.floor(r / N)] = 1;
    givens[r % N] = 1;
    const found = rulesExactCover(rules, givens, 1, (X) => solution.set(X)).count;
    if (found === 0) setOrbit(r, 4);
    else markWitness(r);
  }

  const differ = new Uint8Array(N * N);
  const tally = [0, 0, 0, 0, 0, 0];
  for (let a = 0; a < N; a++)
    for (let b = 0; b < N; b++) {
      if (a === b) continue;
      const s = state[a * N + b];
      if (s === 1 || s === 3 || s === 4) differ[a * N + b] = 1;
      if (a < b) tally[s]++;
    }
  if (tally[0] !== 0) throw new Error('internal: a pair was left unexamined');
  return {
    rules: rules.name,
    differ,
    pairOrbits: members.size,
    explicitPairs: tally[1],
    witnessedPairs: tally[2],
    impliedPairs: tally[3],
    solverPairs: tally[4],
    undecidedPairs: tally[5],
    undecided: Int32Array.from({ length: N * N }, (_, i) => i).filter(
      (i) => state[i] === 5 && Math.floor(i / N) < i % N,
    ),
    witnesses,
    impliedHouses,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** Calls `take` on the n-cliques of `edge` through a and b (until it returns true); true when one was taken. */
function cliquesThrough(
  N: number,
  n: number,
  a: number,
  b: number,
  edge: (x: number, y: number) => boolean,
  take: (clique: number[]) => boolean,
): boolean {
  const common: number[] = [];
  for (let c = 0; c < N; c++) if (c !== a && c !== b && edge(a, c) && edge(b, c)) common.push(c);
  const clique = [a, b];
  const rec = (from: number): boolean => {
    if (clique.length === n) return take([...clique]);
    for (let i = from; i < common.length; i++) {
      if (common.length - i < n - clique.length) return false;
      const c = common[i];
      if (!clique.every((x) => edge(x, c))) continue;
      clique.push(c);
      if (rec(i + 1)) return true;
      clique.pop();
    }
    return false;
  };
  return rec(0);
}

/**
 * Rational coefficients aₕ with Σ aₕ·1_{house h} = 1_S, by exact elimination (BigInt, fraction-free), checked cell by
 * cell; null when 1_S is not in the span. Returns the non-zero terms as ["p/q", h].
 */
export function combination(
  cells: readonly number[],
  houses: readonly ArrayLike<number>[],
  N: number,
): Array<[string, number]> | null {
  const H = houses.length;
  // one equation per cell: Σ_h [c ∈ h]·a_h = [c ∈ S]; columns 0..H−1 the unknowns, H the right-hand side
  const target = new Uint8Array(N);
  for (const c of cells) target[c] = 1;
  const rows: bigint[][] = [];
  for (let c = 0; c < N; c++) {
    const row = new Array<bigint>(H + 1).fill(0n);
    row[H] = BigInt(target[c]);
    rows.push(row);
  }
  houses.forEach((h, j) => {
    for (let k = 0; k < h.length; k++) rows[h[k]][j] = 1n;
  });
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const gcd = (x: bigint, y: bigint): bigint => {
    x = abs(x);
    y = abs(y);
    while (y) [x, y] = [y, x % y];
    return x;
  };
  const pivots: number[] = [];
  let r = 0;
  for (let col = 0; col < H && r < N; col++) {
    let p = r;
    while (p < N && rows[p][col] === 0n) p++;
    if (p === N) continue;
    [rows[r], rows[p]] = [rows[p], rows[r]];
    const pr = rows[r];
    for (let i = 0; i < N; i++) {
      if (i === r || rows[i][col] === 0n) continue;
      const f = rows[i][col];
      const row = rows[i];
      let g = 0n;
      for (let j = 0; j <= H; j++) {
        row[j] = row[j] * pr[col] - pr[j] * f;
        g = gcd(g, row[j]);
      }
      if (g > 1n) for (let j = 0; j <= H; j++) row[j] /= g;
    }
    pivots.push(col);
    r++;
  }
  for (let i = r; i < N; i++) if (rows[i][H] !== 0n) return null;
  // a_{pivot} = rhs / pivot coefficient, the free unknowns 0: check Σ a_h·1_h = 1_S exactly (common denominator)
  const num = new Array<bigint>(H).fill(0n);
  const den = new Array<bigint>(H).fill(1n);
  pivots.forEach((col, i) => {
    let p = rows[i][H],
      q = rows[i][col];
    if (q < 0n) [p, q] = [-p, -q];
    const g = gcd(p, q) || 1n;
    num[col] = p / g;
    den[col] = q / g;
  });
  let D = 1n;
  for (let h = 0; h < H; h++) if (num[h] !== 0n) D = (D * den[h]) / gcd(D, den[h]);
  const sum = new Array<bigint>(N).fill(0n);
  for (let h = 0; h < H; h++) {
    if (num[h] === 0n) continue;
    const w = (num[h] * D) / den[h];
    for (let k = 0; k < houses[h].length; k++) sum[houses[h][k]] += w;
  }
  for (let c = 0; c < N; c++) if (sum[c] !== BigInt(target[c]) * D) throw new Error('internal: a combination fails');
  const out: Array<[string, number]> = [];
  for (let h = 0; h < H; h++) if (num[h] !== 0n) out.push([den[h] === 1n ? String(num[h]) : `${num[h]}/${den[h]}`, h]);
  return out;
}
