import { createHash } from 'node:crypto';
import { classListDigest } from '../colsets/countByColumnSets.js';
import { configurationClasses } from '../colsets/configurationClasses.js';
import { columnSetRows } from '../colsets/columnSetSupport.js';
import { burnsideClasses, type BurnsideClasses } from '../essential/essentialClasses.js';
import { burnsideRows } from '../essential/burnsideRows.js';
import type * as BurnsideTermTask from '../essential/burnsideTermTask.js';
import { columnSetGroup } from '../essential/columnSetTerms.js';
import { centralizerOrder, formatCycleType, type CycleType } from '../essential/cycleTypes.js';
import { describeElement } from '../essential/describeElement.js';
import type { EssentiallyDifferent } from '../essential/essentiallyDifferent.js';
import type { GridGroup } from '../essential/gridGroup.js';
import type { ColumnSetTermTable } from '../essential/swapTermsByClasses.js';
import { InputError, type BoxShape } from '../grid/shape.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import type { ClassList, ClassSum, ClassSumCountOptions, ClassSumUnits } from './classSum.js';
import { columnSetClassCounter } from './columnSetClassSum.js';
import { drainTasks } from './drainTasks.js';

/**
 * The Burnside terms of `essentially-different` for R×2 and 2×R boxes (R ≥ 3) as a class-sum count, so that the one
 * runner (runClassSum) keeps what finished (--checkpoint, --resume), stops at Ctrl-C, and shards it (plans, results,
 * merge: docs/sharding.md). The "classes" of this sum are the terms: the identity (1, 1ⁿ) and every (class, cycle
 * type of τ) the unit lemma leaves (essentialClasses). A term's value is |Fix(g, τ)| itself (N for the identity); the
 * report divides by |C(τ)| and adds up |K|·F₁(g) as essentiallyDifferent does. Each term is counted one of two ways:
 *
 * - *from the column-set table* (the classes' orbit and F, see termTableOf): the identity, N/n! = Σ orbit·F²/n!,
 *   and the band swaps whose band map h = (b∘a, p², τ²) is the identity (swapTermsByClasses; the every-band term
 *   among them). For 6×2 that table is the certificate of the count by shards, data/6x2/certificate.bin, with its
 *   plan's class list; until it is whole these terms are missing and their units refuse in one line;
 * - *by the configuration counter* (countFixedByColumnSets on the R×2 group, 2×R transposed): every other term, cut
 *   into chunks of its configuration orbits (orbit i goes to chunk i mod k) where it is dear: k = DEAR_CHUNKS for the
 *   τ = 2⁶ terms of 6×2 (every term measured above 100 CPU s has that type), 1 elsewhere. The chunks of a term are
 *   fixed by the term alone, so no value depends on workers or shards.
 *
 * Units: one per term from the table, one per chunk of a counted term. A unit's value is its part of |Fix(g, τ)|; its
 * details (kept by the checkpoint) are [configuration classes, orbits, search nodes, wall µs in its thread].
 */

/** Chunks of a dear counted term (6×2, τ = 2⁶: up to ~1,600 CPU s a term measured, docs/essentially-different.md). */
export const DEAR_CHUNKS = 8;

/**
 * Declared CPU seconds of the 6×2 (and 2×6) terms, for the plan, which times no sample (a unit may take minutes,
 * and the table's units cannot run while the certificate is partial): the 246 counted terms with h not the identity,
 * ~6.5 CPU-hours projected from 94 of them measured (docs/essentially-different.md, "A faster F_h"), the 390 cheap
 * ones ~10 CPU s, and the band swaps from the table (see TABLE_UNIT_COST_6X2).
 */
export const DECLARED_SECONDS_6X2 = 6.5 * 3600 + 3600;

/** Relative costs for balancing shards: a chunk of a dear 6×2 term, any other counted term, a term from the table. */
const DEAR_CHUNK_COST = 40;
const TERM_COST = 1;
const TABLE_UNIT_COST_6X2 = 90;

export type TermKind = 'identity' | 'table' | 'counter';

export interface Term {
  /** Class number (0: the identity). */
  readonly k: number;
  readonly tau: CycleType;
  readonly kind: TermKind;
  /** The class representative as an element of the R×2 group (2×R transposed). */
  readonly element: number;
}

export interface Unit {
  readonly term: number;
  readonly chunk: number;
  readonly of: number;
}

