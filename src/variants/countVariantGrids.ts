import { factorialBig, type BoxShape } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { resolveRules } from '../grid/support.js';
import { MAX_VARIANT_COUNT_SIDE } from '../variants/variantCountSupport.js';
import { rulesExactCover } from './rulesExactCover.js';
import { variantGroup, type VariantGroup } from './variantGroup.js';
import { variantTopBlocks, type TopBlockClasses } from './variantTopBlocks.js';
import { CountInterrupted } from '../count/dlxCompletions.js';
import { InputError } from '../grid/shape.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { TaskRun } from '../parallel/taskRun.js';
import { blockCompletions, completionsCounter } from './variantCompletionsTask.js';
import type * as VariantCompletionsTask from './variantCompletionsTask.js';
import { oneHouseLayout } from './oneHouseLayout.js';
import { houseKeyClasses, type HouseKeyClasses } from './houseKeyClasses.js';
import { houseCounter, keyCompletions } from './houseCompletionsTask.js';
import type * as HouseCompletionsTask from './houseCompletionsTask.js';
import { antiKingEdgeFits, countAntiKingEdge } from './countAntiKingEdge.js';
import type { AntiKingMiddleBands } from './antiKingMiddleBands.js';

/**
 * N for a variant, by two routes that share no counting code (docs/variant-counts.md).
 *
 * Fast route: the top blocks with row 1 = 1..n (src/variants/variantTopBlocks.ts) in classes under the
 * variant's own symmetries that keep the block, times relabelling; the solver's engine for the rules (the 9×9
 * variant bitboards, or HouseCounter on the smaller shapes) counts the completions n_C of one block per class;
 * N = n!·Σ m_C·n_C.
 *
 * Band-pair route (9×9 with one extra house, three cells per band: centre dots, asterisk, girandola): the same
 * classes, grouped by their column sets and house digits up to renaming and column moves (houseKeyClasses.ts), and
 * n_C by the plain count's column-set sum extended by the house digits (src/variants/houseBandCompletions.ts).
 *
 * Exhaustive route: the exact-cover engine (src/dlx, through src/variants/rulesExactCover.ts) enumerates every
 * grid with row 1 = 1..n (N/n! of them; relabelling is the only symmetry used), or with `exhaustive: 'all'` every
 * grid, nothing fixed.
 */
export interface VariantClassRow {
  readonly id: number;
  /** The representative's top block, rows joined by '/'. */
  readonly block: string;
  /** m_C. */
  readonly size: number;
  /** n_C. */
  readonly completions: bigint;
}

export interface VariantCount {
  /** Canonical rules name, e.g. "2x3+x". */
  readonly rules: string;
  readonly box: string;
  readonly n: number;
  readonly variants: readonly string[];
  /** |G_V|: the cell symmetries kept (row/column/band/stack moves, transposition). */
  readonly groupOrder: number;
  /** |G_V|·n!. */
  readonly fullGroupOrder: bigint;
  /** Rows of the top block. */
  readonly topRows: number;
  /** Valid top blocks with row 1 = 1..n. */
  readonly blocks: number;
  /** Elements of G_V that keep the top block. */
  readonly stabilizerOrder: number;
  readonly classes: number;
  /** Σ m_C (= blocks). */
  readonly classSizeSum: number;
  /** Σ m_C·n_C: grids with row 1 = 1..n. */
  readonly totalWithFixedRow: bigint;
  /** N = n!·Σ m_C·n_C. */
  readonly total: bigint;
  readonly classRows: readonly VariantClassRow[];
  /**
   * How n_C was counted: the solver's engine per class, the band-pair sum per column-set key, or (anti-king on R×3
   * boxes, src/variants/countAntiKingEdge.ts) the edge-table join per middle band: then the "blocks" are the middle
   * bands (rows R+1..2R, the first of them 1..n), the classes theirs under reversing rows and columns (4 moves), and
   * Σ m_C·n_C counts the grids with row R+1 fixed (= N/n! all the same).
   */
  readonly route: 'solver' | 'band-pair' | 'edge-table';
  /**
   * Edge-table route: U's entries (M^R), edge parts per stack M, whether U was built (not when a checkpoint held
   * every class), the edge bands counted into it, its largest entry.
   */
  readonly edgeTable?: {
    readonly entries: number;
    readonly parts: number;
    readonly built: boolean;
    readonly bands: number;
    readonly max: number;
  };
  /** Band-pair route: the classes' distinct column-set keys (each summed once), and the column moves used. */
  readonly keys?: number;
  readonly columnMoves?: number;
  /** The exhaustive route's N, when asked for. */
  readonly exhaustive?: bigint;
  /** What the exhaustive route enumerated: every grid with row 1 = 1..n (times n!), or every grid. */
  readonly exhaustiveRoute?: 'row1' | 'all';
  /** Wall seconds; `keys` (band-pair route): grouping the classes by column-set key, part of `completions`. */
  readonly seconds: {
    classes: number;
    keys?: number;
    /** Edge-table route: filling U. */
    table?: number;
    completions: number;
    exhaustive?: number;
    total: number;
  };
}

