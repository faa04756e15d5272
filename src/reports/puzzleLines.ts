import { cellName, digitText, formatGrid } from '../grid/parseGrid.js';
import type { Rules } from '../grid/rules.js';
import type { ClueSymmetry } from '../puzzle/clueOrbits.js';
import { describeRating } from '../puzzle/describeRating.js';
import type { GenerateOutcome, RatedPuzzle } from '../puzzle/puzzleTasks.js';
import { TECHNIQUES } from '../puzzle/techniques.js';

/** A puzzle `generate` made. */
export type Made = Extract<GenerateOutcome, { failure?: undefined }>;

/** The lines of `generate` and `rate`: a puzzle made or rated, as text or one JSON object a line. */

/** Each technique used, by key, with the times it was used. */
function techniqueRecord(counts: readonly number[]): Record<string, number> {
  const techniques: Record<string, number> = {};
  counts.forEach((c, t) => {
    if (c > 0) techniques[TECHNIQUES[t].key] = c;
  });
  return techniques;
}

/** The puzzle, then after ':' (which puzzle readers skip) what it is. */
export function madeTextLine(rules: Rules, r: Made, seed: number): string {
  const what = rules.plain ? '' : `${rules.name}; `;
  const uniform = r.source === 'uniform' ? '' : ' (not uniform)';
  return (
    `${formatGrid(rules.shape, r.puzzle)}: ${what}${r.clues} clues${r.minimal ? ', minimal' : ''}; ` +
    `${describeRating(r.rating)}; seed ${seed} #${r.index + 1}; ${r.source} grid${rules.plain ? '' : uniform}`
  );
}

/** A made puzzle as one JSON line (generate --json). */
export function madeJsonLine(rules: Rules, r: Made, seed: number, symmetry: ClueSymmetry): string {
  const shape = rules.shape;
  const techniques = techniqueRecord(r.rating.counts);
  const hardest = r.rating.hardest >= 0 ? TECHNIQUES[r.rating.hardest] : null;
  return JSON.stringify({
    number: r.index + 1,
    seed,
    box: shape.name,
    rules: rules.name,
    gridSource: r.source,
    uniform: r.source === 'uniform',
    puzzle: formatGrid(shape, r.puzzle),
    solution: formatGrid(shape, r.solution),
    clues: r.clues,
    minimal: r.minimal,
    symmetry,
    grade: r.rating.grade,
    rating: r.rating.rating,
    hardest: hardest ? hardest.key : null,
    needsSearch: r.rating.needsSearch,
    techniques,
    attempts: r.attempts,
    checks: r.checks,
    counterSearches: r.counterCalls,
    seconds: Number(r.seconds.toPrecision(4)),
  });
}

/** "hidden-single-box 30, naked-single 8, pointing 2". */
export function techniqueCounts(r: RatedPuzzle): string {
  const parts: string[] = [];
  r.counts.forEach((c, t) => {
    if (c > 0) parts.push(`${TECHNIQUES[t].key} ${c}`);
  });
  return parts.join(', ');
}

/** A rating in words; with `steps`, a line a step. */
export function ratingTextLines(r: RatedPuzzle, steps: boolean): string[] {
  const counts = techniqueCounts(r);
  const out = [`${describeRating(r)}${counts ? `: ${counts}` : ''}`];
  if (steps && r.steps) {
    r.steps.forEach((s, k) => {
      const t = TECHNIQUES[s.technique];
      out.push(`  ${k + 1}. ${s.text}  [${t.name}, ${s.rating.toFixed(1)}]`);
    });
    if (r.needsSearch) out.push(`  stalled with ${r.open - r.placed} cells open: the rest needs search`);
  }
  return out;
}

/** A rating as one JSON line (rate --json). */
export function ratingJsonLine(rules: Rules, puzzle: Uint8Array, r: RatedPuzzle): string {
  const shape = rules.shape;
  const techniques = techniqueRecord(r.counts);
  const hardest = r.hardest >= 0 ? TECHNIQUES[r.hardest] : null;
  const where = (cell: number, digit: number) => ({ cell: cellName(shape, cell), digit: digitText(shape, digit) });
  return JSON.stringify({
    rules: rules.name,
    puzzle: formatGrid(shape, puzzle),
    grade: r.grade,
    rating: r.rating,
    hardest: hardest ? hardest.key : null,
    needsSearch: r.needsSearch,
    open: r.open,
    placed: r.placed,
    techniques,
    solution: r.solution ? formatGrid(shape, r.solution) : null,
    ...(r.steps
      ? {
          steps: r.steps.map((s) => ({
            technique: TECHNIQUES[s.technique].key,
            rating: s.rating,
            text: s.text,
            ...(s.place ? { place: where(s.place.cell, s.place.digit) } : {}),
            ...(s.eliminate ? { eliminate: s.eliminate.map(([c, d]) => where(c, d)) } : {}),
            ...(s.uses ? { uses: s.uses.map(([c, d]) => where(c, d)) } : {}),
          })),
        }
      : {}),
  });
}
