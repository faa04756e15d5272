import { puzzleCounter } from '../../solve/countSolutions.js';
import { CandidateGrid } from '../candidateGrid.js';
import { lengthBonus } from './chains.js';

/** A technique as the trial needs it: apply once to a grid, true when it changed something. */
export type Apply = (g: CandidateGrid, self: number) => boolean;

/**
 * Each grid's trial scratch: the copy a candidate is tried in, and every candidate's trial kept for the cell and
 * region forcing (the grid it stalled at, and its steps). Per grid, so that a trial may run inside another's copy.
 */
interface Scratch extends Branches {
  readonly grid: CandidateGrid;
}

/**
 * Each candidate's trial as it ended (candidate key k = c·n + d): its digits at value[k·N, k·N + N), its pencil marks
 * (lo words) at lo[k·N, k·N + N), and the steps it took at steps[k].
 */
export interface Branches {
  readonly value: Uint8Array;
  readonly lo: Int32Array;
  readonly steps: Int32Array;
}
const scratch = new WeakMap<CandidateGrid, Scratch>();

function scratchFor(g: CandidateGrid): Scratch {
  let s = scratch.get(g);
  if (!s) {
    const { N, n } = g;
    s = {
      grid: new CandidateGrid(g.rules),
      value: new Uint8Array(N * N * n),
      lo: new Int32Array(N * N * n),
      steps: new Int32Array(N * n),
    };
    scratch.set(g, s);
  }
  return s;
}

/**
 * Forcing by trial, SE's "dynamic forcing chains (+)" (base 9.0) and nested forcing chains (9.5) as the rater
 * approximates them: put candidate p in a copy of the grid and let the techniques inner[0..) run there (SE's basic
 * ones for 9.0; the chains too for 9.5) until they stall.
 *   contradiction: the copy breaks (a cell or a digit left with no place) ⇒ p goes. Of all the candidates that
 *     break, the one that breaks in the fewest steps is taken, rated base + SE's length bonus for that many steps.
 *   cell and region forcing: when none breaks, every candidate's trial has stalled somewhere; for a cell (each of
 *     its candidates) or a house and digit (each place of it), one of the trials is the truth, so what all of them
 *     conclude holds: a candidate they all remove (and the others of a cell they all fill alike). The cell or house
 *     whose trials take the fewest steps in all is taken, rated by that sum.
 * Plain 9×9 (lo only). Approximate: SE counts the nodes of the nested chains, we count steps.
 */
export function forcingByTrial(
  g: CandidateGrid,
  technique: number,
  inner: readonly Apply[],
  base: number,
  name: string,
): boolean {
  const kept = scratchFor(g);
  const s = kept.grid;
  const { N, n } = g;
  let best = -1;
  let bestSteps = Infinity;
  for (let c = 0; c < N; c++) {
    if (g.value[c] !== 0) continue;
    for (let d = 0; d < n; d++) {
      if (!g.has(c, d)) continue;
      s.copyFrom(g);
      s.place(c, d);
      let steps = 1;
      while (!s.broken && s.open > 0 && steps < bestSteps) {
        let t = 0;
        while (t < inner.length && !inner[t](s, t)) t++;
        if (t === inner.length) break;
        steps++;
      }
      if (s.broken && steps < bestSteps) {
        bestSteps = steps;
        best = c * n + d;
      }
      if (best < 0) {
        const k = c * n + d;
        kept.steps[k] = steps;
        kept.value.set(s.value, k * N);
        kept.lo.set(s.lo, k * N);
      }
    }
  }
  if (best < 0) return forcingFromBranches(g, kept, technique, base, name);
  const c = (best / n) | 0,
    d = best - c * n;
  g.stepRating = Math.round((base + lengthBonus(bestSteps + 2)) * 10) / 10;
  g.beginStep();
  g.eliminate(c, d);
  if (g.steps)
    g.noteEliminations(
      technique,
      `${name}: ${g.cellName(c)}=${g.digitName(d + 1)} breaks the grid in ${bestSteps} steps of the easier techniques`,
      [[c, d + 1]],
    );
  return true;
}

/** Scratch of forcingFromBranches: the branches of one cell or house (candidate keys c·n + d). */
const branches = new Int32Array(36);

/**
 * The cell and region forcing of the trials (forcingByTrial, nestedTrial), from the trials they kept: what every
 * candidate of a cell, or every place of a digit in a house, leads to. The one of fewest steps in all is applied.
 */
