/* What the estimators declare of themselves (gathered with the other stages' declarations in src/grid/support.ts). */

/** Largest n the estimators sample: their digit-mask tables have 2^n entries. */
export const MAX_ESTIMATE_SIDE = 16;
