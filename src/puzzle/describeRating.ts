import type { Rating } from './puzzleRater.js';
import { TECHNIQUES } from './techniques.js';

/** A rating in words: "hard 3.4 (hidden pair)", or "expert: needs search (9 of 58 open cells placed; …)". */
export function describeRating(r: Rating): string {
  const hardest = r.hardest >= 0 ? TECHNIQUES[r.hardest] : null;
  if (r.needsSearch)
    return (
      `${r.grade}: needs search (${r.placed} of ${r.open} open cells placed` +
      `${hardest ? `; hardest step before: ${r.rating.toFixed(1)} ${hardest.name}` : ''})`
    );
  return hardest ? `${r.grade} ${r.rating.toFixed(1)} (${hardest.name})` : `${r.grade} 0.0 (nothing to do)`;
}

/**
 * Why a puzzle with no solution, or several, has no proper rating, and what the techniques made of it anyway:
 * "several solutions (at least 2), so no proper rating; the techniques place 12 of its 60 open cells (hardest:
 * 2.3 naked single), then stall".
 */
export function describeShortfall(r: Rating, solutions: number): string {
  const what = solutions === 0 ? 'no solution' : 'several solutions (at least 2)';
  const hardest = r.hardest >= 0 ? TECHNIQUES[r.hardest] : null;
  return (
    `${what}, so no proper rating; the techniques place ${r.placed} of its ${r.open} open cells` +
    `${hardest ? ` (hardest: ${r.rating.toFixed(1)} ${hardest.name})` : ''}, ` +
    `then ${r.contradiction ? 'reach a contradiction' : 'stall'}`
  );
}
