/**
 * The audit's task module for the worker pool (src/parallel/taskPool.ts):
 *
 *   auditBlock({ generator, rows, cols, state, count, probabilities }) → { grids, denominators, nodes, checks }
 *
 * `count` grids from the stream whose generator state is `state`, one after the other (grid j is the j-th
 * `generate(rng)`), cells back to back in `grids`. With `probabilities` (backtracking generators), `denominators`
 * holds 1/P(grid) for each, in decimal (`backtrackingProbability`), and `checks` the completion checks it took;
 * `nodes` the search nodes of each fill. A thread builds its generator once and keeps it for its later blocks.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { boxShape } from '../grid/shape.js';
import { cachedGridIndex } from '../rank/sampleTask.js';
import { backtrackingGenerator, type BacktrackingGenerator } from './backtrackingGenerator.js';
import { backtrackingProbability, type BacktrackingProbability } from './backtrackingProbability.js';
import type { GeneratorName, GridGenerator } from './gridGenerator.js';
import { templateGenerator } from './templateGenerator.js';
import { uniformGenerator } from './uniformGenerator.js';

export interface AuditBlockInput {
  readonly generator: GeneratorName;
  readonly rows: number;
  readonly cols: number;
  readonly state: readonly number[];
  readonly count: number;
  readonly probabilities: boolean;
}

export interface AuditBlockOutput {
  readonly grids: Uint8Array;
  /** 1/P(grid), decimal, or null. */
  readonly denominators: readonly string[] | null;
  /** Search nodes of each fill (backtracking), or null. */
  readonly nodes: Float64Array | null;
  readonly checks: number;
}

let cached: { key: string; generator: GridGenerator; probability: BacktrackingProbability | null } | null = null;

function generatorFor(input: AuditBlockInput): NonNullable<typeof cached> {
  const key = `${input.generator} ${input.rows}x${input.cols}`;
  if (cached?.key === key) return cached;
  const shape = boxShape(input.rows, input.cols);
  let generator: GridGenerator;
  let probability: BacktrackingProbability | null = null;
  switch (input.generator) {
    case 'backtracking':
    case 'backtracking-mrv': {
      const order = input.generator === 'backtracking' ? 'row-major' : 'mrv';
      generator = backtrackingGenerator(shape, order);
      probability = backtrackingProbability(shape, order);
      break;
    }
    case 'template':
    case 'template-blocks':
      generator = templateGenerator(shape, input.generator === 'template-blocks');
      break;
    case 'uniform':
      generator = uniformGenerator(shape, cachedGridIndex(input.rows, input.cols));
      break;
  }
  return (cached = { key, generator, probability });
}

export function auditBlock(input: AuditBlockInput): AuditBlockOutput {
  const { generator, probability } = generatorFor(input);
  const cells = input.rows * input.cols * input.rows * input.cols;
  const rng = xoroshiro128plusFromState(input.state);
  const grids = new Uint8Array(input.count * cells);
  const backtracking = 'lastNodes' in generator;
  const nodes = backtracking ? new Float64Array(input.count) : null;
  const denominators: string[] | null = input.probabilities && probability ? [] : null;
  let checks = 0;
  for (let j = 0; j < input.count; j++) {
    const out = grids.subarray(j * cells, (j + 1) * cells);
    generator.generate(rng, out);
    if (nodes) nodes[j] = (generator as BacktrackingGenerator).lastNodes;
    if (denominators && probability) {
      const p = probability.of(out);
      denominators.push(p.denominator.toString());
      checks += p.checks;
    }
  }
  return { grids, denominators, nodes, checks };
}
