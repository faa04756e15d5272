import { centralizerOrder } from './cycleTypes.js';
import type { GridGroup } from './gridGroup.js';

/**
 * Aut(X) projected to G: every g with g·X = τ·X for some relabelling τ, i.e. X(g(c)) = τ(X(c)) for all cells
 * (τ is then unique, so this is the automorphism group of X in G × S_n, up to isomorphism).
 *
 * Search. Write g = (t, q, p) and S = X (t = 0) or its transpose (t = 1, R = C); the condition becomes
 *
 *   X(q(a), p(b)) = τ(S(a, b))   for all rows a and columns b.
 *
 * Two rows a₀, a₁ of one band of S, read as φ(b) = the column of row a₀ holding S(a₁, b), and two rows r₀, r₁ of
 * one band of X read as ψ likewise, can be the images q(a₀), q(a₁) only if p∘φ = ψ∘p (apply τ to
 * S(a₁, b) = S(a₀, φ(b)) both ways): p conjugates φ into ψ, so φ and ψ have the same cycle type. The pair
 * (a₀, a₁) is chosen to make the search small: fewest pairs of X with its cycle type, times the number of
 * permutations commuting with it. For each matching (r₀, r₁), p is built cycle by cycle (p of one point of a
 * cycle of φ fixes p on the whole cycle), keeping columns of a stack together; then τ is read off row a₀, the
 * row q(a) of every other row is the row of X that starts right, the whole grid is checked, and q, p must lie
 * in their line groups.
 */
export interface AutomorphismSearch {
  /** The elements of G fixing X up to relabelling (X: n² digits 0..n−1), identity included, in increasing id. */
  automorphisms(X: ArrayLike<number>): number[];
}

