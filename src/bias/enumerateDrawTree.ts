import type { Estimator } from '../estimate/estimator.js';
import type { ScriptedDraws } from '../random/randomBelow.js';

/**
 * Every run of an estimator's own `sample(rng)`, with its probability: the whole probability tree of a
 * sampler whose random choices all go through `randomBelow` (a draw v of 0..k−1 has probability 1/k).
 *
 * Paths are enumerated in lexicographic order of their draws, without recursion or exceptions:
 *
 *   run sample() with the draws of a prefix, answering 0 to every later draw and recording each draw's k;
 *   the path has probability 1/Q, Q = Π k over its draws, and value X = what sample() returned;
 *   advance: the last draw with v + 1 < k is incremented, the draws after it are dropped; stop when none is left.
 *
 * Leaves are tallied by (Q, X): `tally.get(Q).get(X)` = number of paths with that denominator and value.
 * Everything exact comes from the tally afterwards (few distinct pairs); the loop itself stays in doubles.
 * Q and X must be whole numbers below 2^53 (checked).
 */
export interface DrawTree {
  /** Q → (X → number of paths). */
  readonly tally: Map<number, Map<number, number>>;
  /** Paths actually run (each stands for `weight` paths of the full tree). */
  readonly paths: number;
  /** Π k of the held draws: how many full-tree paths each run path stands for (counts in `tally` include it). */
  readonly weight: number;
}

export interface DrawTreeOptions {
  /** Stop with an error beyond this many paths. */
  readonly maxPaths: number;
  /**
   * Hold the first `heldDraws` draws at 0 and count each path `weight` = Π k (of those draws) times.
   * Exact only when every answer to those draws leads to a subtree with the same (Q, X) law, e.g. draws
   * among digits not used anywhere yet (relabelling the digits maps one subtree onto the other, k by k).
   */
  readonly heldDraws?: number;
  /**
   * n: check that held draw i chooses among n − i values (the digits not placed yet, when the sampler draws
   * digits the placed ones rule out); if one does not, stop early and return null (walk the full tree instead).
   */
  readonly heldAmongUnused?: number;
  /** Called every 2^20 paths with the paths so far and the probability mass covered (0..1). */
  readonly onProgress?: (paths: number, mass: number) => void;
}

export class TooManyPathsError extends Error {}

class Script implements ScriptedDraws {
  readonly scripted = true as const;
  values = new Int32Array(256);
  ks = new Int32Array(256);
  /** Draws 0..fixed−1 replay `values`; later draws answer 0. */
  fixed = 0;
  length = 0;

  below(k: number): number {
    const i = this.length++;
    if (i >= this.values.length) this.grow();
    if (i < this.fixed) {
      if (this.ks[i] !== k)
        throw new Error(
          `internal: the sampler is not deterministic given its draws (draw ${i}: k ${k} ≠ ${this.ks[i]})`,
        );
      return this.values[i];
    }
    this.ks[i] = k;
    this.values[i] = 0;
    return 0;
  }

  private grow(): void {
    const v = new Int32Array(this.values.length * 2),
      k = new Int32Array(this.values.length * 2);
    v.set(this.values);
    k.set(this.ks);
    this.values = v;
    this.ks = k;
  }

  next(): number {
    throw new Error('internal: a scripted generator answers draws through randomBelow only');
  }
  clone(): Script {
    throw new Error('internal: a scripted generator cannot be cloned');
  }
  getState(): readonly number[] {
    return [];
  }
}

export function enumerateDrawTree(
  estimator: Estimator,
  options: DrawTreeOptions & { heldAmongUnused: number },
): DrawTree | null;
export function enumerateDrawTree(estimator: Estimator, options: DrawTreeOptions): DrawTree;
export function enumerateDrawTree(estimator: Estimator, options: DrawTreeOptions): DrawTree | null {
  const script = new Script();
  const tally = new Map<number, Map<number, number>>();
  const held = options.heldDraws ?? 0;
  let paths = 0,
    mass = 0,
    weight = -1;
  for (;;) {
    script.length = 0;
    const x = estimator.sample(script);
    const L = script.length;
    const ks = script.ks,
      values = script.values;
    let q = 1;
    for (let i = 0; i < L; i++) q *= ks[i];
    if (weight < 0) {
      if (L < held) throw new Error(`internal: a path made ${L} draws, fewer than the ${held} held`);
      weight = 1;
      for (let i = 0; i < held; i++) weight *= ks[i];
    }
    if (options.heldAmongUnused !== undefined)
      for (let i = 0; i < held; i++) if (ks[i] !== options.heldAmongUnused - i) return null;
    if (!Number.isSafeInteger(q) || !Number.isSafeInteger(x))
      throw new RangeError(`path probability 1/${q} or value ${x} is beyond exact doubles (2^53)`);
    let byX = tally.get(q);
    if (byX === undefined) tally.set(q, (byX = new Map<number, number>()));
    byX.set(x, (byX.get(x) ?? 0) + 1);
    paths++;
    mass += 1 / q;
    if ((paths & 0xfffff) === 0) {
      if (paths >= options.maxPaths) throw new TooManyPathsError(`more than ${options.maxPaths} paths`);
      options.onProgress?.(paths, mass * weight);
    }
    let i = L - 1;
    while (i >= held && values[i] + 1 >= ks[i]) i--;
    if (i < held) break;
    values[i]++;
    script.fixed = i + 1;
  }
  if (weight !== 1) for (const byX of tally.values()) for (const [x, c] of byX) byX.set(x, c * weight);
  return { tally, paths, weight };
}
