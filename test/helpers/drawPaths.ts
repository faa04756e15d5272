import type { ScriptedDraws } from '../../src/random/randomBelow.js';

/**
 * Brute force over a sampler's random choices: run `run(rng)` once for every sequence of draws it can make (each
 * draw goes through `randomBelow`, a value 0..k−1 with probability 1/k), in lexicographic order of the draws, and
 * call `visit(q)` after each run with Q = Π k over its draws (the run's probability is 1/Q). Shares nothing with
 * src/bias/enumerateDrawTree.ts but the ScriptedDraws protocol of src/random/randomBelow.ts.
 */
export function forEachDrawPath(run: (rng: ScriptedDraws) => void, visit: (q: bigint) => void): number {
  const values: number[] = [],
    ks: number[] = [];
  let fixed = 0,
    length = 0;
  const rng: ScriptedDraws = {
    scripted: true,
    below(k: number): number {
      const i = length++;
      if (i < fixed) {
        if (ks[i] !== k) throw new Error(`draw ${i}: k ${k} differs from ${ks[i]} on a replay`);
        return values[i];
      }
      ks[i] = k;
      values[i] = 0;
      return 0;
    },
    next(): number {
      throw new Error('a scripted generator answers draws through randomBelow only');
    },
  };
  let paths = 0;
  for (;;) {
    length = 0;
    run(rng);
    let q = 1n;
    for (let i = 0; i < length; i++) q *= BigInt(ks[i]);
    visit(q);
    paths++;
    let i = length - 1;
    while (i >= 0 && values[i] + 1 >= ks[i]) i--;
    if (i < 0) return paths;
    values[i]++;
    fixed = i + 1;
  }
}
