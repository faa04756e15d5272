import { describeElement } from '../essential/describeElement.js';
import { relabellingTypes, type RelabellingTypes } from '../essential/relabellingTypes.js';
import { burnsideRows } from '../essential/burnsideRows.js';
import type { EssentialClassRow, RelabellingTerm } from '../essential/essentiallyDifferent.js';
import type { Rules } from '../grid/rules.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { requireRules, resolveRules } from '../grid/support.js';
import { defaultThreads } from '../parallel/threads.js';
import { countVariantGridsOf, countVariantGridsPooled } from './countVariantGrids.js';
import { variantClasses, type VariantClasses } from './variantClasses.js';
import type * as VariantFixedTask from './variantFixedGridsTask.js';
import { runClassTasks } from './runClassTasks.js';
import { variantGroup, type VariantGroup } from './variantGroup.js';
import { variantUnits } from './variantUnits.js';

/**
 * Essentially different grids of a variant by Burnside's lemma over the conjugacy classes of G_V (the variant's
 * own cell symmetries, src/variants/variantGroup.ts), with relabelling: the plain machinery of src/essential/
 * (tied search over the cell orbits of g, the unit lemma, regions and orbits of seeds) run with the variant's
 * extra houses and pairs as extra units and G_V in place of G.
 *
 *   orbits of G_V × S_n = (1/|G_V|) Σ_classes |K|·F₁(g_K),   F₁(g) = Σ_λ |Fix(g, τ_λ)|/|C(τ_λ)|
 *
 * F₁(g) is the number of grids with row 1 = 1..n that g fixes up to some relabelling (docs/essentially-different.md
 * for the derivation: it holds for any subgroup of G and any rules G_V keeps). The identity's term F₁(1) = N/n! is
 * the expensive count; it is given by the caller (`identity`), who says where it comes from.
 */
export interface VariantIdentityTerm {
  /** N/n!: the grids with row 1 = 1..n. */
  readonly value: bigint;
  /** Where it came from, in words ("count --variant, this run", "file x.json", …). */
  readonly source: string;
  readonly seconds?: number;
}

/** A term by cycle type of τ, as the plain count's (src/essential/essentiallyDifferent.ts). */
export type VariantBurnsideTerm = RelabellingTerm;

/** A conjugacy class of G_V and its term F₁(g), as the plain count's rows (its cycle types include the houses'). */
export type VariantBurnsideClass = EssentialClassRow;

/** What a variant's Burnside count adds up, under G_V (VariantBurnside) or Γ_V (FullGroupBurnside). */
export interface VariantBurnsideSum {
  readonly rules: string;
  readonly n: number;
  /** The order of the group, G_V or Γ_V. */
  readonly groupOrder: number;
  /** The generators of the group in words. */
  readonly generators: readonly string[];
  readonly classes: number;
  readonly nonZeroClasses: number;
  readonly zeroByLemma: number;
  readonly zeroBySearch: number;
  /** F₁(identity) = N/n!, and where it came from. */
  readonly identity: bigint;
  readonly identitySource: string;
  /** Σ |K|·F₁(g_K), checked divisible by the group's order (wholeOrbits). */
  readonly burnsideSum: bigint;
  readonly total: bigint;
  readonly workers: number;
}

/** The fields of a VariantBurnsideSum from the class rows' tally, in the order the reports print them. */
export type BurnsideSumFields = Omit<VariantBurnsideSum, 'rules' | 'n' | 'groupOrder' | 'generators'>;

/**
 * The sum's fields, its orbits Σ |K|·F₁(g_K) / |group| among them. A wrong identity's term (given by the user)
 * shows as a sum that is not a multiple of the order, with probability 1 − 1/|group|: one line, status 2, naming
 * the term and its source.
 */
export function burnsideSumFields(
  rules: Rules,
  group: { readonly name: string; readonly order: number },
  tally: {
    readonly classes: number;
    readonly nonZero: number;
    readonly zeroByLemma: number;
    readonly zeroBySearch: number;
    readonly burnsideSum: bigint;
  },
  identity: VariantIdentityTerm,
  workers: number,
): BurnsideSumFields {
  const { burnsideSum } = tally;
  const order = BigInt(group.order);
  if (burnsideSum % order !== 0n)
    throw new InputError(
      `${rules.name}: Σ size·fixed = ${burnsideSum} is not a multiple of |${group.name}| = ${group.order}: the ` +
        `identity's term N/${rules.n}! = ${identity.value} (${identity.source}) cannot be right`,
    );
  return {
    classes: tally.classes,
    nonZeroClasses: tally.nonZero,
    zeroByLemma: tally.zeroByLemma,
    zeroBySearch: tally.zeroBySearch,
    identity: identity.value,
    identitySource: identity.source,
    burnsideSum,
    total: burnsideSum / order,
    workers,
  };
}