export interface TermList extends ClassList {
  readonly burnside: BurnsideClasses;
  readonly rx2: GridGroup;
  readonly terms: readonly Term[];
  readonly units: readonly Unit[];
}

/** The column-set table the identity and the band swaps with h = 1 are read from, or what is missing of it. */
export type TermTableSource =
  { readonly table: ColumnSetTermTable; readonly total: bigint; readonly from: string } | { readonly missing: string };

export interface BurnsideClassSumOptions {
  /**
   * Where the column-set table comes from (default termTableOf: the shipped certificate for 6×2, the one-machine
   * column-set count up to 5×2); the tests give the 5×2 certificate.
   */
  readonly table?: (options: ClassSumCountOptions) => Promise<TermTableSource>;
}

/** Whether `shape` has its Burnside terms as a class sum: R×2 or 2×R boxes, 3 ≤ R ≤ 6. */
export function burnsideSumShape(shape: BoxShape): boolean {
  const R = columnSetRows(shape);
  return R >= 3 && R <= 6;
}

export function burnsideClassSum(shape: BoxShape, options: BurnsideClassSumOptions = {}): BurnsideSum {
  if (!burnsideSumShape(shape))
    throw new InputError(`${shape.name}: the Burnside terms are a class sum for R×2 and 2×R boxes, 3 ≤ R ≤ 6`);
  const R = columnSetRows(shape);
  const n = shape.n;
  const tableOf = options.table ?? ((o: ClassSumCountOptions) => termTableOf(R, o));
  let found: TermList | null = null;
  const classList = (): TermList => {
    if (found) return found;
    const t0 = performance.now();
    const burnside = burnsideClasses(shape);
    const { group: rx2, element } = columnSetGroup(burnside.group);
    const terms: Term[] = [];
    const units: Unit[] = [];
    const hash = createHash('sha256').update(`burnside\n${shape.name}\n`);
    for (const { k, x, rt } of burnside.rows)
      for (const tau of rt.admissible) {
        const y = element(x);
        const kind: TermKind = k === 0 ? 'identity' : identityBandMap(rx2, y, tau) ? 'table' : 'counter';
        const of = kind === 'counter' && R >= 6 && tau.every((l) => l === 2) ? DEAR_CHUNKS : 1;
        for (let chunk = 0; chunk < of; chunk++) units.push({ term: terms.length, chunk, of });
        terms.push({ k, tau, kind, element: y });
        hash.update(`${k} ${x} ${y} ${tau.join(',')} ${kind} ${of}\n`);
      }
    found = {
      count: terms.length,
      digest: hash.digest('hex').slice(0, 16),
      seconds: (performance.now() - t0) / 1000,
      burnside,
      rx2,
      terms,
      units,
    };
    return found;
  };
  // what each unit's count reported beside its value (the checkpoint keeps them): for the report's statistics
  const details = new Map<number, readonly bigint[]>();

  const sum: BurnsideSum = {
    method: 'burnside',
    spec: { route: 'burnside', rules: { rows: shape.rows, cols: shape.cols, variants: [] } },
    box: shape.name,
    classList,
    classData: () => null,
    checkpointEachUnit: true,
    units(): ClassSumUnits {
      const { terms, units } = classList();
      const combine: number[][] = terms.map(() => []);
      units.forEach((u, i) => combine[u.term].push(i, 1));
      const costs = Float64Array.from(units, (u) => {
        const kind = terms[u.term].kind;
        if (kind === 'counter') return u.of > 1 ? DEAR_CHUNK_COST : TERM_COST;
        return kind === 'table' && R >= 6 ? TABLE_UNIT_COST_6X2 : TERM_COST;
      });
      return {
        units: units.length,
        payload: null,
        combine,
        scale: 1,
        costs,
        ...(R >= 6 ? { declaredSeconds: DECLARED_SECONDS_6X2 } : { sample: 4 }),
      };
    },
    async countUnits(ids, _payload, options) {
      const t0 = performance.now();
      const { terms, units } = classList();
      for (const [u, c] of options.known ?? []) details.set(u, c.details);
      const counted = ids.filter((u) => terms[units[u].term].kind === 'counter');
      const fromTable = ids.filter((u) => terms[units[u].term].kind !== 'counter');
      if (counted.length > 0) {
        const pool = typedTaskPool<typeof BurnsideTermTask>(
          new URL('../essential/burnsideTermTask.js', import.meta.url),
          options.workers,
          { isolate: true },
        );
        // the chunks of dear terms first, so that the last tasks are short
        const order = [...counted].sort((a, b) => units[b].of - units[a].of || a - b);
        await drainTasks(pool, order.length, options.signal, async (t) => {
          const u = order[t];
          const { term, chunk, of } = units[u];
          const r = await pool.run('countTermChunk', {
            rows: R,
            element: terms[term].element,
            tauType: terms[term].tau,
            index: chunk,
            of,
          });
          const more = [
            BigInt(r.configurations),
            BigInt(r.orbits),
            BigInt(r.nodes),
            BigInt(Math.round(r.seconds * 1e6)),
          ];
          details.set(u, more);
          options.onUnitDone(u, r.fixed, more);
        });
      }
      if (fromTable.length > 0) {
        const source = await tableOf(options);
        if ('missing' in source) {
          const missing = new Set(fromTable.map((u) => units[u].term));
          const swaps = [...missing].filter((t) => terms[t].kind === 'table').length;
          throw new InputError(
            `the Burnside terms of ${shape.name} read from the column-set table are missing ` +
              `(${missing.has(0) ? "the identity's N/" + n + '! and ' : ''}${swaps} band swaps with h the identity): ` +
              `${source.missing}`,
          );
        }
        const bySwap = new Map<string, number[]>();
        for (const u of fromTable) {
          const term = terms[units[u].term];
          if (term.kind === 'identity') {
            options.onUnitDone(u, source.total);
            continue;
          }
          const p = columnPart(classList().rx2, term.element);
          const key = p.join(',');
          bySwap.set(key, [...(bySwap.get(key) ?? []), u]);
        }
        const pool = typedTaskPool<typeof BurnsideTermTask>(
          new URL('../essential/burnsideTermTask.js', import.meta.url),
          options.workers,
          { isolate: true },
        );
        const groups = [...bySwap.values()];
        const { table } = source;
        await drainTasks(pool, groups.length, options.signal, async (t) => {
          const group = groups[t];
          const p = columnPart(classList().rx2, terms[units[group[0]].term].element);
          const byType = new Map(
            await pool.run('swapTerms', {
              rows: table.rows,
              p,
              words: table.words,
              orbits: Float64Array.from(table.orbits),
              values: table.values,
            }),
          );
          for (const u of group) {
            const { tau } = terms[units[u].term];
            const term = byType.get(tau.join(',')) ?? 0n;
            options.onUnitDone(u, term * BigInt(centralizerOrder(tau)));
          }
        });
      }
      return { facts: {}, setupSeconds: (performance.now() - t0) / 1000 };
    },
    report(values, _facts, seconds, unitDetails) {
      // a merge's (unitDetails from the shard results): the shards' workers are theirs, so none is named
      const count = sum.essential(values, seconds, unitDetails ? null : 1, unitDetails);
      return { method: 'burnside', total: count.total, count };
    },
    essential(values, seconds, workers: number | null = 1, unitDetails = details) {
      const { burnside, terms, units } = classList();
      const { group, classes, rows } = burnside;
      const tasks: Array<{ k: number; input: { tauType: CycleType } }> = [];
      const results: Parameters<typeof burnsideRows>[2][number][] = [];
      const stats = terms.map(() => [0n, 0n, 0n, 0n]);
      units.forEach((u, i) => {
        const d = unitDetails.get(i);
        if (!d) return;
        for (let j = 0; j < 4; j++)
          stats[u.term][j] = j < 2 && u.chunk > 0 ? stats[u.term][j] : stats[u.term][j] + d[j];
      });
      let identity = 0n;
      terms.forEach((t, i) => {
        const c = BigInt(centralizerOrder(t.tau));
        if (values[i] % c !== 0n)
          throw new Error(
            `internal: |Fix| = ${values[i]} of class ${t.k}, τ ${formatCycleType(t.tau)} is not divisible by ${c}`,
          );
        const term = values[i] / c;
        if (t.k === 0) {
          identity = term;
          return;
        }
        const [configurations, orbits, nodes, micros] = stats[i];
        tasks.push({ k: t.k, input: { tauType: t.tau } });
        results.push({
          count: term,
          seeds: Number(configurations),
          seedOrbits: Number(orbits),
          seedGroup: 0,
          extensions: 0,
          extensionOrbits: 0,
          tableEntries: 0,
          nodes: Number(nodes),
          seconds: Number(micros) / 1e6,
        });
      });
      const r = burnsideRows(rows, tasks, results, classes.sizes, { fixed: identity, seconds: 0 }, (x) =>
        describeElement(group, x),
      );
      const order = BigInt(group.order);
      if (r.burnsideSum % order !== 0n)
        throw new Error(`internal: the Burnside sum ${r.burnsideSum} is not divisible by |G| = ${group.order}`);
      return {
        box: shape.name,
        n,
        groupOrder: group.order,
        classes: classes.count,
        nonZeroClasses: r.nonZero,
        zeroByLemma: r.zeroByLemma,
        zeroBySearch: r.zeroBySearch,
        gridsWithFixedBox: identity,
        method: 'column-sets',
        burnsideSum: r.burnsideSum,
        total: r.burnsideSum / order,
        workers,
        seconds: {
          classes: seconds.classes,
          identity: 0,
          fixed: r.fixedSeconds,
          total: seconds.classes + seconds.counting,
        },
        classRows: r.classRows,
      };
    },
  };
  return sum;
}

