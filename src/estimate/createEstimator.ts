import { InputError, type BoxShape } from '../grid/shape.js';
import { crudeEstimator } from './crudeEstimator.js';
import { isMethodName, METHOD_NAMES, type Estimator } from './estimator.js';
import { defaultFill, hybridEstimator } from './hybridEstimator.js';
import { knuthEstimator } from './knuthEstimator.js';
import { mrvEstimator } from './mrvEstimator.js';
import { ridderEstimator } from './ridderEstimator.js';
import type { Rules } from '../grid/rules.js';

export interface EstimatorSpec {
  readonly method: string;
  readonly shape: BoxShape;
  /** `hybrid` only: cells filled at random before the exact count (default `defaultFill(shape)`). */
  readonly fill?: number | null;
  /** Variants (src/grid/rules.ts; checked at the edge): every method takes them. */
  readonly rules?: Rules;
}

/** The estimator named by `spec.method`, with its tables and scratch buffers (one per thread). */
export function createEstimator(spec: EstimatorSpec): Estimator {
  const { method, shape } = spec;
  if (!isMethodName(method)) throw new InputError(`unknown method '${method}' (one of ${METHOD_NAMES.join(', ')})`);
  if (method !== 'hybrid' && spec.fill != null)
    throw new InputError(`--fill applies to the hybrid method only, not ${method}`);
  const rules = spec.rules && !spec.rules.plain ? spec.rules : undefined;
  switch (method) {
    case 'crude':
      return crudeEstimator(shape, rules);
    case 'knuth':
      return knuthEstimator(shape, 'row', rules);
    case 'knuth-random':
      return knuthEstimator(shape, 'random', rules);
    case 'knuth-mrv':
      return mrvEstimator(shape, rules);
    case 'hybrid':
      return hybridEstimator(shape, spec.fill ?? defaultFill(shape), rules);
    case 'ridder':
      return ridderEstimator(shape, rules);
  }
}
