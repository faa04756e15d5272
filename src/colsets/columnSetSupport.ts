import type { BoxShape } from '../grid/shape.js';

/*
 * What the column-set method declares of itself (gathered with the other stages' declarations in
 * src/grid/support.ts): the shapes it counts on one machine and as shards, and the cost that keeps 6×2 to shards.
 */

/** Largest R for which the column-set method counts R×2 (and 2×R) boxes in minutes. */
export const MAX_COLUMN_SET_ROWS = 5;

/** R when the boxes are R×2 or 2×R (R ≥ 2), else 0. */
export function columnSetRows(shape: BoxShape): number {
  return shape.cols === 2 && shape.rows >= 2 ? shape.rows : shape.rows === 2 && shape.cols >= 2 ? shape.cols : 0;
}

/** Whether the column-set method counts `shape` on one machine (R×2 or 2×R, R ≤ MAX_COLUMN_SET_ROWS). */
export function columnSetMethod(shape: BoxShape): boolean {
  const R = columnSetRows(shape);
  return R >= 2 && R <= MAX_COLUMN_SET_ROWS;
}

/**
 * Largest R for which the column-set count runs as shards (count --plan): R = 6 counts each class's F by the
 * transfer over its columns (src/colsets/columnTransfer.ts), seconds a class, too many classes for one machine.
 */
export const MAX_COLUMN_SET_SHARD_ROWS = 6;

/**
 * The CPU-hours of the 6×2 count by shards (63,199 classes × F by columnTransfer), as measured: all 1,000 shards of
 * the committed plan, run on the shared 2-core machine between 2026-11-25 and 11-29 (rounds 6–13 of the core, one
 * core each at nice 19), took 95,987 CPU s in all, 26.7 CPU-hours (data/6x2/; round 12's whole shards on a faster
 * day projected ~16). The one-machine count of 6x2 is refused in its words.
 */
export const COLUMN_TRANSFER_COST_6X2 = 27;

/** The refusal of a one-machine count that only shards can afford (6×2, 2×6). */
export function shardsOnly(shape: BoxShape): string {
  return (
    `${shape.name} is counted as shards only (about ${COLUMN_TRANSFER_COST_6X2} CPU-hours projected): count --box ` +
    `${shape.name} ` +
    '--plan FILE --shards K, then --shard I and --merge (docs/sharding.md, "6x2 as shards")'
  );
}

/** Whether the column-set method counts `shape` as shards (R ≤ MAX_COLUMN_SET_SHARD_ROWS). */
export function columnSetShardMethod(shape: BoxShape): boolean {
  const R = columnSetRows(shape);
  return R >= 2 && R <= MAX_COLUMN_SET_SHARD_ROWS;
}
