/**
 * 9×9 jigsaw layouts the tests share, one string a row, a letter a region.
 *   BOXES_AS_REGIONS  the nine 3×3 boxes written as regions (a jigsaw that must behave as plain Sudoku)
 *   SKEWED_REGIONS    regions B, E and F bent out of their boxes: a half-turn and the transpose do not keep them
 */
export const BOXES_AS_REGIONS: readonly string[] = [
  'AAABBBCCC',
  'AAABBBCCC',
  'AAABBBCCC',
  'DDDEEEFFF',
  'DDDEEEFFF',
  'DDDEEEFFF',
  'GGGHHHIII',
  'GGGHHHIII',
  'GGGHHHIII',
];

export const SKEWED_REGIONS: readonly string[] = [
  'AAABBBCCC',
  'AAABBACCC',
  'AABBBBCCC',
  'DDDEEEFFF',
  'DDDEEEFFE',
  'DDDEEFFFF',
  'GGGHHHIII',
  'GGGHHHIII',
  'GGGHHHIII',
];