export interface VariantBurnside extends VariantBurnsideSum {
  readonly fullGroupOrder: bigint;
  readonly seconds: { classes: number; identity: number; fixed: number; total: number };
  readonly classRows: readonly VariantBurnsideClass[];
}

export interface VariantBurnsideOptions {
  readonly workers?: number;
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
}

const us = (s: number) => Math.round(s * 1e6) / 1e6;

/** G_V, its conjugacy classes, and for each class the cycle types of τ the unit lemma leaves (no counting). */
export interface VariantClassPlan {
  readonly group: VariantGroup;
  readonly classes: VariantClasses;
  readonly rows: ReadonlyArray<{ readonly k: number; readonly x: number; readonly rt: RelabellingTypes }>;
}

export function variantClassPlan(rules: Rules): VariantClassPlan {
  const group = variantGroup(rules);
  const classes = variantClasses(group);
  const { houses } = variantUnits(rules);
  const rows = Array.from(classes.reps, (x, k) => ({
    k,
    x,
    rt: relabellingTypes(rules.shape, group.grid.cellMap(x), houses),
  }));
  return { group, classes, rows };
}

/** Burnside over G_V's classes on trusted rules (checked at the edge), the identity's term given. */
export async function variantBurnside(
  rules: Rules,
  identity: VariantIdentityTerm,
  options: VariantBurnsideOptions = {},
): Promise<VariantBurnside> {
  const t0 = performance.now();
  const workers = options.workers ?? 1;
  const { group, classes, rows } = variantClassPlan(rules);
  const t1 = performance.now();
  const { tasks, results } = await runClassTasks<typeof VariantFixedTask, 'countVariantFixed', (typeof rows)[number]>(
    new URL('./variantFixedGridsTask.js', import.meta.url),
    'countVariantFixed',
    rows,
    ({ x }, tauType) => ({ spec: rules.spec, members: group.elements, element: x, tauType }),
    classes.sizes,
    workers,
    options.onProgress,
  );
  const { classRows, fixedSeconds, ...tally } = burnsideRows(
    rows,
    tasks,
    results,
    classes.sizes,
    { fixed: identity.value, seconds: identity.seconds ?? 0 },
    (x) => describeElement(group.grid, x),
  );
  const sum = burnsideSumFields(
    rules,
    { name: 'G_V', order: group.order },
    { classes: classes.count, ...tally },
    identity,
    workers,
  );
  const t2 = performance.now();
  return {
    rules: rules.name,
    n: rules.n,
    groupOrder: group.order,
    fullGroupOrder: group.fullOrder,
    generators: group.generators.map((g) => describeElement(group.grid, g).text),
    ...sum,
    seconds: {
      classes: us((t1 - t0) / 1000),
      identity: us(identity.seconds ?? 0),
      fixed: us(fixedSeconds),
      total: us((t2 - t0) / 1000),
    },
    classRows,
  };
}

/**
 * The library's edge: essentially different grids of a variant by Burnside over G_V's classes, on every shape the
 * variant count takes and on 9×9 for every variant but jigsaw. `identity` is N/n! (from an earlier count: a
 * `count --variant --json` output, see readVariantIdentity); without it the count runs first (n ≤ 6: a moment; 9×9:
 * the fast route of count --variant, within its declared cost, minutes to an hour on 2 cores).
 */
export async function essentiallyDifferentVariantBurnside(options: {
  box?: BoxShape | string;
  variant: Rules | string | readonly string[];
  identity?: bigint;
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<VariantBurnside> {
  const rules = resolveRules('variant-count', options.box, options.variant, 'essentially-different');
  const workers = options.workers ?? (rules.n >= 8 ? defaultThreads() : 1);
  return variantBurnside(rules, await variantIdentityTerm(rules, options.identity, workers), {
    workers,
    onProgress: options.onProgress,
  });
}

/** The identity's term: given, or counted (the variant count's fast route; on 9×9 within its declared cost). */
export async function variantIdentityTerm(
  rules: Rules,
  given: bigint | undefined,
  workers: number,
): Promise<VariantIdentityTerm> {
  if (given !== undefined) return { value: given, source: 'given' };
  const t0 = performance.now();
  if (rules.n <= 6) {
    const r = countVariantGridsOf(rules, { exhaustive: 'none' });
    return {
      value: r.totalWithFixedRow,
      source: 'count --variant, this run',
      seconds: (performance.now() - t0) / 1000,
    };
  }
  requireRules('variant-count', rules);
  const r = await countVariantGridsPooled(rules, { workers, exhaustive: 'none' });
  return { value: r.totalWithFixedRow, source: 'count --variant, this run', seconds: (performance.now() - t0) / 1000 };
}
