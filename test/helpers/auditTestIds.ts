/** The tests `audit --file` runs on 3×3 grids, in the order of its report (CLI, library and the Audit page alike). */
export const AUDIT_TESTS_3X3 = [
  'top-band',
  'bands-stacks',
  'rank-ks',
  'rank-bins',
  'standard-ks',
  'standard-bins',
  'repeats',
  'digits',
];
