import type { Rating } from './puzzleRater.js';
import { TECHNIQUES } from './techniques.js';

/** "hard 3.4 (hidden pair)" or "expert: needs search (hardest step before: 2.8 claiming)". */
export function describeRating(r: Rating): string {
  const hardest = r.hardest >= 0 ? TECHNIQUES[r.hardest] : null;
  if (r.needsSearch)
    return (
      `${r.grade}: needs search (${r.placed} of ${r.open} open cells placed` +
      `${hardest ? `; hardest step before: ${hardest.rating.toFixed(1)} ${hardest.name}` : ''})`
    );
  return hardest ? `${r.grade} ${hardest.rating.toFixed(1)} (${hardest.name})` : `${r.grade} 0.0 (nothing to do)`;
}
