import { formatCycleType } from '../essential/cycleTypes.js';
import { relabellingTypes, unitsOf } from '../essential/relabellingTypes.js';
import type { Rules } from '../grid/rules.js';
import type * as FullGroupTask from './fullGroupFixedTask.js';
import { fullGroupClasses, fullVariantGroup } from './fullVariantGroup.js';
import { runClassTasks } from './runClassTasks.js';
import { burnsideSumFields, type VariantBurnsideSum, type VariantIdentityTerm } from './variantBurnside.js';
import { variantGroup } from './variantGroup.js';
import { variantUnits } from './variantUnits.js';

/**
 * Essentially different grids of a variant under its full group Γ_V × S_n (src/variants/fullVariantGroup.ts: every
 * row/column permutation and transposition that maps the grids onto themselves, implied houses included), by
 * Burnside's lemma over the conjugacy classes of Γ_V:
 *
 *   orbits = (1/|Γ_V|) Σ_classes |K|·F₁(g_K),   F₁(g) = Σ_λ |Fix(g, τ_λ)|/|C(τ_λ)|
 *
 * as for G_V (src/variants/variantBurnside.ts: the derivation holds for any group of cell maps that keeps the grids
 * and commutes with relabelling). F₁ is a class function of Γ_V (conjugating by an element of Γ_V maps fixed grids
 * to fixed grids), so one representative per class is counted, an element of G where the class meets G. The unit
 * lemma takes the implied houses too. The identity's term N/n! is the caller's, as for G_V.
 */
export interface FullGroupClassRow {
  readonly id: number;
  readonly size: number;
  readonly representative: string;
  /** The representative lies in the Sudoku group G (counted by the regions and seed orbits), or not (tied search). */
  readonly inG: boolean;
  readonly relabellings: readonly string[];
  readonly zeroReason: string | null;
  readonly fixed: bigint;
  readonly nodes: number;
  readonly seconds: number;
}

export interface FullGroupBurnside extends VariantBurnsideSum {
  /** |Γ_V| is groupOrder; |Γ_V ∩ G| and |G_V|. */
  readonly orderInG: number;
  readonly variantGroupOrder: number;
  /** Every cell pair decided: Γ_V is the full group, not only a subgroup of it. */
  readonly proved: boolean;
  readonly pairs: {
    readonly orbits: number;
    readonly explicit: number;
    readonly witnessed: number;
    readonly implied: number;
    readonly solver: number;
    readonly undecided: number;
    readonly witnessGrids: number;
  };
  readonly impliedHouses: ReadonlyArray<{ readonly cells: string; readonly combination: string }>;
  readonly seconds: { group: number; classes: number; fixed: number; total: number };
  readonly classRows: readonly FullGroupClassRow[];
}

const us = (s: number) => Math.round(s * 1e6) / 1e6;

/** The cells of an implied house, "r1c2 r1c3 …" (1-based). */
function cellWords(cells: ArrayLike<number>, n: number): string {
  return Array.from(cells, (c) => `r${Math.floor(c / n) + 1}c${(c % n) + 1}`).join(' ');
}