export interface VariantCountOptions {
  /** The exhaustive route: every grid with row 1 = 1..n (default for n ≤ 6; none above), every grid, or none. */
  readonly exhaustive?: 'row1' | 'all' | 'none';
  /**
   * Progress, stage by stage; also called every few milliseconds from inside the stages that hold this thread
   * (classes: the group and the top blocks; exhaustive: `done` = the search nodes so far, `total` 0).
   */
  readonly onProgress?: (
    stage: 'classes' | 'table' | 'completions' | 'exhaustive',
    done: number,
    total: number,
  ) => void;
}

/**
 * The library's edge: N of a variant on a small shape (n ≤ 6) by both routes, or on 9×9 within the declared cost
 * of src/variants/variantCountSupport.ts (the fast route only, in this thread: minutes; countVariantGridsPooled
 * uses the pool).
 * `variant` is "x", "x,windoku", a list of names or a Rules object; throws InputError (one line) for what is not taken.
 */
export function countVariantGrids(
  options: VariantCountOptions & { box?: BoxShape | string; variant: Rules | string | readonly string[] },
): VariantCount {
  return countVariantGridsOf(resolveRules('variant-count', options.box, options.variant), options);
}

/** Both routes on trusted rules (checked at the edge: src/grid/support.ts, operation 'variant-count'). */
export function countVariantGridsOf(rules: Rules, options: VariantCountOptions = {}): VariantCount {
  if (rules.n === 9 && antiKingEdgeFits(rules))
    throw new InputError(`${rules.name} is counted by the edge-table route: countVariantGridsPooled (asynchronous)`);
  const t0 = performance.now();
  const tick = () => options.onProgress?.('classes', 0, 1);
  tick();
  const group = variantGroup(rules, tick);
  const top = variantTopBlocks(group, tick);
  const t1 = performance.now();
  const B = top.k * rules.n;
  const layout = rules.n === 9 ? oneHouseLayout(rules) : null;
  let completions: Float64Array;
  let house: HouseKeyClasses | null = null;
  let keySeconds = 0;
  if (layout) {
    house = houseKeyClasses(layout, top);
    keySeconds = (performance.now() - t1) / 1000;
    const values = keyCompletions(houseCounter(rules), house.keys);
    completions = Float64Array.from(house.keyOf, (k) => values[k]);
  } else completions = blockCompletions(completionsCounter(rules), rules.cells, top.representatives, B);
  options.onProgress?.('completions', top.sizes.length, top.sizes.length);
  return assemble(rules, group, top, completions, [t0, t1, performance.now()], options, house, keySeconds);
}

/** A class whose n_C is known: what a checkpoint keeps (the block names the class's representative). */
export interface VariantClassDone {
  readonly id: number;
  readonly block: string;
  readonly completions: number;
}

export interface VariantPoolOptions extends VariantCountOptions {
  /** Threads for the n_C (1: this thread, between tasks the event loop turns). The result never depends on it. */
  readonly workers?: number;
  /** Classes already counted (from a checkpoint): not counted again; each must name its class's representative. */
  readonly resume?: readonly VariantClassDone[];
  /** Each class as its n_C is known (in completion order; the total is summed in class order). */
  readonly onClassDone?: (row: VariantClassDone) => void;
  /** Stops the run within one task (a few classes): rejects with CountInterrupted. */
  readonly signal?: AbortSignal;
  /** The class list (and the band-pair route's keys) once found, before any n_C (a table's units: variantTable.ts). */
  readonly onClassList?: (top: TopBlockClasses, house: HouseKeyClasses | null) => void;
  /**
   * The group and its top-block classes, when the caller found them already (not for the edge-table route), and the
   * seconds that took (counted in the report's `classes`).
   */
  readonly found?: { readonly group: VariantGroup; readonly top: TopBlockClasses; readonly seconds: number };
  /** The edge-table route's middle-band classes, when the caller found them already (a checkpoint's class list). */
  readonly foundMiddle?: AntiKingMiddleBands;
}

