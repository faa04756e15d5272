import { countExactCovers, exactCoverProblem } from '../dlx/exactCover.js';
import type { Rules } from '../grid/rules.js';

/**
 * The exact-cover route over any rules: every house and every pair of src/grid/rules.ts, the matrix built here and
 * counted by the generic DLX of src/dlx (which knows nothing of Sudoku), sharing no search code with the engines
 * (HouseCounter and the variant count's fast route). The tests' oracle (test/helpers/rulesDlx.ts) and the second
 * route of `count --variant` (every grid enumerated; `onGrid` sees each, in a reused array; `onTick` gets the search
 * nodes every 65,536, for progress).
 *   primary items    cell i filled · house h has d   (only those the givens leave open)
 *   secondary items  pair k has d (at most once: the two cells of a pair never both hold d)
 *   options          (i, d) for every empty cell and every digit no given in its houses or pairs rules out
 * Givens that clash count 0.
 */
export function rulesExactCover(
  rules: Rules,
  cells: ArrayLike<number>,
  limit = Infinity,
  onGrid?: (grid: Uint8Array) => void,
  onTick?: (nodes: number) => void,
): { count: number; limited: boolean; solution: number[] | null } {
  const { n, cells: N, houseCount: H } = rules;
  const { P, housesOf, pairsOf } = cellIndex(rules);
  const has = new Uint8Array(H * (n + 1));
  const pairHas = new Uint8Array(P * (n + 1));
  for (let i = 0; i < N; i++) {
    const d = cells[i];
    if (!d) continue;
    for (const h of housesOf[i]) {
      if (has[h * (n + 1) + d]) return { count: 0, limited: false, solution: null };
      has[h * (n + 1) + d] = 1;
    }
    for (const k of pairsOf[i]) {
      if (pairHas[k * (n + 1) + d]) return { count: 0, limited: false, solution: null };
      pairHas[k * (n + 1) + d] = 1;
    }
  }
  const cellId = new Int32Array(N);
  const houseId = new Int32Array(H * (n + 1));
  let m = 0;
  for (let i = 0; i < N; i++) if (!cells[i]) cellId[i] = ++m;
  for (let s = 0; s < H * (n + 1); s++) if (s % (n + 1) !== 0 && !has[s]) houseId[s] = ++m;
  const primary = m;
  const opts: number[][] = [];
  const what: Array<[number, number]> = [];
  for (let i = 0; i < N; i++) {
    if (cells[i]) continue;
    for (let d = 1; d <= n; d++) {
      if (housesOf[i].some((h) => has[h * (n + 1) + d])) continue;
      if (pairsOf[i].some((k) => pairHas[k * (n + 1) + d])) continue;
      opts.push([
        cellId[i],
        ...housesOf[i].map((h) => houseId[h * (n + 1) + d]),
        ...pairsOf[i].map((k) => primary + k * n + d),
      ]);
      what.push([i, d]);
    }
  }
  if (primary === 0) {
    onGrid?.(Uint8Array.from(cells));
    return { count: limit >= 1 ? 1 : 0, limited: limit <= 1, solution: Array.from(cells) };
  }
  let solution: number[] | null = null;
  const grid = Uint8Array.from(cells);
  const r = countExactCovers(
    exactCoverProblem(primary, opts, P * n),
    limit,
    (chosen, size) => {
      if (onGrid) {
        for (let k = 0; k < size; k++) grid[what[chosen[k]][0]] = what[chosen[k]][1];
        onGrid(grid);
      }
      if (solution) return;
      const s = Array.from(cells);
      for (let k = 0; k < size; k++) {
        const [cell, d] = what[chosen[k]];
        s[cell] = d;
      }
      solution = s;
    },
    onTick,
  );
  return { count: r.count, limited: r.limited, solution };
}

/**
 * |Fix(g, τ)| by exact cover, the second route for the variant Burnside terms (src/variants/variantBurnside.ts):
 * the grids X of the rules with X(g(c)) = τ(X(c)) for every cell, g a cell permutation keeping the rules and τ a
 * permutation of the digits 1..n (tau[d−1] = τ(d) − 1). One option per orbit (c, g(c), g²(c), …) of g on the
 * cells and digit d for its first cell, covering every cell of the orbit, and (house, digit) and the secondary
 * (pair, digit) of each of them with τ^j(d) in g^j(c); an option covering an item twice, or not closing its orbit
 * on d, is left out. Counted by the generic DLX of src/dlx: no search code shared with the tied search
 * (src/essential/tiedSearch.ts), no symmetry used, every fixed grid found one by one.
 */
export function fixedByRulesExactCover(
  rules: Rules,
  cellMap: ArrayLike<number>,
  tau: ArrayLike<number>,
  limit = Infinity,
): { count: number; limited: boolean } {
  const { n, cells: N, houseCount: H } = rules;
  const { P, housesOf, pairsOf } = cellIndex(rules);
  // items: cell 1..N, (house h, digit d) N + h·n + d + 1; secondary (pair k, digit d) N + H·n + k·n + d + 1
  const primary = N + H * n;
  const options: number[][] = [];
  const seen = new Uint8Array(N);
  for (let c0 = 0; c0 < N; c0++) {
    if (seen[c0]) continue;
    const orbit: number[] = [];
    for (let c = c0; !seen[c]; c = cellMap[c]) {
      seen[c] = 1;
      orbit.push(c);
    }
    for (let d = 0; d < n; d++) {
      const items = new Set<number>();
      let e = d,
        legal = true;
      for (const c of orbit) {
        const mine = [
          c + 1,
          ...housesOf[c].map((h) => N + h * n + e + 1),
          ...pairsOf[c].map((k) => primary + k * n + e + 1),
        ];
        for (const item of mine) {
          if (items.has(item)) legal = false;
          items.add(item);
        }
        e = tau[e];
      }
      if (legal && e === d) options.push([...items]);
    }
  }
  const r = countExactCovers(exactCoverProblem(primary, options, P * n), limit);
  return { count: r.count, limited: r.limited };
}

/** For each cell, the houses and the pairs it lies in (P: the number of pairs). */
function cellIndex(rules: Rules): { P: number; housesOf: number[][]; pairsOf: number[][] } {
  const { n, cells: N, houses, houseCount: H, pairs } = rules;
  const P = pairs.length / 2;
  const housesOf: number[][] = Array.from({ length: N }, () => []);
  for (let h = 0; h < H; h++) for (let k = 0; k < n; k++) housesOf[houses[h * n + k]].push(h);
  const pairsOf: number[][] = Array.from({ length: N }, () => []);
  for (let k = 0; k < P; k++) {
    pairsOf[pairs[2 * k]].push(k);
    pairsOf[pairs[2 * k + 1]].push(k);
  }
  return { P, housesOf, pairsOf };
}
