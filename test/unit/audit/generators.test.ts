import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { backtrackingGenerator } from '../../../src/audit/backtrackingGenerator.js';
import { createGenerator } from '../../../src/audit/createGenerator.js';
import { GENERATOR_NAMES } from '../../../src/audit/gridGenerator.js';
import { findClash } from '../../../src/grid/parseGrid.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import { shapes } from '../../helpers/shapes.js';

const complete = (g: Uint8Array) => g.every((d) => d >= 1);

describe('generators', () => {
  it('every generator returns valid grids, the same ones for the same seed', () => {
    for (const shape of shapes('2x2 2x3 3x2 3x3')) {
      for (const name of GENERATOR_NAMES) {
        const gen = createGenerator(name, shape);
        const a = xoroshiro128plus(42),
          b = xoroshiro128plus(42);
        for (let k = 0; k < 20; k++) {
          const x = gen.generate(a, new Uint8Array(shape.n * shape.n));
          const y = gen.generate(b, new Uint8Array(shape.n * shape.n));
          expect(complete(x) && findClash(shape, x) === null, `${name} ${shape.name}`).toBe(true);
          expect([...x]).toEqual([...y]);
        }
      }
    }
  });

  it('the template generators work on shapes beyond the band method (4x4, 1x5, 5x3)', () => {
    for (const shape of shapes('4x4 1x5 5x3')) {
      for (const name of ['template', 'template-blocks']) {
        const g = createGenerator(name, shape).generate(xoroshiro128plus(1), new Uint8Array(shape.n * shape.n));
        expect(complete(g) && findClash(shape, g) === null).toBe(true);
      }
    }
  });

  it('backtracking counts its nodes: n² without a dead end, more after backtracking', () => {
    const gen = backtrackingGenerator(boxShape(3, 3), 'row-major');
    const rng = xoroshiro128plus(3);
    const nodes: number[] = [];
    for (let k = 0; k < 50; k++) {
      gen.generate(rng, new Uint8Array(81));
      nodes.push(gen.lastNodes);
    }
    expect(Math.min(...nodes)).toBeGreaterThanOrEqual(81);
    expect(Math.max(...nodes)).toBeGreaterThan(81);
  });

  it('refuses unknown names and unsupported shapes with an InputError', () => {
    expect(() => createGenerator('shuffle', boxShape(3, 3))).toThrow(InputError);
    expect(() => createGenerator('uniform', boxShape(4, 4))).toThrow(/grid index/);
    expect(() => createGenerator('backtracking', boxShape(4, 4))).toThrow(/band method/);
  });
});
