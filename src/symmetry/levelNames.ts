/**
 * The levels of the Felgenhauer–Jarvis chain (classChain.ts), finest first: their names alone, so that a command
 * that only checks a --level option does not load the chain's code (a shard's start-up is part of its cost,
 * docs/sharding.md "Overhead").
 */
export type LevelName = 'symmetry' | 'pair-swaps' | 'rectangles' | 'column-sets';

/** The levels' names, finest first. */
export const LEVEL_NAMES: readonly LevelName[] = ['symmetry', 'pair-swaps', 'rectangles', 'column-sets'];
