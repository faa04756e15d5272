import { Rational } from '../bias/rational.js';
import { cellTables } from '../grid/cellTables.js';
import { fullMask, popTable } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import type { CellOrder } from './backtrackingGenerator.js';
import type { GeneratorName } from './gridGenerator.js';
import { templateReach } from './templateReach.js';

/**
 * A generator's whole output distribution, exactly: which probabilities occur, and on how many grids each.
 *
 *   uniform            every grid 1/N: a uniform number below N (rejection sampling, no modulo bias) through a
 *                      bijection (the grid index), so nothing to enumerate (the tests walk its draws on 2×2)
 *   template(-blocks)  |Stab|/|G| on each of the |G|/|Stab| grids of the template's orbit, 0 elsewhere
 *                      (`templateReach`)
 *   backtracking(-mrv) the generator's search tree, walked whole (`backtrackingLaw`): a grid's probability is
 *                      Π 1/V over its path, V = the viable candidates at each node (docs/audit.md)
 *
 * From the levels: the grids reached, the smallest and largest probability and their ratio, and the total-variation
 * distance to uniform, TV = ½ Σ_g |P(g) − 1/N| (grids not reached count 1/N each), all exact rationals.
 */
export interface LawLevel {
  /** The probability of each of these grids. */
  readonly probability: Rational;
  /** How many grids have it. */
  readonly grids: bigint;
}

export interface ExactLaw {
  readonly generator: GeneratorName;
  readonly box: string;
  /** N, the number of grids. */
  readonly total: bigint;
  readonly technique: 'bijection' | 'orbit' | 'search tree';
  /** The probabilities that occur, increasing, with how many grids have each. */
  readonly levels: readonly LawLevel[];
  /** Grids with probability > 0. */
  readonly reached: bigint;
  readonly smallest: Rational;
  readonly largest: Rational;
  /** largest / smallest (over the grids reached). */
  readonly ratio: Rational;
  /** Total-variation distance to the uniform distribution on the N grids. */
  readonly totalVariation: Rational;
  readonly uniform: boolean;
  /** Nodes of the search tree walked (search tree only), else 0. */
  readonly nodes: number;
}

export class TooManyNodesError extends Error {
  override name = 'TooManyNodesError';
}

/**
 * The law of the backtracking generator by walking its search tree once, with the digit symmetry: at a node, the
 * candidates that are digits not used anywhere yet lead to isomorphic subtrees (swapping two unused digits maps one
 * onto the other, cell order included: both orders depend on candidate counts and positions only), so one of them
 * is walked and counted as many times. A child is viable when its subtree has a leaf; V is the number of viable
 * children; each leaf's denominator is the product of V down its path. Returns denominator → grids.
 */
