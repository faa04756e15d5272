import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHAPE_3X3 } from '../../../src/grid/shape.js';
import { CandidateGrid } from '../../../src/puzzle/candidateGrid.js';
import { HINT_BUDGET, puzzleRater } from '../../../src/puzzle/puzzleRater.js';
import { TECHNIQUES } from '../../../src/puzzle/techniques.js';
import { forcingFromBranches } from '../../../src/puzzle/techniques/trial.js';
import { puzzleCounter } from '../../../src/solve/countSolutions.js';
import { PUZZLES } from '../../helpers/paths.js';
import { completes, puzzleLines } from '../../helpers/puzzleChecks.js';

const hardest = puzzleLines(readFileSync(join(PUZZLES, 'forum-hardest-375.txt'), 'utf8'));
const NESTED = TECHNIQUES.findIndex((t) => t.key === 'nested-dynamic-forcing-chains');
const SEARCH = TECHNIQUES.findIndex((t) => t.key === 'search');

function solutionOf(p: number[]): Uint8Array {
  const s = new Uint8Array(81);
  expect(puzzleCounter(SHAPE_3X3).count(p, 2, s).count).toBe(1);
  expect(completes(3, 3, p, s)).toBe(true);
  return s;
}

/** The ladder up to dynamic forcing chains (8.5), then the nested trial: the SE 9.0 and 9.5 trials left out. */
const ONLY = Uint8Array.from(TECHNIQUES, (t, i) => (t.rating <= HINT_BUDGET || i === NESTED ? 1 : 0));

describe('nested dynamic forcing chains (a trial inside a trial, SE 10.5 and up)', () => {
  it('finish forum-hardest puzzles where dynamic forcing chains stall, each step holding in the solution', () => {
    let contradictions = 0;
    // the first and the 201st of the list
    for (const i of [0, 200]) {
      const p = hardest[i];
      const solution = solutionOf(p);
      const r = puzzleRater(SHAPE_3X3).rate(p, { steps: true, only: ONLY });
      expect({ i, needsSearch: r.needsSearch, contradiction: r.contradiction }).toEqual({
        i,
        needsSearch: false,
        contradiction: false,
      });
      expect(Array.from(r.grid)).toEqual(Array.from(solution));
      expect(r.counts[SEARCH]).toBe(0);
      expect(r.counts[NESTED]).toBeGreaterThan(0);
      for (const s of r.steps!) {
        if (s.place) expect(solution[s.place.cell]).toBe(s.place.digit);
        for (const [cell, digit] of s.eliminate ?? []) expect(solution[cell]).not.toBe(digit);
        if (s.technique !== NESTED) continue;
        expect(s.eliminate!.length).toBeGreaterThan(0);
        expect(s.rating).toBeGreaterThanOrEqual(10.5);
        expect(s.rating).toBeLessThanOrEqual(11.9);
        if (s.text.includes('breaks the grid')) contradictions++;
      }
      expect(r.rating).toBe(Math.max(...r.steps!.map((s) => s.rating)));
    }
    expect(contradictions).toBeGreaterThan(0);
  });
});

describe('the whole ladder on the hardest', () => {
  it('rates a forum-hardest puzzle by its nested step, after the SE 9.0 and 9.5 trials, with no search', () => {
    // number 61 of the list: its hardest step is the nested trial's (found by rating the whole list)
    const p = hardest[61];
    const solution = solutionOf(p);
    const r = puzzleRater(SHAPE_3X3).rate(p, { steps: true });
    expect(r.needsSearch).toBe(false);
    expect(r.counts[SEARCH]).toBe(0);
    expect(TECHNIQUES[r.hardest].key).toBe('nested-dynamic-forcing-chains');
    expect(Array.from(r.grid)).toEqual(Array.from(solution));
    for (const s of r.steps!) for (const [cell, digit] of s.eliminate ?? []) expect(solution[cell]).not.toBe(digit);
  });
});

describe('cell and region forcing from the branches (the trials fall back to it when no candidate breaks)', () => {
  it('removes what every branch of one cell removes, and nothing that only some branches remove', () => {
    const g = new CandidateGrid(SHAPE_3X3);
    g.load(hardest[0]);
    g.steps = [];
    const { N, n } = g;
    // a cell with two or more candidates, and a target candidate in another cell
    const cell = g.lo.findIndex((m, c) => g.value[c] === 0 && (m & (m - 1)) !== 0);
    const target = g.lo.findIndex((m, c) => c !== cell && g.value[c] === 0 && (m & (m - 1)) !== 0);
    const digit = 31 - Math.clz32(g.lo[target] & -g.lo[target]);
    const other = g.lo.findIndex((m, c) => c !== cell && c !== target && g.value[c] === 0 && (m & (m - 1)) !== 0);
    const kept = { value: new Uint8Array(N * N * n), lo: new Int32Array(N * N * n), steps: new Int32Array(N * n) };
    // every branch ends where the grid is, except the cell's: they all remove (target, digit); the first of them
    // also removes a candidate of `other`, which the others keep
    let first = true;
    for (let c = 0; c < N; c++)
      for (let d = 0; d < n; d++) {
        const k = c * n + d;
        kept.value.set(g.value, k * N);
        kept.lo.set(g.lo, k * N);
        kept.steps[k] = 1;
        if (c !== cell || !g.has(c, d)) continue;
        kept.lo[k * N + target] &= ~(1 << digit);
        if (first) kept.lo[k * N + other] &= ~(g.lo[other] & -g.lo[other]);
        first = false;
      }
    const before = Int32Array.from(g.lo);
    expect(forcingFromBranches(g, kept, 0, 9.0, 'test')).toBe(true);
    for (let c = 0; c < N; c++) expect(g.lo[c]).toBe(c === target ? before[c] & ~(1 << digit) : before[c]);
    expect(g.steps[0].text).toContain(`each candidate of ${g.cellName(cell)}`);
    expect(g.steps[0].eliminate).toEqual([[target, digit + 1]]);
  });
});
