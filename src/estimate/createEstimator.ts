import { InputError, type BoxShape } from '../grid/shape.js';
import { crudeEstimator } from './crudeEstimator.js';
import { isMethodName, METHOD_NAMES, type Estimator } from './estimator.js';
import { defaultFill, hybridEstimator } from './hybridEstimator.js';
import { knuthEstimator } from './knuthEstimator.js';
import { mrvEstimator } from './mrvEstimator.js';
import { ridderEstimator } from './ridderEstimator.js';
import type { Rules } from '../grid/rules.js';

/** The methods that take variants: their walks read the rules' peers (the others assume rows, columns, boxes). */
export const RULES_METHODS: readonly string[] = ['knuth', 'knuth-random', 'hybrid'];

export interface EstimatorSpec {
  readonly method: string;
  readonly shape: BoxShape;
  /** `hybrid` only: cells filled at random before the exact count (default `defaultFill(shape)`). */
  readonly fill?: number | null;
  /** Variants (src/grid/rules.ts; checked at the edge): knuth, knuth-random and hybrid take them. */
  readonly rules?: Rules;
}

/** The estimator named by `spec.method`, with its tables and scratch buffers (one per thread). */
export function createEstimator(spec: EstimatorSpec): Estimator {
  const { method, shape } = spec;
  if (!isMethodName(method)) throw new InputError(`unknown method '${method}' (one of ${METHOD_NAMES.join(', ')})`);
  if (method !== 'hybrid' && spec.fill != null)
    throw new InputError(`--fill applies to the hybrid method only, not ${method}`);
  const rules = spec.rules && !spec.rules.plain ? spec.rules : undefined;
  if (rules && !RULES_METHODS.includes(method))
    throw new InputError(
      `method ${method} walks rows, columns and boxes only; under variants (${rules.name}) use ` +
        RULES_METHODS.join(', '),
    );
  switch (method) {
    case 'crude':
      return crudeEstimator(shape);
    case 'knuth':
      return knuthEstimator(shape, 'row', rules);
    case 'knuth-random':
      return knuthEstimator(shape, 'random', rules);
    case 'knuth-mrv':
      return mrvEstimator(shape);
    case 'hybrid':
      return hybridEstimator(shape, spec.fill ?? defaultFill(shape), rules);
    case 'ridder':
      return ridderEstimator(shape);
  }
}