/** The Burnside sum as a ClassSum, with the essentially-different result its values give. */
export interface BurnsideSum extends ClassSum {
  /** The terms and their units (found on first use). */
  classList(): TermList;
  /**
   * The result from every term's |Fix| (in term order), as `essentially-different` prints it; its per-term statistics
   * from `unitDetails` (a merge's, from the shard results) or from what this sum's own counting heard.
   */
  essential(
    values: readonly bigint[],
    seconds: { readonly classes: number; readonly counting: number },
    workers?: number | null,
    unitDetails?: ReadonlyMap<number, readonly bigint[]>,
  ): EssentiallyDifferent;
}

/** Whether (y, τ) of the R×2 group swaps the bands with band map h = (b∘a, p², τ²) the identity. */
function identityBandMap(G: GridGroup, y: number, tau: CycleType): boolean {
  const { rows: R, n } = G.shape;
  if (!tau.every((l) => l <= 2)) return false;
  const { t, q: qi, p: pi } = G.parts(y);
  if (t !== 0) return false;
  const q = G.rows.perms.subarray(qi * n, qi * n + n);
  const p = G.cols.perms.subarray(pi * n, pi * n + n);
  if (q[0] < R) return false;
  for (let r = 0; r < R; r++) if (q[q[r]] !== r) return false;
  for (let c = 0; c < n; c++) if (p[p[c]] !== c) return false;
  return true;
}

