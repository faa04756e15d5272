import { expect } from 'vitest';
import { configurationClasses } from '../../src/colsets/configurationClasses.js';
import { configurationGraph } from '../../src/colsets/configurationGraph.js';
import { edgeColouringCounter } from '../../src/colsets/edgeColouringCounter.js';

/**
 * Σ orbit·F² over every configuration class of R×2 boxes (N, by the column-set method), F of each class by `route`
 * (given the class list's words and the class's offset in them), each F checked against the recursion's as it goes.
 */
export function totalByRoute(R: number, route: (words: Uint8Array, at: number) => bigint): bigint {
  const m = 2 * R;
  const classes = configurationClasses(R);
  const counter = edgeColouringCounter(m);
  const g = new Int32Array(m);
  let total = 0n;
  for (let c = 0; c < classes.count; c++) {
    const F = route(classes.words, c * m);
    expect(F).toBe(counter.countBig(configurationGraph(R, classes.words, c * m, g), R));
    total += BigInt(classes.orbitSizes[c]) * F * F;
  }
  return total;
}
