import type { Rules } from '../grid/rules.js';
import { factorialBig, InputError } from '../grid/shape.js';
import { resolveRules } from '../grid/support.js';
import { oneHouseLayout } from './oneHouseLayout.js';
import type { VariantCount } from './countVariantGrids.js';
import { houseKeyClasses, type HouseKeyClasses } from './houseKeyClasses.js';
import { variantGroup } from './variantGroup.js';
import { variantTopBlocks, type TopBlockClasses } from './variantTopBlocks.js';
import { variantUnitDigest } from './variantUnitDigest.js';
import { antiKingEdgeFits } from './countAntiKingEdge.js';
import { antiKingMiddleBands, type AntiKingMiddleBands } from './antiKingMiddleBands.js';

/**
 * A variant count's values in compact form (docs/variant-counts.md#compact-tables; the file format is
 * src/io/variantTableFile.ts): the units of the count's route in their order, each with its orbit (how many top
 * blocks with row 1 = 1..n it stands for) and its value (the completions of any of them), so that
 *
 *   Σ orbit = blocks,   Σ orbit·value = N/n! (totalWithFixedRow),   N = n!·Σ orbit·value.
 *
 *   route 'solver'      units 'classes': the top-block classes (src/variants/variantTopBlocks.ts) in class order,
 *                       orbit m_C, value n_C
 *   route 'band-pair'   units 'keys': the column-set keys (src/variants/houseKeyClasses.ts) in key order, orbit
 *                       the Σ m_C of the key's classes, value the n_C they share
 *   route 'edge-table'  units 'middle-band classes': 9×9 anti-king's middle bands (src/variants/antiKingMiddleBands.ts)
 *                       in class order, orbit the class's size (1, 2 or 4 middle bands with row 1 = 1..n), value
 *                       n(B); Σ orbit counts middle bands, not top blocks
 *   other routes        (a table a later version writes) are read, summed and checked by their own digest, but not
 *                       listed again here
 *
 * The units themselves (blocks, keys) are not stored: they are listed again from the rules in seconds, and the
 * table's `digest` (src/variants/variantUnitDigest.ts) says which list the values belong to.
 */
export interface VariantTable {
  /** Canonical rules name, e.g. "3x3+x". */
  readonly rules: string;
  readonly box: string;
  readonly n: number;
  readonly variants: readonly string[];
  /** How the values were counted: 'solver', 'band-pair', or a later route's tag. */
  readonly route: string;
  /** What the units are: 'classes', 'keys', or a later route's. */
  readonly units: string;
  readonly count: number;
  /** 16 hex digits: the digest of the unit list. */
  readonly digest: string;
  /** Σ orbit (the top blocks, or the route's objects, the units stand for). */
  readonly orbitSum: number;
  /** Σ orbit·value = N/n!. */
  readonly totalWithFixedRow: bigint;
  /** N = n!·totalWithFixedRow. */
  readonly total: bigint;
  /** Per unit, in order (whole numbers below 2^53). */
  readonly orbits: Float64Array;
  readonly values: Float64Array;
  /** Set by the file's reader when its keyed seal (HMAC under SUDOKU_COUNT_SEAL_KEY) was checked and holds. */
  readonly keyed?: boolean;
}

/** The units of a rules' count as this version lists them (regenerated, never stored). */
export interface VariantUnits {
  readonly route: 'solver' | 'band-pair' | 'edge-table';
  readonly units: 'classes' | 'keys' | 'middle-band classes';
  readonly count: number;
  readonly digest: string;
  readonly orbits: Float64Array;
  /** The unit of each top-block class. */
  readonly unitOf: Int32Array;
  readonly top: TopBlockClasses;
  readonly house: HouseKeyClasses | null;
}

/** The units of a count whose class list (and band-pair keys) are at hand. */
export function variantUnitsOf(rules: Rules, top: TopBlockClasses, house: HouseKeyClasses | null): VariantUnits {
  const C = top.sizes.length;
  const count = house ? house.keys.length / 10 : C;
  const unitOf = house ? house.keyOf : Int32Array.from({ length: C }, (_, i) => i);
  const orbits = new Float64Array(count);
  for (let id = 0; id < C; id++) orbits[unitOf[id]] += top.sizes[id];
  return {
    route: house ? 'band-pair' : 'solver',
    units: house ? 'keys' : 'classes',
    count,
    digest: variantUnitDigest(rules, top, house),
    orbits,
    unitOf,
    top,
    house,
  };
}

/** List the units of `rules` again: the top-block classes, and the column-set keys where the band-pair route does. */
export function variantUnits(rules: Rules): VariantUnits {
  if (rules.n === 9 && antiKingEdgeFits(rules)) return middleBandUnits(rules);
  const top = variantTopBlocks(variantGroup(rules));
  const layout = rules.n === 9 ? oneHouseLayout(rules) : null;
  return variantUnitsOf(rules, top, layout ? houseKeyClasses(layout, top) : null);
}

/**
 * 9×9 anti-king's units: the middle-band classes of the edge-table route, in the order its count numbers them (the
 * digest is taken over the bands and orbit sizes as over top blocks and m_C).
 */