function columnPart(G: GridGroup, y: number): number[] {
  const n = G.shape.n;
  const pi = G.parts(y).p;
  return Array.from(G.cols.perms.subarray(pi * n, pi * n + n));
}

/**
 * The column-set table of R×2: for 6×2 the shipped certificate of the count by shards (data/6x2/certificate.bin),
 * whole, with the class list of the plan it came from (data/6x2/plan.json.gz, the same digest); up to 5×2 the
 * one-machine column-set count (seconds).
 */
export async function termTableOf(R: number, options: ClassSumCountOptions): Promise<TermTableSource> {
  if (R >= 6) return (await import('./shippedTermTable.js')).shippedTermTable(R);
  const classes = configurationClasses(R);
  const values: bigint[] = new Array<bigint>(classes.count).fill(0n);
  await columnSetClassCounter(classes).countUnits(
    Array.from({ length: classes.count }, (_, c) => c),
    () => [],
    {
      workers: options.workers,
      onUnitDone: (c, v) => (values[c] = v),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  let total = 0n;
  values.forEach((F, c) => (total += BigInt(classes.orbitSizes[c]) * F * F));
  return {
    table: { rows: R, words: classes.words, orbits: classes.orbitSizes, values },
    total,
    from: `the column-set count of ${R}x2 (digest ${classListDigest(classes)})`,
  };
}

/**
 * Whether `essentially-different` counts `shape` by this sum (5x2, 2x5, 6x2, 2x6: beyond the band method); the
 * smaller R×2 shapes stay with the band method's road, this sum being their second route in the tests.
 */
export function burnsideRoad(shape: BoxShape): boolean {
  return burnsideSumShape(shape) && columnSetRows(shape) >= 5;
}