export function forcingFromBranches(
  g: CandidateGrid,
  kept: Branches,
  technique: number,
  base: number,
  name: string,
): boolean {
  if (g.n > 30) return false;
  const { N, n, lo, value, unitCells } = g;
  const { value: branchValue, lo: branchLo, steps: branchSteps } = kept;
  let bestSum = Infinity;
  let bestWhat = '';
  let bestRemove: Array<readonly [number, number]> = [];
  let bestUses: Array<readonly [number, number]> = [];
  const judge = (k: number, what: () => string) => {
    let sum = 0;
    for (let i = 0; i < k; i++) sum += branchSteps[branches[i]];
    if (sum >= bestSum) return;
    const remove: Array<readonly [number, number]> = [];
    for (let x = 0; x < N; x++) {
      if (value[x] !== 0) continue;
      // placed alike in every branch
      const v = branchValue[branches[0] * N + x];
      let same = v !== 0;
      for (let i = 1; i < k && same; i++) if (branchValue[branches[i] * N + x] !== v) same = false;
      if (same) {
        // placed: every other candidate goes (a naked single places it next)
        for (let m = lo[x] & ~(1 << (v - 1)); m !== 0; m &= m - 1) remove.push([x, 31 - Math.clz32(m & -m)]);
        continue;
      }
      // candidates every branch removes
      let gone = lo[x];
      for (let i = 0; i < k && gone !== 0; i++) {
        const b = branches[i] * N + x;
        gone &= branchValue[b] !== 0 ? ~(1 << (branchValue[b] - 1)) : ~branchLo[b];
      }
      for (let m = gone; m !== 0; m &= m - 1) remove.push([x, 31 - Math.clz32(m & -m)]);
    }
    if (remove.length === 0) return;
    bestSum = sum;
    bestWhat = what();
    bestRemove = remove;
    bestUses = Array.from(branches.subarray(0, k), (b) => [(b / n) | 0, (b % n) + 1] as const);
  };
  for (let c = 0; c < N; c++) {
    if (value[c] !== 0) continue;
    let k = 0;
    for (let m = lo[c]; m !== 0; m &= m - 1) branches[k++] = c * n + 31 - Math.clz32(m & -m);
    judge(k, () => `each candidate of ${g.cellName(c)}`);
  }
  for (let u = 0; u < g.H; u++)
    for (let d = 0; d < n; d++) {
      if (g.unitLo[u] & (1 << d)) continue;
      let k = 0;
      for (let i = 0; i < n; i++) {
        const c = unitCells[u * n + i];
        if (value[c] === 0 && lo[c] & (1 << d)) branches[k++] = c * n + d;
      }
      if (k >= 2) judge(k, () => `each place of ${g.digitName(d + 1)} in ${g.unitName(u)}`);
    }
  if (bestSum === Infinity) return false;
  // at most 11.9: below search (12.0), whatever the length
  g.stepRating = Math.min(11.9, Math.round((base + lengthBonus(bestSum + 2)) * 10) / 10);
  g.beginStep();
  for (const [c, d] of bestRemove) g.eliminate(c, d);
  if (g.steps) g.noteEliminations(technique, `${name}: ${bestWhat}, tried, removes them all`, bestUses);
  return true;
}

/**
 * The last resort, so that every puzzle with a solution is finished: a candidate whose placement leaves the givens
 * and placed digits with no solution (an exact search, src/solve) goes. Rated 12.0, above every technique: it is
 * guessing, and a puzzle that needs it is beyond the ladder (it has not happened on any puzzle we tried).
 */
export function eliminateBySearch(g: CandidateGrid, technique: number): boolean {
  const { N, n } = g;
  const counter = puzzleCounter(g.rules);
  const cells = Uint8Array.from(g.value);
  for (let c = 0; c < N; c++) {
    if (g.value[c] !== 0) continue;
    for (let d = 0; d < n; d++) {
      if (!g.has(c, d)) continue;
      cells[c] = d + 1;
      const none = counter.count(cells, 1).count === 0;
      cells[c] = 0;
      if (!none) continue;
      g.beginStep();
      g.eliminate(c, d);
      if (g.steps)
        g.noteEliminations(technique, `search: no solution has ${g.cellName(c)}=${g.digitName(d + 1)}`, [[c, d + 1]]);
      return true;
    }
  }
  return false;
}