export function middleBandUnits(rules: Rules): VariantUnits {
  return {
    ...variantUnitsOf(rules, middleBandTop(antiKingMiddleBands(rules.shape.rows)), null),
    route: 'edge-table',
    units: 'middle-band classes',
  };
}

/** The middle-band classes as the top blocks of the other routes: band, orbit size (reversing columns and rows). */
export function middleBandTop(m: AntiKingMiddleBands): TopBlockClasses {
  return { k: m.R, blocks: m.all, stabilizerOrder: 4, representatives: m.bands, sizes: Int32Array.from(m.weights) };
}

/**
 * Why `classes --variant` does not list the top-block classes of `rules` as JSON, or null: 9×9 anti-king is counted
 * by middle bands (the edge-table route), whose classes only the compact table holds.
 */
export function topBlockClassesProblem(rules: Rules): string | null {
  return rules.n === 9 && antiKingEdgeFits(rules)
    ? `classes --variant: ${rules.name} is counted by middle bands (the edge-table route), not by top-block ` +
        'classes; --format table writes its middle-band classes and their n(B), as count --variant anti-king ' +
        '--json lists them'
    : null;
}

/**
 * The table of a finished one-machine count: its units as the count listed them (`listed`, from its onClassList),
 * or the edge-table route's middle-band classes, which that route finds itself.
 */
export function countedVariantTable(rules: Rules, count: VariantCount, listed: VariantUnits | null): VariantTable {
  const units = listed ?? (rules.n === 9 && antiKingEdgeFits(rules) ? middleBandUnits(rules) : null);
  if (units === null) throw new Error('internal: no class list');
  return variantTableOf(rules, count, units);
}

/** The table of a finished count, given its units (every class of a unit must have the same n_C). */
export function variantTableOf(rules: Rules, count: VariantCount, units: VariantUnits): VariantTable {
  if (count.rules !== rules.name || count.classRows.length !== units.top.sizes.length)
    throw new Error(`internal: a count of ${count.rules} with ${count.classRows.length} classes for these units`);
  const values = new Float64Array(units.count).fill(-1);
  for (const row of count.classRows) {
    const u = units.unitOf[row.id];
    const v = Number(row.completions);
    if (values[u] >= 0 && values[u] !== v) throw new Error(`internal: unit ${u} has two values`);
    values[u] = v;
  }
  return {
    rules: rules.name,
    box: rules.shape.name,
    n: rules.n,
    variants: rules.variants,
    route: units.route,
    units: units.units,
    count: units.count,
    digest: units.digest,
    orbitSum: count.blocks,
    totalWithFixedRow: count.totalWithFixedRow,
    total: count.total,
    orbits: units.orbits,
    values,
  };
}

/**
 * Check a table's sums (what a file must satisfy before anything else): Σ orbit, Σ orbit·value and n!·Σ. Returns
 * what is wrong, or null.
 */
export function variantTableSumProblem(t: VariantTable): string | null {
  let orbits = 0;
  let sum = 0n;
  for (let u = 0; u < t.count; u++) {
    orbits += t.orbits[u];
    sum += BigInt(t.orbits[u]) * BigInt(t.values[u]);
  }
  if (orbits !== t.orbitSum) return `its orbits add up to ${orbits}, not orbitSum ${t.orbitSum}`;
  if (sum !== t.totalWithFixedRow)
    return `its units add up to Σ orbit·value = ${sum}, not totalWithFixedRow ${t.totalWithFixedRow}`;
  if (t.total !== factorialBig(t.n) * t.totalWithFixedRow)
    return `total ${t.total} is not ${t.n}! × totalWithFixedRow ${t.totalWithFixedRow}`;
  return null;
}

/**
 * The library's edge: check a table (read by readVariantTable) against the unit list this version finds for its
 * rules, listed again (seconds: 1–20 s on 9×9). Returns the units; `values[unitOf[id]]` is class id's n_C.
 */
export function verifyVariantTable(table: VariantTable): VariantUnits {
  return verifyVariantTableOf(table, resolveRules('variant-count', table.box, table.variants, 'shards'));
}

/**
 * Check a table against the unit list this version finds for `rules` (the table's: the caller resolves them): the
 * same route, number of units, digest and orbits. Returns the units. InputError (one line) naming the first
 * difference.
 */
export function verifyVariantTableOf(table: VariantTable, rules: Rules, given?: VariantUnits): VariantUnits {
  const where = `variant table of ${table.rules}`;
  // refused before the units are listed (seconds on 9×9)
  if (rules.name !== table.rules) throw new InputError(`${where}: checked against the rules ${rules.name}`);
  const units = given ?? variantUnits(rules);
  if (table.route !== units.route || table.units !== units.units)
    throw new InputError(
      `${where}: its values are ${table.units} of the ${table.route} route; this version counts ${rules.name} by ` +
        `the ${units.route} route (${units.units})`,
    );
  if (table.count !== units.count || table.digest !== units.digest)
    throw new InputError(
      `${where}: it holds ${table.count} ${table.units} with digest ${table.digest}; this version lists ` +
        `${units.count} with digest ${units.digest}`,
    );
  for (let u = 0; u < units.count; u++)
    if (table.orbits[u] !== units.orbits[u])
      throw new InputError(`${where}: unit ${u} has orbit ${table.orbits[u]} there, ${units.orbits[u]} here`);
  return units;
}