export async function fullGroupBurnside(
  rules: Rules,
  identity: VariantIdentityTerm,
  options: { workers?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<FullGroupBurnside> {
  const t0 = performance.now();
  const workers = options.workers ?? 1;
  const { n, cells: N } = rules;
  const group = fullVariantGroup(rules);
  const t1 = performance.now();
  const classes = fullGroupClasses(group);
  const { houses, units } = variantUnits(rules);
  const implied = group.pairs.impliedHouses;
  const lemmaHouses = {
    cells: [...houses.cells, ...implied.map((h) => h.cells)],
    names: [...houses.names, ...implied.map((_, i) => `implied house ${i + 1}`)],
  };
  // the units: the rules' houses and pairs, the implied houses, and every other pair that differs in every grid (so
  // that the constraints are exactly the pairs Γ_V keeps, and an element of Γ_V ∩ G maps partial fillings to partial
  // fillings: the fixed-grid engine's seed orbits need that)
  const covered = new Uint8Array(N * N);
  const cover = (u: ArrayLike<number>) => {
    for (let i = 0; i < u.length; i++) for (let j = 0; j < u.length; j++) covered[u[i] * N + u[j]] = 1;
  };
  for (const u of unitsOf(rules.shape).cells) cover(u);
  const allUnits: Int32Array[] = [...units, ...implied.map((h) => h.cells)];
  for (const u of allUnits) cover(u);
  for (let a = 0; a < N; a++)
    for (let b = a + 1; b < N; b++)
      if (group.pairs.differ[a * N + b] && !covered[a * N + b]) allUnits.push(Int32Array.of(a, b));
  const members = Int32Array.from(Array.from(group.inG).filter((g) => g >= 0));
  const rows = Array.from(classes.reps, (x, k) => {
    const cellMap = group.elements.slice(x * N, x * N + N);
    return { k, x, cellMap, rt: relabellingTypes(rules.shape, cellMap, lemmaHouses) };
  });
  const t2 = performance.now();
  const key = `${rules.name}|full`;
  const { tasks, results } = await runClassTasks<typeof FullGroupTask, 'countFullGroupFixed', (typeof rows)[number]>(
    new URL('./fullGroupFixedTask.js', import.meta.url),
    'countFullGroupFixed',
    rows,
    ({ x, cellMap }, tauType) => ({
      spec: rules.spec,
      key,
      units: allUnits,
      members,
      element: group.inG[x],
      cellMap,
      tauType,
    }),
    classes.sizes,
    workers,
    options.onProgress,
  );
  const fixed = rows.map(() => ({ count: 0n, nodes: 0, seconds: 0 }));
  tasks.forEach((t, i) => {
    fixed[t.k].count += BigInt(results[i].count);
    fixed[t.k].nodes += results[i].nodes;
    fixed[t.k].seconds += results[i].seconds;
  });
  fixed[0].count = identity.value;
  let burnsideSum = 0n,
    fixedSeconds = 0,
    nonZero = 0,
    zeroByLemma = 0,
    zeroBySearch = 0;
  const classRows: FullGroupClassRow[] = rows.map(({ k, x, rt }) => {
    const f = fixed[k];
    if (f.count > 0n) nonZero++;
    else if (rt.admissible.length === 0) zeroByLemma++;
    else zeroBySearch++;
    burnsideSum += BigInt(classes.sizes[k]) * f.count;
    if (k > 0) fixedSeconds += f.seconds;
    return {
      id: k,
      size: classes.sizes[k],
      representative: group.describe(x),
      inG: group.inG[x] >= 0,
      relabellings: rt.admissible.map(formatCycleType),
      zeroReason: rt.zeroReason,
      fixed: f.count,
      nodes: f.nodes,
      seconds: us(k === 0 ? (identity.seconds ?? 0) : f.seconds),
    };
  });
  const sum = burnsideSumFields(
    rules,
    { name: 'Γ_V', order: group.order },
    { classes: classes.count, nonZero, zeroByLemma, zeroBySearch, burnsideSum },
    identity,
    workers,
  );
  const p = group.pairs;
  return {
    rules: rules.name,
    n,
    groupOrder: group.order,
    orderInG: group.orderInG,
    variantGroupOrder: variantGroup(rules).order,
    proved: group.proved,
    pairs: {
      orbits: p.pairOrbits,
      explicit: p.explicitPairs,
      witnessed: p.witnessedPairs,
      implied: p.impliedPairs,
      solver: p.solverPairs,
      undecided: p.undecidedPairs,
      witnessGrids: p.witnesses,
    },
    impliedHouses: implied.map((h) => ({
      cells: cellWords(h.cells, n),
      combination: h.combination.map(([q, name]) => `${q}·(${name})`).join(' + '),
    })),
    generators: group.generators.map((g) => group.describe(g)),
    ...sum,
    seconds: {
      group: us((t1 - t0) / 1000),
      classes: us((t2 - t1) / 1000),
      fixed: us(fixedSeconds),
      total: us((performance.now() - t0) / 1000),
    },
    classRows,
  };
}