/** Classes per pool task: a few tenths of a second on 9×9, so Ctrl-C on one thread waits at most that. */
const CLASSES_PER_TASK = 8;

/** Column-set keys per pool task on the band-pair route: 16 × 10–20 ms, a few tenths of a second. */
const KEYS_PER_TASK = 16;

/**
 * The same count with the n_C on the worker pool (src/parallel), resumable and abortable: what `count --variant`
 * runs (9×9 anti-knight is minutes on 2 cores). The exhaustive route runs as in countVariantGridsOf, if asked.
 */
export async function countVariantGridsPooled(rules: Rules, options: VariantPoolOptions = {}): Promise<VariantCount> {
  if (rules.n === 9 && antiKingEdgeFits(rules)) return countAntiKingEdge(rules, options);
  const t0 = performance.now() - (options.found?.seconds ?? 0) * 1000;
  const tick = () => options.onProgress?.('classes', 0, 1);
  tick();
  const group = options.found?.group ?? variantGroup(rules, tick);
  const top = options.found?.top ?? variantTopBlocks(group, tick);
  const t1 = performance.now();
  const B = top.k * rules.n;
  const C = top.sizes.length;
  const completions = new Float64Array(C).fill(-1);
  for (const r of options.resume ?? []) {
    if (!Number.isSafeInteger(r.id) || r.id < 0 || r.id >= C)
      throw new InputError(`checkpoint: class ${r.id} does not exist (${C} classes of ${rules.name})`);
    if (r.block !== blockText(top.representatives.subarray(r.id * B, (r.id + 1) * B), top.k, rules.n))
      throw new InputError(`checkpoint: class ${r.id} is block ${r.block} there but not here`);
    if (completions[r.id] >= 0) throw new InputError(`checkpoint: class ${r.id} appears twice`);
    completions[r.id] = r.completions;
  }
  const layout = rules.n === 9 ? oneHouseLayout(rules) : null;
  const house = layout ? houseKeyClasses(layout, top) : null;
  const keySeconds = (performance.now() - t1) / 1000;
  options.onClassList?.(top, house);
  const rowOf = (id: number) => blockText(top.representatives.subarray(id * B, (id + 1) * B), top.k, rules.n);
  let done = options.resume?.length ?? 0;
  const finish = (id: number, value: number): void => {
    if (completions[id] >= 0) return;
    completions[id] = value;
    done++;
    options.onClassDone?.({ id, block: rowOf(id), completions: value });
  };
  const taskRun = new TaskRun(options.signal, () => new CountInterrupted(done, C));
  let pool: { readonly threads: number; close(): Promise<void> } | null = null;
  try {
    // the work as tasks: runs of classes (solver route) or of column-set keys (band-pair route), each a closure that
    // asks the pool and records what it answers
    const tasks: Array<() => Promise<void>> = [];
    if (house) {
      const K = house.keys.length / 10;
      const keyValue = new Float64Array(K).fill(-1);
      const members: number[][] = Array.from({ length: K }, () => []);
      for (let id = 0; id < C; id++) {
        const k = house.keyOf[id];
        members[k].push(id);
        if (completions[id] < 0) continue;
        if (keyValue[k] >= 0 && keyValue[k] !== completions[id])
          throw new InputError(
            `checkpoint: class ${id} has ${completions[id]} completions, another of its key ${keyValue[k]}`,
          );
        keyValue[k] = completions[id];
      }
      // a key known from the checkpoint gives every class of it
      for (let k = 0; k < K; k++) if (keyValue[k] >= 0) for (const id of members[k]) finish(id, keyValue[k]);
      const housePool = typedTaskPool<typeof HouseCompletionsTask>(
        new URL('./houseCompletionsTask.js', import.meta.url),
        options.workers ?? 1,
      );
      pool = housePool;
      const open: number[] = [];
      for (let k = 0; k < K; k++) if (keyValue[k] < 0) open.push(k);
      for (let i = 0; i < open.length; i += KEYS_PER_TASK) {
        const run = open.slice(i, i + KEYS_PER_TASK);
        tasks.push(async () => {
          const keys = new Int32Array(run.length * 10);
          run.forEach((k, j) => keys.set(house.keys.subarray(k * 10, k * 10 + 10), j * 10));
          const out = await housePool.run('countHouseKeys', { spec: rules.spec, keys });
          if (taskRun.stopping) return;
          run.forEach((k, j) => {
            for (const id of members[k]) finish(id, out[j]);
          });
        });
      }
    } else {
      const classPool = typedTaskPool<typeof VariantCompletionsTask>(
        new URL('./variantCompletionsTask.js', import.meta.url),
        options.workers ?? 1,
      );
      pool = classPool;
      for (let first = 0; first < C; first += CLASSES_PER_TASK) {
        const end = Math.min(C, first + CLASSES_PER_TASK);
        let open = false;
        for (let j = first; j < end; j++) if (completions[j] < 0) open = true;
        if (!open) continue;
        tasks.push(async () => {
          const out = await classPool.run('countBlocks', {
            spec: rules.spec,
            blocks: top.representatives.slice(first * B, end * B),
            blockLength: B,
          });
          if (taskRun.stopping) return;
          for (let id = first; id < end; id++) finish(id, out[id - first]);
        });
      }
    }
    await taskRun.run(tasks, pool.threads, () => options.onProgress?.('completions', done, C));
  } finally {
    taskRun.dispose();
    await pool?.close();
  }
  return assemble(rules, group, top, completions, [t0, t1, performance.now()], options, house, keySeconds);
}

