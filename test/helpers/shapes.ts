import { parseBoxShape, type BoxShape } from '../../src/grid/shape.js';

/** Box shapes named in one line: shapes('2x2 2x3 3x2') (a test's list of shapes, not a table of pairs). */
export function shapes(names: string): BoxShape[] {
  return names.split(' ').map(parseBoxShape);
}
