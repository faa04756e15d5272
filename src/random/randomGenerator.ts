/**
 * What sudoku-count needs of a random generator: 32-bit outputs. pure-rand's generators (xoroshiro128+, the
 * one every seeded stream here uses) satisfy it; the type is ours so that the published declarations stand on
 * their own, whatever module resolution a consumer uses.
 */
export interface RandomGenerator {
  /** The next output, a whole number in −2^31..2^31−1 (advances the generator). */
  next(): number;
}
