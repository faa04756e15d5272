import type { Rules } from '../../src/grid/rules.js';
import { rulesExactCover } from '../../src/variants/rulesExactCover.js';

/** The exact-cover oracle over any rules (src/variants/rulesExactCover.ts): the tests' name for it. */
export function rulesDlxCount(
  rules: Rules,
  cells: ArrayLike<number>,
  limit = Infinity,
): { count: number; limited: boolean; solution: number[] | null } {
  return rulesExactCover(rules, cells, limit);
}
