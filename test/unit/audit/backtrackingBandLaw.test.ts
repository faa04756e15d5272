import { describe, expect, it } from 'vitest';
import { backtrackingBandLaw } from '../../../src/audit/backtrackingBandLaw.js';
import { backtrackingGenerator } from '../../../src/audit/backtrackingGenerator.js';
import { runCount } from '../../../src/count/countGrids.js';
import { boxShape } from '../../../src/grid/shape.js';
import { forEachDrawPath } from '../../helpers/drawPaths.js';

describe('the exact top-band law of row-major backtracking', () => {
  // (on 3x3 the audit's own class test checks it against 3,000 sampled grids: auditSamples.test.ts)
  it('2x2: equals a walk of every draw of the generator, classified by top band', async () => {
    for (const shape of [boxShape(2, 2)]) {
      const run = await runCount({ box: shape, workers: 1 });
      const law = backtrackingBandLaw(shape, run.classes, run.completions);
      const gen = backtrackingGenerator(shape, 'row-major');
      const out = new Uint8Array(shape.n * shape.n);
      const walked = new Float64Array(run.classes.count);
      forEachDrawPath(
        (rng) => gen.generate(rng, out),
        (q) => (walked[run.classes.classOfBand(out.subarray(0, shape.rows * shape.n))] += 1 / Number(q)),
      );
      for (let c = 0; c < law.length; c++) expect(law[c]).toBeCloseTo(walked[c], 12);
      expect(law.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });
});