/** A top block as text: rows joined by '/'. */
function blockText(block: Uint8Array, k: number, n: number): string {
  const rows: string[] = [];
  for (let r = 0; r < k; r++) rows.push(Array.from(block.subarray(r * n, r * n + n), digitChar).join(''));
  return rows.join('/');
}

/**
 * The count from the n_C: Σ m_C·n_C, the class rows, and the exhaustive route when asked (also the merge of a
 * sharded variant count, src/classSum/variantClassSum.ts).
 */
export function assemble(
  rules: Rules,
  group: VariantGroup,
  top: TopBlockClasses,
  completionsOf: Float64Array,
  [t0, t1, t2]: readonly [number, number, number],
  options: VariantCountOptions,
  house: HouseKeyClasses | null = null,
  keySeconds = 0,
): VariantCount {
  const { n } = rules;
  const B = top.k * n;
  const C = top.sizes.length;
  const classRows: VariantClassRow[] = [];
  let sum = 0n;
  let sizeSum = 0;
  for (let id = 0; id < C; id++) {
    if (!Number.isSafeInteger(completionsOf[id]) || completionsOf[id] < 0)
      throw new Error(`internal: n_C of class ${id} is not exact`);
    const completions = BigInt(completionsOf[id]);
    const size = top.sizes[id];
    sum += BigInt(size) * completions;
    sizeSum += size;
    classRows.push({
      id,
      block: blockText(top.representatives.subarray(id * B, (id + 1) * B), top.k, n),
      size,
      completions,
    });
  }
  if (sizeSum !== top.blocks) throw new Error(`internal: Σ m_C = ${sizeSum}, ${top.blocks} blocks`);
  let exhaustive: bigint | undefined;
  const route = options.exhaustive ?? (n <= MAX_VARIANT_COUNT_SIDE ? 'row1' : 'none');
  if (route !== 'none') {
    options.onProgress?.('exhaustive', 0, 1);
    const start = new Uint8Array(rules.cells);
    if (route === 'row1') for (let c = 0; c < n; c++) start[c] = c + 1;
    const found = BigInt(
      rulesExactCover(rules, start, Infinity, undefined, (nodes) => options.onProgress?.('exhaustive', nodes, 0)).count,
    );
    exhaustive = route === 'row1' ? found * factorialBig(n) : found;
  }
  const t3 = performance.now();
  return {
    rules: rules.name,
    box: rules.shape.name,
    n,
    variants: rules.variants,
    groupOrder: group.order,
    fullGroupOrder: group.fullOrder,
    topRows: top.k,
    blocks: top.blocks,
    stabilizerOrder: top.stabilizerOrder,
    classes: C,
    classSizeSum: sizeSum,
    totalWithFixedRow: sum,
    total: sum * factorialBig(n),
    classRows,
    route: house ? 'band-pair' : 'solver',
    ...(house ? { keys: house.keys.length / 10, columnMoves: house.columnMoves } : {}),
    ...(exhaustive !== undefined && route !== 'none' ? { exhaustive, exhaustiveRoute: route } : {}),
    seconds: {
      classes: (t1 - t0) / 1000,
      ...(house ? { keys: keySeconds } : {}),
      completions: (t2 - t1) / 1000,
      ...(exhaustive !== undefined ? { exhaustive: (t3 - t2) / 1000 } : {}),
      total: (t3 - t0) / 1000,
    },
  };
}

function digitChar(d: number): string {
  return d.toString(36);
}
