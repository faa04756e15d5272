import { bandConfigurationClasses, type BandConfigurationClasses } from './bandConfigurationClasses.js';

/**
 * The column-set configurations of one band of R×2 boxes, up to symmetry, with their orbit sizes.
 *
 * A band of R×2 boxes has R boxes of two columns. Its configuration T says which R of the 2R digits the
 * left column of each box holds (the right column holds the other R). Read by digit instead of by box, T
 * gives every digit d a word v_d ∈ {0,1}^R: bit k of v_d is 0 when d is in the left column of box k, 1 when
 * in the right. Every box has R digits on each side: each bit position is 1 in exactly R of the 2R words.
 *
 *   box k:       0     1     2           digit  word (bits k = 2 1 0)
 *   left  col: {1,2} {1,3} {1,4}  ←→       1     000
 *   right col: {3,4} {2,4} {2,3}           2     110   …  (R = 2 is too small to draw three boxes; R = 3)
 *
 * The symmetries that keep the number of bands with configuration T (and so its class's F):
 *   relabelling digits        (S_2R: permutes the words, so T up to it is the multiset of words),
 *   permuting boxes           (permutes the bit positions of every word),
 *   swapping a box's columns  (flips one bit position of every word).
 * Boxes and swaps together are the hyperoctahedral group B_R (order 2^R·R!), acting on words by
 * g·v = π(v) XOR f.
 *
 * Classes are multisets of words up to B_R. Each is named by its canonical form: the multiset as the
 * list of its words sorted increasingly, smallest (lexicographically) over B_R. Since some g sends any
 * chosen word to 0, a canonical list starts with 0.
 *
 * Enumeration is orderly (Read/Faradžev): lists are grown by appending a word ≥ the last, and a list is
 * kept only if it is canonical. That is enough because removing the largest word of a canonical list
 * leaves a canonical list (if some g made the shorter list smaller, the same g makes the longer one
 * smaller too: the larger word appended can only be inserted at or after the first difference). So every
 * canonical list is reached exactly once, from its canonical parent. Prefixes that cannot be completed
 * (a bit position with more than R ones, or fewer than R ones with too few words left) are cut.
 * The search is bandConfigurationClasses with C = 2 (boxes of any width C, the group S_C ≀ S_R); this is its
 * R×2 face, with the words as bit patterns.
 *
 * Orbit size (labelled configurations in the class, boxes and digits numbered):
 *   |B_R| / |stabiliser of the multiset in B_R|  ×  (2R)! / Π_v mult(v)!
 * (the first factor counts the multisets in the B_R-orbit, the second the ways to hand one multiset's
 * words to the numbered digits). They add up to C(2R, R)^R, which is checked.
 */
/** The classes of R×2 (C = 2: words are bit patterns): bandConfigurationClasses(R, 2) without its C. */
export type ConfigurationClasses = Omit<BandConfigurationClasses, 'cols'>;

/** Largest R handled: words are bytes and the group table has 2^R·R! rows. */
export const MAX_CONFIGURATION_ROWS = 6;

export function configurationClasses(R: number): ConfigurationClasses {
  if (!Number.isInteger(R) || R < 1 || R > MAX_CONFIGURATION_ROWS)
    throw new RangeError(`configuration classes: R = ${R} is not in 1..${MAX_CONFIGURATION_ROWS}`);
  const { rows, count, words, orbitSizes, stabilizers, groupOrder, configurations, nodes } = bandConfigurationClasses(
    R,
    2,
  );
  return { rows, count, words, orbitSizes, stabilizers, groupOrder, configurations, nodes };
}