export function backtrackingLaw(
  shape: BoxShape,
  order: CellOrder,
  maxNodes = 50_000_000,
): { readonly byDenominator: Map<bigint, bigint>; readonly nodes: number } {
  const { cells, row, col, box } = cellTables(shape);
  const n = shape.n;
  const full = fullMask(n);
  const pop = popTable(n);
  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const filled = new Uint8Array(cells);
  let digitsUsed = 0;
  let nodes = 0;
  const candidates = (i: number): number => full & ~(rowUsed[row[i]] | colUsed[col[i]] | boxUsed[box[i]]);
  const nextCell = (k: number): number => {
    if (order === 'row-major') return k;
    let best = -1,
      bestCount = n + 1;
    for (let i = 0; i < cells; i++) {
      if (filled[i]) continue;
      const c = pop[candidates(i)];
      if (c < bestCount) {
        best = i;
        bestCount = c;
      }
    }
    return best;
  };
  const LEAF = new Map<bigint, bigint>([[1n, 1n]]);

  function explore(k: number): Map<bigint, bigint> {
    if (k === cells) return LEAF;
    if (++nodes > maxNodes) throw new TooManyNodesError(`more than ${maxNodes} nodes`);
    const i = nextCell(k);
    const cand = candidates(i);
    const fresh = cand & ~digitsUsed;
    const children: Array<[Map<bigint, bigint>, bigint]> = [];
    let viable = 0n;
    // the used candidates one by one, then the lowest fresh digit standing for all fresh ones
    for (let rest = (cand & digitsUsed) | (fresh & -fresh); rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest;
      const mult = (bit & fresh) !== 0 ? BigInt(pop[fresh]) : 1n;
      const before = digitsUsed;
      rowUsed[row[i]] |= bit;
      colUsed[col[i]] |= bit;
      boxUsed[box[i]] |= bit;
      filled[i] = 1;
      digitsUsed |= bit;
      const sub = explore(k + 1);
      digitsUsed = before;
      rowUsed[row[i]] ^= bit;
      colUsed[col[i]] ^= bit;
      boxUsed[box[i]] ^= bit;
      filled[i] = 0;
      if (sub.size > 0) {
        viable += mult;
        children.push([sub, mult]);
      }
    }
    const out = new Map<bigint, bigint>();
    for (const [sub, mult] of children) {
      for (const [d, g] of sub) {
        const key = d * viable;
        out.set(key, (out.get(key) ?? 0n) + g * mult);
      }
    }
    return out;
  }

  return { byDenominator: explore(0), nodes };
}

/** Summarise levels (probability, grids) into an ExactLaw; checks that the probabilities add up to 1. */
export function lawOf(
  generator: GeneratorName,
  shape: BoxShape,
  total: bigint,
  technique: ExactLaw['technique'],
  levels: LawLevel[],
  nodes = 0,
): ExactLaw {
  levels.sort((a, b) => (a.probability.sub(b.probability).p < 0n ? -1 : 1));
  const uniformP = Rational.of(1n, total);
  let mass = Rational.ZERO,
    reached = 0n,
    tv = Rational.ZERO;
  for (const { probability, grids } of levels) {
    mass = mass.add(probability.mul(Rational.of(grids)));
    reached += grids;
    const d = probability.sub(uniformP);
    tv = tv.add((d.p < 0n ? uniformP.sub(probability) : d).mul(Rational.of(grids)));
  }
  if (!mass.equals(Rational.of(1))) throw new Error(`internal: the probabilities add up to ${mass}, not 1`);
  if (reached > total) throw new Error(`internal: ${reached} grids reached, more than the ${total} there are`);
  tv = tv.add(Rational.of(total - reached, total)).mul(Rational.of(1n, 2n));
  const smallest = levels[0].probability,
    largest = levels[levels.length - 1].probability;
  return {
    generator,
    box: shape.name,
    total,
    technique,
    levels,
    reached,
    smallest,
    largest,
    ratio: largest.div(smallest),
    totalVariation: tv,
    uniform: tv.p === 0n,
    nodes,
  };
}

/** The exact law of a generator on a shape with N grids (N from the count). Throws TooManyNodesError when too big. */
export function exactDistribution(generator: GeneratorName, shape: BoxShape, total: bigint): ExactLaw {
  switch (generator) {
    case 'uniform':
      return lawOf(generator, shape, total, 'bijection', [{ probability: Rational.of(1n, total), grids: total }]);
    case 'template':
    case 'template-blocks': {
      const reach = templateReach(shape, generator === 'template-blocks');
      return lawOf(generator, shape, total, 'orbit', [
        { probability: Rational.of(1n, reach.grids), grids: reach.grids },
      ]);
    }
    case 'backtracking':
    case 'backtracking-mrv': {
      const { byDenominator, nodes } = backtrackingLaw(shape, generator === 'backtracking' ? 'row-major' : 'mrv');
      const levels = [...byDenominator].map(([d, g]) => ({ probability: Rational.of(1n, d), grids: g }));
      return lawOf(generator, shape, total, 'search tree', levels, nodes);
    }
  }
}