export function automorphismSearch(group: GridGroup): AutomorphismSearch {
  const { shape, rows: W, cols: V, transposable } = group;
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  let X: ArrayLike<number> = new Int32Array(N);
  const S = new Int32Array(N);
  const posX = new Int32Array(N); // posX[r·n + d] = column of digit d in row r of X
  const posS = new Int32Array(N);
  const rowStartingWith = new Int32Array(n);
  const phi = new Int32Array(n),
    psi = new Int32Array(n);
  const p = new Int32Array(n),
    pinv = new Int32Array(n);
  const tau = new Int32Array(n);
  const q = new Int32Array(n);
  const phiStarts = new Int32Array(n),
    phiLens = new Int32Array(n);
  const lens = new Int32Array(n),
    starts = new Int32Array(n),
    psiCycleLen = new Int32Array(n);
  const stackTo = new Int32Array(R),
    stackFrom = new Int32Array(R),
    stackUses = new Int32Array(R);
  const seen = new Uint8Array(n);
  // the ordered pairs of rows in one band, and the cycle type (as a number) of each pair of X and of S
  const pairs: Array<[number, number]> = [];
  for (let r0 = 0; r0 < n; r0++) {
    const band = Math.floor(r0 / R) * R;
    for (let r1 = band; r1 < band + R; r1++) if (r1 !== r0) pairs.push([r0, r1]);
  }
  const typeX = new Float64Array(pairs.length);
  const typeS = new Float64Array(pairs.length);
  const centralizers = new Map<number, number>();

  /** Cycles of perm (starts and lengths, in order of start) into the arrays; returns their number. */
  const cyclesOf = (perm: Int32Array, st: Int32Array, ln: Int32Array): number => {
    let k = 0;
    seen.fill(0);
    for (let i = 0; i < n; i++) {
      if (seen[i]) continue;
      let len = 0;
      for (let x = i; !seen[x]; x = perm[x]) {
        seen[x] = 1;
        len++;
      }
      st[k] = i;
      ln[k++] = len;
    }
    return k;
  };
  /**
   * The cycle type of perm as a number: Σ_ℓ (cycles of length ℓ)·(n+1)^(ℓ−1) (counts ≤ n, so the digits never
   * carry); no allocation, as it runs for every pair of rows of every grid.
   */
  const typeOf = (perm: Int32Array): number => {
    seen.fill(0);
    let key = 0;
    for (let i = 0; i < n; i++) {
      if (seen[i]) continue;
      let len = 0;
      for (let x = i; !seen[x]; x = perm[x]) {
        seen[x] = 1;
        len++;
      }
      key += weight[len];
    }
    return key;
  };
  const weight = Float64Array.from({ length: n + 1 }, (_, l) => (l === 0 ? 0 : (n + 1) ** (l - 1)));
  /** |C(π)| for a permutation π of cycle type `key` (Π ℓ^m·m!), cached. */
  const centralizerOf = (key: number): number => {
    let c = centralizers.get(key);
    if (c === undefined) {
      const parts: number[] = [];
      for (let l = n, k = key; l >= 1; l--) {
        const m = Math.floor(k / weight[l]);
        k -= m * weight[l];
        for (let j = 0; j < m; j++) parts.push(l);
      }
      c = centralizerOrder(parts);
      centralizers.set(key, c);
    }
    return c;
  };
  /** φ of rows (a0, a1) of a grid G with positions pos: φ(b) = column of row a0 holding G(a1, b). */
  const pairPerm = (grid: ArrayLike<number>, pos: Int32Array, a0: number, a1: number, out: Int32Array) => {
    for (let b = 0; b < n; b++) out[b] = pos[a0 * n + grid[a1 * n + b]];
  };

  const assign = (a: number, b: number): boolean => {
    if (pinv[b] >= 0) return false;
    const sa = Math.floor(a / C),
      sb = Math.floor(b / C);
    if (stackTo[sa] < 0) {
      if (stackFrom[sb] >= 0) return false;
      stackTo[sa] = sb;
      stackFrom[sb] = sa;
    } else if (stackTo[sa] !== sb) return false;
    stackUses[sa]++;
    p[a] = b;
    pinv[b] = a;
    return true;
  };
  const unassign = (a: number): void => {
    const sa = Math.floor(a / C);
    pinv[p[a]] = -1;
    p[a] = -1;
    if (--stackUses[sa] === 0) {
      stackFrom[stackTo[sa]] = -1;
      stackTo[sa] = -1;
    }
  };

  function automorphisms(grid: ArrayLike<number>): number[] {
    X = grid;
    const out: number[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) posX[r * n + X[r * n + c]] = c;
    pairs.forEach(([r0, r1], i) => {
      pairPerm(X, posX, r0, r1, psi);
      typeX[i] = typeOf(psi);
    });
    const countX = (key: number): number => {
      let k = 0;
      for (let i = 0; i < pairs.length; i++) if (typeX[i] === key) k++;
      return k;
    };
    for (let t = 0; t <= (transposable ? 1 : 0); t++) {
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) S[a * n + b] = t === 0 ? X[a * n + b] : X[b * n + a];
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) posS[a * n + S[a * n + b]] = b;
      // the source pair with the fewest candidates
      let best = -1,
        bestCost = Infinity;
      pairs.forEach(([a0, a1], i) => {
        pairPerm(S, posS, a0, a1, phi);
        typeS[i] = typeOf(phi);
        const count = countX(typeS[i]);
        const cost = count === 0 ? 0 : count * centralizerOf(typeS[i]);
        if (cost < bestCost) {
          bestCost = cost;
          best = i;
        }
      });
      if (bestCost === 0) continue;
      const [a0, a1] = pairs[best];
      pairPerm(S, posS, a0, a1, phi);
      const cycles = cyclesOf(phi, phiStarts, phiLens);
      pairs.forEach(([r0, r1], i) => {
        if (typeX[i] !== typeS[best]) return;
        pairPerm(X, posX, r0, r1, psi);
        const k = cyclesOf(psi, starts, lens);
        for (let j = 0; j < k; j++)
          for (let u = 0, x = starts[j]; u < lens[j]; u++, x = psi[x]) psiCycleLen[x] = lens[j];
        p.fill(-1);
        pinv.fill(-1);
        stackTo.fill(-1);
        stackFrom.fill(-1);
        stackUses.fill(0);
        const tryCycle = (i: number): void => {
          if (i === cycles) {
            finish(t, a0, r0, out);
            return;
          }
          const s = phiStarts[i],
            len = phiLens[i];
          for (let c = 0; c < n; c++) {
            if (pinv[c] >= 0 || psiCycleLen[c] !== len) continue;
            // p(φ^j(s)) = ψ^j(c)
            let a = s,
              b = c,
              j = 0;
            for (; j < len && assign(a, b); j++) {
              a = phi[a];
              b = psi[b];
            }
            if (j === len) tryCycle(i + 1);
            a = s;
            for (let u = 0; u < j; u++, a = phi[a]) unassign(a);
          }
        };
        tryCycle(0);
      });
    }
    return out.sort((x, y) => x - y);
  }

  /** With p fixed: τ from row a0 (sent to row r0), every row's image, the whole grid, q and p in their groups. */
  function finish(t: number, a0: number, r0: number, out: number[]): void {
    const pid = V.indexOf(p);
    if (pid < 0) return;
    for (let b = 0; b < n; b++) tau[S[a0 * n + b]] = X[r0 * n + p[b]];
    // row a of S goes to the row of X holding τ(S(a, 0)) in column p(0)
    for (let r = 0; r < n; r++) rowStartingWith[X[r * n + p[0]]] = r;
    for (let a = 0; a < n; a++) {
      const r = rowStartingWith[tau[S[a * n]]];
      for (let b = 1; b < n; b++) if (X[r * n + p[b]] !== tau[S[a * n + b]]) return;
      q[a] = r;
    }
    const qid = W.indexOf(q);
    if (qid < 0) return;
    out.push(group.element(t, qid, pid));
  }

  return { automorphisms };
}
