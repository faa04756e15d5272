import type { Rules } from '../../grid/rules.js';
import { puzzleCounter } from '../../solve/countSolutions.js';
import { CandidateGrid } from '../candidateGrid.js';
import { lengthBonus } from './chains.js';

/** A technique as the trial needs it: apply once to a grid, true when it changed something. */
export type Apply = (g: CandidateGrid, self: number) => boolean;

const scratch = new WeakMap<Rules, CandidateGrid>();

function scratchFor(g: CandidateGrid): CandidateGrid {
  let s = scratch.get(g.rules);
  if (!s) {
    s = new CandidateGrid(g.rules);
    scratch.set(g.rules, s);
  }
  return s;
}

/**
 * Forcing by trial, SE's "dynamic forcing chains (+)" (base 9.0) and nested forcing chains (9.5) as the rater
 * approximates them: put candidate p in a copy of the grid and let the techniques inner[0..) run there (the basic
 * ones for 9.0; the chains too for 9.5) until they stall; when the copy breaks (a cell or a digit left with no
 * place), p goes. Of all the candidates that break, the one that breaks in the fewest steps is taken, rated base
 * + SE's length bonus for that many steps. Approximate: SE counts the nodes of the nested chains, we count steps.
 */
export function forcingByTrial(
  g: CandidateGrid,
  technique: number,
  inner: readonly Apply[],
  base: number,
  name: string,
): boolean {
  const s = scratchFor(g);
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
    }
  }
  if (best < 0) return false;
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

/**
 * The last resort, so that every puzzle with a solution is finished: a candidate whose placement leaves the givens
 * and placed digits with no solution (an exact search, src/solve) goes. Rated 11.0, above every technique: it is
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
