import { permutationsOf } from '../grid/permutationsOf.js';
import { factorial } from '../grid/shape.js';

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
 *
 * Orbit size (labelled configurations in the class, boxes and digits numbered):
 *   |B_R| / |stabiliser of the multiset in B_R|  ×  (2R)! / Π_v mult(v)!
 * (the first factor counts the multisets in the B_R-orbit, the second the ways to hand one multiset's
 * words to the numbered digits). They add up to C(2R, R)^R, which is checked.
 */
export interface ConfigurationClasses {
  /** R: rows of a box = boxes in a band; a band has 2R columns and there are 2R digits. */
  readonly rows: number;
  /** Number of classes. */
  readonly count: number;
  /** The canonical word lists, 2R words each, back to back: words[c·2R + d] is the word of digit d. */
  readonly words: Uint8Array;
  /** Labelled configurations in each class (exact: below 2^53 for R ≤ 6). */
  readonly orbitSizes: Float64Array;
  /** Order of each class's stabiliser in the whole group S_2R × B_R. */
  readonly stabilizers: Float64Array;
  /** |S_2R × B_R| = (2R)!·2^R·R!. */
  readonly groupOrder: number;
  /** C(2R, R)^R: all configurations; equals Σ orbitSizes. */
  readonly configurations: bigint;
  /** Canonical lists tested on the way (the size of the orderly search). */
  readonly nodes: number;
}

/** Largest R handled: words are bytes and the group table has 2^R·R! rows. */
export const MAX_CONFIGURATION_ROWS = 6;

export function configurationClasses(R: number): ConfigurationClasses {
  if (!Number.isInteger(R) || R < 1 || R > MAX_CONFIGURATION_ROWS)
    throw new RangeError(`configuration classes: R = ${R} is not in 1..${MAX_CONFIGURATION_ROWS}`);
  const W = 1 << R; // words
  const len = 2 * R;
  const perms = permutationsOf(R);
  const nPerm = perms.length;
  // permuted[p·W + v]: the word v with bit k moved to bit perms[p][k]
  const permuted = new Uint8Array(nPerm * W);
  for (let p = 0; p < nPerm; p++) {
    for (let v = 0; v < W; v++) {
      let out = 0;
      for (let k = 0; k < R; k++) if (v & (1 << k)) out |= 1 << perms[p][k];
      permuted[p * W + v] = out;
    }
  }

  const list = new Uint8Array(len);
  const mult = new Int32Array(W);
  const colSum = new Int32Array(R);
  const hist = new Int32Array(W);
  const distinct = new Int32Array(len);
  const out: number[] = [];
  const orbit: number[] = [];
  const stab: number[] = [];
  const groupB = W * nPerm;
  const fact = (k: number) => factorial(k);
  let nodes = 0;

  /**
   * Compare the list (as `mult`) with its images under B_R. Returns −1 if some image is smaller (not
   * canonical), else the number of g with g·list = list.
   */
  function canonicalTest(): number {
    let nd = 0;
    for (let v = 0; v < W; v++) if (mult[v] > 0) distinct[nd++] = v;
    const zeros = mult[0];
    let stabilizer = 0;
    for (let a = 0; a < nd; a++) {
      const u = distinct[a];
      if (mult[u] > zeros) return -1; // flipping u to 0 gives more leading zeros
      if (mult[u] < zeros) continue;
      for (let p = 0; p < nPerm; p++) {
        const base = p * W;
        const f = permuted[base + u];
        hist.fill(0);
        for (let b = 0; b < nd; b++) {
          const v = distinct[b];
          hist[permuted[base + v] ^ f] += mult[v];
        }
        let cmp = 0;
        for (let v = 0; v < W; v++) {
          if (hist[v] !== mult[v]) {
            cmp = hist[v] > mult[v] ? -1 : 1;
            break;
          }
        }
        if (cmp < 0) return -1;
        if (cmp === 0) stabilizer++;
      }
    }
    return stabilizer;
  }

  const grow = (size: number): void => {
    nodes++;
    const stabilizer = canonicalTest();
    if (stabilizer < 0) return;
    if (size === len) {
      for (let k = 0; k < R; k++) if (colSum[k] !== R) return;
      for (let d = 0; d < len; d++) out.push(list[d]);
      let labelled = fact(len);
      for (let v = 0; v < W; v++) labelled /= fact(mult[v]);
      orbit.push((groupB / stabilizer) * labelled);
      // whole-group stabiliser: |S_2R × B_R| / orbit
      stab.push(stabilizer * (fact(len) / labelled));
      return;
    }
    const rest = len - size - 1; // words still to add after the next one
    for (let v = list[size - 1]; v < W; v++) {
      let ok = true;
      for (let k = 0; k < R && ok; k++) {
        const s = colSum[k] + ((v >> k) & 1);
        ok = s <= R && s + rest >= R;
      }
      if (!ok) continue;
      list[size] = v;
      mult[v]++;
      for (let k = 0; k < R; k++) colSum[k] += (v >> k) & 1;
      grow(size + 1);
      mult[v]--;
      for (let k = 0; k < R; k++) colSum[k] -= (v >> k) & 1;
    }
  };
  list[0] = 0;
  mult[0] = 1;
  grow(1);

  const count = orbit.length;
  let configurations = 1n;
  const choose = BigInt(fact(len) / (fact(R) * fact(R)));
  for (let k = 0; k < R; k++) configurations *= choose;
  let sum = 0n;
  for (const o of orbit) sum += BigInt(o);
  if (sum !== configurations)
    throw new Error(`internal: the class orbits add up to ${sum}, not to the ${configurations} configurations`);
  return {
    rows: R,
    count,
    words: Uint8Array.from(out),
    orbitSizes: Float64Array.from(orbit),
    stabilizers: Float64Array.from(stab),
    groupOrder: fact(len) * groupB,
    configurations,
    nodes,
  };
}
