import type { BoxShape } from '../grid/shape.js';
import { randomFillSource, type GridSource } from './gridSource.js';

const sources = new Map<string, GridSource>();

/**
 * The grid source the generator uses unless told otherwise: a uniform sampler where the shape has one, else the
 * randomized fill.
 */
export function defaultGridSource(shape: BoxShape): GridSource {
  let s = sources.get(shape.name);
  if (!s) {
    s = randomFillSource(shape);
    sources.set(shape.name, s);
  }
  return s;
}
