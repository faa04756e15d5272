import type { GridGroup } from './gridGroup.js';

/**
 * Aut(X) projected to G: every g with g·X = τ·X for some relabelling τ, i.e. X(g(c)) = τ(X(c)) for all cells
 * (τ is then unique, so this is the automorphism group of X in G × S_n, up to isomorphism).
 *
 * Search. Write g = (t, q, p) and S = X (t = 0) or its transpose (t = 1, R = C); the condition becomes
 *
 *   X(q(a), p(b)) = τ(S(a, b))   for all rows a and columns b.
 *
 * Choose the rows q(0) (any of the n) and q(1) (another row of the same band). Rows 0 and 1 of S, read as
 * φ_S(b) = the column of row 0 holding S(1, b), and rows q(0), q(1) of X as ψ_X likewise, must satisfy
 * p∘φ_S = ψ_X∘p (apply τ to S(1, b) = S(0, φ_S(b)) both ways). So p conjugates φ_S into ψ_X: it is found
 * cycle by cycle (p of one point of a cycle fixes p on the whole cycle), kept when it is in the column group;
 * then τ is read off row 0, the row q(a) of every other row a is the row of X that starts right, and the whole
 * grid is checked. 2·n·(R−1) choices of (t, q(0), q(1)), each with few conjugators: microseconds per grid.
 */
export interface AutomorphismSearch {
  /** The elements of G fixing X up to relabelling (X: n² digits 0..n−1), identity included, in increasing id. */
  automorphisms(X: ArrayLike<number>): number[];
}

export function automorphismSearch(group: GridGroup): AutomorphismSearch {
  const { shape, rows: W, cols: V, transposable } = group;
  const { rows: R, n } = shape;
  const N = n * n;
  const S = new Int32Array(N);
  const posX = new Int32Array(N); // posX[r·n + d] = column of digit d in row r of X
  const posS = new Int32Array(N);
  const rowStartingWith = new Int32Array(n); // the row of X whose column p(0)… see below
  const phi = new Int32Array(n),
    psi = new Int32Array(n);
  const p = new Int32Array(n),
    pinv = new Int32Array(n);
  const tau = new Int32Array(n);
  const q = new Int32Array(n);
  const cycleStart = new Int32Array(n);
  const cycleLen = new Int32Array(n);
  const psiLens = new Int32Array(n),
    psiStarts = new Int32Array(n);

  const typeKey = (perm: Int32Array, lens: Int32Array, starts: Int32Array): number => {
    // cycles of perm: their starts (smallest point) and lengths, in order of start; returns the count
    let k = 0;
    const seen = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (seen[i]) continue;
      let len = 0;
      for (let x = i; !seen[x]; x = perm[x]) {
        seen[x] = 1;
        len++;
      }
      starts[k] = i;
      lens[k++] = len;
    }
    return k;
  };

  function automorphisms(X: ArrayLike<number>): number[] {
    const out: number[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) posX[r * n + X[r * n + c]] = c;
    for (let t = 0; t <= (transposable ? 1 : 0); t++) {
      for (let a = 0; a < n; a++)
        for (let b = 0; b < n; b++) S[a * n + b] = t === 0 ? X[a * n + b] : X[b * n + a];
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) posS[a * n + S[a * n + b]] = b;
      for (let b = 0; b < n; b++) phi[b] = posS[S[n + b]];
      const cycles = typeKey(phi, cycleLen, cycleStart);
      const phiLens = Array.from(cycleLen.subarray(0, cycles)).sort((x, y) => x - y);
      for (let q0 = 0; q0 < n; q0++) {
        const band = Math.floor(q0 / R) * R;
        for (let q1 = band; q1 < band + R; q1++) {
          if (q1 === q0) continue;
          for (let c = 0; c < n; c++) psi[c] = posX[q0 * n + X[q1 * n + c]];
          // same cycle type, or no conjugator
          const k2 = typeKey(psi, psiLens, psiStarts);
          if (k2 !== cycles) continue;
          const sorted = Array.from(psiLens.subarray(0, k2)).sort((x, y) => x - y);
          if (sorted.some((v, i) => v !== phiLens[i])) continue;
          // p maps each cycle of φ (from its start) onto a cycle of ψ of the same length, from any point
          p.fill(-1);
          pinv.fill(-1);
          const tryCycle = (i: number): void => {
            if (i === cycles) {
              finish(t, q0, q1, out);
              return;
            }
            const s = cycleStart[i],
              len = cycleLen[i];
            for (let c = 0; c < n; c++) {
              if (pinv[c] >= 0) continue;
              // c must lie on a ψ-cycle of length len
              let l = 0,
                x = c;
              do {
                x = psi[x];
                l++;
              } while (x !== c && l <= len);
              if (l !== len) continue;
              // p(φ^j(s)) = ψ^j(c)
              let ok = true;
              let a = s,
                b = c;
              for (let j = 0; j < len; j++) {
                if (pinv[b] >= 0) {
                  ok = false;
                  break;
                }
                p[a] = b;
                pinv[b] = a;
                a = phi[a];
                b = psi[b];
              }
              if (ok) tryCycle(i + 1);
              // undo
              a = s;
              for (let j = 0; j < len; j++) {
                if (p[a] >= 0 && pinv[p[a]] === a) pinv[p[a]] = -1;
                p[a] = -1;
                a = phi[a];
              }
            }
          };
          tryCycle(0);
        }
      }
    }
    return out.sort((x, y) => x - y);
  }

  /** With p fixed: τ from row 0, every row's image, the whole grid, and membership of q and p. */
  function finish(t: number, q0: number, q1: number, out: number[]): void {
    const pid = V.indexOf(p);
    if (pid < 0) return;
    for (let b = 0; b < n; b++) tau[S[b]] = X0(q0, p[b]);
    // row a of S goes to the row of X holding τ(S(a, b0)) in column p(b0), b0 = 0
    for (let r = 0; r < n; r++) rowStartingWith[X0(r, p[0])] = r;
    for (let a = 0; a < n; a++) {
      const r = rowStartingWith[tau[S[a * n]]];
      for (let b = 1; b < n; b++) if (X0(r, p[b]) !== tau[S[a * n + b]]) return;
      q[a] = r;
    }
    if (q[0] !== q0 || q[1] !== q1) return;
    const qid = W.indexOf(q);
    if (qid < 0) return;
    out.push(group.element(t, qid, pid));
  }

  let current: ArrayLike<number> = new Int32Array(N);
  const X0 = (r: number, c: number): number => current[r * n + c];
  return {
    automorphisms(X) {
      current = X;
      return automorphisms(X);
    },
  };
}
