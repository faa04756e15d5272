import { describe, expect, it } from 'vitest';
import { backtrackingGenerator } from '../../../src/audit/backtrackingGenerator.js';
import { backtrackingProbability } from '../../../src/audit/backtrackingProbability.js';
import { exactDistribution, type ExactLaw } from '../../../src/audit/exactDistribution.js';
import { GENERATOR_NAMES, type GeneratorName } from '../../../src/audit/gridGenerator.js';
import { templateGenerator } from '../../../src/audit/templateGenerator.js';
import { uniformGenerator } from '../../../src/audit/uniformGenerator.js';
import { exactMoments } from '../../../src/bias/exactMoments.js';
import { Rational } from '../../../src/bias/rational.js';
import { countGrids } from '../../../src/count/countGrids.js';
import { boxShape } from '../../../src/grid/shape.js';
import { gridIndex } from '../../../src/rank/gridIndex.js';
import { forEachDrawPath } from '../../helpers/drawPaths.js';

const S22 = boxShape(2, 2);

/** Brute force: every run of the generator's draws on 2×2, grid → probability (exact). */
function walkedLaw(name: GeneratorName): Map<string, Rational> {
  const gen =
    name === 'backtracking' || name === 'backtracking-mrv'
      ? backtrackingGenerator(S22, name === 'backtracking' ? 'row-major' : 'mrv')
      : templateGenerator(S22, name === 'template-blocks');
  const out = new Uint8Array(16);
  const law = new Map<string, Rational>();
  forEachDrawPath(
    (rng) => gen.generate(rng, out),
    (q) => {
      const key = out.join('');
      law.set(key, (law.get(key) ?? Rational.ZERO).add(Rational.of(1n, q)));
    },
  );
  return law;
}

/** The uniform sampler's draws on 2×2: one 32-bit word, of which the low 9 bits matter (N = 288 < 512). */
function walkedUniformLaw(): Map<string, Rational> {
  const index = gridIndex({ box: S22 });
  const gen = uniformGenerator(S22, index);
  const hits = new Map<string, number>();
  let accepted = 0;
  for (let v = 0; v < 512; v++) {
    if (v >= 288) continue; // rejected: the sampler draws again, with the same law (so the law is conditional)
    let calls = 0;
    const rng = {
      next: () => {
        calls++;
        return v;
      },
    };
    const key = gen.generate(rng, new Uint8Array(16)).join('');
    expect(calls).toBe(1);
    hits.set(key, (hits.get(key) ?? 0) + 1);
    accepted++;
  }
  return new Map([...hits].map(([k, c]) => [k, Rational.of(c, accepted)]));
}

function levelsOf(law: Map<string, Rational>): string[] {
  const byP = new Map<string, number>();
  for (const p of law.values()) byP.set(p.toString(), (byP.get(p.toString()) ?? 0) + 1);
  return [...byP].map(([p, g]) => `${g}×${p}`).sort();
}

const lawLevels = (law: ExactLaw) => law.levels.map((l) => `${l.grids}×${l.probability}`).sort();

describe('exact output distributions on 2x2, against a walk of every draw', () => {
  for (const name of GENERATOR_NAMES) {
    it(name, () => {
      const walked = name === 'uniform' ? walkedUniformLaw() : walkedLaw(name);
      const law = exactDistribution(name, S22, 288n);
      expect(levelsOf(walked)).toEqual(lawLevels(law));
      expect(BigInt(walked.size)).toBe(law.reached);
      // total variation from the walk, independently
      let tv = Rational.of(288 - walked.size, 288);
      for (const p of walked.values()) {
        const d = p.sub(Rational.of(1, 288));
        tv = tv.add(d.p < 0n ? Rational.ZERO.sub(d) : d);
      }
      expect(law.totalVariation.equals(tv.mul(Rational.of(1, 2)))).toBe(true);
      expect(law.uniform).toBe(name === 'uniform');
    });
  }

  it('backtracking: P(grid) = Π 1/V_k matches the walk grid by grid, for both cell orders', () => {
    for (const name of ['backtracking', 'backtracking-mrv'] as const) {
      const walked = walkedLaw(name);
      const P = backtrackingProbability(S22, name === 'backtracking' ? 'row-major' : 'mrv');
      expect(walked.size).toBe(288); // every grid is reachable
      for (const [key, p] of walked) {
        const grid = [...key].map(Number);
        expect(Rational.of(1n, P.of(grid).denominator).equals(p)).toBe(true);
      }
    }
  });
});

describe('exact output distributions on 2x3 and 3x2', () => {
  it("backtracking-mrv on 2x3 never backtracks, so its law is knuth-mrv's (bias's draw tree): X = 1/P", async () => {
    const shape = boxShape(2, 3);
    const moments = await exactMoments({ method: 'knuth-mrv', box: shape });
    expect(moments.pNonzero).toBe(1); // the MRV walk never dead-ends on 2x3
    const law = exactDistribution('backtracking-mrv', shape, moments.count);
    // P(X = 1/p) = (grids with probability p)·p
    const fromLaw = law.levels.map((l) => `${l.probability.q}: ${l.probability.mul(Rational.of(l.grids))}`).sort();
    const fromMoments = moments.distribution!.map((d) => `${d.value}: ${d.probability}`).sort();
    expect(fromLaw).toEqual(fromMoments);
  });

  it('the search tree reaches every grid (N from the count) and agrees with the per-grid probability', async () => {
    for (const shape of [boxShape(2, 3), boxShape(3, 2)]) {
      const N = (await countGrids({ box: shape })).total;
      const index = gridIndex({ box: shape });
      for (const name of ['backtracking', 'backtracking-mrv'] as const) {
        const law = exactDistribution(name, shape, N);
        expect(law.reached).toBe(N);
        // 40 grids spread over the index: each one's Π 1/V_k must be one of the law's levels
        const P = backtrackingProbability(shape, name === 'backtracking' ? 'row-major' : 'mrv');
        const levels = new Set(law.levels.map((l) => l.probability.toString()));
        for (let j = 0n; j < 40n; j++) {
          const g = index.unrank((j * N) / 40n + 7n * j);
          expect(levels.has(Rational.of(1n, P.of(g).denominator).toString())).toBe(true);
        }
        expect(law.uniform).toBe(false);
      }
    }
  });
});
