import type { BoxShape } from '../grid/shape.js';
import type { RandomGenerator } from '../random/randomGenerator.js';
import { gridIndex, type GridIndex } from '../rank/gridIndex.js';
import type { GridGenerator } from './gridGenerator.js';

/**
 * The control: the exact uniform sampler of src/rank (a uniform number below N by rejection, unranked). Its index is
 * built once per generator (3×3: about 0.6 s).
 */
export interface UniformGenerator extends GridGenerator {
  readonly index: GridIndex;
}

export function uniformGenerator(shape: BoxShape, index: GridIndex = gridIndex({ box: shape })): UniformGenerator {
  return {
    name: 'uniform',
    shape,
    index,
    generate: (rng: RandomGenerator, out: Uint8Array) => index.sample(rng, out),
  };
}
