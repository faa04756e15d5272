import { InputError, type BoxShape } from '../grid/shape.js';
import { requireShape } from '../grid/support.js';
import { backtrackingGenerator } from './backtrackingGenerator.js';
import { GENERATOR_NAMES, isGeneratorName, type GridGenerator } from './gridGenerator.js';
import { templateGenerator } from './templateGenerator.js';
import { uniformGenerator } from './uniformGenerator.js';

/** The generator called `name` for a shape, checked at the edge (unknown name, unsupported shape: InputError). */
export function createGenerator(name: string, shape: BoxShape): GridGenerator {
  if (!isGeneratorName(name))
    throw new InputError(`unknown generator '${name}' (one of ${GENERATOR_NAMES.join(', ')})`);
  requireShape('audit', shape, name);
  switch (name) {
    case 'backtracking':
      return backtrackingGenerator(shape, 'row-major');
    case 'backtracking-mrv':
      return backtrackingGenerator(shape, 'mrv');
    case 'template':
    case 'template-blocks':
      return templateGenerator(shape, name === 'template-blocks');
    case 'uniform':
      return uniformGenerator(shape);
  }
}
